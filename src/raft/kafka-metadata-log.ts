// The Raft log on disk (Kafka's KafkaMetadataLog, KafkaRaftLog in 4.4.0): __cluster_metadata-0 as a
// storage Log, with KIP-630 snapshots as files beside its segments. What Kafka does, and so this:
//   - a leader append assigns offsets and stamps the epoch; a follower append keeps both, whole
//     CRC-checked batches that continue the log exactly (asserted), and, as Kafka 4.4.0's
//     UnifiedLog.appendAsFollower, drops the batches from the first one whose epoch is above the
//     leader's (a torn last batch of a fetch is ignored, as MemoryRecords.batches() ignores it);
//   - endOffsetForEpoch is the leader-epoch cache's answer with Kafka's LeaderEpochFileCache rules,
//     overridden by the oldest snapshot when the epoch is older than the log; validateOffsetAndEpoch
//     is RaftLog's default method (VALID / DIVERGING / SNAPSHOT);
//   - truncateTo never goes below the high watermark; truncateToLatestSnapshot restarts the log at a
//     newer snapshot (also done at open: a follower may crash between fetching a snapshot and truncating);
//   - snapshots: `<offset>-<epoch>.checkpoint` (snapshot/snapshots.ts), `.part` leftovers, `.deleted`
//     ones and those below the log start removed at open; deleteBeforeSnapshot moves the log start to a
//     snapshot, deletes the segments wholly below it and the older snapshots (renamed `.deleted`,
//     removed after file.delete.delay.ms); maybeClean applies metadata.max.retention.bytes / .ms.
// The log start offset is not checkpointed (Kafka's is not either): at open it is the first segment's
// base offset, and the snapshots say where the state before it is.
//
// Opening shares the LogManager's Log when metadata.log.dir is one of log.dirs (as
// src/metadata/metadata-log.ts does), and otherwise opens and locks the directory itself.

