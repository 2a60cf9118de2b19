// Kafka's TransactionMetadata and TxnTransitMetadata (transaction-coordinator, 4.4.0): the state of
// one transactional id and the checked transitions between its states. A transition is prepared
// (prepare* returns the TxnTransitMetadata to write to __transaction_state and sets pendingState, so
// concurrent requests answer CONCURRENT_TRANSACTIONS), then completed once its record is committed
// (completeTransitionTo) or dropped when the write failed (abortPendingTransition). Nothing changes
// the visible state before the record is committed, as in Kafka.
//
// Producer ids are bigint (int64); epochs are int16 numbers. Partitions are kept as "topic-partition"
// keys (the partition is the text after the last '-', topic names may contain '-').

import { InvariantError } from "../../util/assert.ts";
import { TransactionState, isValidTransition, stateName } from "./transaction-state.ts";

export const NO_PRODUCER_ID = -1n;
export const NO_PRODUCER_EPOCH = -1;
export const SHORT_MAX = 32767;

/** Kafka's TransactionVersion levels: 0/1 Transactions V1, 2 Transactions V2 (epoch bump per transaction). */
export type TransactionVersion = 0 | 1 | 2;
export function supportsEpochBump(tv: number): boolean {
  return tv >= 2;
}

export interface TopicPartition {
  topic: string;
  partition: number;
}

export function tpKey(topic: string, partition: number): string {
  return `${topic}-${partition}`;
}

export function parseTpKey(key: string): TopicPartition {
  const i = key.lastIndexOf("-");
  return { topic: key.slice(0, i), partition: Number(key.slice(i + 1)) };
}

export function isEpochExhausted(epoch: number): boolean {
  return epoch >= SHORT_MAX - 1;
}

export interface TxnTransitMetadata {
  producerId: bigint;
  prevProducerId: bigint;
  nextProducerId: bigint;
  producerEpoch: number;
  lastProducerEpoch: number;
  txnTimeoutMs: number;
  txnState: TransactionState;
  topicPartitions: ReadonlySet<string>;
  txnStartTimestamp: number;
  txnLastUpdateTimestamp: number;
  clientTransactionVersion: TransactionVersion;
}

export class TransactionStateError extends InvariantError {}

export interface TransactionMetadataInit {
  transactionalId: string;
  producerId: bigint;
  previousProducerId?: bigint;
  nextProducerId?: bigint;
  producerEpoch: number;
  lastProducerEpoch?: number;
  txnTimeoutMs: number;
  state: TransactionState;
  topicPartitions?: Iterable<string>;
  txnStartTimestamp?: number;
  txnLastUpdateTimestamp: number;
  clientTransactionVersion?: TransactionVersion;
}

export class TransactionMetadata {
  readonly transactionalId: string;
  producerId: bigint;
  previousProducerId: bigint;
  nextProducerId: bigint;
  producerEpoch: number;
  lastProducerEpoch: number;
  txnTimeoutMs: number;
  state: TransactionState;
  readonly topicPartitions: Set<string>;
  txnStartTimestamp: number;
  txnLastUpdateTimestamp: number;
  clientTransactionVersion: TransactionVersion;
  pendingState: TransactionState | null = null;
  /** An epoch fence whose write failed: the next fence does not bump again (Kafka's hasFailedEpochFence). */
  hasFailedEpochFence = false;

  constructor(i: TransactionMetadataInit) {
    this.transactionalId = i.transactionalId;
    this.producerId = i.producerId;
    this.previousProducerId = i.previousProducerId ?? NO_PRODUCER_ID;
    this.nextProducerId = i.nextProducerId ?? NO_PRODUCER_ID;
    this.producerEpoch = i.producerEpoch;
    this.lastProducerEpoch = i.lastProducerEpoch ?? NO_PRODUCER_EPOCH;
    this.txnTimeoutMs = i.txnTimeoutMs;
    this.state = i.state;
    this.topicPartitions = new Set(i.topicPartitions ?? []);
    this.txnStartTimestamp = i.txnStartTimestamp ?? -1;
    this.txnLastUpdateTimestamp = i.txnLastUpdateTimestamp;
    this.clientTransactionVersion = i.clientTransactionVersion ?? 0;
  }

  get pendingTransitionInProgress(): boolean {
    return this.pendingState !== null;
  }

  get isProducerEpochExhausted(): boolean {
    return isEpochExhausted(this.producerEpoch);
  }

