// The share coordinator's shard and service over an in-memory partition: Kafka 4.4.0's semantics of
// Initialize / Read / Write / Delete / ReadSummary (errors included), epoch fencing, batch combining,
// a ShareSnapshot after share.coordinator.snapshot.update.records.per.snapshot updates, a failed append
// reverting the state, and replay of the records giving the same state. No sleeps, no sockets.
import { describe, expect, test } from "bun:test";
import { ErrorCode } from "../../../../src/protocol/errors.ts";
import { combineStateBatches } from "../../../../src/coordinator/share/persister-state-batch-combiner.ts";
import { decodeShareRecord } from "../../../../src/coordinator/share/share-coordinator-records.ts";
import { ShareCoordinatorService, SHARE_GROUP_STATE_TOPIC } from "../../../../src/coordinator/share/service.ts";
import { asCoordinatorKey, parseSharePartitionKey, partitionForShareKey } from "../../../../src/coordinator/share/share-partition-key.ts";
import { PartitionWriterError, type CoordinatorRecord, type PartitionWriter, type TopicPartition } from "../../../../src/coordinator/runtime/partition-writer.ts";
import type { CoordinatorLoader, LoadSink } from "../../../../src/coordinator/runtime/coordinator-loader.ts";
import type { MetadataLayer } from "../../../../src/metadata/layer.ts";
import { ManualClock } from "../../group/harness.ts";
import { until } from "../../../support/until.ts";

const QUIET = { debug() {}, info() {}, warn() {}, error() {} };
const TOPIC = "AAAAAAAAAAAAAAAAAAAAAQ"; // a topic id with 3 partitions in the fake image
const GROUP = "g1";

class MemWriter implements PartitionWriter {
  readonly log = new Map<number, CoordinatorRecord[]>();
  /** The log start offset of each partition (records below it were deleted by the prune). */
  readonly logStart = new Map<number, number>();
  failNext: number | null = null;
  async append(tp: TopicPartition, records: readonly CoordinatorRecord[]): Promise<number> {
    if (this.failNext !== null) {
      const code = this.failNext;
      this.failNext = null;
      throw new PartitionWriterError(code, tp, "injected");
    }
    const l = this.log.get(tp.partition) ?? [];
    l.push(...records);
    this.log.set(tp.partition, l);
    return l.length;
  }
}

class MemLoader implements CoordinatorLoader {
  constructor(private readonly writer: MemWriter) {}
  async load(tp: TopicPartition, sink: LoadSink) {
    const l = this.writer.log.get(tp.partition) ?? [];
    const start = this.writer.logStart.get(tp.partition) ?? 0;
    l.forEach((r, offset) => {
      if (offset >= start) sink.record(offset, -1n, -1, r.key, r.value);
    });
    return { records: l.length, bytes: 0 };
  }
}

function fakeMetadata(partitions = 3): MetadataLayer {
  const stateTopic = { name: SHARE_GROUP_STATE_TOPIC, topicId: "AAAAAAAAAAAAAAAAAAAAAg", partitions: Array.from({ length: partitions }, (_, p) => ({ partition: p, leader: 1, leaderEpoch: 0 })) };
  const dataTopic = { name: "t", topicId: TOPIC, partitions: [0, 1, 2].map((p) => ({ partition: p, leader: 1 })) };
  const image = {
    topicsByName: new Map([
      [SHARE_GROUP_STATE_TOPIC, stateTopic],
      ["t", dataTopic],
    ]),
    topicsById: new Map([[TOPIC, dataTopic]]),
    brokers: new Map([[1, {}]]),
    features: new Map([["share.version", 1]]),
  };
  return { image } as unknown as MetadataLayer;
}

async function service(writer = new MemWriter(), perSnapshot = 500, statePartitions = 3, clock = new ManualClock(), md = fakeMetadata(statePartitions)) {
  const pruned: Array<[number, number]> = [];
  const svc = new ShareCoordinatorService({
    config: { numPartitions: statePartitions, replicationFactor: 1, minIsr: 1, segmentBytes: 1 << 20, pruneIntervalMs: 2_000, coldPartitionSnapshotIntervalMs: 1_000, snapshotUpdateRecordsPerSnapshot: perSnapshot },
    nodeId: 1,
    metadata: () => md,
    writer,
    logger: QUIET,
    clock,
    loader: new MemLoader(writer),
    deleteRecords: async (tp, offset) => {
      pruned.push([tp.partition, offset]);
      writer.logStart.set(tp.partition, offset);
    },
  });
  await svc.start();
  return { svc, writer, pruned, clock, md };
}

