// The follower's replica fetcher (ReplicaFetcherManager / ReplicaFetcherThread / RemoteLeaderEndPoint)
// against an in-process fake leader (fake-leader.ts) over a MemoryTransport, on a FakeClock: what it
// sends (Fetch at the highest common version with ReplicaState, Kafka's replica.fetch.* values), the
// batches it appends (offsets, epochs and bytes as the leader's), the high watermark and log start it
// takes from the leader, truncation on a diverging epoch, OFFSET_OUT_OF_RANGE handling through
// ListOffsets, a fence, back-off after errors, and the wiring through ReplicaManager.applyDelta
// (leader change, becoming leader). Nothing sleeps; the follower's logs are real, in a temp dir.
import { afterEach, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BrokerConfig } from "../../../src/config/broker-config.ts";
import type { MetadataImage } from "../../../src/metadata/image.ts";
import { MemoryTransport } from "../../../src/network/memory-transport.ts";
import { DEFAULT_NETWORK_CLIENT_CONFIG, NetworkClient } from "../../../src/network/network-client.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { Partition, type PartitionHost } from "../../../src/replication/partition.ts";
import { ReplicaFetcherManager } from "../../../src/replication/replica-fetcher-manager.ts";
import { ReplicaManager } from "../../../src/replication/replica-manager.ts";
import { LogManager } from "../../../src/storage/log-manager.ts";
import type { Log } from "../../../src/storage/log.ts";
import type { LogConfig } from "../../../src/storage/log-config.ts";
import { InvalidBatchError } from "../../../src/storage/errors.ts";
import { createLogger } from "../../../src/util/log.ts";
import { FakeClock } from "../../../src/util/purgatory/fake-clock.ts";
import { Timer } from "../../../src/util/purgatory/index.ts";
import { tempDir } from "../storage/helpers.ts";
import { FakeLeader, leaderBatch, settle } from "./fake-leader.ts";
import { buildRecordBatch } from "../../../src/protocol/records/index.ts";
import { entry, imageOf, NODE_ID } from "./helpers.ts";

const TOPIC = "t";
const LEADER_ID = 3;
const BACKOFF_MS = 1_000;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
}, 120_000);

function followerImage(leader: number, leaderEpoch: number, partitionEpoch = leaderEpoch): MetadataImage {
  const base = imageOf([{ name: TOPIC, partitions: 1, leader, leaderEpoch }]);
  const t = base.topicsByName.get(TOPIC)!;
  const p = { ...t.partitions[0]!, replicas: [NODE_ID, LEADER_ID, 4], isr: [NODE_ID, LEADER_ID, 4], partitionEpoch };
  const topic = { ...t, partitions: [p] };
  const endpoint = (id: number) => ({ nodeId: id, incarnationId: "", brokerEpoch: 7n, endpoints: [{ name: "PLAINTEXT", host: `b${id}`, port: 9092 }], rack: null, fenced: false, inControlledShutdown: false });
  return { ...base, topicsByName: new Map([[TOPIC, topic]]), topicsById: new Map([[topic.topicId, topic]]), brokers: new Map([LEADER_ID, 4].map((id) => [id, endpoint(id)])) };
}

function openLog(config: Partial<LogConfig> = {}): { logs: LogManager; log: Log; dir: string } {
  const dir = tempDir("strand-fetcher-");
  const logs = LogManager.open({ logDirs: [dir.path], nodeId: NODE_ID, clusterId: "AAAAAAAAAAAAAAAAAAAAAA" });
  cleanups.push(() => dir.cleanup(), () => logs.close().then(() => undefined));
  return { logs, log: logs.getOrCreateLog({ topic: TOPIC, partition: 0 }, config), dir: dir.path };
}

