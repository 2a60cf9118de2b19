// KafkaMetadataLog against the cases of Kafka's KafkaMetadataLogTest: leader and follower appends,
// reads by isolation, epoch lookups (VALID / DIVERGING / SNAPSHOT), truncation, snapshots and their
// files (.part cleanup, .deleted), deleteBeforeSnapshot, retention, and reopening (clean, torn tail).
import { afterEach, describe, expect, test } from "bun:test";
import { appendFileSync, existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildRecordBatch, MessageSetIterator } from "../../../src/protocol/records/index.ts";
import { KafkaMetadataLog } from "../../../src/raft/kafka-metadata-log.ts";
import type { MetadataLogConfig } from "../../../src/raft/kafka-metadata-log.ts";
import type { ReplicatedLog } from "../../../src/raft/replicated-log.ts";
import { snapshotPath } from "../../../src/raft/snapshot/snapshots.ts";
import type { SnapshotId } from "../../../src/raft/types.ts";
import { InvalidBatchError } from "../../../src/storage/errors.ts";
import { InvariantError } from "../../../src/util/assert.ts";
import { createLogger } from "../../../src/util/log.ts";
import { tempDir } from "../storage/helpers.ts";

const logger = createLogger("error");
const cleanups: Array<() => void> = [];
const open: KafkaMetadataLog[] = [];
afterEach(async () => {
  for (const l of open.splice(0)) await l.close();
  for (const c of cleanups.splice(0)) c();
}, 120_000);

let clock = 1_700_000_000_000;
function openLog(dir?: string, config: Partial<MetadataLogConfig> = {}): { log: KafkaMetadataLog; dir: string } {
  let d = dir;
  if (!d) {
    const t = tempDir("strand-metalog-");
    cleanups.push(t.cleanup);
    d = t.path;
  }
  const log = KafkaMetadataLog.open({ dir: d, logger, config: { fileDeleteDelayMs: 0, ...config }, nowMs: () => clock });
  open.push(log);
  return { log, dir: d };
}

async function reopen(log: KafkaMetadataLog, dir: string, config: Partial<MetadataLogConfig> = {}): Promise<KafkaMetadataLog> {
  await log.close();
  open.splice(open.indexOf(log), 1);
  return openLog(dir, config).log;
}

function batch(baseOffset: number, n: number, epoch: number): Uint8Array {
  return buildRecordBatch({
    records: Array.from({ length: n }, (_, i) => ({ value: new TextEncoder().encode(String(i)), timestamp: clock })),
    baseOffset: BigInt(baseOffset),
    partitionLeaderEpoch: epoch,
  });
}

/** Kafka's test helper: n records at the log end in `epoch`. */
function append(log: ReplicatedLog, n: number, epoch: number) {
  return log.appendAsLeader(batch(0, n, epoch), epoch);
}

async function writeSnapshot(log: KafkaMetadataLog, id: SnapshotId, checked = false): Promise<void> {
  const w = checked ? log.createNewSnapshot(id) : log.createNewSnapshotUnchecked(id);
  expect(w).not.toBeNull();
  w!.append(batch(0, 3, id.epoch));
  await w!.freeze();
}

function batchesOf(bytes: Uint8Array) {
  return [...new MessageSetIterator(bytes)].map((b) => ({ base: Number(b.baseOffset), last: Number(b.lastOffset), epoch: b.partitionLeaderEpoch, crcOk: b.validate() === null }));
}