const init = (svc: ShareCoordinatorService, partition: number, stateEpoch: number, startOffset: bigint, topicId = TOPIC) =>
  svc.initializeState({ groupId: GROUP, topics: [{ topicId, partitions: [{ partition, stateEpoch, startOffset }] }] }).then((r) => r.results[0]!.partitions[0]!);
const read = (svc: ShareCoordinatorService, partition: number, leaderEpoch: number) =>
  svc.readState({ groupId: GROUP, topics: [{ topicId: TOPIC, partitions: [{ partition, leaderEpoch }] }] }).then((r) => r.results[0]!.partitions[0]!);
const batch = (first: number, last: number, deliveryState: number, deliveryCount: number) => ({ firstOffset: BigInt(first), lastOffset: BigInt(last), deliveryState, deliveryCount });
const write = (svc: ShareCoordinatorService, partition: number, o: { stateEpoch?: number; leaderEpoch?: number; startOffset?: bigint; batches?: ReturnType<typeof batch>[] }) =>
  svc
    .writeState({ groupId: GROUP, topics: [{ topicId: TOPIC, partitions: [{ partition, stateEpoch: o.stateEpoch ?? 0, leaderEpoch: o.leaderEpoch ?? 0, startOffset: o.startOffset ?? -1n, deliveryCompleteCount: -1, stateBatches: o.batches ?? [] }] }] })
    .then((r) => r.results[0]!.partitions[0]!);

describe("PersisterStateBatchCombiner", () => {
  test("overlaps go to the higher delivery count, then the higher state; adjacent equal ranges coalesce", () => {
    const out = combineStateBatches([batch(0, 9, 0, 1)], [batch(5, 14, 2, 1), batch(3, 4, 0, 2)], -1n);
    expect(out).toEqual([batch(0, 2, 0, 1), batch(3, 4, 0, 2), batch(5, 14, 2, 1)]);
    expect(combineStateBatches([batch(0, 4, 4, 1)], [batch(5, 9, 4, 1)], -1n)).toEqual([batch(0, 9, 4, 1)]);
  });
  test("batches below the start offset are dropped, one across it is cut", () => {
    expect(combineStateBatches([batch(0, 4, 2, 1), batch(5, 9, 0, 1)], [batch(10, 12, 4, 3)], 7n)).toEqual([batch(7, 9, 0, 1), batch(10, 12, 4, 3)]);
    expect(combineStateBatches([batch(0, 4, 2, 1)], [], 5n)).toEqual([]);
  });
});

describe("SharePartitionKey", () => {
  test("Kafka's key format, its validation, and the partition of the key", () => {
    expect(parseSharePartitionKey(`a:b:${TOPIC}:7`)).toEqual({ groupId: "a:b", topicId: TOPIC, partition: 7 });
    for (const bad of ["", "g:1", `:${TOPIC}:1`, "g:notauuid:1", `g:${TOPIC}:x`]) expect(() => parseSharePartitionKey(bad)).toThrow();
    // Java: Utils.abs("g1:AAAAAAAAAAAAAAAAAAAAAQ:0".hashCode()) % 50.
    const key = asCoordinatorKey(GROUP, TOPIC, 0);
    let h = 0;
    for (const c of key) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
    expect(partitionForShareKey(key, 50)).toBe(Math.abs(h) % 50);
  });
});

