// TxnOffsetCommit over the wire on a real broker (in process, its own log dir and a hand-driven clock):
// the offsets go to __consumer_offsets in a transactional batch of the producer and stay invisible
// (OffsetFetch requireStable: UNSTABLE_OFFSET_COMMIT) until the producer's marker, which
// GroupCoordinatorService.completeTransaction writes (WriteTxnMarkers for a __consumer_offsets
// partition goes there); COMMIT makes them visible, ABORT drops them, and both survive restarts
// (the shard is rebuilt from the records' producer ids and the markers in the log). A stale producer
// epoch is refused by the log (INVALID_PRODUCER_EPOCH) for commits and markers alike.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BrokerConfig } from "../../src/config/broker-config.ts";
import { formatStorage } from "../../src/cli/server-command.ts";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { Broker } from "../../src/server/broker.ts";
import { createLogger } from "../../src/util/log.ts";
import { FakeClock, systemClock } from "../../src/util/purgatory/index.ts";
import { partitionForGroup } from "../../src/coordinator/group/partitioner.ts";
import { parseEndTxnMarker } from "../../src/protocol/records/control-batch.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { batchViews, createTopic, fetchOnce } from "../unit/produce/wire-helpers.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const CLUSTER_ID = "VHhuT2Zmc2V0c1Rlc3QxAA";
const OFFSETS = "__consumer_offsets";
const GROUP = "txn-group";
const PARTITIONS = 2;

let dir = "";
let config: BrokerConfig;
let broker: Broker;
let client: KafkaTestClient;
const clock = new FakeClock(5_000_000);

/**
 * The transactions here are made up (no InitProducerId): the broker's transaction coordinator would
 * refuse them, so the tests put a verifier in its place that admits every partition (the verification
 * test below installs its own). Real transactions end to end: the interop suites (Java, franz-go, Python).
 */
const admitAll = {
  verifyOrAdd(req: Any) {
    return Promise.resolve(new Map(req.partitions.map((p: Any) => [`${p.topic}-${p.partition}`, ErrorCode.NONE as number])));
  },
};

function admitEveryTransaction(): void {
  (broker.services as unknown as { transactionCoordinator: unknown }).transactionCoordinator = admitAll;
}

async function start(): Promise<void> {
  broker = new Broker({ config, log: createLogger((process.env.TXN_LOG ?? "error") as "error"), clock, quorumClock: systemClock }); // metadata commits on real time; the data plane on the hand-driven clock
  const bound = await broker.start();
  admitEveryTransaction();
  client = await KafkaTestClient.connect(bound.find((b) => b.name === "PLAINTEXT")!.port);
}

async function restart(): Promise<void> {
  client.close();
  await broker.stop();
  await start();
}

/** Retries while the coordinator creates __consumer_offsets or loads its shard; bounded by 100 tries. */
async function retryCoordinator<T>(f: () => Promise<T>, code: (r: T) => number): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const r = await f();
    const e = code(r);
    if (e !== ErrorCode.COORDINATOR_NOT_AVAILABLE && e !== ErrorCode.COORDINATOR_LOAD_IN_PROGRESS && e !== ErrorCode.NOT_COORDINATOR) return r;
    await Bun.sleep(50);
  }
  throw new Error("the group coordinator did not become available");
}

function txnCommit(version: number, producerId: bigint, producerEpoch: number, offsets: Array<[number, bigint]>, over: Any = {}): Promise<Any> {
  return client.request<Any>(28, version, {
    transactionalId: "tx-1",
    groupId: GROUP,
    producerId,
    producerEpoch,
    generationIdOrMemberEpoch: -1,
    memberId: "",
    groupInstanceId: null,
    topics: [{ name: "in", topicId: "AAAAAAAAAAAAAAAAAAAAAA", partitions: offsets.map(([partitionIndex, committedOffset]) => ({ partitionIndex, committedOffset, committedLeaderEpoch: -1, committedMetadata: `m${committedOffset}` })) }],
    ...over,
  });
}

const codesOf = (r: Any): number[] => r.topics.flatMap((t: Any) => t.partitions.map((p: Any) => p.errorCode));

/** OffsetFetch v7 for partitions 0 and 1 of "in": [partition, offset, errorCode]. */
async function fetchOffsets(requireStable: boolean): Promise<Array<[number, bigint, number]>> {
  const r = await retryCoordinator(
    () => client.request<Any>(9, 7, { groupId: GROUP, topics: [{ name: "in", partitionIndexes: [0, 1] }], requireStable }),
    (x) => x.errorCode,
  );
  expect(r.errorCode).toBe(ErrorCode.NONE);
  return r.topics[0].partitions.map((p: Any) => [p.partitionIndex, p.committedOffset, p.errorCode]);
}