  /** Ongoing or being completed: the producer id may not be rotated. */
  get hasPendingTransaction(): boolean {
    return this.state === TransactionState.ONGOING || this.state === TransactionState.PREPARE_ABORT || this.state === TransactionState.PREPARE_COMMIT;
  }

  partitions(): TopicPartition[] {
    return [...this.topicPartitions].map(parseTpKey);
  }

  /** The current state as a transit (Kafka's prepareNoTransit). */
  prepareNoTransit(): TxnTransitMetadata {
    return {
      producerId: this.producerId,
      prevProducerId: this.previousProducerId,
      nextProducerId: this.nextProducerId,
      producerEpoch: this.producerEpoch,
      lastProducerEpoch: this.lastProducerEpoch,
      txnTimeoutMs: this.txnTimeoutMs,
      txnState: this.state,
      topicPartitions: new Set(this.topicPartitions),
      txnStartTimestamp: this.txnStartTimestamp,
      txnLastUpdateTimestamp: this.txnLastUpdateTimestamp,
      clientTransactionVersion: this.clientTransactionVersion,
    };
  }

  prepareFenceProducerEpoch(): TxnTransitMetadata {
    if (this.producerEpoch === SHORT_MAX) throw new TransactionStateError(`cannot fence producer ${this.producerId} of ${this.transactionalId}: its epoch is already ${SHORT_MAX}`);
    const bumped = this.hasFailedEpochFence ? this.producerEpoch : this.producerEpoch + 1;
    return this.prepareTransitionTo(TransactionState.PREPARE_EPOCH_FENCE, this.producerId, NO_PRODUCER_ID, bumped, NO_PRODUCER_EPOCH, this.txnTimeoutMs, this.topicPartitions, this.txnStartTimestamp, this.txnLastUpdateTimestamp, this.clientTransactionVersion);
  }

  /** InitProducerId on an existing id: bump the epoch (or keep it on a KIP-360 retry). Error code or transit. */
  prepareIncrementProducerEpoch(newTxnTimeoutMs: number, expectedProducerEpoch: number | null, nowMs: number): { error: number } | { transit: TxnTransitMetadata } {
    if (this.isProducerEpochExhausted) throw new TransactionStateError(`cannot allocate more epochs for producer ${this.producerId}`);
    const bumped = this.producerEpoch + 1;
    let next: number;
    let last: number;
    if (expectedProducerEpoch === null) {
      next = bumped;
      last = NO_PRODUCER_EPOCH;
    } else if (this.producerEpoch === NO_PRODUCER_EPOCH || expectedProducerEpoch === this.producerEpoch) {
      next = bumped;
      last = this.producerEpoch;
    } else if (expectedProducerEpoch === this.lastProducerEpoch) {
      // A retry of an InitProducerId whose answer was lost: the epoch it already bumped to.
      next = this.producerEpoch;
      last = this.lastProducerEpoch;
    } else {
      return { error: 90 /* PRODUCER_FENCED */ };
    }
    return { transit: this.prepareTransitionTo(TransactionState.EMPTY, this.producerId, NO_PRODUCER_ID, next, last, newTxnTimeoutMs, new Set(), -1, nowMs, this.clientTransactionVersion) };
  }

  prepareProducerIdRotation(newProducerId: bigint, newTxnTimeoutMs: number, nowMs: number, recordLastEpoch: boolean): TxnTransitMetadata {
    if (this.hasPendingTransaction) throw new TransactionStateError(`cannot rotate the producer id of ${this.transactionalId} while a transaction is pending`);
    return this.prepareTransitionTo(TransactionState.EMPTY, newProducerId, NO_PRODUCER_ID, 0, recordLastEpoch ? this.producerEpoch : NO_PRODUCER_EPOCH, newTxnTimeoutMs, new Set(), -1, nowMs, this.clientTransactionVersion);
  }

  prepareAddPartitions(added: Iterable<string>, nowMs: number, clientTransactionVersion: TransactionVersion): TxnTransitMetadata {
    const start = this.state === TransactionState.EMPTY || this.state === TransactionState.COMPLETE_ABORT || this.state === TransactionState.COMPLETE_COMMIT ? nowMs : this.txnStartTimestamp;
    const parts = new Set(this.topicPartitions);
    for (const p of added) parts.add(p);
    return this.prepareTransitionTo(TransactionState.ONGOING, this.producerId, NO_PRODUCER_ID, this.producerEpoch, this.lastProducerEpoch, this.txnTimeoutMs, parts, start, nowMs, clientTransactionVersion);
  }