describe("appends and reads", () => {
  test("appendAsLeader assigns offsets from the log end and stamps the epoch", () => {
    const { log } = openLog();
    expect(append(log, 3, 1)).toEqual({ firstOffset: 0, lastOffset: 2 });
    expect(log.appendAsLeader(batch(77, 2, 9), 2)).toEqual({ firstOffset: 3, lastOffset: 4 });
    const r = log.read(0, "UNCOMMITTED", 1 << 20);
    expect(batchesOf(r.records)).toEqual([
      { base: 0, last: 2, epoch: 1, crcOk: true },
      { base: 3, last: 4, epoch: 2, crcOk: true },
    ]);
    expect(log.endOffset()).toEqual({ offset: 5, epoch: 2 });
    expect(log.lastFetchedEpoch()).toBe(2);
  });

  test("appendAsFollower keeps offsets and epochs; a gap or a bad CRC is refused, batches above the leader's epoch are skipped", () => {
    const { log } = openLog();
    const two = new Uint8Array([...batch(0, 2, 1), ...batch(2, 3, 2)]);
    expect(log.appendAsFollower(two, 2)).toEqual({ firstOffset: 0, lastOffset: 4 });
    expect(log.endOffset()).toEqual({ offset: 5, epoch: 2 });
    // A gap: the fetch position is the log end, always.
    expect(() => log.appendAsFollower(batch(6, 1, 2), 2)).toThrow(InvariantError);
    // A flipped byte in the records fails the CRC before anything is written.
    const bad = batch(5, 2, 2);
    bad[bad.length - 1]! ^= 0xff;
    expect(() => log.appendAsFollower(bad, 2)).toThrow(InvalidBatchError);
    // Epoch 3 is above the leader's 2: that batch and all after it are dropped.
    const mixed = new Uint8Array([...batch(5, 1, 2), ...batch(6, 1, 3), ...batch(7, 1, 2)]);
    expect(log.appendAsFollower(mixed, 2)).toEqual({ firstOffset: 5, lastOffset: 5 });
    expect(() => log.appendAsFollower(batch(6, 1, 3), 2)).toThrow(InvalidBatchError);
    // A torn last batch (a fetch cut at maxBytes) is ignored.
    const torn = new Uint8Array([...batch(6, 2, 2), ...batch(8, 2, 2).subarray(0, 20)]);
    expect(log.appendAsFollower(torn, 2)).toEqual({ firstOffset: 6, lastOffset: 7 });
    expect(log.endOffset().offset).toBe(8);
    expect(log.log.epochs.all).toEqual([
      { epoch: 1, startOffset: 0 },
      { epoch: 2, startOffset: 2 },
    ]);
  });

  test("read: COMMITTED stops at the high watermark, maxBytes bounds it (one batch at least)", () => {
    const { log } = openLog();
    for (let i = 0; i < 5; i++) append(log, 2, 1);
    expect(log.read(0, "COMMITTED", 1 << 20).records.length).toBe(0);
    log.updateHighWatermark(4);
    expect(batchesOf(log.read(0, "COMMITTED", 1 << 20).records).map((b) => b.base)).toEqual([0, 2]);
    expect(batchesOf(log.read(0, "UNCOMMITTED", 1 << 20).records).map((b) => b.base)).toEqual([0, 2, 4, 6, 8]);
    const one = log.read(3, "UNCOMMITTED", 1);
    expect(one.startOffset).toBe(2);
    expect(batchesOf(one.records).map((b) => b.base)).toEqual([2]);
    const end = log.read(10, "UNCOMMITTED", 1 << 20);
    expect(end).toEqual({ records: new Uint8Array(0), startOffset: 10 });
  });
});