const complete = (producerId: bigint, producerEpoch: number, result: "COMMIT" | "ABORT") =>
  broker.services.groupCoordinator.completeTransaction({ topic: OFFSETS, partition: partitionForGroup(GROUP, PARTITIONS) }, producerId, producerEpoch, 0, result, 5_000);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "strand-txn-offsets-"));
  config = BrokerConfig.from(
    new Map([
      ["process.roles", "broker,controller"],
      ["node.id", "1"],
      ["listeners", "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0"],
      ["advertised.listeners", "PLAINTEXT://127.0.0.1:0"],
      ["strand.admin.listener", "127.0.0.1:0"],
      ["controller.listener.names", "CONTROLLER"],
      ["listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT"],
      ["controller.quorum.voters", "1@127.0.0.1:9093"],
      ["log.dirs", join(dir, "logs")],
      ["offsets.topic.replication.factor", "1"],
      ["offsets.topic.num.partitions", String(PARTITIONS)],
    ]),
    [],
  );
  await formatStorage(config, CLUSTER_ID, { ignoreFormatted: false });
  await start();
  await createTopic(client, "in", 2);
  await retryCoordinator(() => client.request<Any>(10, 4, { keyType: 0, coordinatorKeys: [GROUP] }), (r) => r.coordinators[0].errorCode);
}, 60_000);