function fetcherManager(clock: FakeClock, net: MemoryTransport, host: { partition(t: string, p: number): Partition | undefined }, partitionMaxBytes = 1 << 20): ReplicaFetcherManager {
  const m = new ReplicaFetcherManager({
    brokerId: NODE_ID,
    brokerEpoch: () => 42n,
    numFetchers: 1,
    fetch: { maxWaitMs: 500, minBytes: 1, responseMaxBytes: 10 << 20, partitionMaxBytes, socketTimeoutMs: 30_000 },
    backoffMs: BACKOFF_MS,
    newClient: (clientId) => new NetworkClient({ ...DEFAULT_NETWORK_CLIENT_CONFIG, clientId, maxInFlightRequestsPerConnection: 1 }, net.forNode("follower"), clock, () => 0.5),
    host,
    clock,
    logger: createLogger("error"),
  });
  cleanups.push(() => m.shutdown());
  return m;
}

/** A follower Partition of TOPIC-0 led by LEADER_ID, its fetcher manager, and the fake leader. */
function setup(opts: { partitionMaxBytes?: number } = {}) {
  const clock = new FakeClock(1_000);
  const net = new MemoryTransport(clock);
  const { log, dir } = openLog();
  const woken: string[] = [];
  const host: PartitionHost = { brokerFsyncBeforeAck: () => false, tryCompleteDelayedRequests: (x) => woken.push(x.watchKey) };
  const p = new Partition(log, host, "t\u00000");
  const image = followerImage(LEADER_ID, 1);
  p.applyAssignment(image.topicsByName.get(TOPIC)!.partitions[0]!, NODE_ID);
  const leader = new FakeLeader(net, LEADER_ID, `b${LEADER_ID}`, 9092, TOPIC, p.topicId);
  const fm = fetcherManager(clock, net, { partition: () => p }, opts.partitionMaxBytes);
  const start = (epoch = 1) => fm.addFetcherForPartitions([{ topic: TOPIC, topicId: p.topicId, partition: 0, currentLeaderEpoch: epoch, initOffset: p.latestEpoch >= 0 ? p.logEndOffset : p.highWatermark, leader: { id: LEADER_ID, host: `b${LEADER_ID}`, port: 9092 } }]);
  return { clock, net, log, dir, p, leader, fm, start, woken };
}

const segmentBytes = (dir: string) => new Uint8Array(readFileSync(join(dir, `${TOPIC}-0`, "00000000000000000000.log")));
const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of parts) {
    out.set(b, at);
    at += b.length;
  }
  return out;
};

test("a follower appends the leader's batches as they are (offsets, epochs, bytes) and takes its high watermark and log start", async () => {
  const s = setup();
  s.leader.append(5, 1);
  s.leader.append(5, 2);
  s.leader.highWatermark = 8;
  s.start(2);
  await settle(s.clock);
  expect(s.p.logEndOffset).toBe(10);
  expect(s.p.highWatermark).toBe(8);
  expect(s.log.epochs.all).toEqual([
    { epoch: 1, startOffset: 0 },
    { epoch: 2, startOffset: 5 },
  ]);
  expect(segmentBytes(s.dir)).toEqual(concat(s.leader.batches.map((b) => b.bytes)));
  // What the first fetch carried: Kafka's replica fields at the highest common version.
  const first = s.leader.fetches[0]!;
  expect(first.version).toBe(18);
  expect(first.clientId).toBe(`broker-${NODE_ID}-fetcher-0`);
  expect(first.body).toMatchObject({ replicaId: -1, replicaState: { replicaId: NODE_ID, replicaEpoch: 42n }, maxWaitMs: 500, minBytes: 1, maxBytes: 10 << 20, isolationLevel: 0, sessionId: 0, sessionEpoch: 0 });
  const fp = (first.body.topics as Array<{ topicId: string; partitions: Array<Record<string, unknown>> }>)[0]!;
  expect(fp.topicId).toBe(s.p.topicId);
  expect(fp.partitions[0]).toMatchObject({ partition: 0, currentLeaderEpoch: 2, fetchOffset: 0n, lastFetchedEpoch: -1, logStartOffset: 0n, partitionMaxBytes: 1 << 20 });
  // Caught up: the next fetch names the last fetched epoch and waits at the leader (held).
  const last = s.leader.fetches[s.leader.fetches.length - 1]!;
  expect((last.body.topics as Array<{ partitions: Array<Record<string, unknown>> }>)[0]!.partitions[0]).toMatchObject({ fetchOffset: 10n, lastFetchedEpoch: 2 });

  // The leader's high watermark and log start move (DeleteRecords): the follower's follow.
  s.leader.highWatermark = 10;
  s.leader.logStartOffset = 3;
  s.leader.append(2, 2);
  s.leader.release();
  await settle(s.clock);
  expect(s.p.logEndOffset).toBe(12);
  expect(s.p.logStartOffset).toBe(3);
  expect(s.p.highWatermark).toBe(10);
  expect(s.woken.length).toBeGreaterThan(0);
  // A follower does not apply the leader's rule: nothing moves its high watermark to its log end.
  s.p.maybeIncrementHighWatermark();
  expect(s.p.highWatermark).toBe(10);
  expect(() => s.p.appendRecordsToLeader(leaderBatch(0, 1, 2).bytes, { producerId: -1n, producerEpoch: -1, baseSequence: -1, lastOffsetDelta: 0 }, Date.now(), false)).toThrow(/led by 3/);
});