  /** EndTxn: PREPARE_COMMIT / PREPARE_ABORT; under TV2 the epoch goes up now (the producer gets it back). */
  prepareAbortOrCommit(newState: TransactionState, clientTransactionVersion: TransactionVersion, nextProducerId: bigint, nowMs: number, noPartitionAdded: boolean): TxnTransitMetadata {
    const bump = supportsEpochBump(clientTransactionVersion);
    const epoch = bump ? this.producerEpoch + 1 : this.producerEpoch;
    const last = bump ? this.producerEpoch : this.lastProducerEpoch;
    // An abort with no partition (TV2 from EMPTY / COMPLETE_*) starts its "transaction" now.
    const start = noPartitionAdded ? nowMs : this.txnStartTimestamp;
    return this.prepareTransitionTo(newState, this.producerId, nextProducerId, epoch, last, this.txnTimeoutMs, this.topicPartitions, start, nowMs, clientTransactionVersion);
  }

  prepareComplete(nowMs: number): TxnTransitMetadata {
    const newState = this.state === TransactionState.PREPARE_COMMIT ? TransactionState.COMPLETE_COMMIT : TransactionState.COMPLETE_ABORT;
    this.hasFailedEpochFence = false;
    const rotate = supportsEpochBump(this.clientTransactionVersion) && this.nextProducerId !== NO_PRODUCER_ID;
    const pid = rotate ? this.nextProducerId : this.producerId;
    const epoch = rotate ? 0 : this.producerEpoch;
    return this.prepareTransitionTo(newState, pid, NO_PRODUCER_ID, epoch, this.producerEpoch, this.txnTimeoutMs, new Set(), this.txnStartTimestamp, nowMs, this.clientTransactionVersion);
  }

  prepareDead(): TxnTransitMetadata {
    return this.prepareTransitionTo(TransactionState.DEAD, this.producerId, NO_PRODUCER_ID, this.producerEpoch, this.lastProducerEpoch, this.txnTimeoutMs, new Set(), this.txnStartTimestamp, this.txnLastUpdateTimestamp, this.clientTransactionVersion);
  }

  private prepareTransitionTo(
    state: TransactionState,
    producerId: bigint,
    nextProducerId: bigint,
    epoch: number,
    lastEpoch: number,
    txnTimeoutMs: number,
    partitions: ReadonlySet<string>,
    txnStartTimestamp: number,
    nowMs: number,
    clientTransactionVersion: TransactionVersion,
  ): TxnTransitMetadata {
    if (this.pendingState !== null) throw new TransactionStateError(`${this.transactionalId}: transition to ${stateName(state)} while ${stateName(this.pendingState)} is pending`);
    if (producerId < 0n) throw new TransactionStateError(`${this.transactionalId}: illegal new producer id ${producerId}`);
    if (state !== TransactionState.DEAD && epoch < 0) throw new TransactionStateError(`${this.transactionalId}: illegal new producer epoch ${epoch}`);
    if (!isValidTransition(this.state, state)) throw new TransactionStateError(`${this.transactionalId}: ${stateName(state)} cannot follow ${stateName(this.state)}`);
    this.pendingState = state;
    return {
      producerId,
      prevProducerId: this.producerId,
      nextProducerId,
      producerEpoch: epoch,
      lastProducerEpoch: lastEpoch,
      txnTimeoutMs,
      txnState: state,
      topicPartitions: new Set(partitions),
      txnStartTimestamp,
      txnLastUpdateTimestamp: nowMs,
      clientTransactionVersion,
    };
  }

  /** The write of a prepared transition failed: forget it (Kafka clears pendingState). */
  abortPendingTransition(): void {
    this.pendingState = null;
  }

