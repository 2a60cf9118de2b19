// Transactional offset commits in raw protocol, one test for both targets (STRAND_INTEROP_TARGET=kafka
// runs it against Apache Kafka 4.4.0): a transactional producer's lifecycle as kafka-clients drives it
// (FindCoordinator TRANSACTION, InitProducerId, AddOffsetsToTxn, TxnOffsetCommit, EndTxn), and what a
// consumer sees of it through OffsetFetch: nothing (requireStable: UNSTABLE_OFFSET_COMMIT) while the
// transaction is open, the offsets once it commits (markers are written asynchronously after EndTxn, so
// the test polls, bounded), the previous offsets after an abort. Also the answers Kafka gives before any
// coordinator work (unknown topics, an empty group id) and the member checks of a transactional commit
// (a missing group with a generation: ILLEGAL_GENERATION before v6).
//
// Against Strand this needs the transaction coordinator (InitProducerId with a transactional id,
// AddOffsetsToTxn 25, EndTxn 26, FindCoordinator key type 1): it fails until that part is merged.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startTarget, type InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TXN_ID = "raw-txn-offsets";
const GROUP = "raw-txn-group";
const TOPIC = "raw-txn-in";

let target: InteropTarget;
let client: KafkaTestClient;
let producerId = -1n;
let producerEpoch = -1;

const RETRIABLE = new Set<number>([ErrorCode.COORDINATOR_NOT_AVAILABLE, ErrorCode.COORDINATOR_LOAD_IN_PROGRESS, ErrorCode.NOT_COORDINATOR, ErrorCode.CONCURRENT_TRANSACTIONS, ErrorCode.UNSTABLE_OFFSET_COMMIT]);

/** Retries what clients retry (coordinator not ready, CONCURRENT_TRANSACTIONS, unstable offsets); 200 tries of 50 ms at most. */
async function retry<T>(what: string, f: () => Promise<T>, code: (r: T) => number): Promise<T> {
  let last = -1;
  for (let i = 0; i < 200; i++) {
    const r = await f();
    last = code(r);
    if (!RETRIABLE.has(last)) return r;
    await Bun.sleep(50);
  }
  throw new Error(`${what}: still ${last} after 200 tries\n${target.logTail()}`);
}

const codesOf = (r: Any): number[] => r.topics.flatMap((t: Any) => t.partitions.map((p: Any) => p.errorCode));

function txnCommit(version: number, offsets: Array<[number, bigint]>, over: Any = {}): Promise<Any> {
  return client.request<Any>(28, version, {
    transactionalId: TXN_ID,
    groupId: GROUP,
    producerId,
    producerEpoch,
    generationIdOrMemberEpoch: -1,
    memberId: "",
    groupInstanceId: null,
    topics: [{ name: TOPIC, partitions: offsets.map(([partitionIndex, committedOffset]) => ({ partitionIndex, committedOffset, committedLeaderEpoch: -1, committedMetadata: "" })) }],
    ...over,
  });
}

const addOffsets = (groupId = GROUP) =>
  retry("AddOffsetsToTxn", () => client.request<Any>(25, 4, { transactionalId: TXN_ID, producerId, producerEpoch, groupId }), (r) => r.errorCode);

const endTxn = (committed: boolean) =>
  retry("EndTxn", () => client.request<Any>(26, 4, { transactionalId: TXN_ID, producerId, producerEpoch, committed }), (r) => r.errorCode);

async function offsets(requireStable: boolean): Promise<Array<[number, bigint, number]>> {
  const r = await client.request<Any>(9, 7, { groupId: GROUP, topics: [{ name: TOPIC, partitionIndexes: [0, 1] }], requireStable });
  expect(r.errorCode).toBe(ErrorCode.NONE);
  return r.topics[0].partitions.map((p: Any) => [p.partitionIndex, p.committedOffset, p.errorCode]);
}

/** OffsetFetch requireStable until no partition is unstable (the markers landed). */
async function stableOffsets(): Promise<Array<[number, bigint, number]>> {
  const r = await retry("OffsetFetch requireStable", () => offsets(true), (rows) => (rows.some((x) => x[2] === ErrorCode.UNSTABLE_OFFSET_COMMIT) ? ErrorCode.UNSTABLE_OFFSET_COMMIT : ErrorCode.NONE));
  return r;
}

beforeAll(async () => {
  target = await startTarget({ overrides: { "offsets.topic.num.partitions": 3, "transaction.state.log.num.partitions": 3, "transaction.state.log.replication.factor": 1, "transaction.state.log.min.isr": 1 } });
  await createTopics(target.port, [{ name: TOPIC, partitions: 2 }]);
  client = await KafkaTestClient.connect(target.port);
  await retry("FindCoordinator TRANSACTION", () => client.request<Any>(10, 4, { keyType: 1, coordinatorKeys: [TXN_ID] }), (r) => r.coordinators[0].errorCode);
  await retry("FindCoordinator GROUP", () => client.request<Any>(10, 4, { keyType: 0, coordinatorKeys: [GROUP] }), (r) => r.coordinators[0].errorCode);
  const init = await retry("InitProducerId", () => client.request<Any>(22, 4, { transactionalId: TXN_ID, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 }), (r) => r.errorCode);
  expect(init.errorCode).toBe(ErrorCode.NONE);
  producerId = init.producerId;
  producerEpoch = init.producerEpoch;
}, 180_000);

