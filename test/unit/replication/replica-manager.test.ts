// ReplicaManager: appendRecords with acks 0 / 1 / -1 and DelayedProduce (completed by the high
// watermark's move, REQUEST_TIMED_OUT on the purgatory's fake clock, KAFKA_STORAGE_ERROR when the
// partition goes offline while waiting), fetchMessages with DelayedFetch (completed by an append and by
// its max wait), and applyDelta creating, deleting and offlining partitions. Syncs go through a
// durability seam settled by hand; time is a FakeClock; nothing sleeps.
import { afterEach, expect, test } from "bun:test";
import { BrokerConfig } from "../../../src/config/broker-config.ts";
import type { MetadataImage } from "../../../src/metadata/image.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import type { FetchParams } from "../../../src/replication/fetch-read.ts";
import { ReplicaManager, type PartitionAppendResult } from "../../../src/replication/replica-manager.ts";
import { createLogger } from "../../../src/util/log.ts";
import { FakeClock, Timer } from "../../../src/util/purgatory/index.ts";
import { LogManager } from "../../../src/storage/log-manager.ts";
import type { Log } from "../../../src/storage/log.ts";
import { tempDir } from "../storage/helpers.ts";
import { entry, imageOf, ManualDurability, NODE_ID, settleMicrotasks } from "./helpers.ts";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
}, 120_000);

interface Setup {
  rm: ReplicaManager;
  logs: LogManager;
  clock: FakeClock;
  durability: Map<string, ManualDurability>;
  publish(image: MetadataImage): void;
}

function setup(opts: { fsync?: boolean; topics?: Parameters<typeof imageOf>[0] } = {}): Setup {
  const dir = tempDir("strand-rm-");
  const config = BrokerConfig.from(new Map(), Object.entries({
    "node.id": String(NODE_ID),
    "log.dirs": dir.path,
    "process.roles": "broker,controller",
    "controller.quorum.voters": "1@127.0.0.1:9093",
    listeners: "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0",
    "controller.listener.names": "CONTROLLER",
    "strand.log.fsync.before.ack": String(opts.fsync ?? false),
  }));
  const logs = LogManager.open({ logDirs: [dir.path], nodeId: NODE_ID, clusterId: "AAAAAAAAAAAAAAAAAAAAAA" });
  const clock = new FakeClock(0);
  const durability = new Map<string, ManualDurability>();
  const rm = new ReplicaManager({
    nodeId: NODE_ID,
    config,
    logs,
    logger: createLogger("error"),
    timer: new Timer({ clock }),
    durabilityOf: (log: Log) => {
      const d = new ManualDurability();
      durability.set(log.name, d);
      return d;
    },
  });
  cleanups.push(() => dir.cleanup(), () => logs.close().then(() => undefined), () => rm.shutdown());
  let current: MetadataImage | null = null;
  const publish = (image: MetadataImage): void => {
    rm.applyDelta({ before: current, after: image, configChanged: "all" });
    current = image;
  };
  publish(imageOf(opts.topics ?? [{ name: "t", partitions: 2 }]));
  return { rm, logs, clock, durability, publish };
}

function fetchParams(partitions: Array<{ topic: string; partition: number; offset: bigint }>, maxWaitMs = 10_000, minBytes = 1): FetchParams {
  return {
    partitions: partitions.map((p) => ({ key: `${p.topic}:${p.partition}`, topic: p.topic, partition: p.partition, fetchOffset: p.offset, maxBytes: 1 << 20, currentLeaderEpoch: -1, unknownTopicId: false })),
    maxBytes: 1 << 20,
    minBytes,
    maxWaitMs,
  };
}

