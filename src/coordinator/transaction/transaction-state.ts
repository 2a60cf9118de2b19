// Kafka's TransactionState (transaction-coordinator TransactionState.java, 4.4.0): the states of a
// transactional id, their ids in TransactionLogValue.transactionStatus, the names DescribeTransactions
// and ListTransactions report (the admin client's TransactionState names), and the states each may be
// entered from. PREPARE_ABORT may be entered from EMPTY / COMPLETE_* under Transactions V2 (an abort
// that bumps the epoch with no partition to mark), as in 4.4.0.

export enum TransactionState {
  EMPTY = 0,
  ONGOING = 1,
  PREPARE_COMMIT = 2,
  PREPARE_ABORT = 3,
  COMPLETE_COMMIT = 4,
  COMPLETE_ABORT = 5,
  DEAD = 6,
  PREPARE_EPOCH_FENCE = 7,
}

const NAMES: Record<TransactionState, string> = {
  [TransactionState.EMPTY]: "Empty",
  [TransactionState.ONGOING]: "Ongoing",
  [TransactionState.PREPARE_COMMIT]: "PrepareCommit",
  [TransactionState.PREPARE_ABORT]: "PrepareAbort",
  [TransactionState.COMPLETE_COMMIT]: "CompleteCommit",
  [TransactionState.COMPLETE_ABORT]: "CompleteAbort",
  [TransactionState.DEAD]: "Dead",
  [TransactionState.PREPARE_EPOCH_FENCE]: "PrepareEpochFence",
};

const S = TransactionState;
export const VALID_PREVIOUS_STATES: ReadonlyMap<TransactionState, ReadonlySet<TransactionState>> = new Map<TransactionState, ReadonlySet<TransactionState>>([
  [S.EMPTY, new Set<TransactionState>([S.EMPTY, S.COMPLETE_COMMIT, S.COMPLETE_ABORT])],
  [S.ONGOING, new Set<TransactionState>([S.ONGOING, S.EMPTY, S.COMPLETE_COMMIT, S.COMPLETE_ABORT])],
  [S.PREPARE_COMMIT, new Set<TransactionState>([S.ONGOING])],
  [S.PREPARE_ABORT, new Set<TransactionState>([S.ONGOING, S.PREPARE_EPOCH_FENCE, S.EMPTY, S.COMPLETE_COMMIT, S.COMPLETE_ABORT])],
  [S.COMPLETE_COMMIT, new Set<TransactionState>([S.PREPARE_COMMIT])],
  [S.COMPLETE_ABORT, new Set<TransactionState>([S.PREPARE_ABORT])],
  [S.DEAD, new Set<TransactionState>([S.EMPTY, S.COMPLETE_ABORT, S.COMPLETE_COMMIT])],
  [S.PREPARE_EPOCH_FENCE, new Set<TransactionState>([S.ONGOING])],
]);

export function stateName(s: TransactionState): string {
  return NAMES[s];
}

/** The state of a name as ListTransactions filters give it (case as Kafka: exact). */
export function stateFromName(name: string): TransactionState | undefined {
  for (const [k, v] of Object.entries(NAMES)) if (v === name) return Number(k) as TransactionState;
  return undefined;
}

/** A state id read from TransactionLogValue; throws on an unknown id (the record is skipped). */
export function stateFromId(id: number): TransactionState {
  if (!Number.isInteger(id) || id < 0 || id > 7) throw new RangeError(`unknown transaction state id ${id}`);
  return id as TransactionState;
}

export function isValidTransition(from: TransactionState, to: TransactionState): boolean {
  return VALID_PREVIOUS_STATES.get(to)?.has(from) ?? false;
}

/** Kafka's isExpirationAllowed: a transactional id idle in these states may be removed. */
export function isExpirationAllowed(s: TransactionState): boolean {
  return s === S.EMPTY || s === S.COMPLETE_COMMIT || s === S.COMPLETE_ABORT;
}
