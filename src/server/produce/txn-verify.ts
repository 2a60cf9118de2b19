// Transaction verification of a produce request (Kafka 4.4.0 ReplicaManager.appendRecords with
// AddPartitionsToTxnManager): before transactional batches are appended, the transaction coordinator
// confirms each partition is in the producer's ongoing transaction (Transactions V1, when
// transaction.partition.verification.enable) or adds it (Transactions V2: Produce v12+ with
// transaction.version >= 2 finalized). Partitions it refuses are answered without an append:
// PRODUCER_FENCED as INVALID_PRODUCER_EPOCH; TRANSACTION_ABORTABLE as INVALID_TXN_STATE below Produce
// v11 (older clients do not know it); CONCURRENT_TRANSACTIONS and coordinator errors as
// NOT_ENOUGH_REPLICAS (retriable for every client version), as Kafka maps them.
//
// As Kafka (UnifiedLog.maybeStartTransactionVerification), a batch whose producer already has a
// transaction open in the partition's log at the batch's epoch (hasOngoingTransaction) is not sent to
// the coordinator: the partition is in the transaction, so only the first batch of a transaction per
// partition costs a coordinator call. Kafka's verification guard then refuses, at append, a batch
// that skipped the call but whose transaction a marker ended meanwhile (INVALID_TXN_STATE); Strand
// does the same by checking again when the append waited (a skipped batch appended in the same tick
// as its check needs no second look). Kafka mutes a connection while its request is handled, so a
// producer's requests never overtake each other; Strand handles pipelined requests at once, so a
// request that needs no call still waits for the appends of the same producer's requests that are
// being verified (TxnProduceOrder) instead of overtaking them.

import { ErrorCode } from "../../protocol/errors.ts";
import type { TxnPartitionVerifier } from "../txn-verification.ts";
import type { ProducerState } from "../../storage/producer-state.ts";

export interface TxnVerifyEntry {
  topic: string;
  partition: number;
  transactional: boolean;
  batch: { producerId: bigint; producerEpoch: number };
}

export type TxnVerifyMode = "none" | "verify" | "add";

export function txnVerifyMode(apiVersion: number, transactionVersionLevel: number, verificationEnabled: boolean): TxnVerifyMode {
  if (apiVersion >= 12 && transactionVersionLevel >= 2) return "add";
  return verificationEnabled ? "verify" : "none";
}

export function produceErrorOfVerification(code: number, apiVersion: number): number {
  switch (code) {
    case ErrorCode.PRODUCER_FENCED:
      return ErrorCode.INVALID_PRODUCER_EPOCH;
    case ErrorCode.TRANSACTION_ABORTABLE:
      return apiVersion >= 11 ? code : ErrorCode.INVALID_TXN_STATE;
    case ErrorCode.CONCURRENT_TRANSACTIONS:
    case ErrorCode.COORDINATOR_LOAD_IN_PROGRESS:
    case ErrorCode.COORDINATOR_NOT_AVAILABLE:
    case ErrorCode.NOT_COORDINATOR:
      return ErrorCode.NOT_ENOUGH_REPLICAS;
    default:
      return code;
  }
}

/** The producer's state in a partition's log, when this broker has the partition (ReplicaManager.partition). */
export type ProducerStateLookup = (topic: string, partition: number, producerId: bigint) => ProducerState | undefined;

/** Kafka's ProducerStateManager / UnifiedLog.hasOngoingTransaction: a transaction of this producer is open here at this epoch. */
export function hasOngoingTransaction(lookup: ProducerStateLookup, topic: string, partition: number, producerId: bigint, producerEpoch: number): boolean {
  const s = lookup(topic, partition, producerId);
  return s !== undefined && s.currentTxnFirstOffset >= 0 && s.epoch === producerEpoch;
}

/** The transactional entries that need the coordinator: no transaction of their producer open in the partition at their epoch. */
export function entriesNeedingVerification(lookup: ProducerStateLookup, entries: readonly TxnVerifyEntry[]): Set<number> {
  const need = new Set<number>();
  entries.forEach((e, i) => {
    if (e.transactional && !hasOngoingTransaction(lookup, e.topic, e.partition, e.batch.producerId, e.batch.producerEpoch)) need.add(i);
  });
  return need;
}

/**
 * Per producer id, the promise of the latest request of it still being verified and appended, so a
 * later request of the same producer is appended after it. Entries live while a request is in flight
 * (bounded by the requests in flight); the promises never reject.
 */
export class TxnProduceOrder {
  private readonly tails = new Map<bigint, Promise<unknown>>();

  get size(): number {
    return this.tails.size;
  }

  /** What a request of these producers must wait for, or null: nothing of theirs is in flight. */
  pending(producerIds: Iterable<bigint>): Promise<unknown> | null {
    const waits: Array<Promise<unknown>> = [];
    for (const id of producerIds) {
      const t = this.tails.get(id);
      if (t) waits.push(t);
    }
    return waits.length === 0 ? null : waits.length === 1 ? waits[0]! : Promise.all(waits);
  }

  /** The request's verification and append, now the latest of these producers. */
  push(producerIds: Iterable<bigint>, done: Promise<unknown>): void {
    const ids = [...producerIds];
    const settled = done.then(
      () => undefined,
      () => undefined,
    );
    for (const id of ids) this.tails.set(id, settled);
    void settled.then(() => {
      for (const id of ids) if (this.tails.get(id) === settled) this.tails.delete(id);
    });
  }
}

/**
 * One error code per entry (NONE: append it). Entries that are not transactional, or not in `need`
 * (their transaction is open in the partition: entriesNeedingVerification), are NONE at once.
 * Batches of one request normally share one producer; each distinct producer is asked on its own.
 */
export async function verifyTransactionalEntries(
  verifier: TxnPartitionVerifier,
  transactionalId: string,
  entries: readonly TxnVerifyEntry[],
  mode: Exclude<TxnVerifyMode, "none">,
  apiVersion: number,
  need?: ReadonlySet<number>,
): Promise<number[]> {
  const codes = entries.map(() => ErrorCode.NONE as number);
  const byProducer = new Map<string, number[]>();
  entries.forEach((e, i) => {
    if (!e.transactional || (need !== undefined && !need.has(i))) return;
    const k = `${e.batch.producerId}:${e.batch.producerEpoch}`;
    let list = byProducer.get(k);
    if (!list) byProducer.set(k, (list = []));
    list.push(i);
  });
  await Promise.all(
    [...byProducer.values()].map(async (idx) => {
      const first = entries[idx[0]!]!;
      let answer: Map<string, number>;
      try {
        answer = await verifier.verifyOrAdd({
          transactionalId,
          producerId: first.batch.producerId,
          producerEpoch: first.batch.producerEpoch,
          partitions: idx.map((i) => ({ topic: entries[i]!.topic, partition: entries[i]!.partition })),
          add: mode === "add",
        });
      } catch {
        answer = new Map();
      }
      for (const i of idx) {
        const e = entries[i]!;
        codes[i] = produceErrorOfVerification(answer.get(`${e.topic}-${e.partition}`) ?? ErrorCode.UNKNOWN_SERVER_ERROR, apiVersion);
      }
    }),
  );
  return codes;
}