test("acks 0, 1 and -1 without fsync-before-ack answer at once with the offsets", () => {
  const { rm } = setup();
  for (const acks of [0, 1, -1]) {
    const r = rm.appendRecords([entry("t", 0, 3), entry("t", 1, 2)], acks, 30_000, "client");
    expect(r).toBeArray();
    const [a, b] = r as PartitionAppendResult[];
    expect(a).toMatchObject({ errorCode: 0, logStartOffset: 0 });
    expect(b!.errorCode).toBe(0);
  }
  expect(rm.partition("t", 0)!.highWatermark).toBe(9);
  expect(rm.partition("t", 1)!.highWatermark).toBe(6);
  expect(rm.delayedProduceCount).toBe(0);
});

test("acks=-1 under fsync-before-ack waits in DelayedProduce until the high watermark passes the batch", async () => {
  const { rm, durability } = setup({ fsync: true });
  const pending = rm.appendRecords([entry("t", 0, 3), entry("t", 1, 2)], -1, 30_000, "client");
  expect(pending).toBeInstanceOf(Promise);
  expect(rm.delayedProduceCount).toBe(1);
  let answered = false;
  void (pending as Promise<unknown>).then(() => (answered = true));
  durability.get("t-0")!.reach(3);
  await settleMicrotasks();
  expect(answered).toBe(false); // t-1 is not durable yet
  expect(rm.partition("t", 0)!.highWatermark).toBe(3);
  durability.get("t-1")!.reach(2);
  const [a, b] = await pending;
  expect(a).toMatchObject({ errorCode: 0, baseOffset: 0 });
  expect(b).toMatchObject({ errorCode: 0, baseOffset: 0 });
  expect(rm.delayedProduceCount).toBe(0);
});

test("a produce waiting for its sync when the leader moves to none (controlled shutdown) succeeds once durable; to another broker it fails", async () => {
  const { rm, durability, publish } = setup({ fsync: true });
  const pending = rm.appendRecords([entry("t", 0, 3), entry("t", 1, 2)], -1, 30_000, "client") as Promise<PartitionAppendResult[]>;
  // The only replica shuts down: no leader for t-0 (its records stay here), broker 2 for t-1.
  const image = imageOf([{ name: "t", partitions: 2, leader: -1, leaderEpoch: 1 }]);
  const t1 = image.topicsByName.get("t")!.partitions[1]!;
  (image.topicsByName.get("t")!.partitions as unknown as Array<typeof t1>)[1] = { ...t1, leader: 2, replicas: [NODE_ID, 2], isr: [NODE_ID, 2] };
  publish(image);
  durability.get("t-0")!.reach(3);
  durability.get("t-1")!.reach(2);
  const [a, b] = await pending;
  expect(a).toMatchObject({ errorCode: 0, baseOffset: 0 });
  expect(b!.errorCode).toBe(ErrorCode.NOT_LEADER_OR_FOLLOWER);
  // New produces to the leaderless partition are refused, as Kafka's.
  const r = rm.appendRecords([entry("t", 0, 1)], -1, 30_000, "client") as PartitionAppendResult[];
  expect(r[0]!.errorCode).toBe(ErrorCode.NOT_LEADER_OR_FOLLOWER);
});

test("leaderless partitions of one produce: a wake by the first one's sync does not fail the other before its own", async () => {
  const { rm, durability, publish } = setup({ fsync: true });
  const pending = rm.appendRecords([entry("t", 0, 3), entry("t", 1, 2)], -1, 30_000, "client") as Promise<PartitionAppendResult[]>;
  publish(imageOf([{ name: "t", partitions: 2, leader: -1, leaderEpoch: 1 }]));
  durability.get("t-1")!.reach(2); // wakes the produce while t-0 still waits for its sync
  await settleMicrotasks();
  durability.get("t-0")!.reach(3);
  const [a, b] = await pending;
  expect([a!.errorCode, b!.errorCode]).toEqual([0, 0]);
});

test("acks=1 under fsync-before-ack does not wait for the sync", () => {
  const { rm } = setup({ fsync: true });
  const r = rm.appendRecords([entry("t", 0, 3)], 1, 30_000, "client");
  expect(r).toBeArray();
  expect((r as PartitionAppendResult[])[0]!.errorCode).toBe(0);
  expect(rm.partition("t", 0)!.highWatermark).toBe(0);
});