test("appendRecordsToFollower: the leader's max.message.bytes applies, not this replica's; CRC and offset order are checked", () => {
  const { log } = openLog({ maxMessageBytes: 80 });
  const host: PartitionHost = { brokerFsyncBeforeAck: () => false, tryCompleteDelayedRequests: () => {} };
  const p = new Partition(log, host, "t\u00000");
  p.applyAssignment(followerImage(LEADER_ID, 1).topicsByName.get(TOPIC)!.partitions[0]!, NODE_ID);
  const big = leaderBatch(0, 20, 1).bytes;
  expect(big.length).toBeGreaterThan(80);
  expect(p.appendRecordsToFollower(big, Date.now())).toMatchObject({ firstOffset: 0, lastOffset: 19, lastLeaderEpoch: 1 });
  // Below the log end: refused before a byte is written.
  expect(() => p.appendRecordsToFollower(leaderBatch(10, 2, 1).bytes, Date.now())).toThrow(InvalidBatchError);
  const corrupt = leaderBatch(20, 2, 1).bytes.slice();
  corrupt[corrupt.length - 1]! ^= 0xff;
  expect(() => p.appendRecordsToFollower(corrupt, Date.now())).toThrow(/CRC/);
  expect(p.logEndOffset).toBe(20);
  // A gap (compacted on the leader) is fine: offsets only go forward.
  expect(p.appendRecordsToFollower(leaderBatch(25, 1, 2).bytes, Date.now())).toMatchObject({ firstOffset: 25, lastLeaderEpoch: 2 });
  expect(p.logEndOffset).toBe(26);
});

test("a batch cut off at the end of a fetch answer is not appended; the next fetch brings it whole", async () => {
  const s = setup();
  s.leader.append(3, 1);
  s.leader.append(4, 1);
  s.leader.highWatermark = 7;
  s.leader.cutLastBatchBytes = 10;
  s.start();
  await settle(s.clock);
  expect(s.p.logEndOffset).toBe(7);
  expect(segmentBytes(s.dir)).toEqual(concat(s.leader.batches.map((b) => b.bytes)));
  const offsets = s.leader.fetches.map((f) => (f.body.topics as Array<{ partitions: Array<{ fetchOffset: bigint }> }>)[0]!.partitions[0]!.fetchOffset);
  expect(offsets.slice(0, 3)).toEqual([0n, 3n, 7n]);
});