import { mkdirSync, readdirSync, readSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { MessageSetIterator } from "../protocol/records/index.ts";
import { DirLock } from "../storage/dir-lock.ts";
import { InvalidBatchError } from "../storage/errors.ts";
import type { TopicPartition } from "../storage/file-names.ts";
import type { Log } from "../storage/log.ts";
import { makeLogConfig } from "../storage/log-config.ts";
import type { LogConfig } from "../storage/log-config.ts";
import type { LogManager } from "../storage/log-manager.ts";
import { loadLog } from "../storage/recovery.ts";
import { deleteOldSegments } from "../storage/retention.ts";
import { assert } from "../util/assert.ts";
import type { Logger } from "../util/log.ts";
import type { LogAppendInfo, LogFetchInfo, RawSnapshotReader, RawSnapshotWriter, ReplicatedLog } from "./replicated-log.ts";
import { FileRawSnapshotReader, FileRawSnapshotWriter } from "./snapshot/file-raw-snapshot.ts";
import { RecordsSnapshotReader } from "./snapshot/records-snapshot-reader.ts";
import { compareSnapshotIds, deletedSnapshotPath, parseSnapshotFileName, snapshotIdString, snapshotPath } from "./snapshot/snapshots.ts";
import type { OffsetAndEpoch, SnapshotId, ValidOffsetAndEpoch } from "./types.ts";

export const METADATA_TOPIC = "__cluster_metadata";
export const METADATA_TOPIC_PARTITION: TopicPartition = Object.freeze({ topic: METADATA_TOPIC, partition: 0 });

/** Kafka's MetadataLogConfig, with Kafka's defaults (metadata.log.* and metadata.max.retention.*). */
export interface MetadataLogConfig {
  /** metadata.log.segment.bytes (Kafka: 1 GiB). */
  readonly logSegmentBytes: number;
  /** metadata.log.segment.ms (Kafka: 7 days). */
  readonly logSegmentMillis: number;
  /** metadata.max.retention.bytes (Kafka: 100 MiB; -1 unlimited). */
  readonly retentionMaxBytes: number;
  /** metadata.max.retention.ms (Kafka: 7 days; -1 unlimited). */
  readonly retentionMillis: number;
  /** The largest batch (KafkaRaftClient.MAX_BATCH_SIZE_BYTES, 8 MiB), the log's max.message.bytes. */
  readonly maxBatchSizeInBytes: number;
  /** file.delete.delay.ms of segments and snapshots (Kafka: 60 s). */
  readonly fileDeleteDelayMs: number;
}

export const DEFAULT_METADATA_LOG_CONFIG: MetadataLogConfig = Object.freeze({
  logSegmentBytes: 1024 * 1024 * 1024,
  logSegmentMillis: 7 * 24 * 60 * 60 * 1000,
  retentionMaxBytes: 100 * 1024 * 1024,
  retentionMillis: 7 * 24 * 60 * 60 * 1000,
  maxBatchSizeInBytes: 8 * 1024 * 1024,
  fileDeleteDelayMs: 60_000,
});

/** The storage settings of the metadata partition: segments never go by time or size (only behind snapshots). */
export function metadataPartitionLogConfig(c: MetadataLogConfig): LogConfig {
  return makeLogConfig({
    segmentBytes: c.logSegmentBytes,
    segmentMs: c.logSegmentMillis,
    maxMessageBytes: c.maxBatchSizeInBytes,
    fileDeleteDelayMs: c.fileDeleteDelayMs,
    retentionMs: -1,
    retentionBytes: -1,
  });
}

export interface KafkaMetadataLogOptions {
  /** metadata.log.dir: the partition lives in `<dir>/__cluster_metadata-0`. */
  readonly dir: string;
  /** The broker's LogManager, whose Log is shared when it already opened the partition. */
  readonly logs?: LogManager | null;
  readonly logger: Logger;
  readonly config?: Partial<MetadataLogConfig>;
  readonly nowMs?: () => number;
}

interface SnapshotEntry {
  readonly id: SnapshotId;
  reader: FileRawSnapshotReader | null;
}

type DeletionReason = string;

/** Most snapshots kept in memory: Kafka's retention keeps a handful; far more means retention is off. */
const MAX_SNAPSHOTS = 100_000;

export class KafkaMetadataLog implements ReplicatedLog {
  /** Ordered by (offset, epoch), as Kafka's TreeMap. */
  private snapshots: SnapshotEntry[];
  private readonly pendingDeletes = new Set<ReturnType<typeof setTimeout>>();
  private closed = false;

  private constructor(
    readonly log: Log,
    readonly config: MetadataLogConfig,
    private readonly owned: { lock: DirLock | null } | null,
    private readonly logger: Logger,
    private readonly now: () => number,
    snapshots: SnapshotEntry[],
  ) {
    this.snapshots = snapshots;
  }

  /** Opens (or creates) the metadata partition; removes snapshot leftovers; truncates to a newer snapshot. */
  static open(opts: KafkaMetadataLogOptions): KafkaMetadataLog {
    const config: MetadataLogConfig = { ...DEFAULT_METADATA_LOG_CONFIG, ...opts.config };
    const now = opts.nowMs ?? Date.now;
    const shared = opts.logs?.getLog(METADATA_TOPIC_PARTITION);
    if (shared) {
      shared.config = metadataPartitionLogConfig(config);
      return KafkaMetadataLog.around(shared, config, null, opts.logger, now);
    }
    const dir = resolve(opts.dir);
    const inLogDirs = opts.logs?.logDirs.some((d) => resolve(d) === dir) ?? false;
    const lock = inLogDirs ? null : DirLock.acquire(dir);
    let log: Log | null = null;
    try {
      const path = join(dir, `${METADATA_TOPIC}-0`);
      mkdirSync(path, { recursive: true });
      // Always a full recovery from offset 0, as Kafka opens it (recoveryPoint 0, lastShutdownClean false).
      log = loadLog(path, METADATA_TOPIC_PARTITION, metadataPartitionLogConfig(config), {
        recoveryPoint: 0,
        logStartOffset: 0,
        highWatermark: 0,
        cleanShutdown: false,
        nowMs: now(),
        logger: opts.logger,
      });
      return KafkaMetadataLog.around(log, config, { lock }, opts.logger, now);
    } catch (e) {
      log?.closeNow();
      lock?.release();
      throw e;
    }
  }

  private static around(log: Log, config: MetadataLogConfig, owned: { lock: DirLock | null } | null, logger: Logger, now: () => number): KafkaMetadataLog {
    const m = new KafkaMetadataLog(log, config, owned, logger, now, recoverSnapshots(log, logger));
    // A follower may have crashed after fetching a snapshot and before truncating its log to it.
    m.truncateToLatestSnapshot();
    return m;
  }

  get dir(): string {
    return this.log.dir;
  }

  appendAsLeader(batches: Uint8Array, epoch: number): LogAppendInfo {
    assert(batches.length > 0, () => "attempt to append an empty record set");
    const r = this.log.append(batches, { assignOffsets: true, leaderEpoch: epoch, nowMs: this.now() });
    return { firstOffset: r.firstOffset, lastOffset: r.lastOffset };
  }

  appendAsFollower(batches: Uint8Array, epoch: number): LogAppendInfo {
    assert(batches.length > 0, () => "attempt to append an empty record set");
    const end = this.log.logEndOffset;
    let expected = end;
    let keptBytes = 0;
    const it = new MessageSetIterator(batches);
    // Bounded by the input: every batch is at least its header.
    for (const b of it) {
      const bad = b.validate({ strictRecordCount: false });
      if (bad) throw new InvalidBatchError(b.position, bad.message);
      // Kafka 4.4.0 (KAFKA-18723): a batch from an epoch above the leader's is skipped, with all after it.
      if (b.partitionLeaderEpoch > epoch) {
        this.logger.info("metadata log: skipping batches whose partition leader epoch is above the leader's", { baseOffset: Number(b.baseOffset), batchEpoch: b.partitionLeaderEpoch, epoch });
        break;
      }
      const base = Number(b.baseOffset);
      assert(base === expected, () => `follower append of a batch at offset ${base} where offset ${expected} is next (log end ${end})`);
      expected = Number(b.lastOffset) + 1;
      keptBytes = b.position + b.sizeInBytes;
    }
    if (it.stop === "corrupt") throw new InvalidBatchError(it.stoppedAt, it.error?.message ?? "corrupt batch length");
    if (keptBytes === 0) throw new InvalidBatchError(0, `append failed unexpectedly: no batch to append at offset ${end}`);
    const r = this.log.append(keptBytes === batches.length ? batches : batches.subarray(0, keptBytes), { assignOffsets: false, nowMs: this.now() });
    assert(r.firstOffset === end && r.lastOffset === expected - 1, () => `follower append wrote ${r.firstOffset}-${r.lastOffset}, expected ${end}-${expected - 1}`);
    return { firstOffset: r.firstOffset, lastOffset: r.lastOffset };
  }

  read(startOffset: number, isolation: "UNCOMMITTED" | "COMMITTED", maxBytes: number): LogFetchInfo {
    const r = this.log.read(startOffset, maxBytes, isolation === "COMMITTED" ? "highWatermark" : "logEnd", true);
    const slice = r.slice;
    if (!slice) return { records: new Uint8Array(0), startOffset };
    const buf = new Uint8Array(slice.length);
    let done = 0;
    // Bounded by the slice length; a short read means the segment shrank under us (a bug).
    while (done < buf.length) {
      const n = readSync(slice.file.fd, buf, done, buf.length - done, slice.position + done);
      assert(n > 0, () => `short read of ${slice.path} at ${slice.position + done}`);
      done += n;
    }
    return { records: buf, startOffset: slice.firstBatchBaseOffset };
  }

  lastFetchedEpoch(): number {
    const latest = this.log.epochs.latestEpoch();
    if (latest >= 0) return latest;
    const snap = this.latestSnapshotId();
    if (!snap) return 0;
    const end = this.log.logEndOffset;
    assert(snap.offset === this.startOffset() && snap.offset === end, () => `the log has no last fetched epoch and there is a snapshot (${snapshotIdString(snap)}); expected its end offset to match the log end offset (${end}) and the log start offset (${this.startOffset()})`);
    return snap.epoch;
  }

  /** Kafka's LeaderEpochFileCache.endOffsetFor: null when the epoch is above every known one (or none is known). */
  private cacheEndOffsetFor(epoch: number): OffsetAndEpoch | null {
    const entries = this.log.epochs.all;
    if (epoch < 0 || entries.length === 0) return null;
    const latest = entries[entries.length - 1]!;
    if (epoch === latest.epoch) return { offset: this.log.logEndOffset, epoch };
    let floor = -1;
    // Bounded by the cache's entries.
    for (let i = 0; i < entries.length && entries[i]!.epoch <= epoch; i++) floor = i;
    const higher = entries[floor + 1];
    if (!higher) return null;
    if (floor < 0) return { offset: higher.startOffset, epoch };
    return { offset: higher.startOffset, epoch: entries[floor]!.epoch };
  }

  endOffsetForEpoch(epoch: number): OffsetAndEpoch {
    const found = this.cacheEndOffsetFor(epoch);
    const earliest = this.earliestSnapshotId();
    // The epoch is older than the log's oldest: the oldest snapshot (at the log start) is where it diverges.
    if (found && earliest && found.offset === earliest.offset && found.epoch === epoch) return { offset: earliest.offset, epoch: earliest.epoch };
    if (found) return found;
    return { offset: this.log.logEndOffset, epoch: this.lastFetchedEpoch() };
  }

  validateOffsetAndEpoch(offset: number, epoch: number): ValidOffsetAndEpoch {
    if (this.startOffset() === 0 && offset === 0) return { kind: "VALID", offsetAndEpoch: { offset: 0, epoch: 0 } };
    const earliest = this.earliestSnapshotId();
    if (earliest && (offset < this.startOffset() || (offset === this.startOffset() && epoch !== earliest.epoch) || epoch < earliest.epoch)) {
      const latest = this.latestSnapshotId();
      assert(latest !== null, () => `log start offset (${this.startOffset()}) is greater than zero but latest snapshot was not found`);
      return { kind: "SNAPSHOT", offsetAndEpoch: latest };
    }
    const end = this.endOffsetForEpoch(epoch);
    if (end.epoch !== epoch || end.offset < offset) return { kind: "DIVERGING", offsetAndEpoch: end };
    return { kind: "VALID", offsetAndEpoch: { offset, epoch } };
  }

  endOffset(): OffsetAndEpoch {
    return { offset: this.log.logEndOffset, epoch: this.lastFetchedEpoch() };
  }

  startOffset(): number {
    return this.log.logStartOffset;
  }

  initializeLeaderEpoch(epoch: number): void {
    this.log.epochs.assign(epoch, this.log.logEndOffset);
  }

  updateHighWatermark(offset: number): void {
    this.log.setHighWatermark(offset);
    if (this.log.highWatermark !== offset) this.logger.warn("metadata log: high watermark clamped to the log", { requested: offset, highWatermark: this.log.highWatermark });
  }

  highWatermark(): number {
    return this.log.highWatermark;
  }

  truncateTo(offset: number): void {
    const hw = this.log.highWatermark;
    assert(offset >= hw, () => `attempt to truncate to offset ${offset}, which is below the current high watermark ${hw}`);
    this.log.truncateTo(offset);
  }

  truncateToLatestSnapshot(): boolean {
    const latestEpoch = Math.max(this.log.epochs.latestEpoch(), 0);
    const snap = this.latestSnapshotId();
    if (!snap || !(snap.epoch > latestEpoch || (snap.epoch === latestEpoch && snap.offset > this.log.logEndOffset))) return false;
    this.logger.info("metadata log: truncating fully to the latest snapshot", { snapshot: snapshotIdString(snap), logEndOffset: this.log.logEndOffset });
    this.log.truncateFullyAndStartAt(snap.offset, this.now());
    this.removeSnapshots(this.forgetSnapshotsBefore(snap), "the partition was fully truncated");
    return true;
  }

  async flush(): Promise<void> {
    await this.log.flush();
  }

  /**
   * Offsets below this are on disk. After an open it is the log start until the first flush(): the
   * recovered tail may exist only in the page cache of a crashed process's machine, so Raft must not
   * count it toward the high watermark before syncing it.
   */
  lastFlushedOffset(): number {
    return Math.max(this.log.durableOffset, this.log.logStartOffset);
  }

  createNewSnapshot(snapshotId: SnapshotId): RawSnapshotWriter | null {
    if (snapshotId.offset < this.startOffset()) {
      this.logger.info("metadata log: cannot create a snapshot with an id less than the log start offset", { snapshot: snapshotIdString(snapshotId), logStartOffset: this.startOffset() });
      return null;
    }
    const hw = this.highWatermark();
    assert(snapshotId.offset <= hw, () => `cannot create a snapshot with an id (${snapshotIdString(snapshotId)}) greater than the high-watermark (${hw})`);
    const valid = this.validateOffsetAndEpoch(snapshotId.offset, snapshotId.epoch);
    assert(valid.kind === "VALID", () => `snapshot id (${snapshotIdString(snapshotId)}) is not valid according to the log: ${valid.kind} ${snapshotIdString(valid.offsetAndEpoch)}`);
    return this.createNewSnapshotUnchecked(snapshotId);
  }

  /** A writer without the log checks (Kafka's createNewSnapshotUnchecked): a follower storing a fetched snapshot. */
  createNewSnapshotUnchecked(snapshotId: SnapshotId): RawSnapshotWriter | null {
    if (this.indexOf(snapshotId) >= 0) return null;
    return FileRawSnapshotWriter.create(this.log.dir, snapshotId, (id) => this.onSnapshotFrozen(id));
  }

  private onSnapshotFrozen(id: SnapshotId): void {
    if (this.closed || this.indexOf(id) >= 0) return;
    assert(this.snapshots.length < MAX_SNAPSHOTS, () => `more than ${MAX_SNAPSHOTS} snapshots in ${this.log.dir}`);
    this.snapshots.push({ id, reader: null });
    this.snapshots.sort((a, b) => compareSnapshotIds(a.id, b.id));
  }

  private indexOf(id: SnapshotId): number {
    return this.snapshots.findIndex((s) => s.id.offset === id.offset && s.id.epoch === id.epoch);
  }

  readSnapshot(snapshotId: SnapshotId): RawSnapshotReader | null {
    const i = this.indexOf(snapshotId);
    if (i < 0) return null;
    const entry = this.snapshots[i]!;
    if (entry.reader) return entry.reader;
    try {
      entry.reader = FileRawSnapshotReader.open(this.log.dir, snapshotId);
      return entry.reader;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
      this.logger.warn("metadata log: snapshot file is missing; forgetting it", { path: snapshotPath(this.log.dir, snapshotId) });
      this.snapshots.splice(i, 1);
      return null;
    }
  }

  latestSnapshot(): RawSnapshotReader | null {
    const id = this.latestSnapshotId();
    return id ? this.readSnapshot(id) : null;
  }

  latestSnapshotId(): SnapshotId | null {
    return this.snapshots[this.snapshots.length - 1]?.id ?? null;
  }

  earliestSnapshotId(): SnapshotId | null {
    return this.snapshots[0]?.id ?? null;
  }

  /** The ids of every snapshot, oldest first. */
  snapshotIds(): SnapshotId[] {
    return this.snapshots.map((s) => s.id);
  }

  deleteBeforeSnapshot(snapshotId: SnapshotId): boolean {
    return this.deleteBeforeSnapshotFor(snapshotId, "unknown reason");
  }

  private deleteBeforeSnapshotFor(snapshotId: SnapshotId, reason: DeletionReason): boolean {
    const latest = this.latestSnapshotId();
    if (!latest || this.indexOf(snapshotId) < 0 || !(this.startOffset() < snapshotId.offset) || !(snapshotId.offset <= latest.offset)) return false;
    // Kafka's maybeIncrementLogStartOffset: never beyond the high watermark.
    if (snapshotId.offset > this.log.highWatermark) return false;
    this.log.setLogStartOffset(snapshotId.offset);
    const deleted = deleteOldSegments(this.log, this.now());
    const forgotten = this.forgetSnapshotsBefore(snapshotId);
    this.removeSnapshots(forgotten, reason);
    return deleted.deletedSegments > 0 || forgotten.length > 0;
  }

  /**
   * metadata.max.retention.bytes, then .ms (Kafka's maybeClean): while the log and the snapshots are
   * over the size, or the oldest snapshot is older than the retention, delete before the next snapshot;
   * the latest snapshot always stays.
   */
  maybeClean(): boolean {
    let didClean = false;
    if (this.config.retentionMaxBytes >= 0) {
      const sizes = new Map<string, number>();
      let total = 0;
      for (const s of this.snapshots) {
        const r = this.readSnapshot(s.id);
        if (!r) continue;
        sizes.set(snapshotIdString(s.id), r.sizeInBytes);
        total += r.sizeInBytes;
      }
      didClean = this.cleanSnapshots((id) => {
        const size = sizes.get(snapshotIdString(id));
        if (size === undefined || this.log.sizeBytes + total <= this.config.retentionMaxBytes) return null;
        const reason = `the log size (${this.log.sizeBytes}) and snapshots size (${total}) is greater than ${this.config.retentionMaxBytes}`;
        total -= size;
        return reason;
      }) || didClean;
    }
    if (this.config.retentionMillis >= 0) {
      didClean = this.cleanSnapshots((id) => {
        const r = this.readSnapshot(id);
        if (!r) return null;
        const timestamp = RecordsSnapshotReader.of(r).lastContainedLogTimestampMs;
        const now = this.now();
        return now - timestamp > this.config.retentionMillis ? `its timestamp (${timestamp}) is now (${now}) older than the retention (${this.config.retentionMillis})` : null;
      }) || didClean;
    }
    return didClean;
  }

  private cleanSnapshots(shouldDelete: (id: SnapshotId) => DeletionReason | null): boolean {
    let didClean = false;
    // Bounded by the snapshots: each step deletes one or stops.
    while (this.snapshots.length >= 2) {
      const [oldest, next] = [this.snapshots[0]!.id, this.snapshots[1]!.id];
      const reason = shouldDelete(oldest);
      if (reason === null || !this.deleteBeforeSnapshotFor(next, reason)) break;
      didClean = true;
    }
    return didClean;
  }

  private forgetSnapshotsBefore(id: SnapshotId): SnapshotEntry[] {
    const gone = this.snapshots.filter((s) => compareSnapshotIds(s.id, id) < 0);
    this.snapshots = this.snapshots.filter((s) => compareSnapshotIds(s.id, id) >= 0);
    return gone;
  }

  /** Renames each `.deleted` now and removes it after file.delete.delay.ms (Kafka's removeSnapshots). */
  private removeSnapshots(gone: readonly SnapshotEntry[], reason: DeletionReason): void {
    if (gone.length === 0) return;
    for (const s of gone) {
      this.logger.info(`metadata log: marking snapshot ${snapshotIdString(s.id)} for deletion because ${reason}`);
      renameSync(snapshotPath(this.log.dir, s.id), deletedSnapshotPath(this.log.dir, s.id));
    }
    const remove = (): void => {
      for (const s of gone) {
        s.reader?.close();
        rmSync(snapshotPath(this.log.dir, s.id), { force: true });
        rmSync(deletedSnapshotPath(this.log.dir, s.id), { force: true });
      }
    };
    if (this.config.fileDeleteDelayMs <= 0) return remove();
    const timer = setTimeout(() => {
      this.pendingDeletes.delete(timer);
      remove();
    }, this.config.fileDeleteDelayMs);
    timer.unref?.();
    this.pendingDeletes.add(timer);
  }

  /** Closes the snapshot readers, and the log if this object opened it (the LogManager closes a shared one). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Pending deletions are finished by the next open (it removes `.deleted` snapshots).
    for (const t of this.pendingDeletes) clearTimeout(t);
    this.pendingDeletes.clear();
    for (const s of this.snapshots) s.reader?.close();
    this.snapshots = [];
    if (!this.owned) return;
    try {
      await this.log.close();
    } finally {
      this.owned.lock?.release();
    }
  }
}

/**
 * Kafka's recoverSnapshots: partial, deleted and pre-log-start snapshot files are removed; the rest are
 * kept. With a log start above 0 a snapshot at or above it must exist, or the state before the log is lost.
 */
function recoverSnapshots(log: Log, logger: Logger): SnapshotEntry[] {
  const keep: SnapshotEntry[] = [];
  const remove: string[] = [];
  for (const name of readdirSync(log.dir)) {
    const p = parseSnapshotFileName(name);
    if (!p) continue;
    if (p.partial || p.deleted || p.snapshotId.offset < log.logStartOffset) remove.push(name);
    else keep.push({ id: p.snapshotId, reader: null });
  }
  assert(keep.length <= MAX_SNAPSHOTS, () => `more than ${MAX_SNAPSHOTS} snapshots in ${log.dir}`);
  keep.sort((a, b) => compareSnapshotIds(a.id, b.id));
  if (log.logStartOffset > 0) {
    const latest = keep[keep.length - 1]?.id;
    if (!latest || latest.offset < log.logStartOffset) {
      throw new Error(`inconsistent snapshot state in ${log.dir}: there must be a snapshot at an offset larger than the current log start offset ${log.logStartOffset}, but the latest snapshot is ${latest ? snapshotIdString(latest) : "none"}`);
    }
  }
  for (const name of remove) {
    rmSync(join(log.dir, name), { force: true });
    logger.info("metadata log: deleted unneeded snapshot file", { path: join(log.dir, name) });
  }
  return keep;
}