test("a delayed produce times out on the purgatory's clock: REQUEST_TIMED_OUT only for what is still pending", async () => {
  const { rm, clock, durability } = setup({ fsync: true });
  const pending = rm.appendRecords([entry("t", 0, 1), entry("t", 1, 1)], -1, 1000, "client") as Promise<PartitionAppendResult[]>;
  durability.get("t-0")!.reach(1);
  await settleMicrotasks();
  clock.advance(999);
  expect(rm.delayedProduceCount).toBe(1);
  clock.advance(2);
  const [a, b] = await pending;
  expect(a!.errorCode).toBe(0);
  expect(b!.errorCode).toBe(ErrorCode.REQUEST_TIMED_OUT);
  expect(b!.baseOffset).toBe(-1);
  expect(b!.detail).toBe("t-1: timed out waiting for the high watermark to reach 1");
});

test("a partition that goes offline while its produce waits answers KAFKA_STORAGE_ERROR at once", async () => {
  const { rm, logs, durability } = setup({ fsync: true });
  const pending = rm.appendRecords([entry("t", 0, 1)], -1, 60_000, "client") as Promise<PartitionAppendResult[]>;
  logs.getLog({ topic: "t", partition: 0 })!.takeOffline(new Error("EIO"));
  durability.get("t-0")!.failAll(new Error("EIO"));
  const [a] = await pending;
  expect(a!.errorCode).toBe(ErrorCode.KAFKA_STORAGE_ERROR);
  // The broker's log names the error, not a guess at its cause.
  expect(a!.detail).toBe("t-0: KAFKA_STORAGE_ERROR while waiting for the high watermark to reach 1");
});

test("unknown, not-led and internal partitions get Kafka's errors; a coordinator may append internal topics", () => {
  const { rm } = setup({ topics: [{ name: "t", partitions: 1 }, { name: "other", partitions: 1, leader: 2 }, { name: "__consumer_offsets", partitions: 1 }] });
  const r = rm.appendRecords([entry("nope", 0, 1), entry("t", 5, 1), entry("other", 0, 1), entry("__consumer_offsets", 0, 1)], 1, 1000, "client") as PartitionAppendResult[];
  expect(r.map((x) => x.errorCode)).toEqual([ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, ErrorCode.NOT_LEADER_OR_FOLLOWER, ErrorCode.INVALID_TOPIC_EXCEPTION]);
  const c = rm.appendRecords([entry("__consumer_offsets", 0, 1)], -1, 1000, "coordinator") as PartitionAppendResult[];
  expect(c[0]!.errorCode).toBe(0);
});

test("a delayed fetch is completed by an append to a partition it watches", async () => {
  const { rm } = setup();
  const pending = rm.fetchMessages(fetchParams([{ topic: "t", partition: 0, offset: 0n }, { topic: "t", partition: 1, offset: 0n }]));
  expect(pending).toBeInstanceOf(Promise);
  expect(rm.delayedFetchCount).toBe(1);
  rm.appendRecords([entry("t", 1, 4)], 1, 1000, "client");
  const r = await pending;
  expect(r.totalBytes).toBeGreaterThan(0);
  expect(r.results.get("t:1")!.highWatermark).toBe(4n);
  expect(r.results.get("t:0")!.sizeBytes).toBe(0);
  expect(rm.delayedFetchCount).toBe(0);
});

test("a delayed fetch answers empty at its max wait", async () => {
  const { rm, clock } = setup();
  const pending = rm.fetchMessages(fetchParams([{ topic: "t", partition: 0, offset: 0n }], 500));
  clock.advance(499);
  expect(rm.delayedFetchCount).toBe(1);
  clock.advance(2);
  const r = await pending;
  expect(r.totalBytes).toBe(0);
  expect(r.results.get("t:0")!.errorCode).toBe(0);
});

