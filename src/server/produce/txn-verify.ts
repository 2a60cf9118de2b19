// Transaction verification of a produce request (Kafka 4.4.0 ReplicaManager.appendRecords with
// AddPartitionsToTxnManager): before transactional batches are appended, the transaction coordinator
// confirms each partition is in the producer's ongoing transaction (Transactions V1, when
// transaction.partition.verification.enable) or adds it (Transactions V2: Produce v12+ with
// transaction.version >= 2 finalized). Partitions it refuses are answered without an append:
// PRODUCER_FENCED as INVALID_PRODUCER_EPOCH; TRANSACTION_ABORTABLE as INVALID_TXN_STATE below Produce
// v11 (older clients do not know it); CONCURRENT_TRANSACTIONS and coordinator errors as
// NOT_ENOUGH_REPLICAS (retriable for every client version), as Kafka maps them.
//
// Every transactional batch is checked (Kafka skips those whose producer already has the transaction
// open in the partition's log); on one node the check is an in-process lookup.

import { ErrorCode } from "../../protocol/errors.ts";
import type { TxnPartitionVerifier } from "../txn-verification.ts";

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

/**
 * One error code per entry (NONE: append it). Entries that are not transactional are NONE at once.
 * Batches of one request normally share one producer; each distinct producer is asked on its own.
 */
export async function verifyTransactionalEntries(verifier: TxnPartitionVerifier, transactionalId: string, entries: readonly TxnVerifyEntry[], mode: Exclude<TxnVerifyMode, "none">, apiVersion: number): Promise<number[]> {
  const codes = entries.map(() => ErrorCode.NONE as number);
  const byProducer = new Map<string, number[]>();
  entries.forEach((e, i) => {
    if (!e.transactional) return;
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