describe("epochs (KafkaMetadataLogTest.testValidate*)", () => {
  test("epoch greater than the last known epoch: DIVERGING at the log end", () => {
    const { log } = openLog();
    append(log, 1, 1);
    expect(log.validateOffsetAndEpoch(1, 2)).toEqual({ kind: "DIVERGING", offsetAndEpoch: { offset: 1, epoch: 1 } });
  });

  test("epoch less than the oldest snapshot's epoch: SNAPSHOT", async () => {
    const { log } = openLog();
    append(log, 10, 1);
    log.updateHighWatermark(10);
    await writeSnapshot(log, { offset: 10, epoch: 1 }, true);
    expect(log.validateOffsetAndEpoch(10, 0)).toEqual({ kind: "SNAPSHOT", offsetAndEpoch: { offset: 10, epoch: 1 } });
  });

  test("offset less than the oldest snapshot's offset (log start moved): SNAPSHOT", async () => {
    const { log } = openLog();
    append(log, 2, 1);
    log.updateHighWatermark(2);
    await writeSnapshot(log, { offset: 2, epoch: 1 }, true);
    log.log.setLogStartOffset(2);
    expect(log.validateOffsetAndEpoch(1, 1)).toEqual({ kind: "SNAPSHOT", offsetAndEpoch: { offset: 2, epoch: 1 } });
  });

  test("offset equal to the oldest snapshot's offset: VALID", async () => {
    const { log } = openLog();
    append(log, 2, 1);
    log.updateHighWatermark(2);
    await writeSnapshot(log, { offset: 2, epoch: 1 }, true);
    expect(log.validateOffsetAndEpoch(2, 1)).toEqual({ kind: "VALID", offsetAndEpoch: { offset: 2, epoch: 1 } });
  });

  test("unknown epoch between the oldest snapshot and the last epoch: DIVERGING at the end of the epoch below", async () => {
    const { log } = openLog();
    await writeSnapshot(log, { offset: 10, epoch: 1 });
    expect(log.truncateToLatestSnapshot()).toBe(true);
    append(log, 5, 1);
    append(log, 5, 2);
    append(log, 5, 4);
    expect(log.validateOffsetAndEpoch(100, 3)).toEqual({ kind: "DIVERGING", offsetAndEpoch: { offset: 20, epoch: 2 } });
  });

  test("epoch less than the first epoch in the log: DIVERGING at the oldest snapshot", async () => {
    const { log } = openLog();
    await writeSnapshot(log, { offset: 10, epoch: 1 });
    log.truncateToLatestSnapshot();
    append(log, 5, 3);
    expect(log.validateOffsetAndEpoch(100, 2)).toEqual({ kind: "DIVERGING", offsetAndEpoch: { offset: 10, epoch: 1 } });
  });

  test("offset beyond the end, offset beyond its epoch's end, and a valid position", () => {
    const { log } = openLog();
    append(log, 10, 1);
    append(log, 10, 2);
    expect(log.validateOffsetAndEpoch(21, 2)).toEqual({ kind: "DIVERGING", offsetAndEpoch: { offset: 20, epoch: 2 } });
    expect(log.validateOffsetAndEpoch(11, 1)).toEqual({ kind: "DIVERGING", offsetAndEpoch: { offset: 10, epoch: 1 } });
    expect(log.validateOffsetAndEpoch(9, 1)).toEqual({ kind: "VALID", offsetAndEpoch: { offset: 9, epoch: 1 } });
    expect(log.validateOffsetAndEpoch(0, 0)).toEqual({ kind: "VALID", offsetAndEpoch: { offset: 0, epoch: 0 } });
    expect(log.endOffsetForEpoch(1)).toEqual({ offset: 10, epoch: 1 });
    expect(log.endOffsetForEpoch(0)).toEqual({ offset: 0, epoch: 0 });
    expect(log.endOffsetForEpoch(7)).toEqual({ offset: 20, epoch: 2 });
  });

  test("initializeLeaderEpoch starts the epoch at the log end", () => {
    const { log } = openLog();
    append(log, 3, 1);
    log.initializeLeaderEpoch(5);
    expect(log.lastFetchedEpoch()).toBe(5);
    expect(log.endOffsetForEpoch(1)).toEqual({ offset: 3, epoch: 1 });
  });
});

describe("truncation", () => {
  test("truncateTo drops the tail and its epochs, never below the high watermark", () => {
    const { log } = openLog();
    append(log, 5, 1);
    append(log, 5, 2);
    log.updateHighWatermark(3);
    expect(() => log.truncateTo(2)).toThrow(InvariantError);
    log.truncateTo(5);
    expect(log.endOffset()).toEqual({ offset: 5, epoch: 1 });
    expect(log.highWatermark()).toBe(3);
  });

  test("truncateToLatestSnapshot restarts the log at a newer snapshot (testTruncateFullyToLatestSnapshot)", async () => {
    const { log, dir } = openLog();
    append(log, 10, 0);
    await writeSnapshot(log, { offset: 20, epoch: 0 });
    expect(log.truncateToLatestSnapshot()).toBe(true);
    expect([log.startOffset(), log.lastFetchedEpoch(), log.endOffset().offset, log.highWatermark()]).toEqual([20, 0, 20, 20]);
    append(log, 10, 0);
    await writeSnapshot(log, { offset: 30, epoch: 1 });
    expect(log.truncateToLatestSnapshot()).toBe(true);
    expect([log.startOffset(), log.lastFetchedEpoch(), log.endOffset().offset, log.highWatermark()]).toEqual([30, 1, 30, 30]);
    // The older snapshot went with it.
    expect(log.earliestSnapshotId()).toEqual({ offset: 30, epoch: 1 });
    expect(existsSync(snapshotPath(join(dir, "__cluster_metadata-0"), { offset: 20, epoch: 0 }))).toBe(false);
    // Not newer: nothing to do (testDoesntTruncateFully).
    append(log, 5, 1);
    expect(log.truncateToLatestSnapshot()).toBe(false);
  });

  test("open truncates fully when the latest snapshot is beyond the log (testCreateReplicatedLogTruncatesFully)", async () => {
    let { log, dir } = openLog();
    append(log, 10, 1);
    await writeSnapshot(log, { offset: 15, epoch: 1 });
    log = await reopen(log, dir);
    expect([log.startOffset(), log.endOffset().offset, log.lastFetchedEpoch()]).toEqual([15, 15, 1]);
  });
});