test("a diverging epoch in the answer truncates to where the epochs agree, then the leader's batches follow", async () => {
  const s = setup();
  // This replica holds epoch 1 at 0-4 and epoch 2 at 5-9 (it led in epoch 2; those were never committed).
  s.log.append(concat([leaderBatch(0, 5, 1).bytes, leaderBatch(5, 5, 2, "lost").bytes]), { assignOffsets: false });
  s.p.updateFollowerHighWatermark(5);
  // The leader elected in epoch 3 kept 0-4 of epoch 1 and wrote 5-6 in epoch 3.
  s.leader.batches = [leaderBatch(0, 5, 1), leaderBatch(5, 2, 3, "kept")];
  s.leader.highWatermark = 7;
  s.start(3);
  await settle(s.clock);
  const first = (s.leader.fetches[0]!.body.topics as Array<{ partitions: Array<Record<string, unknown>> }>)[0]!.partitions[0]!;
  expect(first).toMatchObject({ fetchOffset: 10n, lastFetchedEpoch: 2, currentLeaderEpoch: 3 });
  const second = (s.leader.fetches[1]!.body.topics as Array<{ partitions: Array<Record<string, unknown>> }>)[0]!.partitions[0]!;
  expect(second).toMatchObject({ fetchOffset: 5n, lastFetchedEpoch: 1 });
  expect(s.p.logEndOffset).toBe(7);
  expect(s.p.highWatermark).toBe(7);
  expect(s.log.epochs.all).toEqual([
    { epoch: 1, startOffset: 0 },
    { epoch: 3, startOffset: 5 },
  ]);
  expect(segmentBytes(s.dir)).toEqual(concat(s.leader.batches.map((b) => b.bytes)));
});

test("a replica that led without appending drops its empty epoch on the diverging answer and fetches on (no endless truncation)", async () => {
  const s = setup();
  // Epoch 1 at 0-4; then this replica led in epoch 2 (assigned at its log end, 5) and appended nothing.
  s.log.append(leaderBatch(0, 5, 1).bytes, { assignOffsets: false });
  s.log.epochs.assign(2, 5);
  s.p.updateFollowerHighWatermark(5);
  // The leader of epoch 3 never saw epoch 2: for it epoch 1 ends at 5, exactly this replica's log end.
  s.leader.batches = [leaderBatch(0, 5, 1), leaderBatch(5, 2, 3, "next")];
  s.leader.highWatermark = 7;
  s.start(3);
  await settle(s.clock);
  const sent = s.leader.fetches.map((f) => (f.body.topics as Array<{ partitions: Array<Record<string, unknown>> }>)[0]!.partitions[0]!);
  expect(sent[0]).toMatchObject({ fetchOffset: 5n, lastFetchedEpoch: 2 });
  expect(sent[1]).toMatchObject({ fetchOffset: 5n, lastFetchedEpoch: 1 });
  expect(sent.length).toBeLessThan(10);
  expect(s.p.logEndOffset).toBe(7);
  expect(s.log.epochs.all).toEqual([
    { epoch: 1, startOffset: 0 },
    { epoch: 3, startOffset: 5 },
  ]);
});

test("OFFSET_OUT_OF_RANGE below the leader's log start: the log restarts empty at the leader's log start", async () => {
  const s = setup();
  s.log.append(leaderBatch(0, 3, 1).bytes, { assignOffsets: false });
  s.p.updateFollowerHighWatermark(3);
  s.leader.logStartOffset = 20;
  s.leader.batches = [leaderBatch(20, 5, 1)];
  s.leader.highWatermark = 25;
  s.start();
  await settle(s.clock);
  const apis = s.leader.node.received.map((r) => r.apiKey).filter((k) => k !== 18);
  // Fetch (out of range), ListOffsets latest, ListOffsets earliest, Fetch from 20.
  expect(apis.slice(0, 4)).toEqual([1, 2, 2, 1]);
  expect(s.p.logStartOffset).toBe(20);
  expect(s.p.logEndOffset).toBe(25);
  expect(s.p.highWatermark).toBe(25);
});

test("OFFSET_OUT_OF_RANGE above the leader's log end (an unclean election): truncate to the leader's log end", async () => {
  const s = setup();
  s.log.append(leaderBatch(0, 10, 1).bytes, { assignOffsets: false });
  s.leader.batches = [leaderBatch(0, 4, 1)];
  s.leader.highWatermark = 4;
  s.leader.leaderEpoch = 2;
  // No epoch the fetch could check divergence with: the leader sees offset 10 > its end 4.
  s.log.epochs.clear();
  s.start(2);
  await settle(s.clock);
  expect(s.p.logEndOffset).toBe(4);
  expect(s.p.highWatermark).toBe(4);
});

