// The read side of transactions over the raw protocol, against the broker under test (run it against
// Apache Kafka 4.4.0 with STRAND_INTEROP_TARGET=kafka): a transactional producer (Transactions V1
// requests: AddPartitionsToTxn v3, EndTxn v3) commits, aborts, commits, then leaves a transaction
// open. Checked on the wire, as Kafka answers:
//   - Fetch read_committed (v4 and v12): records up to the last stable offset, the aborted transaction
//     listed (producer id, first offset) while the fetch overlaps it, [] once past it; read_uncommitted:
//     everything up to the high watermark and a null aborted list; the LSO in every answer;
//   - ListOffsets latest: the LSO for read_committed, the high watermark for read_uncommitted;
//   - DescribeProducers: the producer's epoch, last sequence and open transaction's first offset;
//   - a read_committed long poll waiting at the LSO is answered when the commit marker moves it.
// Against Strand it needs the transaction coordinator and the log's transaction state (targets.ts).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { batchViews, createTopic, ZERO_UUID } from "../unit/produce/wire-helpers.ts";
import { startTarget, type InteropTarget } from "./target.ts";
import { interopTarget, suiteEnabled } from "./targets.ts";

const ENABLED = suiteEnabled("txn-read");
const TOPIC = "txn-read";
const TXN_ID = "txn-read-producer";

// Retriable answers while the coordinator loads or the previous transaction's markers are written.
const COORDINATOR_LOAD_IN_PROGRESS = 14;
const COORDINATOR_NOT_AVAILABLE = 15;
const NOT_COORDINATOR = 16;
const CONCURRENT_TRANSACTIONS = 51;
const RETRIABLE = new Set([COORDINATOR_LOAD_IN_PROGRESS, COORDINATOR_NOT_AVAILABLE, NOT_COORDINATOR, CONCURRENT_TRANSACTIONS]);

/** Repeats `call` while it answers a retriable code: at most 150 tries, 100 ms apart. */
async function retrying<T>(what: string, call: () => Promise<T>, code: (t: T) => number): Promise<T> {
  let last = -1;
  for (let i = 0; i < 150; i++) {
    const r = await call();
    last = code(r);
    if (!RETRIABLE.has(last)) return r;
    await Bun.sleep(100);
  }
  throw new Error(`${what}: still retriable error ${last} after 150 tries`);
}

interface FetchedPartition {
  errorCode: number;
  highWatermark: bigint;
  lastStableOffset: bigint;
  abortedTransactions: Array<{ producerId: bigint; firstOffset: bigint }> | null;
  records: Uint8Array | null;
}