describe("snapshots", () => {
  test("createNewSnapshot: below the log start null, beyond the high watermark or diverging refused, an existing one null", async () => {
    const { log } = openLog();
    append(log, 10, 1);
    log.updateHighWatermark(5);
    expect(() => log.createNewSnapshot({ offset: 6, epoch: 1 })).toThrow(InvariantError);
    expect(() => log.createNewSnapshot({ offset: 5, epoch: 2 })).toThrow(InvariantError);
    await writeSnapshot(log, { offset: 5, epoch: 1 }, true);
    expect(log.createNewSnapshot({ offset: 5, epoch: 1 })).toBeNull();
    log.updateHighWatermark(10);
    await writeSnapshot(log, { offset: 10, epoch: 1 }, true);
    expect(log.deleteBeforeSnapshot({ offset: 10, epoch: 1 })).toBe(true);
    expect(log.createNewSnapshot({ offset: 5, epoch: 1 })).toBeNull();
  });

  test("a snapshot is a .part file until frozen; a dropped one leaves nothing; leftovers are removed at open", async () => {
    let { log, dir } = openLog();
    const pdir = join(dir, "__cluster_metadata-0");
    append(log, 4, 1);
    log.updateHighWatermark(4);
    const w = log.createNewSnapshot({ offset: 4, epoch: 1 })!;
    w.append(batch(0, 2, 1));
    expect(readdirSync(pdir).filter((n) => n.endsWith(".checkpoint.part"))).toHaveLength(1);
    expect(log.readSnapshot({ offset: 4, epoch: 1 })).toBeNull();
    w.close();
    expect(readdirSync(pdir).filter((n) => n.includes(".checkpoint"))).toEqual([]);
    // A crash mid-write (a .part) and one mid-delete (a .deleted): both go at open.
    await writeSnapshot(log, { offset: 2, epoch: 1 });
    writeFileSync(join(pdir, "00000000000000000003-0000000001-123.checkpoint.part"), "torn");
    writeFileSync(join(pdir, "00000000000000000001-0000000001.checkpoint.deleted"), "old");
    log = await reopen(log, dir);
    expect(readdirSync(pdir).filter((n) => n.includes(".checkpoint")).sort()).toEqual(["00000000000000000002-0000000001.checkpoint"]);
    const r = log.readSnapshot({ offset: 2, epoch: 1 })!;
    expect(batchesOf(r.slice(0, r.sizeInBytes))).toEqual([{ base: 0, last: 2, epoch: 1, crcOk: true }]);
    expect(r.slice(r.sizeInBytes - 5, 100).length).toBe(5);
  });

  test("deleteBeforeSnapshot moves the log start, deletes whole segments and older snapshots; reopen keeps the state", async () => {
    // ~80-byte batches: segments of 2 batches.
    const cfg = { logSegmentBytes: 200 };
    let { log, dir } = openLog(undefined, cfg);
    const pdir = join(dir, "__cluster_metadata-0");
    for (let i = 0; i < 10; i++) append(log, 2, 1);
    const segmentsBefore = readdirSync(pdir).filter((n) => n.endsWith(".log")).length;
    expect(segmentsBefore).toBeGreaterThan(3);
    log.updateHighWatermark(20);
    await writeSnapshot(log, { offset: 6, epoch: 1 }, true);
    await writeSnapshot(log, { offset: 13, epoch: 1 }, true);
    expect(log.deleteBeforeSnapshot({ offset: 99, epoch: 1 })).toBe(false);
    expect(log.deleteBeforeSnapshot({ offset: 13, epoch: 1 })).toBe(true);
    expect(log.startOffset()).toBe(13);
    expect(log.snapshotIds()).toEqual([{ offset: 13, epoch: 1 }]);
    expect(existsSync(snapshotPath(pdir, { offset: 6, epoch: 1 }))).toBe(false);
    const firstBase = log.log.segments[0]!.baseOffset;
    // Segments of 4 records: [0,4), [4,8), [8,12) are wholly below 13; [12,16) stays.
    expect(firstBase).toBe(12);
    expect(log.log.segments.length).toBeLessThan(segmentsBefore);
    // A follower behind the log start is sent the snapshot; one at it with its epoch is fine.
    expect(log.validateOffsetAndEpoch(4, 1)).toEqual({ kind: "SNAPSHOT", offsetAndEpoch: { offset: 13, epoch: 1 } });
    expect(log.validateOffsetAndEpoch(13, 1).kind).toBe("VALID");
    log = await reopen(log, dir, cfg);
    // Kafka does not checkpoint the log start: it is the first segment's base again.
    expect(log.startOffset()).toBe(firstBase);
    expect(log.endOffset()).toEqual({ offset: 20, epoch: 1 });
    expect(log.latestSnapshotId()).toEqual({ offset: 13, epoch: 1 });
    expect(log.validateOffsetAndEpoch(11, 1)).toEqual({ kind: "SNAPSHOT", offsetAndEpoch: { offset: 13, epoch: 1 } });
    expect(log.validateOffsetAndEpoch(15, 1).kind).toBe("VALID");
  });

  test("opening with a log start above every snapshot fails (testStartupWithInvalidSnapshotState)", async () => {
    let { log, dir } = openLog(undefined, { logSegmentBytes: 200 });
    for (let i = 0; i < 10; i++) append(log, 2, 1);
    log.updateHighWatermark(20);
    await writeSnapshot(log, { offset: 13, epoch: 1 }, true);
    log.deleteBeforeSnapshot({ offset: 13, epoch: 1 });
    const pdir = join(dir, "__cluster_metadata-0");
    await log.close();
    open.splice(open.indexOf(log), 1);
    const { rmSync } = await import("node:fs");
    rmSync(snapshotPath(pdir, { offset: 13, epoch: 1 }));
    expect(() => openLog(dir, { logSegmentBytes: 200 })).toThrow(/inconsistent snapshot state/);
  });

  test("maybeClean: metadata.max.retention.bytes deletes the oldest snapshots and the segments before the next, keeping the latest", async () => {
    const cfg = { logSegmentBytes: 200, retentionMaxBytes: 10, retentionMillis: -1 };
    const { log } = openLog(undefined, cfg);
    for (let i = 0; i < 10; i++) append(log, 2, 1);
    log.updateHighWatermark(20);
    for (const o of [4, 10, 16]) await writeSnapshot(log, { offset: o, epoch: 1 }, true);
    expect(log.maybeClean()).toBe(true);
    expect(log.snapshotIds()).toEqual([{ offset: 16, epoch: 1 }]);
    expect(log.startOffset()).toBe(16);
    expect(log.maybeClean()).toBe(false);
  });

  test("maybeClean: metadata.max.retention.ms by the snapshot's lastContainedLogTimestamp", async () => {
    const { log } = openLog(undefined, { retentionMaxBytes: -1, retentionMillis: 1000 });
    append(log, 4, 1);
    log.updateHighWatermark(4);
    // RawSnapshotWriter has no header: write real snapshots through RecordsSnapshotWriter.
    const { RecordsSnapshotWriter } = await import("../../../src/raft/snapshot/records-snapshot-writer.ts");
    for (const [o, ts] of [[2, clock - 5000], [4, clock]] as const) {
      const w = new RecordsSnapshotWriter(log.createNewSnapshot({ offset: o, epoch: 1 })!, { lastContainedLogTimestampMs: ts, nowMs: () => clock });
      w.append([new Uint8Array([1, 2, 3])]);
      await w.freeze();
    }
    expect(log.maybeClean()).toBe(true);
    expect(log.snapshotIds()).toEqual([{ offset: 4, epoch: 1 }]);
  });
});