afterAll(async () => {
  client?.close();
  await broker?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

test("TxnOffsetCommit stays pending until COMMIT; the log holds a transactional batch and a COMMIT marker", async () => {
  const r = await retryCoordinator(() => txnCommit(3, 1000n, 0, [[0, 11n], [1, 12n]]), (x) => codesOf(x)[0]!);
  expect(codesOf(r)).toEqual([ErrorCode.NONE, ErrorCode.NONE]);
  expect(await fetchOffsets(false)).toEqual([[0, -1n, 0], [1, -1n, 0]]);
  expect(await fetchOffsets(true)).toEqual([[0, -1n, ErrorCode.UNSTABLE_OFFSET_COMMIT], [1, -1n, ErrorCode.UNSTABLE_OFFSET_COMMIT]]);

  expect(await complete(1000n, 0, "COMMIT")).toBe(ErrorCode.NONE);
  expect(await fetchOffsets(true)).toEqual([[0, 11n, 0], [1, 12n, 0]]);

  const f = await fetchOnce(client, OFFSETS, [{ partition: partitionForGroup(GROUP, PARTITIONS), offset: 0n }]);
  const batches = batchViews(f.partitions[0]!.records).filter((b) => b.producerId === 1000n);
  expect(batches.map((b) => [b.isTransactional, b.isControl, b.producerEpoch])).toEqual([[true, false, 0], [true, true, 0]]);
  const [marker] = [...batches[1]!.records()];
  expect(parseEndTxnMarker(marker!.key, marker!.value)?.result).toBe("COMMIT");
}, 30_000);

test("an open transaction survives a restart, then ABORT drops it (and that survives a restart too)", async () => {
  // v0 (no member fields) and v6 (topic ids) encode and answer as well.
  expect(codesOf(await txnCommit(0, 2000n, 0, [[0, 21n]]))).toEqual([ErrorCode.NONE]);
  const topicId = (await client.request<Any>(3, 12, { topics: [{ name: "in", topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], allowAutoTopicCreation: false })).topics[0].topicId;
  const v6 = await txnCommit(6, 2000n, 0, [[1, 22n]], { topics: [{ name: "", topicId, partitions: [{ partitionIndex: 1, committedOffset: 22n, committedLeaderEpoch: -1, committedMetadata: null }] }] });
  expect(v6.topics).toEqual([{ name: "", topicId, partitions: [{ partitionIndex: 1, errorCode: ErrorCode.NONE }] }]);
  expect(await fetchOffsets(true)).toEqual([[0, -1n, ErrorCode.UNSTABLE_OFFSET_COMMIT], [1, -1n, ErrorCode.UNSTABLE_OFFSET_COMMIT]]);

  await restart();
  expect(await fetchOffsets(true)).toEqual([[0, -1n, ErrorCode.UNSTABLE_OFFSET_COMMIT], [1, -1n, ErrorCode.UNSTABLE_OFFSET_COMMIT]]);
  expect(await fetchOffsets(false)).toEqual([[0, 11n, 0], [1, 12n, 0]]);
  expect(await retryCoordinator(() => complete(2000n, 0, "ABORT"), (c) => (c === ErrorCode.NOT_LEADER_OR_FOLLOWER ? ErrorCode.NOT_COORDINATOR : c))).toBe(ErrorCode.NONE);
  expect(await fetchOffsets(true)).toEqual([[0, 11n, 0], [1, 12n, 0]]);

  await restart();
  expect(await fetchOffsets(true)).toEqual([[0, 11n, 0], [1, 12n, 0]]);
}, 60_000);

test("a stale producer epoch is refused for a commit and for a marker; errors as Kafka for bad input", async () => {
  expect(codesOf(await retryCoordinator(() => txnCommit(3, 3000n, 5, [[0, 31n]]), (x) => codesOf(x)[0]!))).toEqual([ErrorCode.NONE]);
  expect(codesOf(await txnCommit(3, 3000n, 4, [[0, 32n]]))).toEqual([ErrorCode.INVALID_PRODUCER_EPOCH]);
  expect(await complete(3000n, 4, "COMMIT")).toBe(ErrorCode.INVALID_PRODUCER_EPOCH);
  expect(await fetchOffsets(true)).toEqual([[0, -1n, ErrorCode.UNSTABLE_OFFSET_COMMIT], [1, 12n, 0]]);
  expect(await complete(3000n, 5, "COMMIT")).toBe(ErrorCode.NONE);
  expect(await fetchOffsets(true)).toEqual([[0, 31n, 0], [1, 12n, 0]]);

  // Unknown topic / partition, empty group id, a member check against a missing group.
  const unknown = await client.request<Any>(28, 3, {
    transactionalId: "tx-1",
    groupId: GROUP,
    producerId: 3000n,
    producerEpoch: 5,
    generationIdOrMemberEpoch: -1,
    memberId: "",
    groupInstanceId: null,
    topics: [
      { name: "nope", partitions: [{ partitionIndex: 0, committedOffset: 1n, committedLeaderEpoch: -1, committedMetadata: "" }] },
      { name: "in", partitions: [{ partitionIndex: 9, committedOffset: 1n, committedLeaderEpoch: -1, committedMetadata: "" }] },
    ],
  });
  expect(codesOf(unknown)).toEqual([ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION]);
  expect(codesOf(await txnCommit(3, 3000n, 5, [[0, 1n]], { groupId: "" }))).toEqual([ErrorCode.INVALID_GROUP_ID]);
  expect(codesOf(await txnCommit(5, 3000n, 5, [[0, 1n]], { groupId: "missing", generationIdOrMemberEpoch: 3, memberId: "m" }))).toEqual([ErrorCode.ILLEGAL_GENERATION]);
  expect(codesOf(await txnCommit(6, 3000n, 5, [[0, 1n]], { groupId: "missing", generationIdOrMemberEpoch: 3, memberId: "m", topics: [{ name: "", topicId: "AAAAAAAAAAAAAAAAAAAAAQ", partitions: [{ partitionIndex: 0, committedOffset: 1n, committedLeaderEpoch: -1, committedMetadata: "" }] }] }))).toEqual([ErrorCode.UNKNOWN_TOPIC_ID]);
}, 30_000);

test("the group's partition is verified in the transaction (add from v5) through services.transactionCoordinator; its errors answer as Kafka maps them", async () => {
  const asked: Any[] = [];
  let answer: number = ErrorCode.NONE;
  const services = broker.services as unknown as { transactionCoordinator: unknown };
  services.transactionCoordinator = {
    verifyOrAdd(req: Any) {
      asked.push(req);
      return Promise.resolve(new Map(req.partitions.map((p: Any) => [`${p.topic}-${p.partition}`, answer])));
    },
  };
  try {
    const partition = partitionForGroup(GROUP, PARTITIONS);
    expect(codesOf(await txnCommit(3, 4000n, 0, [[0, 41n]]))).toEqual([ErrorCode.NONE]);
    expect(codesOf(await txnCommit(5, 4000n, 0, [[1, 42n]]))).toEqual([ErrorCode.NONE]);
    // The second commit finds the producer's transaction open in the group's partition at this epoch
    // (the first one's write): as Kafka, no coordinator call.
    expect(asked).toEqual([
      { transactionalId: "tx-1", producerId: 4000n, producerEpoch: 0, partitions: [{ topic: OFFSETS, partition }], add: false },
    ]);
    // Another epoch is asked again (v5: an add).
    expect(codesOf(await txnCommit(5, 4000n, 1, [[1, 42n]]))).toEqual([ErrorCode.NONE]);
    expect(asked.at(-1)).toEqual({ transactionalId: "tx-1", producerId: 4000n, producerEpoch: 1, partitions: [{ topic: OFFSETS, partition }], add: true });
    expect(await complete(4000n, 1, "ABORT")).toBe(ErrorCode.NONE);
    const cases: Array<[number, number, number]> = [
      [3, ErrorCode.INVALID_TXN_STATE, ErrorCode.INVALID_TXN_STATE],
      [3, ErrorCode.PRODUCER_FENCED, ErrorCode.INVALID_PRODUCER_EPOCH],
      [3, ErrorCode.TRANSACTION_ABORTABLE, ErrorCode.INVALID_TXN_STATE],
      [4, ErrorCode.TRANSACTION_ABORTABLE, ErrorCode.TRANSACTION_ABORTABLE],
      [4, ErrorCode.NETWORK_EXCEPTION, ErrorCode.COORDINATOR_LOAD_IN_PROGRESS],
      [1, ErrorCode.NETWORK_EXCEPTION, ErrorCode.COORDINATOR_NOT_AVAILABLE], // v0-1: not LOAD_IN_PROGRESS
      [4, ErrorCode.NOT_ENOUGH_REPLICAS, ErrorCode.COORDINATOR_NOT_AVAILABLE],
    ];
    for (const [version, given, expected] of cases) {
      answer = given;
      expect([version, given, codesOf(await txnCommit(version, 4001n, 0, [[0, 43n], [1, 44n]]))]).toEqual([version, given, [expected, expected]]);
    }
    expect(await fetchOffsets(true)).toEqual([[0, 31n, 0], [1, 12n, 0]]); // nothing was written
  } finally {
    admitEveryTransaction();
  }
}, 30_000);

