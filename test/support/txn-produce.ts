// Transactions written over the wire with Kafka's transactional protocol (v3 requests, Transactions V1):
// FindCoordinator, InitProducerId, then per transaction AddPartitionsToTxn, one Produce, EndTxn, and a
// wait until DescribeTransactions says it completed (so markers are in the log before the next one).
// Works against Strand and Apache Kafka alike.
import { expect } from "bun:test";
import { buildRecordBatch, type RecordInput } from "../../src/protocol/records/index.ts";
import type { KafkaTestClient } from "./kafka-client.ts";
import { retry } from "./txn-crash-scenario.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ZERO_UUID = "AAAAAAAAAAAAAAAAAAAAAA";

export interface TxnSpec {
  records: RecordInput[];
  commit: boolean;
  /** Kafka compression id of the transaction's batch. */
  compression?: number;
}

/** Run the transactions in order on `topic`-`partition` as transactional id `txnId`. */
export async function produceTransactions(c: KafkaTestClient, txnId: string, topic: string, partition: number, txns: readonly TxnSpec[]): Promise<void> {
  await retry("FindCoordinator", () => c.request<Any>(10, 4, { key: "", keyType: 1, coordinatorKeys: [txnId] }), (r) => r.coordinators[0].errorCode === 0);
  const init = await retry("InitProducerId", () => c.request<Any>(22, 4, { transactionalId: txnId, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 }), (r) => r.errorCode === 0);
  let seq = 0;
  for (const [t, txn] of txns.entries()) {
    await retry("AddPartitionsToTxn", () =>
      c.request<Any>(24, 3, { v3AndBelowTransactionalId: txnId, v3AndBelowProducerId: init.producerId, v3AndBelowProducerEpoch: init.producerEpoch, v3AndBelowTopics: [{ name: topic, partitions: [partition] }], transactions: [] }),
      (r) => r.resultsByTopicV3AndBelow[0].resultsByPartition.every((p: Any) => p.partitionErrorCode === 0),
    );
    const batch = buildRecordBatch({ records: txn.records, producerId: init.producerId, producerEpoch: init.producerEpoch, baseSequence: seq, isTransactional: true, compression: txn.compression ?? 0 });
    seq += txn.records.length;
    const res = await c.request<Any>(0, 9, { transactionalId: txnId, acks: -1, timeoutMs: 10_000, topicData: [{ name: topic, topicId: ZERO_UUID, partitionData: [{ index: partition, records: batch }] }] });
    expect(res.responses[0].partitionResponses[0].errorCode).toBe(0);
    const end = await c.request<Any>(26, 3, { transactionalId: txnId, producerId: init.producerId, producerEpoch: init.producerEpoch, committed: txn.commit });
    expect(end.errorCode).toBe(0);
    const state = txn.commit ? "CompleteCommit" : "CompleteAbort";
    await retry(`transaction ${t}`, () => c.request<Any>(65, 0, { transactionalIds: [txnId] }), (r) => r.transactionStates[0].transactionState === state);
  }
}