afterAll(async () => {
  client?.close();
  await target?.remove();
}, 60_000);

test("answers before any coordinator work: unknown topic or partition, an empty group id", async () => {
  const unknown = await txnCommit(3, [[0, 1n]], {
    topics: [
      { name: "no-such-topic", partitions: [{ partitionIndex: 0, committedOffset: 1n, committedLeaderEpoch: -1, committedMetadata: "" }] },
      { name: TOPIC, partitions: [{ partitionIndex: 7, committedOffset: 1n, committedLeaderEpoch: -1, committedMetadata: "" }] },
    ],
  });
  expect(unknown.topics).toEqual([
    { name: "no-such-topic", topicId: expect.any(String), partitions: [{ partitionIndex: 0, errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION }] },
    { name: TOPIC, topicId: expect.any(String), partitions: [{ partitionIndex: 7, errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION }] },
  ]);
  expect(codesOf(await txnCommit(3, [[0, 1n]], { groupId: "" }))).toEqual([ErrorCode.INVALID_GROUP_ID]);
}, 30_000);

test("committed transaction: pending (UNSTABLE_OFFSET_COMMIT) until EndTxn, then visible", async () => {
  expect((await addOffsets()).errorCode).toBe(ErrorCode.NONE);
  const r = await retry("TxnOffsetCommit", () => txnCommit(3, [[0, 5n], [1, 6n]]), (x) => codesOf(x)[0]!);
  expect(codesOf(r)).toEqual([ErrorCode.NONE, ErrorCode.NONE]);
  expect(await offsets(true)).toEqual([[0, -1n, ErrorCode.UNSTABLE_OFFSET_COMMIT], [1, -1n, ErrorCode.UNSTABLE_OFFSET_COMMIT]]);
  expect(await offsets(false)).toEqual([[0, -1n, 0], [1, -1n, 0]]);
  expect((await endTxn(true)).errorCode).toBe(ErrorCode.NONE);
  expect(await stableOffsets()).toEqual([[0, 5n, 0], [1, 6n, 0]]);
}, 60_000);

test("aborted transaction: its offsets are dropped, the committed ones stay", async () => {
  expect((await addOffsets()).errorCode).toBe(ErrorCode.NONE);
  expect(codesOf(await retry("TxnOffsetCommit", () => txnCommit(3, [[0, 50n]]), (x) => codesOf(x)[0]!))).toEqual([ErrorCode.NONE]);
  expect(await offsets(true)).toEqual([[0, -1n, ErrorCode.UNSTABLE_OFFSET_COMMIT], [1, 6n, 0]]);
  expect((await endTxn(false)).errorCode).toBe(ErrorCode.NONE);
  expect(await stableOffsets()).toEqual([[0, 5n, 0], [1, 6n, 0]]);
}, 60_000);

test("member checks of a transactional commit: a missing group with a generation is ILLEGAL_GENERATION (v3-5)", async () => {
  expect((await addOffsets("raw-txn-missing")).errorCode).toBe(ErrorCode.NONE);
  const r = await retry("TxnOffsetCommit", () => txnCommit(4, [[0, 1n]], { groupId: "raw-txn-missing", generationIdOrMemberEpoch: 3, memberId: "m" }), (x) => codesOf(x)[0]!);
  expect(codesOf(r)).toEqual([ErrorCode.ILLEGAL_GENERATION]);
  expect((await endTxn(false)).errorCode).toBe(ErrorCode.NONE);
}, 60_000);

test("v0 (no member fields) and v6 (topics by id; a missing group with a generation is GROUP_ID_NOT_FOUND)", async () => {
  const md = await client.request<Any>(3, 12, { topics: [{ name: TOPIC, topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], allowAutoTopicCreation: false });
  const topicId: string = md.topics[0].topicId;
  expect((await addOffsets()).errorCode).toBe(ErrorCode.NONE);
  expect(codesOf(await retry("TxnOffsetCommit v0", () => txnCommit(0, [[0, 7n]]), (x) => codesOf(x)[0]!))).toEqual([ErrorCode.NONE]);
  const byId = (groupId: string, generationIdOrMemberEpoch: number, memberId: string) =>
    txnCommit(6, [], { groupId, generationIdOrMemberEpoch, memberId, topics: [{ name: "", topicId, partitions: [{ partitionIndex: 1, committedOffset: 8n, committedLeaderEpoch: -1, committedMetadata: null }] }] });
  const v6 = await retry("TxnOffsetCommit v6", () => byId(GROUP, -1, ""), (x) => codesOf(x)[0]!);
  expect(v6.topics).toEqual([{ name: "", topicId, partitions: [{ partitionIndex: 1, errorCode: ErrorCode.NONE }] }]);
  expect((await endTxn(true)).errorCode).toBe(ErrorCode.NONE);
  expect(await stableOffsets()).toEqual([[0, 7n, 0], [1, 8n, 0]]);

  expect((await addOffsets("raw-txn-missing")).errorCode).toBe(ErrorCode.NONE);
  const missing = await retry("TxnOffsetCommit v6", () => byId("raw-txn-missing", 3, "m"), (x) => codesOf(x)[0]!);
  expect(codesOf(missing)).toEqual([ErrorCode.GROUP_ID_NOT_FOUND]);
  expect((await endTxn(false)).errorCode).toBe(ErrorCode.NONE);
}, 60_000);