test("errors back off replica.fetch.backoff.ms: NOT_LEADER_OR_FOLLOWER, then a leader that is gone", async () => {
  const s = setup();
  s.leader.append(2, 1);
  s.leader.errorCode = ErrorCode.NOT_LEADER_OR_FOLLOWER;
  s.start();
  await settle(s.clock);
  expect(s.leader.fetches.length).toBe(1);
  s.clock.advance(BACKOFF_MS - 1);
  await settle(s.clock);
  expect(s.leader.fetches.length).toBe(1);
  s.clock.advance(1);
  await settle(s.clock);
  expect(s.leader.fetches.length).toBe(2);
  expect(s.p.logEndOffset).toBe(0);
  // The error clears: the next round after the back-off appends.
  s.leader.errorCode = 0;
  s.leader.highWatermark = 2;
  s.clock.advance(BACKOFF_MS);
  await settle(s.clock);
  expect(s.p.logEndOffset).toBe(2);
  // The leader goes away (its held fetch fails with the connection): the partition backs off, then
  // a round waits for a connection until the request times out (socket timeout + max wait), then backs
  // off again: a handful of rounds in a minute, not a spin.
  const fetcher = s.fm.fetcherOf(TOPIC, 0)!;
  s.net.unlisten(`b${LEADER_ID}`, 9092);
  await settle(s.clock);
  const before = fetcher.fetchCount;
  expect(fetcher.fetchState(TOPIC, 0)!.delayedUntilMs).toBe(s.clock.nowMs() + BACKOFF_MS);
  for (let t = 0; t < 60; t++) {
    s.clock.advance(1_000);
    await settle(s.clock, 3);
  }
  expect(fetcher.fetchCount - before).toBeGreaterThanOrEqual(1);
  expect(fetcher.fetchCount - before).toBeLessThanOrEqual(3);
  expect(s.p.logEndOffset).toBe(2);
});

test("FENCED_LEADER_EPOCH stops the partition until the metadata brings a new epoch", async () => {
  const s = setup();
  s.leader.append(2, 1);
  s.leader.highWatermark = 2;
  s.leader.errorCode = ErrorCode.FENCED_LEADER_EPOCH;
  s.start(1);
  await settle(s.clock);
  const fetcher = s.fm.fetcher(LEADER_ID, 0)!;
  expect(fetcher.isFailed(TOPIC, 0)).toBe(true);
  s.clock.advance(BACKOFF_MS * 5);
  await settle(s.clock);
  expect(s.leader.fetches.length).toBe(1);
  s.leader.errorCode = 0;
  s.start(2);
  await settle(s.clock);
  expect(fetcher.isFailed(TOPIC, 0)).toBe(false);
  expect(s.p.logEndOffset).toBe(2);
});

function replicaManagerSetup() {
  const clock = new FakeClock(1_000);
  const net = new MemoryTransport(clock);
  const dir = tempDir("strand-fetcher-rm-");
  const logs = LogManager.open({ logDirs: [dir.path], nodeId: NODE_ID, clusterId: "AAAAAAAAAAAAAAAAAAAAAA" });
  cleanups.push(() => dir.cleanup(), () => logs.close().then(() => undefined));
  const config = BrokerConfig.from(new Map(), Object.entries({ "node.id": String(NODE_ID), "log.dirs": dir.path, "process.roles": "broker", "controller.quorum.voters": "9@127.0.0.1:9093", listeners: "PLAINTEXT://127.0.0.1:0", "controller.listener.names": "CONTROLLER" }));
  const box: { fm: ReplicaFetcherManager | null } = { fm: null };
  const rm = new ReplicaManager({ nodeId: NODE_ID, config, logs, logger: createLogger("error"), timer: new Timer({ clock }), replicaFetchers: (host) => (box.fm = fetcherManager(clock, net, host)) });
  cleanups.push(() => rm.shutdown());
  return { clock, net, rm, fm: box.fm! };
}