describe("ShareCoordinatorShard", () => {
  test("initialize, read, write and summary; batches combine; the start offset prunes", async () => {
    const { svc } = await service();
    expect(await init(svc, 0, 1, 10n)).toMatchObject({ errorCode: ErrorCode.NONE });
    expect(await read(svc, 0, 0)).toMatchObject({ errorCode: ErrorCode.NONE, stateEpoch: 1, startOffset: 10n, stateBatches: [] });
    expect(await write(svc, 0, { stateEpoch: 1, startOffset: 10n, batches: [batch(10, 19, 0, 1)] })).toMatchObject({ errorCode: ErrorCode.NONE });
    expect(await write(svc, 0, { stateEpoch: 1, startOffset: 15n, batches: [batch(12, 16, 2, 1), batch(17, 17, 0, 2)] })).toMatchObject({ errorCode: ErrorCode.NONE });
    const r = await read(svc, 0, 0);
    expect(r.startOffset).toBe(15n);
    expect(r.stateBatches).toEqual([batch(15, 16, 2, 1), batch(17, 17, 0, 2), batch(18, 19, 0, 1)]);
    const s = await svc.readSummary({ groupId: GROUP, topics: [{ topicId: TOPIC, partitions: [{ partition: 0, leaderEpoch: 0 }, { partition: 1, leaderEpoch: 0 }] }] });
    expect(s.results[0]!.partitions).toEqual([
      { partition: 0, errorCode: 0, errorMessage: null, startOffset: 15n, deliveryCompleteCount: -1, leaderEpoch: 0, stateEpoch: 1 },
      { partition: 1, errorCode: 0, errorMessage: null, startOffset: -1n, deliveryCompleteCount: -1, leaderEpoch: 0, stateEpoch: 0 },
    ]);
  });

  test("errors as 4.4.0: uninitialized, unknown topic or partition, negative fields, empty requests", async () => {
    const { svc } = await service();
    expect(await read(svc, 1, 0)).toMatchObject({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "Read operation on uninitialized share partition not allowed." });
    expect(await write(svc, 1, {})).toMatchObject({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "Write operation on uninitialized share partition not allowed." });
    expect(await init(svc, 3, 0, 0n)).toMatchObject({ errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION });
    expect(await init(svc, 0, 0, 0n, "AAAAAAAAAAAAAAAAAAAABQ")).toMatchObject({ errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION });
    expect(await init(svc, -1, 0, 0n)).toMatchObject({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "The partition id cannot be a negative number." });
    expect(await init(svc, 0, -1, 0n)).toMatchObject({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "The state epoch cannot be a negative number." });
    await init(svc, 0, 0, 0n);
    expect(await read(svc, 0, -1)).toMatchObject({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "The leader epoch cannot be a negative number." });
    expect(await svc.readState({ groupId: "", topics: [{ topicId: TOPIC, partitions: [{ partition: 0, leaderEpoch: 0 }] }] })).toEqual({ results: [] });
    expect(await svc.writeState({ groupId: GROUP, topics: [{ topicId: TOPIC, partitions: [] }] })).toEqual({ results: [] });
    const del = await svc.deleteState({ groupId: GROUP, topics: [{ topicId: TOPIC, partitions: [{ partition: 0 }, { partition: 2 }] }] });
    expect(del.results[0]!.partitions.map((p) => p.errorCode)).toEqual([0, 0]);
    expect(await read(svc, 0, 0)).toMatchObject({ errorCode: ErrorCode.INVALID_REQUEST });
  });

  test("fencing: a lower leader epoch or state epoch is refused", async () => {
    const { svc } = await service();
    await init(svc, 0, 2, 0n);
    expect(await read(svc, 0, 5)).toMatchObject({ errorCode: ErrorCode.NONE });
    expect(await read(svc, 0, 4)).toMatchObject({ errorCode: ErrorCode.FENCED_LEADER_EPOCH });
    expect(await write(svc, 0, { stateEpoch: 2, leaderEpoch: 4 })).toMatchObject({ errorCode: ErrorCode.FENCED_LEADER_EPOCH });
    expect(await write(svc, 0, { stateEpoch: 1, leaderEpoch: 5 })).toMatchObject({ errorCode: ErrorCode.FENCED_STATE_EPOCH });
    expect(await write(svc, 0, { stateEpoch: 2, leaderEpoch: 5 })).toMatchObject({ errorCode: ErrorCode.NONE });
    expect(await init(svc, 0, 1, 0n)).toMatchObject({ errorCode: ErrorCode.FENCED_STATE_EPOCH });
    expect(await init(svc, 0, 3, 7n)).toMatchObject({ errorCode: ErrorCode.NONE });
    // Re-initialized: new state epoch and start offset; the leader epoch seen stays the highest.
    expect(await read(svc, 0, 5)).toMatchObject({ errorCode: ErrorCode.NONE, stateEpoch: 3, startOffset: 7n });
    expect(await read(svc, 0, 4)).toMatchObject({ errorCode: ErrorCode.FENCED_LEADER_EPOCH });
  });

  test("a ShareSnapshot after N ShareUpdates; replay gives the same state", async () => {
    const { svc, writer } = await service(new MemWriter(), 2);
    await init(svc, 0, 0, 0n);
    for (let i = 0; i < 6; i++) expect(await write(svc, 0, { startOffset: BigInt(i), batches: [batch(i * 2, i * 2 + 3, i % 2 === 0 ? 2 : 0, 1 + (i % 3))] })).toMatchObject({ errorCode: 0 });
    const p = svc.partitionFor(asCoordinatorKey(GROUP, TOPIC, 0));
    const types = writer.log.get(p)!.map((r) => decodeShareRecord(r.key, r.value).type);
    expect(types).toEqual(["snapshot", "update", "update", "snapshot", "update", "update", "snapshot"]);
    const before = await read(svc, 0, 0);
    const shardBefore = svc.runtime.scheduleReadOperation(p, (s) => ({ state: [...s.shareStateMap], leader: [...s.leaderEpochMap], epochs: [...s.stateEpochMap], counts: [...s.snapshotUpdateCount] }));
    svc.close();
    const { svc: again } = await service(writer, 2);
    const shardAfter = again.runtime.scheduleReadOperation(p, (s) => ({ state: [...s.shareStateMap], leader: [...s.leaderEpochMap], epochs: [...s.stateEpochMap], counts: [...s.snapshotUpdateCount] }));
    expect(shardAfter).toEqual(shardBefore);
    expect(await read(again, 0, 0)).toEqual(before);
  });

  test("a failed append answers the mapped error and leaves the state as it was", async () => {
    const { svc, writer } = await service();
    await init(svc, 0, 0, 0n);
    await write(svc, 0, { batches: [batch(0, 4, 0, 1)] });
    writer.failNext = ErrorCode.NOT_ENOUGH_REPLICAS;
    expect(await write(svc, 0, { startOffset: 3n, batches: [batch(3, 9, 2, 1)] })).toMatchObject({ errorCode: ErrorCode.COORDINATOR_NOT_AVAILABLE });
    expect(await read(svc, 0, 0)).toMatchObject({ errorCode: 0, startOffset: 0n, stateBatches: [batch(0, 4, 0, 1)] });
  });

  test("a partition whose shard is not here answers NOT_COORDINATOR", async () => {
    const { svc } = await service();
    svc.runtime.scheduleUnloadOperation(svc.partitionFor(asCoordinatorKey(GROUP, TOPIC, 0)));
    expect(await init(svc, 0, 0, 0n)).toMatchObject({ errorCode: ErrorCode.NOT_COORDINATOR });
  });
});

