// The transaction coordinator over the wire (a real broker process, raw protocol): FindCoordinator
// TRANSACTION, InitProducerId with a transactional id, AddPartitionsToTxn, a transactional produce
// (verified: a partition not in the transaction is refused), EndTxn commit and abort, the markers in
// the partition, Describe/ListTransactions, fencing by a second InitProducerId, and the state after a
// restart.
import { afterAll, expect, test } from "bun:test";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startStrand, type StrandHandle } from "../support/strand.ts";
import { createTopic, fetchOnce, ZERO_UUID } from "../unit/produce/wire-helpers.ts";

let broker: StrandHandle | null = null;
afterAll(async () => {
  await broker?.stop();
}, 120_000);

const TXN = "it-txn";

function txnBatch(pid: bigint, epoch: number, seq: number, n: number): Uint8Array {
  return buildRecordBatch({ records: Array.from({ length: n }, (_, i) => ({ value: new Uint8Array([seq + i]) })), producerId: pid, producerEpoch: epoch, baseSequence: seq, isTransactional: true });
}

async function txnProduce(c: KafkaTestClient, topic: string, partition: number, records: Uint8Array, version = 9): Promise<number> {
  const res = await c.request<{ responses: Array<{ partitionResponses: Array<{ errorCode: number }> }> }>(0, version, {
    transactionalId: TXN,
    acks: -1,
    timeoutMs: 10_000,
    topicData: [{ name: topic, topicId: ZERO_UUID, partitionData: [{ index: partition, records }] }],
  });
  return res.responses[0]!.partitionResponses[0]!.errorCode;
}

async function describe(c: KafkaTestClient): Promise<{ errorCode: number; transactionState: string; producerEpoch: number; topics: Array<{ topic: string; partitions: number[] }> }> {
  const r = await c.request<{ transactionStates: Array<{ errorCode: number; transactionState: string; producerEpoch: number; topics: Array<{ topic: string; partitions: number[] }> }> }>(65, 0, { transactionalIds: [TXN] });
  return r.transactionStates[0]!;
}

async function waitForState(c: KafkaTestClient, state: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    last = (await describe(c)).transactionState;
    if (last === state) return;
    await Bun.sleep(20);
  }
  throw new Error(`transaction still ${last}, wanted ${state}`);
}