test("in a controlled shutdown, a follower taken out of the ISR stops fetching (Kafka's applyLocalFollowersDelta)", async () => {
  const { clock, net, rm, fm } = replicaManagerSetup();
  const first = followerImage(LEADER_ID, 1);
  const leader = new FakeLeader(net, LEADER_ID, `b${LEADER_ID}`, 9092, TOPIC, first.topicsByName.get(TOPIC)!.topicId);
  leader.append(2, 1);
  leader.highWatermark = 2;
  rm.applyDelta({ before: null, after: first, configChanged: new Set() } as never);
  await settle(clock);
  expect(fm.fetcherOf(TOPIC, 0)).toBeDefined();
  // The same leader and epoch, ISR without this broker: still fetching unless shutting down.
  const withoutMe = (img: MetadataImage): MetadataImage => {
    const t = img.topicsByName.get(TOPIC)!;
    const topic = { ...t, partitions: [{ ...t.partitions[0]!, isr: [LEADER_ID, 4], partitionEpoch: t.partitions[0]!.partitionEpoch + 1 }] };
    return { ...img, topicsByName: new Map([[TOPIC, topic]]), topicsById: new Map([[topic.topicId, topic]]) };
  };
  rm.applyDelta({ before: first, after: withoutMe(first), configChanged: new Set() } as never);
  expect(fm.fetcherOf(TOPIC, 0)).toBeDefined();
  rm.beginControlledShutdown();
  rm.applyDelta({ before: first, after: withoutMe(withoutMe(first)), configChanged: new Set() } as never);
  expect(fm.fetcherOf(TOPIC, 0)).toBeUndefined();
  expect(fm.fetcherCount).toBe(0);
});

test("ReplicaManager.applyDelta: a follower fetches from its leader, moves with a leader change, and stops fetching once it leads", async () => {
  const { clock, net, rm, fm } = replicaManagerSetup();
  const first = followerImage(LEADER_ID, 1);
  const topicId = first.topicsByName.get(TOPIC)!.topicId;
  const l3 = new FakeLeader(net, LEADER_ID, `b${LEADER_ID}`, 9092, TOPIC, topicId);
  const l4 = new FakeLeader(net, 4, "b4", 9092, TOPIC, topicId);
  l3.append(3, 1);
  l3.highWatermark = 3;
  rm.applyDelta({ before: null, after: first, configChanged: new Set() } as never);
  await settle(clock);
  const p = rm.partition(TOPIC, 0)!;
  expect(p.isFollower).toBe(true);
  expect(p.logEndOffset).toBe(3);
  expect(fm.fetcher(LEADER_ID, 0)).toBeDefined();
  // Produce to a follower: NOT_LEADER_OR_FOLLOWER.
  const produced = await rm.appendRecords([entry(TOPIC, 0, 1)], 1, 1000, "client");
  expect(produced[0]!.errorCode).toBe(ErrorCode.NOT_LEADER_OR_FOLLOWER);

  // Leader 4 in epoch 2, with what 3 had and one batch more.
  l4.batches = [...l3.batches, leaderBatch(3, 2, 2)];
  l4.highWatermark = 5;
  l4.leaderEpoch = 2;
  rm.applyDelta({ before: first, after: followerImage(4, 2), configChanged: new Set() } as never);
  await settle(clock);
  expect(fm.fetcher(LEADER_ID, 0)).toBeUndefined();
  expect(fm.fetcher(4, 0)).toBeDefined();
  expect(p.logEndOffset).toBe(5);
  expect(p.highWatermark).toBe(5);
  const lastTo4 = l4.fetches[l4.fetches.length - 1]!;
  expect((lastTo4.body.topics as Array<{ partitions: Array<Record<string, unknown>> }>)[0]!.partitions[0]).toMatchObject({ currentLeaderEpoch: 2 });

  // This broker is elected in epoch 3: no fetcher left, and it takes produces from the log end.
  rm.applyDelta({ before: null, after: followerImage(NODE_ID, 3), configChanged: new Set() } as never);
  await settle(clock);
  expect(fm.fetcherCount).toBe(0);
  expect(p.isFollower).toBe(false);
  const led = await rm.appendRecords([entry(TOPIC, 0, 2)], 1, 1000, "client");
  expect(led[0]).toMatchObject({ errorCode: 0, baseOffset: 5 });
  expect(p.log.epochs.all.map((e) => e.epoch)).toEqual([1, 2, 3]);
});