  /** The prepared transition's record is committed: apply it (checked as Kafka's completeTransitionTo). */
  completeTransitionTo(t: TxnTransitMetadata): void {
    const to = this.pendingState;
    const fail = (why: string): never => {
      throw new TransactionStateError(`${this.transactionalId}: transition from ${stateName(this.state)} to ${stateName(t.txnState)} failed: ${why}`);
    };
    if (to === null) fail("no transition is pending");
    if (to !== t.txnState) fail(`the pending state is ${stateName(to!)}`);
    switch (t.txnState) {
      case TransactionState.EMPTY:
        if ((this.producerEpoch !== t.producerEpoch && !this.validProducerEpochBump(t)) || t.topicPartitions.size > 0 || t.txnStartTimestamp !== -1) fail("unexpected epoch, partitions or start time");
        this.txnTimeoutMs = t.txnTimeoutMs;
        this.producerEpoch = t.producerEpoch;
        this.lastProducerEpoch = t.lastProducerEpoch;
        this.producerId = t.producerId;
        this.previousProducerId = t.prevProducerId;
        break;
      case TransactionState.ONGOING:
        if (!this.validProducerEpoch(t) || this.txnTimeoutMs !== t.txnTimeoutMs) fail("unexpected epoch or timeout");
        for (const p of this.topicPartitions) if (!t.topicPartitions.has(p)) fail(`partition ${p} would be dropped`);
        this.txnStartTimestamp = t.txnStartTimestamp;
        for (const p of t.topicPartitions) this.topicPartitions.add(p);
        break;
      case TransactionState.PREPARE_ABORT:
      case TransactionState.PREPARE_COMMIT:
        if (!this.validProducerEpoch(t) || this.txnTimeoutMs !== t.txnTimeoutMs) fail("unexpected epoch or timeout");
        if (t.topicPartitions.size !== this.topicPartitions.size || [...t.topicPartitions].some((p) => !this.topicPartitions.has(p))) fail("partitions changed");
        this.txnStartTimestamp = t.txnStartTimestamp;
        if (supportsEpochBump(t.clientTransactionVersion)) {
          this.producerEpoch = t.producerEpoch;
          this.lastProducerEpoch = t.lastProducerEpoch;
          this.nextProducerId = t.nextProducerId;
        }
        break;
      case TransactionState.COMPLETE_ABORT:
      case TransactionState.COMPLETE_COMMIT:
        if (!this.validProducerEpoch(t) || this.txnTimeoutMs !== t.txnTimeoutMs || t.txnStartTimestamp === -1) fail("unexpected epoch, timeout or start time");
        this.txnStartTimestamp = t.txnStartTimestamp;
        this.topicPartitions.clear();
        if (supportsEpochBump(t.clientTransactionVersion)) {
          this.producerEpoch = t.producerEpoch;
          this.lastProducerEpoch = t.lastProducerEpoch;
          this.previousProducerId = t.prevProducerId;
          this.producerId = t.producerId;
          this.nextProducerId = t.nextProducerId;
        }
        break;
      case TransactionState.PREPARE_EPOCH_FENCE:
        fail("an epoch fence is never written");
        break;
      case TransactionState.DEAD:
        fail("a dead transactional id is removed, not written");
        break;
    }
    this.clientTransactionVersion = t.clientTransactionVersion;
    this.txnLastUpdateTimestamp = t.txnLastUpdateTimestamp;
    this.pendingState = null;
    this.state = t.txnState;
  }

  private validProducerEpoch(t: TxnTransitMetadata): boolean {
    const v2 = supportsEpochBump(t.clientTransactionVersion);
    const overflowComplete = v2 && (t.txnState === TransactionState.COMPLETE_COMMIT || t.txnState === TransactionState.COMPLETE_ABORT) && t.producerEpoch === 0;
    const epoch = overflowComplete || (v2 && (t.txnState === TransactionState.PREPARE_COMMIT || t.txnState === TransactionState.PREPARE_ABORT)) ? t.lastProducerEpoch : t.producerEpoch;
    const pid = overflowComplete ? t.prevProducerId : t.producerId;
    return epoch === this.producerEpoch && pid === this.producerId;
  }

  private validProducerEpochBump(t: TxnTransitMetadata): boolean {
    return t.producerEpoch === this.producerEpoch + 1 || (t.producerEpoch === 0 && t.producerId !== this.producerId);
  }

  /** Replace this id's state with what a replayed record says (loading). */
  static fromTransit(transactionalId: string, t: TxnTransitMetadata): TransactionMetadata {
    return new TransactionMetadata({
      transactionalId,
      producerId: t.producerId,
      previousProducerId: t.prevProducerId,
      nextProducerId: t.nextProducerId,
      producerEpoch: t.producerEpoch,
      lastProducerEpoch: t.lastProducerEpoch,
      txnTimeoutMs: t.txnTimeoutMs,
      state: t.txnState,
      topicPartitions: t.topicPartitions,
      txnStartTimestamp: t.txnStartTimestamp,
      txnLastUpdateTimestamp: t.txnLastUpdateTimestamp,
      clientTransactionVersion: t.clientTransactionVersion,
    });
  }
}