test("a fetch reads up to the high watermark and never moves it; the high watermark's move completes the fetch", async () => {
  const { rm, durability } = setup({ fsync: true });
  rm.appendRecords([entry("t", 0, 2)], 1, 1000, "client");
  const first = rm.fetchMessages(fetchParams([{ topic: "t", partition: 0, offset: 0n }], 0));
  expect(first).not.toBeInstanceOf(Promise);
  expect((first as Awaited<typeof first>).totalBytes).toBe(0);
  expect(rm.partition("t", 0)!.highWatermark).toBe(0);
  const waiting = rm.fetchMessages(fetchParams([{ topic: "t", partition: 0, offset: 0n }]));
  expect(rm.partition("t", 0)!.highWatermark).toBe(0);
  durability.get("t-0")!.reach(2);
  const r = await waiting;
  expect(r.results.get("t:0")!.highWatermark).toBe(2n);
  expect(r.totalBytes).toBeGreaterThan(0);
});

test("applyDelta creates the logs and Partitions of new partitions, deletes those that go, and wakes their waiters", async () => {
  const { rm, logs, publish } = setup({ topics: [{ name: "t", partitions: 1 }] });
  expect(rm.partition("u", 0)).toBeUndefined();
  publish(imageOf([{ name: "t", partitions: 1 }, { name: "u", partitions: 2, leaderEpoch: 5 }]));
  expect(rm.partition("u", 1)!.leaderEpoch).toBe(5);
  expect(logs.getLog({ topic: "u", partition: 1 })).toBeDefined();
  const waiting = rm.fetchMessages(fetchParams([{ topic: "u", partition: 0, offset: 0n }]));
  expect(rm.delayedFetchCount).toBe(1);
  publish(imageOf([{ name: "t", partitions: 1 }])); // u deleted
  expect(rm.partition("u", 0)).toBeUndefined();
  expect(logs.getLog({ topic: "u", partition: 0 })).toBeUndefined();
  const r = await waiting;
  expect(r.results.get("u:0")!.errorCode).toBe(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
  expect(rm.getPartitionOrError("t", 0)).toHaveProperty("leaderEpoch", 0);
});

test("an offline partition answers KAFKA_STORAGE_ERROR, is not recreated by later deltas, and goes with its topic", () => {
  const { rm, logs, publish } = setup({ topics: [{ name: "t", partitions: 1 }] });
  const log = logs.getLog({ topic: "t", partition: 0 })!;
  log.takeOffline(new Error("EIO"));
  expect(rm.getPartitionOrError("t", 0)).toMatchObject({ errorCode: ErrorCode.KAFKA_STORAGE_ERROR });
  publish(imageOf([{ name: "t", partitions: 1 }, { name: "v", partitions: 1 }]));
  expect(logs.isOffline({ topic: "t", partition: 0 })).toBe(true);
  expect(rm.getPartitionOrError("t", 0)).toMatchObject({ errorCode: ErrorCode.KAFKA_STORAGE_ERROR });
  expect((rm.appendRecords([entry("t", 0, 1)], 1, 1000, "client") as PartitionAppendResult[])[0]!.errorCode).toBe(ErrorCode.KAFKA_STORAGE_ERROR);
  publish(imageOf([{ name: "v", partitions: 1 }]));
  expect(logs.isOffline({ topic: "t", partition: 0 })).toBe(false);
  expect(rm.getPartitionOrError("t", 0)).toMatchObject({ errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION });
});

test("shutdown answers waiting produces REQUEST_TIMED_OUT and waiting fetches with what they have", async () => {
  const { rm } = setup({ fsync: true });
  const produce = rm.appendRecords([entry("t", 0, 1)], -1, 60_000, "client") as Promise<PartitionAppendResult[]>;
  const fetch = rm.fetchMessages(fetchParams([{ topic: "t", partition: 1, offset: 0n }]));
  rm.shutdown();
  expect((await produce)[0]!.errorCode).toBe(ErrorCode.REQUEST_TIMED_OUT);
  expect((await fetch).totalBytes).toBe(0);
  await settleMicrotasks();
});