test("producer state follows the fetched batches: after an election this replica dedupes a retry and knows an open transaction", () => {
  const { log } = openLog();
  const host: PartitionHost = { brokerFsyncBeforeAck: () => false, tryCompleteDelayedRequests: () => {} };
  const p = new Partition(log, host, "t\u00000");
  p.applyAssignment(followerImage(LEADER_ID, 1).topicsByName.get(TOPIC)!.partitions[0]!, NODE_ID);
  const values = (n: number) => Array.from({ length: n }, (_, i) => ({ value: new TextEncoder().encode(`p${i}`) }));
  const idempotent = buildRecordBatch({ baseOffset: 0n, partitionLeaderEpoch: 1, producerId: 5n, producerEpoch: 0, baseSequence: 0, records: values(3) });
  const txn = buildRecordBatch({ baseOffset: 3n, partitionLeaderEpoch: 1, producerId: 6n, producerEpoch: 0, baseSequence: 0, isTransactional: true, records: values(2) });
  p.appendRecordsToFollower(idempotent, Date.now());
  p.appendRecordsToFollower(txn, Date.now());
  p.updateFollowerHighWatermark(5);
  expect(p.lastStableOffset).toBe(3); // the open transaction holds the LSO at its first offset
  // Elected: the producer's retry of its batch is a duplicate answered with the original offsets.
  p.applyAssignment(followerImage(NODE_ID, 2).topicsByName.get(TOPIC)!.partitions[0]!, NODE_ID);
  const retry = buildRecordBatch({ producerId: 5n, producerEpoch: 0, baseSequence: 0, records: values(3) });
  const r = p.appendRecordsToLeader(retry, { producerId: 5n, producerEpoch: 0, baseSequence: 0, lastOffsetDelta: 2 }, Date.now(), false);
  expect(r).toMatchObject({ duplicate: true, firstOffset: 0, endOffset: 3 });
  expect(p.logEndOffset).toBe(5);
  // A non-transactional write by the transactional producer while its transaction is open is refused.
  const outside = buildRecordBatch({ producerId: 6n, producerEpoch: 0, baseSequence: 2, records: values(1) });
  expect(() => p.appendRecordsToLeader(outside, { producerId: 6n, producerEpoch: 0, baseSequence: 2, lastOffsetDelta: 0 }, Date.now(), false)).toThrow();
});

test("a replica with no leader epoch known locally truncates to its high watermark before fetching (Kafka's Truncating state)", async () => {
  const s = setup();
  s.log.append(concat([leaderBatch(0, 3, 1).bytes, leaderBatch(3, 2, 1, "old").bytes]), { assignOffsets: false });
  s.p.updateFollowerHighWatermark(3);
  s.log.epochs.clear();
  s.leader.batches = [leaderBatch(0, 3, 1)];
  s.leader.append(4, 2, "new");
  s.leader.highWatermark = 7;
  s.start(2);
  await settle(s.clock);
  const first = (s.leader.fetches[0]!.body.topics as Array<{ partitions: Array<Record<string, unknown>> }>)[0]!.partitions[0]!;
  expect(first).toMatchObject({ fetchOffset: 3n, lastFetchedEpoch: -1 });
  expect(s.p.logEndOffset).toBe(7);
  expect(segmentBytes(s.dir)).toEqual(concat(s.leader.batches.map((b) => b.bytes)));
});