describe("reopen", () => {
  test("after a clean close: offsets, epochs and snapshots come back; lastFlushedOffset follows flush()", async () => {
    let { log, dir } = openLog();
    append(log, 3, 1);
    append(log, 2, 4);
    expect(log.lastFlushedOffset()).toBe(0);
    await log.flush();
    expect(log.lastFlushedOffset()).toBe(5);
    log.updateHighWatermark(5);
    await writeSnapshot(log, { offset: 3, epoch: 1 }, true);
    log = await reopen(log, dir);
    expect(log.endOffset()).toEqual({ offset: 5, epoch: 4 });
    expect(log.endOffsetForEpoch(1)).toEqual({ offset: 3, epoch: 1 });
    expect(log.latestSnapshotId()).toEqual({ offset: 3, epoch: 1 });
    expect(log.highWatermark()).toBe(0);
  });

  test("after a torn tail: the partial batch is cut, appends continue from the last whole batch", async () => {
    let { log, dir } = openLog();
    append(log, 3, 1);
    append(log, 2, 2);
    await log.flush();
    const seg = join(dir, "__cluster_metadata-0", "00000000000000000000.log");
    appendFileSync(seg, batch(5, 4, 2).subarray(0, 40));
    log = await reopen(log, dir);
    expect(log.endOffset()).toEqual({ offset: 5, epoch: 2 });
    expect(append(log, 1, 2)).toEqual({ firstOffset: 5, lastOffset: 5 });
  });
});