describe.skipIf(!ENABLED)(`transactions read side vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let c: KafkaTestClient;
  let producerId = -1n;
  let producerEpoch = -1;
  let sequence = 0;

  beforeAll(async () => {
    target = await startTarget();
    c = await KafkaTestClient.connect(target.port);
    await createTopic(c, TOPIC, 1);
  }, 120_000);

  afterAll(async () => {
    c?.close();
    await target?.remove();
  }, 120_000);

  async function addPartition(): Promise<void> {
    const res = await retrying(
      "AddPartitionsToTxn",
      () => c.request<{ resultsByTopicV3AndBelow: Array<{ resultsByPartition: Array<{ partitionErrorCode: number }> }> }>(24, 3, { v3AndBelowTransactionalId: TXN_ID, v3AndBelowProducerId: producerId, v3AndBelowProducerEpoch: producerEpoch, v3AndBelowTopics: [{ name: TOPIC, partitions: [0] }] }),
      (r) => r.resultsByTopicV3AndBelow[0]!.resultsByPartition[0]!.partitionErrorCode,
    );
    expect(res.resultsByTopicV3AndBelow[0]!.resultsByPartition[0]!.partitionErrorCode).toBe(0);
  }

  async function produceTxn(count: number, timestamp = Date.now()): Promise<bigint> {
    const records = buildRecordBatch({ producerId, producerEpoch, baseSequence: sequence, isTransactional: true, records: Array.from({ length: count }, (_, i) => ({ value: new TextEncoder().encode(`v${sequence + i}`), timestamp })) });
    sequence += count;
    const res = await c.request<{ responses: Array<{ partitionResponses: Array<{ errorCode: number; baseOffset: bigint }> }> }>(0, 9, { transactionalId: TXN_ID, acks: -1, timeoutMs: 10_000, topicData: [{ name: TOPIC, topicId: ZERO_UUID, partitionData: [{ index: 0, records }] }] });
    const p = res.responses[0]!.partitionResponses[0]!;
    expect(p.errorCode).toBe(0);
    return p.baseOffset;
  }

  async function endTxn(committed: boolean): Promise<void> {
    const res = await retrying("EndTxn", () => c.request<{ errorCode: number }>(26, 3, { transactionalId: TXN_ID, producerId, producerEpoch, committed }), (r) => r.errorCode);
    expect(res.errorCode).toBe(0);
  }

  async function fetch(offset: bigint, isolationLevel: number, version = 12, o: { maxWaitMs?: number; timeoutMs?: number; via?: KafkaTestClient } = {}): Promise<FetchedPartition> {
    const res = await (o.via ?? c).request<{ responses: Array<{ partitions: FetchedPartition[] }> }>(
      1,
      version,
      {
        replicaId: -1,
        maxWaitMs: o.maxWaitMs ?? 0,
        minBytes: 1,
        maxBytes: 1 << 20,
        isolationLevel,
        sessionId: 0,
        sessionEpoch: -1,
        topics: [{ topic: TOPIC, topicId: ZERO_UUID, partitions: [{ partition: 0, currentLeaderEpoch: -1, fetchOffset: offset, lastFetchedEpoch: -1, logStartOffset: -1n, partitionMaxBytes: 1 << 20 }] }],
        forgottenTopicsData: [],
        rackId: "",
      },
      o.timeoutMs ?? 10_000,
    );
    return res.responses[0]!.partitions[0]!;
  }

  async function listOffset(isolationLevel: number, timestamp: bigint): Promise<bigint> {
    const res = await c.request<{ topics: Array<{ partitions: Array<{ errorCode: number; offset: bigint }> }> }>(2, 9, { replicaId: -1, isolationLevel, topics: [{ name: TOPIC, partitions: [{ partitionIndex: 0, currentLeaderEpoch: -1, timestamp }] }] });
    const p = res.topics[0]!.partitions[0]!;
    expect(p.errorCode).toBe(0);
    return p.offset;
  }
  const latest = (isolationLevel: number) => listOffset(isolationLevel, -1n);

  /** Markers are written after EndTxn answers: waits (bounded) until the LSO reaches `offset`. */
  async function waitForLso(offset: bigint): Promise<void> {
    for (let i = 0; i < 150 && (await latest(1)) < offset; i++) await Bun.sleep(100);
    expect(await latest(1)).toBe(offset);
  }

  const bases = (p: FetchedPartition) => batchViews(p.records).map((b) => [Number(b.baseOffset), b.isControl] as const);

  test("commit, abort, commit: read_committed lists the aborted transaction; the LSO and offsets as Kafka", async () => {
    const coord = await retrying(
      "FindCoordinator",
      () => c.request<{ coordinators: Array<{ errorCode: number; nodeId: number }> }>(10, 4, { keyType: 1, coordinatorKeys: [TXN_ID] }),
      (r) => r.coordinators[0]!.errorCode,
    );
    expect(coord.coordinators[0]!.errorCode).toBe(0);
    const init = await retrying("InitProducerId", () => c.request<{ errorCode: number; producerId: bigint; producerEpoch: number }>(22, 4, { transactionalId: TXN_ID, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 }), (r) => r.errorCode);
    expect(init.errorCode).toBe(0);
    producerId = init.producerId;
    producerEpoch = init.producerEpoch;

    // Offsets: 0-2 committed, 3 COMMIT; 4-5 aborted, 6 ABORT; 7 committed, 8 COMMIT.
    await addPartition();
    expect(await produceTxn(3)).toBe(0n);
    await endTxn(true);
    await waitForLso(4n);
    await addPartition();
    expect(await produceTxn(2)).toBe(4n);
    await endTxn(false);
    await waitForLso(7n);
    await addPartition();
    expect(await produceTxn(1)).toBe(7n);
    await endTxn(true);
    await waitForLso(9n);
    expect(await latest(0)).toBe(9n);

    for (const version of [4, 12]) {
      const rc = await fetch(0n, 1, version);
      expect(rc.errorCode).toBe(0);
      expect([rc.highWatermark, rc.lastStableOffset]).toEqual([9n, 9n]);
      expect(bases(rc)).toEqual([[0, false], [3, true], [4, false], [6, true], [7, false], [8, true]]);
      expect(rc.abortedTransactions!.map((a) => ({ producerId: a.producerId, firstOffset: a.firstOffset }))).toEqual([{ producerId, firstOffset: 4n }]);
      const ru = await fetch(0n, 0, version);
      expect(ru.lastStableOffset).toBe(9n);
      expect(ru.abortedTransactions).toBeNull();
      expect(bases(ru)).toEqual(bases(rc));
    }
    // From inside the aborted transaction it is listed; past its marker it is not.
    expect((await fetch(5n, 1)).abortedTransactions!.map((a) => a.firstOffset)).toEqual([4n]);
    expect((await fetch(7n, 1)).abortedTransactions).toEqual([]);
    // An isolation level Kafka does not know: UNKNOWN_SERVER_ERROR, at the top and on the partition (v12).
    const bad = await c.request<{ errorCode: number; responses: Array<{ partitions: FetchedPartition[] }> }>(1, 12, {
      replicaId: -1, maxWaitMs: 0, minBytes: 1, maxBytes: 1 << 20, isolationLevel: 2, sessionId: 0, sessionEpoch: -1,
      topics: [{ topic: TOPIC, topicId: ZERO_UUID, partitions: [{ partition: 0, currentLeaderEpoch: -1, fetchOffset: 0n, lastFetchedEpoch: -1, logStartOffset: -1n, partitionMaxBytes: 1 << 20 }] }],
      forgottenTopicsData: [], rackId: "",
    });
    expect(bad.errorCode).toBe(-1);
    expect(bad.responses[0]!.partitions[0]).toMatchObject({ errorCode: -1, highWatermark: -1n, lastStableOffset: -1n, abortedTransactions: [] });
    // Errors: a read error (out of range) has no aborted list; a partition not in the metadata has Kafka's default [].
    for (const level of [0, 1]) {
      expect(await fetch(99n, level)).toMatchObject({ errorCode: 1, highWatermark: -1n, lastStableOffset: -1n, abortedTransactions: null });
      const unknown = await c.request<{ responses: Array<{ partitions: FetchedPartition[] }> }>(1, 12, {
        replicaId: -1, maxWaitMs: 0, minBytes: 1, maxBytes: 1 << 20, isolationLevel: level, sessionId: 0, sessionEpoch: -1,
        topics: [{ topic: TOPIC, topicId: ZERO_UUID, partitions: [{ partition: 7, currentLeaderEpoch: -1, fetchOffset: 0n, lastFetchedEpoch: -1, logStartOffset: -1n, partitionMaxBytes: 1 << 20 }] }],
        forgottenTopicsData: [], rackId: "",
      });
      expect(unknown.responses[0]!.partitions[0]).toMatchObject({ errorCode: 3, highWatermark: -1n, lastStableOffset: -1n, abortedTransactions: [] });
    }
    // At the end: nothing, an empty list.
    const end = await fetch(9n, 1);
    expect(batchViews(end.records)).toEqual([]);
    expect(end.abortedTransactions).toEqual([]);
  }, 90_000);

  test("an open transaction holds the LSO back; DescribeProducers shows it; the commit wakes a long poll", async () => {
    await addPartition();
    // Timestamps later than every earlier batch (the markers included), so lookups land on offset 9.
    const ts = Date.now() + 60_000;
    expect(await produceTxn(2, ts)).toBe(9n);
    expect(await latest(1)).toBe(9n);
    expect(await latest(0)).toBe(11n);
    // Timestamp and max-timestamp lookups are bounded by the last fetchable offset too.
    expect(await listOffset(1, BigInt(ts - 1))).toBe(-1n);
    expect(await listOffset(0, BigInt(ts - 1))).toBe(9n);
    expect(await listOffset(1, -3n)).toBe(-1n);
    expect(await listOffset(0, -3n)).toBe(9n);
    expect(await listOffset(1, -2n)).toBe(0n);
    const rc = await fetch(0n, 1);
    expect([rc.highWatermark, rc.lastStableOffset]).toEqual([11n, 9n]);
    expect(bases(rc).map(([o]) => o)).toEqual([0, 3, 4, 6, 7, 8]);
    const ru = await fetch(9n, 0);
    expect(ru.lastStableOffset).toBe(9n);
    expect(bases(ru)).toEqual([[9, false]]);
    expect(batchViews((await fetch(9n, 1)).records)).toEqual([]);

    const dp = await c.request<{ topics: Array<{ partitions: Array<{ errorCode: number; activeProducers: Array<Record<string, unknown>> }> }> }>(61, 0, { topics: [{ name: TOPIC, partitionIndexes: [0] }] });
    const part = dp.topics[0]!.partitions[0]!;
    expect(part.errorCode).toBe(0);
    expect(part.activeProducers).toEqual([expect.objectContaining({ producerId, producerEpoch, lastSequence: 7, coordinatorEpoch: 0, currentTxnStartOffset: 9n })]);

    // A read_committed long poll at the LSO waits for the commit, then gets the transaction and its
    // marker. It polls on its own connection: a broker answers one connection's requests in order.
    const consumer = await KafkaTestClient.connect(target.port);
    const poll = fetch(9n, 1, 12, { maxWaitMs: 20_000, timeoutMs: 30_000, via: consumer });
    let answered = false;
    void poll.then(() => (answered = true));
    // Bounded wait on a real broker process: the poll must still be parked at the LSO.
    await Bun.sleep(300);
    expect(answered).toBe(false);
    const t0 = performance.now();
    await endTxn(true);
    const woken = await poll;
    consumer.close();
    // Woken by the marker, well before max_wait_ms.
    expect(performance.now() - t0).toBeLessThan(15_000);
    expect(woken.lastStableOffset).toBeGreaterThanOrEqual(11n);
    expect(bases(woken)[0]).toEqual([9, false]);
    await waitForLso(12n);
    const after = await c.request<{ topics: Array<{ partitions: Array<{ activeProducers: Array<Record<string, unknown>> }> }> }>(61, 0, { topics: [{ name: TOPIC, partitionIndexes: [0] }] });
    expect(after.topics[0]!.partitions[0]!.activeProducers).toEqual([expect.objectContaining({ producerId, lastSequence: 7, currentTxnStartOffset: -1n })]);
  }, 90_000);
});
