// Offline partitions against the real broker process (issue 20, bugs 6 and 9): a partition whose
// recovery finds corruption in the middle of its log, or whose log cannot be created, is offline while
// the broker starts and serves every other partition. An offline partition answers as Kafka's does:
// KAFKA_STORAGE_ERROR in Produce, Fetch, ListOffsets, OffsetForLeaderEpoch and DeleteRecords (the
// connection stays open), LEADER_NOT_AVAILABLE with leader -1 and this broker in offline_replicas in
// Metadata (leader -1 and offline_replicas in DescribeTopicPartitions), left out of DescribeLogDirs;
// it is logged at ERROR, and its log dir gets no clean-shutdown marker.
import { afterEach, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { partitionForGroup } from "../../src/coordinator/group/partitioner.ts";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { waitForOutput } from "../support/output.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { batchViews, createTopic, fetchOnce, produce } from "../unit/produce/wire-helpers.ts";

const KAFKA_STORAGE_ERROR = 56;
const LEADER_NOT_AVAILABLE = 5;

let broker: StrandHandle | null = null;
let dataDir: string | null = null;
afterEach(async () => {
  if (broker) await broker.kill().catch(() => undefined);
  broker = null;
  if (dataDir) removeDataDir(dataDir);
  dataDir = null;
}, 120_000);

function tenRecords(tag: number): Uint8Array {
  return buildRecordBatch({ records: Array.from({ length: 10 }, (_, i) => ({ value: new Uint8Array(64).fill((tag + i) & 0xff) })) });
}

interface MetaPartition {
  errorCode: number;
  partitionIndex: number;
  leaderId: number;
  replicaNodes: number[];
  isrNodes: number[];
  offlineReplicas: number[];
}

async function metadataPartition(c: KafkaTestClient, topic: string, version: number): Promise<MetaPartition> {
  const topics = [{ name: topic, topicId: "AAAAAAAAAAAAAAAAAAAAAA" }];
  const res = await c.request<{ topics: Array<{ name: string; errorCode: number; partitions: MetaPartition[] }> }>(3, version, { topics, allowAutoTopicCreation: version < 4 });
  const t = res.topics.find((x) => x.name === topic)!;
  expect(t.errorCode).toBe(0);
  return t.partitions[0]!;
}

/** The error of every partition-level API for partition 0 of `topic`. */
async function partitionErrors(c: KafkaTestClient, topic: string): Promise<Record<string, number>> {
  const prod = await produce(c, topic, 0, tenRecords(99));
  const fetch = await fetchOnce(c, topic, [{ partition: 0, offset: 0n }]);
  const lo = await c.request<{ topics: Array<{ partitions: Array<{ errorCode: number }> }> }>(2, 7, {
    replicaId: -1,
    isolationLevel: 0,
    topics: [{ name: topic, partitions: [{ partitionIndex: 0, currentLeaderEpoch: -1, timestamp: -1n }] }],
  });
  const ofle = await c.request<{ topics: Array<{ partitions: Array<{ errorCode: number }> }> }>(23, 4, {
    replicaId: -1,
    topics: [{ topic, partitions: [{ partition: 0, currentLeaderEpoch: -1, leaderEpoch: 0 }] }],
  });
  const dr = await c.request<{ topics: Array<{ partitions: Array<{ errorCode: number }> }> }>(21, 2, {
    topics: [{ name: topic, partitions: [{ partitionIndex: 0, offset: 0n }] }],
    timeoutMs: 10_000,
  });
  return {
    produce: prod.errorCode,
    fetch: fetch.partitions[0]!.errorCode,
    listOffsets: lo.topics[0]!.partitions[0]!.errorCode,
    offsetForLeaderEpoch: ofle.topics[0]!.partitions[0]!.errorCode,
    deleteRecords: dr.topics[0]!.partitions[0]!.errorCode,
  };
}

const ALL_STORAGE_ERRORS = { produce: KAFKA_STORAGE_ERROR, fetch: KAFKA_STORAGE_ERROR, listOffsets: KAFKA_STORAGE_ERROR, offsetForLeaderEpoch: KAFKA_STORAGE_ERROR, deleteRecords: KAFKA_STORAGE_ERROR };

async function expectShownOffline(c: KafkaTestClient, topic: string): Promise<void> {
  // Metadata v12 (offline_replicas from v5) and v1 (before it): no leader, LEADER_NOT_AVAILABLE.
  expect(await metadataPartition(c, topic, 12)).toMatchObject({ errorCode: LEADER_NOT_AVAILABLE, leaderId: -1, replicaNodes: [1], isrNodes: [1], offlineReplicas: [1] });
  expect(await metadataPartition(c, topic, 1)).toMatchObject({ errorCode: LEADER_NOT_AVAILABLE, leaderId: -1, replicaNodes: [1] });
  const dtp = await c.request<{ topics: Array<{ name: string; errorCode: number; partitions: MetaPartition[] }> }>(75, 0, { topics: [{ name: topic }], responsePartitionLimit: 100, cursor: null });
  expect(dtp.topics[0]!.errorCode).toBe(0);
  expect(dtp.topics[0]!.partitions[0]!).toMatchObject({ errorCode: 0, leaderId: -1, offlineReplicas: [1] });
}

async function describeLogDirTopics(c: KafkaTestClient): Promise<{ errorCode: number; topics: string[] }> {
  const res = await c.request<{ results: Array<{ errorCode: number; topics: Array<{ name: string }> }> }>(35, 4, { topics: null });
  expect(res.results.length).toBe(1);
  return { errorCode: res.results[0]!.errorCode, topics: res.results[0]!.topics.map((t) => t.name).sort() };
}

test("a corrupt partition after SIGKILL is offline; the broker starts and serves the others", async () => {
  broker = await startStrand();
  dataDir = broker.dataDir;
  let c = await KafkaTestClient.connect(broker.port);
  await createTopic(c, "bad", 1);
  await createTopic(c, "good", 1);
  for (let i = 0; i < 5; i++) {
    expect((await produce(c, "bad", 0, tenRecords(i))).errorCode).toBe(0);
    expect((await produce(c, "good", 0, tenRecords(i))).errorCode).toBe(0);
  }
  c.close();
  await broker.kill();

  // A flipped byte inside the first batch of bad-0, with four valid batches after it: corruption in
  // the middle of the log, which recovery must not truncate away.
  const segment = join(dataDir, "logs", "bad-0", "00000000000000000000.log");
  const bytes = readFileSync(segment);
  bytes[100]! ^= 0xff;
  writeFileSync(segment, bytes);

  broker = await startStrand({ dataDir });
  await waitForOutput(broker, /ERROR partition offline after recovery partition=bad-0 .*CRC mismatch/);
  c = await KafkaTestClient.connect(broker.port);

  // The healthy partition serves: everything acknowledged, and new appends.
  const fetched = await fetchOnce(c, "good", [{ partition: 0, offset: 0n }]);
  expect(fetched.partitions[0]!.errorCode).toBe(0);
  expect(batchViews(fetched.partitions[0]!.records).length).toBe(5);
  expect((await produce(c, "good", 0, tenRecords(7))).baseOffset).toBe(50n);

  await expectShownOffline(c, "bad");
  expect(await metadataPartition(c, "good", 12)).toMatchObject({ errorCode: 0, leaderId: 1, offlineReplicas: [] });
  // The metadata log is not listed (Kafka's LogManager does not hold it either).
  expect(await describeLogDirTopics(c)).toEqual({ errorCode: 0, topics: ["good"] });
  expect(await partitionErrors(c, "bad")).toEqual(ALL_STORAGE_ERRORS);
  expect(c.isClosed).toBe(false);

  // Creating a topic while a partition is offline answers success, and the new topic serves.
  await createTopic(c, "fresh", 1);
  expect((await produce(c, "fresh", 0, tenRecords(1))).errorCode).toBe(0);

  // The dir holds an offline partition: no clean-shutdown marker, the stop says so.
  expect(await broker.stop()).toBe(0);
  await waitForOutput(broker, /ERROR strand stopped; log dirs with offline partitions are not marked cleanly shut down/);
  expect(broker.output()).not.toContain("strand stopped cleanly");
  broker = null;
  expect(existsSync(join(dataDir, "logs", ".kafka_cleanshutdown"))).toBe(false);
  c.close();

  // Still offline at the next start (the data is kept); deleting its topic removes it.
  broker = await startStrand({ dataDir });
  c = await KafkaTestClient.connect(broker.port);
  await expectShownOffline(c, "bad");
  const del = await c.request<{ responses: Array<{ name: string; errorCode: number }> }>(20, 6, { topics: [{ name: "bad", topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], timeoutMs: 10_000 });
  expect(del.responses[0]!.errorCode).toBe(0);
  expect(existsSync(join(dataDir, "logs", "bad-0"))).toBe(false);
  expect(await broker.stop()).toBe(0);
  broker = null;
  expect(existsSync(join(dataDir, "logs", ".kafka_cleanshutdown"))).toBe(true);
  c.close();
}, 60_000);

test("CreateTopics answers success when the log cannot be created; the partition is offline", async () => {
  broker = await startStrand();
  dataDir = broker.dataDir;
  // A plain file where the partition's directory must go: mkdir fails as on a broken disk.
  writeFileSync(join(dataDir, "logs", "blocked-0"), "not a directory\n");
  const c = await KafkaTestClient.connect(broker.port);
  await createTopic(c, "blocked", 1);
  await createTopic(c, "other", 1);
  await expectShownOffline(c, "blocked");
  await waitForOutput(broker, /ERROR partition offline.* partition=blocked-0 /);
  expect(await partitionErrors(c, "blocked")).toEqual(ALL_STORAGE_ERRORS);
  expect((await produce(c, "other", 0, tenRecords(1))).errorCode).toBe(0);
  expect(c.isClosed).toBe(false);
  c.close();
}, 60_000);

test("a corrupt __consumer_offsets partition leaves the broker up and the other groups' offsets served", async () => {
  const overrides = { "offsets.topic.num.partitions": 3 };
  broker = await startStrand({ overrides });
  dataDir = broker.dataDir;
  let c = await KafkaTestClient.connect(broker.port);
  await createTopic(c, "t", 1);
  // Two groups on different partitions of __consumer_offsets.
  const groups = ["g-a", "g-b", "g-c", "g-d", "g-e", "g-f"];
  const bad = groups[0]!;
  const good = groups.find((g) => partitionForGroup(g, 3) !== partitionForGroup(bad, 3))!;
  const commit = (group: string, offset: bigint) =>
    c.request<{ topics: Array<{ partitions: Array<{ errorCode: number }> }> }>(8, 8, {
      groupId: group,
      generationIdOrMemberEpoch: -1,
      memberId: "",
      topics: [{ name: "t", partitions: [{ partitionIndex: 0, committedOffset: offset, committedLeaderEpoch: -1, committedMetadata: null }] }],
    });
  for (const offset of [1n, 2n, 3n]) {
    for (const g of [bad, good]) expect((await commit(g, offset)).topics[0]!.partitions[0]!.errorCode).toBe(0);
  }
  c.close();
  await broker.kill();

  const segment = join(dataDir, "logs", `__consumer_offsets-${partitionForGroup(bad, 3)}`, "00000000000000000000.log");
  const bytes = readFileSync(segment);
  bytes[70]! ^= 0xff;
  writeFileSync(segment, bytes);

  broker = await startStrand({ dataDir, overrides });
  await waitForOutput(broker, new RegExp(`ERROR partition offline after recovery partition=__consumer_offsets-${partitionForGroup(bad, 3)} `));
  c = await KafkaTestClient.connect(broker.port);
  const f = await c.request<{ groups: Array<{ topics: Array<{ partitions: Array<{ committedOffset: bigint }> }> }> }>(9, 8, {
    groups: [{ groupId: good, memberId: null, memberEpoch: -1, topics: [{ name: "t", partitionIndexes: [0] }] }],
    requireStable: false,
  });
  expect(f.groups[0]!.topics[0]!.partitions[0]!.committedOffset).toBe(3n);
  expect((await commit(good, 4n)).topics[0]!.partitions[0]!.errorCode).toBe(0);
  expect(c.isClosed).toBe(false);
  c.close();
}, 60_000);