describe("ShareCoordinatorService periodic jobs", () => {
  test("prune up to the least latest-snapshot offset; cold snapshots let it move; replay after the prune gives the same state", async () => {
    const { svc, writer, pruned, clock } = await service(new MemWriter(), 2, 1);
    await init(svc, 0, 0, 0n); // @0 snapshot of p0
    await init(svc, 1, 0, 0n); // @1 snapshot of p1
    for (let i = 0; i < 3; i++) await write(svc, 0, { batches: [batch(i, i, 2, 1)] }); // @2, @3 updates, @4 snapshot of p0
    expect(writer.log.get(0)!.map((r) => decodeShareRecord(r.key, r.value).type)).toEqual(["snapshot", "snapshot", "update", "update", "snapshot"]);
    await svc.pruneRecords();
    expect(pruned).toEqual([[0, 1]]);
    await svc.pruneRecords();
    expect(pruned).toEqual([[0, 1]]); // nothing new to prune
    // Both share partitions go cold: the timer writes a fresh snapshot of each (@5, @6); the next prune passes them.
    clock.advance(1_000);
    await until("cold snapshots", async () => writer.log.get(0)!.length === 7);
    clock.advance(1_000);
    await until("pruned past the cold snapshots", async () => pruned.length === 2);
    expect(pruned[1]).toEqual([0, 5]);
    const before = [await read(svc, 0, 0), await read(svc, 1, 0)];
    svc.close();
    const { svc: again } = await service(writer, 2, 1);
    expect([await read(again, 0, 0), await read(again, 1, 0)]).toEqual(before);
    expect(before[0]!.stateBatches).toEqual([batch(0, 2, 2, 1)]);
    again.close();
  });
});

describe("ShareCoordinatorService topic deletion", () => {
  test("a topic gone from the image loses its share state (tombstones, Kafka's maybeCleanupShareState)", async () => {
    const { svc, writer, md } = await service(new MemWriter(), 500, 1);
    await init(svc, 0, 0, 0n);
    await init(svc, 2, 0, 0n);
    const image = md.image as unknown as { topicsById: Map<string, unknown> };
    (md as unknown as { image: unknown }).image = { ...image, topicsById: new Map() };
    // The next request sees the new image; the cleanup is a write of its own.
    await svc.readSummary({ groupId: GROUP, topics: [{ topicId: TOPIC, partitions: [{ partition: 0, leaderEpoch: 0 }] }] });
    await until("state tombstoned", async () => svc.runtime.scheduleReadOperation(0, (s) => s.shareStateMap.size === 0));
    const last = writer.log.get(0)!.slice(-2).map((r) => decodeShareRecord(r.key, r.value));
    expect(last.map((r) => [r.type, r.type === "unknown" ? null : r.value])).toEqual([
      ["snapshot", null],
      ["snapshot", null],
    ]);
  });
});
