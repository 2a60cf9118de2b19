// Offset commits go through the coordinator runtime (issue 10, item 4), against the real broker:
// - an offset commit whose __consumer_offsets append fails (STRAND_TEST_FAIL_APPEND: the 2nd append to
//   __consumer_offsets-0 fails with ENOSPC; offsets.topic.num.partitions=1 puts every group there) is
//   answered with Kafka's error (NOT_COORDINATOR: the log dir failed) and never becomes visible to
//   OffsetFetch, neither before nor after a restart, while the commit before it stays;
// - with strand.log.fsync.before.ack=true, every acknowledged commit survives SIGKILL.
import { afterEach, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";

// biome-ignore lint: protocol responses are loosely typed in tests
type Any = any;
const NOT_COORDINATOR = 16;

let broker: StrandHandle | null = null;
let dataDir: string | null = null;
afterEach(async () => {
  if (broker) await broker.kill().catch(() => undefined);
  broker = null;
  if (dataDir) removeDataDir(dataDir);
  dataDir = null;
}, 120_000);

async function setupTopic(c: KafkaTestClient): Promise<void> {
  const fc = (await c.request(10, 3, { key: "g", keyType: 0 })) as Any;
  expect(fc.errorCode).toBe(0);
  const ct = (await c.request(19, 5, { topics: [{ name: "t", numPartitions: 2, replicationFactor: 1, assignments: [], configs: [] }], timeoutMs: 10000 })) as Any;
  expect([0, 36]).toContain(ct.topics[0].errorCode);
}

/** A simple (generation -1) commit of `offset` for t-0 and t-1; the partitions' error codes. */
async function commit(c: KafkaTestClient, offset: bigint): Promise<number[]> {
  const r = (await c.request(8, 8, {
    groupId: "g",
    generationIdOrMemberEpoch: -1,
    memberId: "",
    groupInstanceId: null,
    topics: [{ name: "t", partitions: [0, 1].map((p) => ({ partitionIndex: p, committedOffset: offset, committedLeaderEpoch: -1, committedMetadata: null })) }],
  })) as Any;
  return r.topics[0].partitions.map((p: Any) => p.errorCode);
}

/** OffsetFetch v8 of group g: the group error and t's committed offsets. */
async function fetchOffsets(c: KafkaTestClient): Promise<{ errorCode: number; offsets: bigint[] }> {
  const r = (await c.request(9, 8, { groups: [{ groupId: "g", topics: [{ name: "t", partitionIndexes: [0, 1] }] }], requireStable: false })) as Any;
  const g = r.groups[0];
  return { errorCode: g.errorCode, offsets: (g.topics[0]?.partitions ?? []).map((p: Any) => p.committedOffset) };
}

test("an offset commit whose append fails is answered NOT_COORDINATOR and is never visible to OffsetFetch", async () => {
  broker = await startStrand({ overrides: { "offsets.topic.num.partitions": 1 }, env: { STRAND_TEST_FAIL_APPEND: "__consumer_offsets-0@2" } });
  dataDir = broker.dataDir;
  const c = await KafkaTestClient.connect(broker.port);
  await setupTopic(c);
  expect(await commit(c, 5n)).toEqual([0, 0]); // append 1
  expect(await commit(c, 10n)).toEqual([NOT_COORDINATOR, NOT_COORDINATOR]); // append 2 fails
  const after = await fetchOffsets(c);
  expect(after.offsets).not.toContain(10n);
  // The partition's log dir failed: the shard is unloaded, as Kafka resigns an offline partition.
  expect(after.errorCode).toBe(NOT_COORDINATOR);
  const fc = (await c.request(10, 3, { key: "g", keyType: 0 })) as Any;
  expect(fc.errorCode).toBe(15); // COORDINATOR_NOT_AVAILABLE
  c.close();
  // After a restart (recovery drops the torn bytes) the shard replays: the first commit, not the failed one.
  await broker.stop();
  broker = await startStrand({ dataDir, overrides: { "offsets.topic.num.partitions": 1 } });
  const c2 = await KafkaTestClient.connect(broker.port);
  expect(await fetchOffsets(c2)).toEqual({ errorCode: 0, offsets: [5n, 5n] });
  c2.close();
}, 60_000);

test("with strand.log.fsync.before.ack=true every acknowledged commit survives SIGKILL", async () => {
  const overrides = { "offsets.topic.num.partitions": 3, "strand.log.fsync.before.ack": true };
  broker = await startStrand({ overrides });
  dataDir = broker.dataDir;
  const c = await KafkaTestClient.connect(broker.port);
  await setupTopic(c);
  let last = 0n;
  // Bounded: 50 commits, each acknowledged only once on disk.
  for (let i = 1n; i <= 50n; i++) {
    expect(await commit(c, i * 100n)).toEqual([0, 0]);
    last = i * 100n;
  }
  expect(await fetchOffsets(c)).toEqual({ errorCode: 0, offsets: [last, last] });
  c.close();
  await broker.kill();
  broker = await startStrand({ dataDir, overrides });
  const c2 = await KafkaTestClient.connect(broker.port);
  expect(await fetchOffsets(c2)).toEqual({ errorCode: 0, offsets: [last, last] });
  c2.close();
}, 60_000);