test(
  "a transaction commits and aborts over the wire, markers are written, a second producer fences the first",
  async () => {
    broker = await startStrand({ overrides: { "transaction.state.log.num.partitions": 3 } });
    let c = await KafkaTestClient.connect(broker.port);
    await createTopic(c, "txt", 2);

    const fc = await c.request<{ coordinators: Array<{ key: string; nodeId: number; port: number; errorCode: number }> }>(10, 4, { key: "", keyType: 1, coordinatorKeys: [TXN, ""] });
    expect(fc.coordinators[0]).toMatchObject({ key: TXN, errorCode: 0, port: broker.port });
    expect(fc.coordinators[1]!.errorCode).toBe(42); // INVALID_REQUEST for an empty transactional id

    const badTimeout = await c.request<{ errorCode: number }>(22, 4, { transactionalId: TXN, transactionTimeoutMs: 900_001, producerId: -1n, producerEpoch: -1 });
    expect(badTimeout.errorCode).toBe(50); // INVALID_TRANSACTION_TIMEOUT
    const init = await c.request<{ errorCode: number; producerId: bigint; producerEpoch: number }>(22, 4, { transactionalId: TXN, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 });
    expect(init.errorCode).toBe(0);
    expect(init.producerEpoch).toBe(0);
    const pid = init.producerId;

    const add = await c.request<{ resultsByTopicV3AndBelow: Array<{ name: string; resultsByPartition: Array<{ partitionIndex: number; partitionErrorCode: number }> }> }>(24, 3, {
      v3AndBelowTransactionalId: TXN,
      v3AndBelowProducerId: pid,
      v3AndBelowProducerEpoch: 0,
      v3AndBelowTopics: [{ name: "txt", partitions: [0] }],
      transactions: [],
    });
    expect(add.resultsByTopicV3AndBelow).toEqual([{ name: "txt", resultsByPartition: [{ partitionIndex: 0, partitionErrorCode: 0 }] }]);
    const unknown = await c.request<{ resultsByTopicV3AndBelow: Array<{ name: string; resultsByPartition: Array<{ partitionErrorCode: number }> }> }>(24, 3, {
      v3AndBelowTransactionalId: TXN,
      v3AndBelowProducerId: pid,
      v3AndBelowProducerEpoch: 0,
      v3AndBelowTopics: [{ name: "txt", partitions: [0] }, { name: "nope", partitions: [0] }],
      transactions: [],
    });
    expect(unknown.resultsByTopicV3AndBelow.map((t) => t.resultsByPartition[0]!.partitionErrorCode)).toEqual([55, 3]); // OPERATION_NOT_ATTEMPTED, UNKNOWN_TOPIC_OR_PARTITION

    expect(await txnProduce(c, "txt", 0, txnBatch(pid, 0, 0, 3))).toBe(0);
    // Partition 1 was never added: verification refuses it (Produce v9: INVALID_TXN_STATE).
    expect(await txnProduce(c, "txt", 1, txnBatch(pid, 0, 0, 1))).toBe(48);
    const ongoing = await describe(c);
    expect(ongoing).toMatchObject({ errorCode: 0, transactionState: "Ongoing", producerEpoch: 0, topics: [{ topic: "txt", partitions: [0] }] });
    const listed = await c.request<{ errorCode: number; transactionStates: Array<{ transactionalId: string; transactionState: string }> }>(66, 1, { stateFilters: ["Ongoing"], producerIdFilters: [], durationFilter: -1n });
    expect(listed.transactionStates).toEqual([{ transactionalId: TXN, producerId: pid, transactionState: "Ongoing" } as never]);

    const commit = await c.request<{ errorCode: number }>(26, 3, { transactionalId: TXN, producerId: pid, producerEpoch: 0, committed: true });
    expect(commit.errorCode).toBe(0);
    await waitForState(c, "CompleteCommit");
    // (The marker's bytes in the partition are the log part's: its WriteTxnMarkers tests check them.)
    expect((await fetchOnce(c, "txt", [{ partition: 0, offset: 0n }])).partitions[0]!.errorCode).toBe(0);

    // A second producer with the same id: epoch 1; the first is fenced.
    const init2 = await c.request<{ errorCode: number; producerId: bigint; producerEpoch: number }>(22, 4, { transactionalId: TXN, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 });
    expect(init2).toMatchObject({ errorCode: 0, producerId: pid, producerEpoch: 1 });
    const fenced = await c.request<{ errorCode: number }>(26, 3, { transactionalId: TXN, producerId: pid, producerEpoch: 0, committed: false });
    expect(fenced.errorCode).toBe(90); // PRODUCER_FENCED
    const fencedV1 = await c.request<{ errorCode: number }>(26, 1, { transactionalId: TXN, producerId: pid, producerEpoch: 0, committed: false });
    expect(fencedV1.errorCode).toBe(47); // INVALID_PRODUCER_EPOCH below v2

    // An aborted transaction on partition 1.
    const offsets = await c.request<{ errorCode: number }>(25, 3, { transactionalId: TXN, producerId: pid, producerEpoch: 1, groupId: "g" });
    expect(offsets.errorCode).toBe(0);
    await c.request(24, 3, { v3AndBelowTransactionalId: TXN, v3AndBelowProducerId: pid, v3AndBelowProducerEpoch: 1, v3AndBelowTopics: [{ name: "txt", partitions: [1] }], transactions: [] });
    expect(await txnProduce(c, "txt", 1, txnBatch(pid, 1, 0, 2))).toBe(0);
    expect((await c.request<{ errorCode: number }>(26, 3, { transactionalId: TXN, producerId: pid, producerEpoch: 1, committed: false })).errorCode).toBe(0);
    await waitForState(c, "CompleteAbort");
    c.close();

    // After a restart the coordinator reloads the id: the next InitProducerId bumps to epoch 2.
    const dataDir = broker.dataDir;
    expect(await broker.stop()).toBe(0);
    broker = await startStrand({ dataDir, overrides: { "transaction.state.log.num.partitions": 3 } });
    c = await KafkaTestClient.connect(broker.port);
    expect((await describe(c)).transactionState).toBe("CompleteAbort");
    const init3 = await c.request<{ errorCode: number; producerId: bigint; producerEpoch: number }>(22, 4, { transactionalId: TXN, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 });
    expect(init3).toMatchObject({ errorCode: 0, producerId: pid, producerEpoch: 2 });
    c.close();
  },
  { timeout: 60_000 },
);