test("the leader's log start inside a batch: the emptied log restarts at that batch's base offset (Kafka's UnexpectedAppendOffset case)", async () => {
  const s = setup();
  s.leader.logStartOffset = 22;
  s.leader.batches = [leaderBatch(20, 5, 1), leaderBatch(25, 2, 1)];
  s.leader.highWatermark = 27;
  s.start();
  await settle(s.clock);
  expect(s.p.logEndOffset).toBe(27);
  expect(s.p.logStartOffset).toBe(22);
  expect(s.p.highWatermark).toBe(27);
});

test("an incremental fetch session: a full request opens it, later ones carry only what changed, a lost session starts over with a full request", async () => {
  const s = setup();
  s.leader.sessions = true;
  s.leader.append(3, 1);
  s.leader.highWatermark = 3;
  s.start();
  await settle(s.clock);
  expect(s.p.logEndOffset).toBe(3);
  type Req = { sessionId: number; sessionEpoch: number; topics: Array<{ partitions: Array<{ fetchOffset: bigint }> }>; forgottenTopicsData: unknown[] };
  const reqs = () => s.leader.fetches.map((f) => f.body as unknown as Req);
  // Full (epoch 0) opened session 7; the next request, at epoch 1, sends the partition (its offset moved).
  expect(reqs()[0]).toMatchObject({ sessionId: 0, sessionEpoch: 0 });
  expect(reqs()[1]).toMatchObject({ sessionId: 7, sessionEpoch: 1 });
  expect(reqs()[1]!.topics[0]!.partitions[0]!.fetchOffset).toBe(3n);
  // Nothing new: the held fetch is answered empty; the next request carries no partition at all.
  const n = reqs().length;
  s.leader.release();
  await settle(s.clock);
  expect(reqs().length).toBe(n + 1);
  expect(reqs()[n]).toMatchObject({ sessionId: 7, sessionEpoch: 2, topics: [], forgottenTopicsData: [] });
  // New records reach the follower through the session.
  s.leader.append(2, 1);
  s.leader.highWatermark = 5;
  s.leader.release();
  await settle(s.clock);
  expect(s.p.logEndOffset).toBe(5);
  expect(s.p.highWatermark).toBe(5);
  // The leader forgets the session: FETCH_SESSION_ID_NOT_FOUND, then at once a full request (id 0, epoch 0).
  s.leader.forgetSession();
  s.leader.append(1, 1);
  s.leader.highWatermark = 6;
  s.leader.release();
  await settle(s.clock);
  expect(s.p.logEndOffset).toBe(6);
  const fulls = reqs().filter((r) => r.sessionEpoch === 0);
  expect(fulls.length).toBe(2);
  expect(fulls[1]).toMatchObject({ sessionId: 0 });
});

test("shutdown stops the fetchers at once, though a fetch waits at the leader, and closes their connections", async () => {
  const s = setup();
  s.leader.append(2, 1);
  s.leader.highWatermark = 2;
  s.start();
  await settle(s.clock);
  expect(s.p.logEndOffset).toBe(2);
  expect(s.net.openLinks).toBe(1); // the caught-up fetch is held by the leader
  let done = false;
  const stopping = s.fm.shutdown().then(() => (done = true));
  await settle(s.clock, 5);
  expect(done).toBe(true);
  await stopping;
  expect(s.fm.fetcherCount).toBe(0);
  expect(s.net.openLinks).toBe(0);
  // Nothing fetches any more, whatever the leader does.
  const n = s.leader.fetches.length;
  s.leader.append(1, 1);
  s.leader.release();
  s.clock.advance(10_000);
  await settle(s.clock);
  expect(s.leader.fetches.length).toBe(n);
  expect(s.p.logEndOffset).toBe(2);
});

test("a leader's answer with an offset no log can hold is dropped and retried, never applied", async () => {
  const s = setup();
  s.leader.append(2, 1);
  s.leader.highWatermark = -5;
  s.start();
  await settle(s.clock);
  expect(s.p.logEndOffset).toBe(0);
  expect(s.p.highWatermark).toBe(0);
  s.leader.highWatermark = 2;
  s.clock.advance(BACKOFF_MS);
  await settle(s.clock);
  expect(s.p.logEndOffset).toBe(2);
  expect(s.p.highWatermark).toBe(2);
});
