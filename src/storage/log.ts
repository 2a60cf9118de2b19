// One partition's log: an ordered list of segments, the last one active. Appends assign offsets by
// rewriting each batch's base offset in place and write the bytes as received; reads return file
// slices for zero-copy sends. Offsets are numbers bounded by MAX_OFFSET (see offset-bound.ts).
//
// Durability: group commit (waitDurable, strand.log.fsync.before.ack) fdatasyncs the data written so
// far; flush() also syncs the indexes and moves the recovery point. An append that reaches
// flush.messages (or finds its oldest unflushed append flush.ms old) forces a flush, as Kafka's
// UnifiedLog.append does before it returns; here the flush runs off the event loop, group-committed
// (one flush covers every append made meanwhile), and pendingFlushOffset tells the caller what must be
// flushed before the append is acknowledged or made visible.
import { prepareAppend, prepareAppendParts } from "./append-prepare.ts";
import { concatParts, type BatchParts } from "../protocol/records/batch-parts.ts";
import { isControl } from "./batch.ts";
import type { BatchHeader } from "./batch.ts";
import { endTxnMarkerOf } from "./control-record.ts";
import { existsSync, renameSync } from "node:fs";
import { syncPathAsync } from "./checkpoint-file.ts";
import { CLEANED_SUFFIX, INDEX_SUFFIX, LOG_SUFFIX, segmentFile, SWAP_SUFFIX, TIME_INDEX_SUFFIX, TXN_INDEX_SUFFIX } from "./file-names.ts";
import { LogClosedError, LogOfflineError, OffsetOutOfRangeError } from "./errors.ts";
import type { TopicPartition } from "./file-names.ts";
import { tpKey } from "./file-names.ts";
import { GroupCommit } from "./group-commit.ts";
import { afterSync } from "./sync-hook.ts";
import { assert } from "../util/assert.ts";
import type { LeaderEpochCache } from "./leader-epoch-cache.ts";
import type { LogConfig } from "./log-config.ts";
import type { AbortedTxnInfo, AppendOptions, AppendResult, LogParts, ReadResult, ReadUpperBound } from "./log-types.ts";
import type { ProducerStateManager } from "./producer-state.ts";
import { floorSegmentIndex, replayProducerState } from "./producer-replay.ts";
import { LogSegment } from "./segment.ts";
import { builtinDecompressor, findOffsetByTimestamp } from "./timestamp-lookup.ts";
import type { RecordsDecompressor, TimestampAndOffset } from "./timestamp-lookup.ts";

export type { AppendOptions, AppendResult, FileSlice, LogParts, ReadResult, ReadUpperBound } from "./log-types.ts";

export class Log {
  readonly dir: string;
  readonly tp: TopicPartition;
  config: LogConfig;
  /** Ordered by base offset; the last is active. Never empty while open. */
  segments: LogSegment[];
  private nextOffset: number;
  private startOffset: number;
  private hw: number;
  private hwPosition: { offset: number; segmentBase: number; position: number } | null = null;
  private recovery: number;
  readonly epochs: LeaderEpochCache;
  readonly producers: ProducerStateManager;
  private offline: LogOfflineError | null = null;
  private closed = false;
  /** Segments written since their data was last synced. */
  private dirty = new Set<LogSegment>();
  private unflushedMessages = 0;
  private oldestUnflushedMs = -1;
  private readonly groupCommit: GroupCommit;
  /** Forced flushes (flush.messages / flush.ms), group-committed: a round is one flush(). */
  private readonly flushCommit: GroupCommit;
  /** End offset of the latest append that forced a flush. */
  private forcedFlushEnd = 0;
  private flushRunning: Promise<void> | null = null;
  /**
   * Directories and small files created without fsync (the partition dir's entry in its parent, its
   * partition.metadata): synced before the next durability point, as Kafka flushes a new log's parent
   * dir on its first flush. Bounded: a handful of paths per log.
   */
  private pendingSyncPaths: string[] = [];
  private readonly pendingDeletes = new Set<{ timer: ReturnType<typeof setTimeout>; segment: LogSegment }>();

  constructor(parts: LogParts) {
    this.dir = parts.dir;
    this.tp = parts.tp;
    this.config = parts.config;
    this.segments = parts.segments;
    this.startOffset = parts.logStartOffset;
    this.nextOffset = parts.logEndOffset;
    this.recovery = parts.recoveryPoint;
    this.hw = Math.min(Math.max(parts.highWatermark, parts.logStartOffset), parts.logEndOffset);
    this.epochs = parts.epochs;
    this.producers = parts.producers;
    if (this.segments.length === 0) throw new Error(`log ${tpKey(this.tp)} opened without segments`);
    this.active.makeActive();
    // Data beyond the recovery point was read back after a crash but may exist only in the page
    // cache: the first durability request must sync it too.
    this.segments.forEach((s, i) => {
      if ((this.segments[i + 1]?.baseOffset ?? Infinity) > this.recovery && s.sizeBytes > 0) this.dirty.add(s);
    });
    const self = this;
    this.groupCommit = new GroupCommit(
      {
        get writtenOffset() {
          return self.nextOffset;
        },
        syncWritten: () => this.syncDirtyData(),
      },
      parts.recoveryPoint,
    );
    this.flushCommit = new GroupCommit(
      {
        get writtenOffset() {
          return self.nextOffset;
        },
        syncWritten: () => this.flush(),
      },
      parts.recoveryPoint,
    );
  }

  get name(): string {
    return tpKey(this.tp);
  }
  get active(): LogSegment {
    return this.segments[this.segments.length - 1]!;
  }
  get logEndOffset(): number {
    return this.nextOffset;
  }
  get logStartOffset(): number {
    return this.startOffset;
  }
  get highWatermark(): number {
    return this.hw;
  }
  /**
   * Offset of the first record of the oldest transaction that is open or whose marker is not below the
   * high watermark yet (Kafka's firstUnstableOffset), never below the log start; null when none.
   */
  get firstUnstableOffset(): number | null {
    const fuo = this.producers.firstUnstableOffset();
    return fuo === null ? null : Math.max(fuo, this.startOffset);
  }
  /** Kafka's lastStableOffset: the first unstable offset, bounded by the high watermark. */
  get lastStableOffset(): number {
    const fuo = this.firstUnstableOffset;
    return fuo !== null && fuo < this.hw ? fuo : this.hw;
  }
  /**
   * The aborted transactions whose records overlap [startOffset, upperBoundOffset), in marker order
   * (Kafka's LocalLog.collectAbortedTransactions over the segments' .txnindex): from the segment
   * holding startOffset on, until an entry's last stable offset reaches the upper bound.
   */
  collectAbortedTransactions(startOffset: number, upperBoundOffset: number): AbortedTxnInfo[] {
    this.ensureUsable();
    const out: AbortedTxnInfo[] = [];
    // Bounded by the segments; each index holds one entry per aborted transaction of its segment.
    for (let i = floorSegmentIndex(this.segments, startOffset); i < this.segments.length; i++) {
      const r = this.segments[i]!.txnIndex.collectAbortedTxns(startOffset, upperBoundOffset);
      out.push(...r.abortedTransactions);
      if (r.isComplete) break;
    }
    return out;
  }
  get recoveryPoint(): number {
    return this.recovery;
  }
  /** Offsets below this are on disk: synced by group commit, or flushed (below the recovery point). */
  get durableOffset(): number {
    const synced = this.groupCommit.durable;
    return synced > this.recovery ? synced : this.recovery;
  }
  /**
   * The offset a forced flush (flush.messages / flush.ms) must reach before the latest append may be
   * acknowledged or exposed, or -1 when no forced flush is pending. Kafka flushes inside the append,
   * so nothing appended after a forced flush is answered before that flush returns.
   */
  get pendingFlushOffset(): number {
    return this.forcedFlushEnd > this.durableOffset ? this.forcedFlushEnd : -1;
  }
  get groupCommitRounds(): number {
    return this.groupCommit.rounds;
  }
  get sizeBytes(): number {
    let n = 0;
    for (const s of this.segments) n += s.sizeBytes;
    return n;
  }
  get isOffline(): boolean {
    return this.offline !== null;
  }

  ensureUsable(): void {
    if (this.offline) throw this.offline;
    if (this.closed) throw new LogClosedError(this.name);
  }

  /**
   * Called once, when the log goes offline (the log manager records it and the broker logs it at
   * ERROR); set by whoever owns the log.
   */
  onOffline: ((log: Log, error: LogOfflineError) => void) | null = null;
  /** Told how long each group-commit sync or flush took, in ms (Kafka's LogFlushRateAndTimeMs). */
  onSyncTimed: ((durationMs: number) => void) | null = null;

  /** Called after a truncation (the log cleaner aborts a cleaning of this log); set by the log's owner. */
  onTruncated: ((log: Log, offset: number) => void) | null = null;

  /** Marks the log offline (I/O failure); later calls fail with the error. */
  takeOffline(cause: Error): void {
    if (this.offline) return;
    this.offline = new LogOfflineError(this.name, cause);
    this.onOffline?.(this, this.offline);
  }

  /**
   * Appends one or more v2 batches. Mutates `records` in place (base offsets, leader epoch, and the
   * LogAppendTime timestamp + CRC) and writes them to the active segment. BatchParts (one batch that
   * arrived in several socket chunks) has its header copy rewritten and is written with one gathered
   * write, its body slices untouched. Throws InvalidBatchError
   * before writing anything if any batch is malformed.
   */
  append(records: Uint8Array | BatchParts, opts: AppendOptions = {}): AppendResult {
    this.ensureUsable();
    const nowMs = opts.nowMs ?? Date.now();
    const prepared =
      records instanceof Uint8Array
        ? prepareAppend(records, this.nextOffset, this.config, opts, nowMs)
        : prepareAppendParts(records, this.nextOffset, this.config, opts, nowMs);
    const { batches, headers, firstOffset, lastOffset, maxTimestamp, offsetOfMaxTimestamp, logAppendTime } = prepared;
    // Before a byte is written: offsets continue the log (a leader's base is the log end; a follower's
    // may skip ahead, never back) and go forward. CRCs were checked by prepareAppend, or by the caller's
    // validation when crcVerified (the produce path's validate.ts), so no second pass runs here.
    const leader = opts.assignOffsets ?? true;
    assert(leader ? firstOffset === this.nextOffset : firstOffset >= this.nextOffset, () => `${this.name}: append at base offset ${firstOffset} but the log end is ${this.nextOffset}`);
    assert(lastOffset >= firstOffset, () => `${this.name}: append of last offset ${lastOffset} below its base offset ${firstOffset}`);
    const next = lastOffset + 1;
    let segment: LogSegment;
    try {
      segment = this.maybeRoll(records.length, maxTimestamp, firstOffset, lastOffset, nowMs);
      segment.append(records, batches);
    } catch (e) {
      // The log end stays at firstOffset: nothing of a failed write counts (the segment cut back what
      // it could; recovery truncates the rest, since an offline log's dir gets no clean marker).
      const cause = e instanceof Error ? e : new Error(String(e));
      this.takeOffline(new Error(`append of offsets ${firstOffset}-${lastOffset} failed, log end stays ${this.nextOffset}: ${cause.message}`, { cause }));
      throw this.offline;
    }
    this.nextOffset = next;
    this.dirty.add(segment);
    let position = 0;
    for (let i = 0; i < headers.length; i++) {
      const h = headers[i]!;
      if (h.partitionLeaderEpoch >= 0 && h.partitionLeaderEpoch > this.epochs.latestEpoch()) this.epochs.assign(h.partitionLeaderEpoch, h.baseOffset);
      this.applyProducerBatch(segment, h, records, position);
      position += batches[i]!.sizeBytes;
    }
    if (this.noteUnflushed(lastOffset - firstOffset + 1, nowMs)) {
      this.forcedFlushEnd = next;
      // Started here, whether or not the caller waits (coordinators, the metadata log do not).
      void this.waitFlushed(next).catch(() => undefined);
    }
    return {
      firstOffset,
      lastOffset,
      logAppendTimeMs: logAppendTime ? nowMs : -1,
      maxTimestamp,
      offsetOfMaxTimestamp,
      logStartOffset: this.startOffset,
      batchCount: batches.length,
      sizeBytes: records.length,
    };
  }

  /**
   * The producer state after one appended batch; a marker that completes a transaction also writes
   * the aborted one to the segment's .txnindex with the LSO right after it (Kafka's UnifiedLog.append:
   * lastStableOffset, updateTxnIndex, completeTxn, in that order). A failed index write takes the log
   * offline: recovery rebuilds the index from the data.
   */
  private applyProducerBatch(segment: LogSegment, h: BatchHeader, records: Uint8Array | BatchParts, position: number): void {
    let marker = null;
    if (isControl(h.attributes) && h.producerId >= 0n) {
      const bytes = records instanceof Uint8Array ? records : concatParts(records);
      try {
        marker = endTxnMarkerOf(bytes, position, h);
      } catch {
        // Written already (a follower's or an import's batch the caller did not check): it completes
        // nothing, as Kafka treats an empty control batch.
        marker = null;
      }
    }
    const completed = this.producers.update(h, marker);
    if (!completed) return;
    const lastStableOffset = this.producers.lastStableOffset(completed);
    if (completed.isAborted) {
      try {
        segment.txnIndex.append({ producerId: completed.producerId, firstOffset: completed.firstOffset, lastOffset: completed.lastOffset, lastStableOffset });
      } catch (e) {
        const cause = e instanceof Error ? e : new Error(String(e));
        this.takeOffline(new Error(`writing the aborted transaction at ${completed.lastOffset} to ${segment.txnIndex.path} failed: ${cause.message}`, { cause }));
        throw this.offline;
      }
    }
    this.producers.completeTxn(completed);
  }

  private maybeRoll(bytes: number, maxTimestamp: number, firstOffset: number, lastOffset: number, nowMs: number): LogSegment {
    const seg = this.active;
    if (!seg.shouldRoll(bytes, maxTimestamp, lastOffset, nowMs, this.config.segmentBytes, this.config.segmentMs)) return seg;
    return this.roll(firstOffset, nowMs);
  }

  /** Starts a new active segment at `baseOffset` (default: the log end). */
  roll(baseOffset = this.nextOffset, nowMs = Date.now()): LogSegment {
    this.ensureUsable();
    const old = this.active;
    if (old.baseOffset === baseOffset && old.sizeBytes === 0) return old;
    if (baseOffset < this.nextOffset) throw new Error(`roll of ${this.name} to ${baseOffset} below log end ${this.nextOffset}`);
    old.onBecomeInactive();
    const seg = LogSegment.open(this.dir, baseOffset, { indexIntervalBytes: this.config.indexIntervalBytes, maxIndexBytes: this.config.segmentIndexBytes }, nowMs);
    seg.makeActive();
    this.segments.push(seg);
    // Not fsynced here (that would block the loop): a torn snapshot fails its CRC on load and is
    // dropped, and the log replay covers it.
    this.producers.takeSnapshot(baseOffset, false);
    // Kafka flushes the finished segment in the background and moves the recovery point.
    void this.flush(baseOffset).catch(() => undefined);
    return seg;
  }

  /** Counts an append; true when it forces a flush (flush.messages reached, or flush.ms passed). */
  private noteUnflushed(messages: number, nowMs: number): boolean {
    this.unflushedMessages += messages;
    if (this.oldestUnflushedMs < 0) this.oldestUnflushedMs = nowMs;
    if (this.unflushedMessages < this.config.flushMessages && nowMs - this.oldestUnflushedMs < this.config.flushMs) return false;
    // The forced flush covers these: count afresh, as after Kafka's flush inside the append.
    this.unflushedMessages = 0;
    this.oldestUnflushedMs = -1;
    return true;
  }

  /** flush.ms: called by the log manager's scheduler. */
  maybeFlushByTime(nowMs: number): void {
    if (this.oldestUnflushedMs >= 0 && nowMs - this.oldestUnflushedMs >= this.config.flushMs) void this.flush().catch(() => undefined);
  }

  /** fsync-before-ack: resolves when every offset below `offset` is on disk (group commit). */
  waitDurable(offset: number): Promise<void> {
    this.ensureUsable();
    return this.groupCommit.waitFor(offset);
  }

  /** Resolves when every offset below `offset` has been flushed (group-committed forced flush). */
  waitFlushed(offset: number): Promise<void> {
    this.ensureUsable();
    if (offset <= this.durableOffset) return Promise.resolve();
    return this.flushCommit.waitFor(offset);
  }

  /** Asks that `path` (a dir or file written without fsync) be synced before the next durability point. */
  deferSync(path: string): void {
    if (!this.pendingSyncPaths.includes(path)) this.pendingSyncPaths.push(path);
  }

  /** Syncs what deferSync() and the epoch cache left unsynced, off the event loop. */
  private async syncPending(): Promise<void> {
    const paths = this.pendingSyncPaths;
    this.pendingSyncPaths = [];
    try {
      for (const p of paths) await syncPathAsync(p);
    } catch (e) {
      for (const p of paths) this.deferSync(p);
      throw e;
    }
    await this.epochs.syncIfNeeded();
  }

  private async syncDirtyData(): Promise<void> {
    const upTo = this.nextOffset;
    const segs = [...this.dirty];
    this.dirty.clear();
    try {
      const t0 = this.onSyncTimed ? performance.now() : 0;
      await Promise.all([...segs.map((s) => s.syncData()), this.syncPending()]);
      this.onSyncTimed?.(performance.now() - t0);
      const observed = afterSync(this.name, "sync", upTo);
      if (observed) await observed;
    } catch (e) {
      this.takeOffline(e instanceof Error ? e : new Error(String(e)));
      throw e;
    }
  }

  /**
   * Full flush up to `upTo` (default: log end): data and indexes of every segment below it, off
   * the event loop; then the recovery point moves there.
   */
  async flush(upTo = this.nextOffset): Promise<void> {
    // Flushes run one at a time; a later one covers what an earlier one did not.
    while (this.flushRunning) await this.flushRunning;
    if (upTo <= this.recovery || this.closed) return;
    const segs = this.segments.filter((s, i) => s.baseOffset < upTo && (this.segments[i + 1]?.baseOffset ?? Infinity) > this.recovery);
    const run = (async () => {
      this.unflushedMessages = 0;
      this.oldestUnflushedMs = -1;
      const t0 = this.onSyncTimed ? performance.now() : 0;
      await Promise.all([...segs.map((s) => s.syncAll()), this.syncPending()]);
      this.onSyncTimed?.(performance.now() - t0);
      const observed = afterSync(this.name, "flush", upTo);
      if (observed) await observed;
      if (upTo > this.recovery) this.recovery = Math.min(upTo, this.nextOffset);
    })();
    this.flushRunning = run;
    try {
      await run;
    } catch (e) {
      this.takeOffline(e instanceof Error ? e : new Error(String(e)));
      throw e;
    } finally {
      this.flushRunning = null;
    }
  }

  /**
   * Moves the high watermark, kept within [logStartOffset, logEndOffset]. For partition logs only
   * replication/partition.ts calls this (its rule and checks); the metadata log sets its own raft high
   * watermark, and the group coordinator's __consumer_offsets writer still does until its runtime
   * appends through ReplicaManager.
   */
  setHighWatermark(offset: number): void {
    this.hw = Math.min(Math.max(offset, this.startOffset), this.nextOffset);
    // Transactions decided below the high watermark are stable now (the LSO may move).
    this.producers.onHighWatermarkUpdated(this.hw);
  }

  private floorSegment(offset: number): number {
    return floorSegmentIndex(this.segments, offset);
  }

  /** File position where offset `end` starts in segment i (its size when end is beyond it). */
  private maxPositionIn(i: number, end: number): number {
    const seg = this.segments[i]!;
    const nextBase = this.segments[i + 1]?.baseOffset ?? this.nextOffset;
    if (end >= nextBase || end >= this.nextOffset) return seg.sizeBytes;
    const c = this.hwPosition;
    if (c && c.offset === end && c.segmentBase === seg.baseOffset) return c.position;
    const pos = seg.translateOffset(end)?.position ?? seg.sizeBytes;
    if (end === this.hw) this.hwPosition = { offset: end, segmentBase: seg.baseOffset, position: pos };
    return pos;
  }

  /**
   * Batches from fetchOffset, at most maxBytes (at least one whole batch when minOneBatch), not
   * beyond the upper bound. The first batch may start below fetchOffset (it holds it).
   */
  read(fetchOffset: number, maxBytes: number, upperBound: ReadUpperBound = "logEnd", minOneBatch = true): ReadResult {
    this.ensureUsable();
    const result: ReadResult = { slice: null, highWatermark: this.hw, logStartOffset: this.startOffset, logEndOffset: this.nextOffset };
    if (fetchOffset < this.startOffset || fetchOffset > this.nextOffset) throw new OffsetOutOfRangeError(fetchOffset, this.startOffset, this.nextOffset);
    const end = upperBound === "highWatermark" ? this.hw : upperBound === "lastStable" ? this.lastStableOffset : this.nextOffset;
    // Bounded by the number of segments.
    for (let i = this.floorSegment(fetchOffset); i < this.segments.length && fetchOffset < end; i++) {
      const seg = this.segments[i]!;
      const r = seg.read(fetchOffset, maxBytes, this.maxPositionIn(i, end), minOneBatch);
      if (r) {
        result.slice = { file: seg.file, path: seg.logPath, position: r.start.position, length: r.length, firstBatchBaseOffset: r.start.baseOffset };
        return result;
      }
    }
    return result;
  }

  /** The first record with timestamp >= target (ListOffsets by time), or null if none. */
  offsetForTimestamp(targetMs: number, decompress: RecordsDecompressor = builtinDecompressor): TimestampAndOffset | null {
    this.ensureUsable();
    return findOffsetByTimestamp(this.segments, targetMs, this.startOffset, decompress);
  }

  /**
   * The offset and timestamp of the record with the largest timestamp (ListOffsets -3), as Kafka's
   * UnifiedLog.fetchOffsetByTimestamp(MAX_TIMESTAMP): the segment with the largest timestamp is
   * searched from its own base offset, not from the log start, so a record below the log start
   * (DeleteRecords inside a segment still on disk) is the answer, as Kafka gives it. The record itself,
   * not its batch's last offset (KAFKA-16310); the batch's when its records cannot be read.
   */
  maxTimestampAndOffset(decompress: RecordsDecompressor = builtinDecompressor): TimestampAndOffset | null {
    let seg: LogSegment | null = null;
    // Bounded by the number of segments; the first of equal largest timestamps wins.
    for (const s of this.segments) if (s.largestTimestamp >= 0 && (!seg || s.largestTimestamp > seg.largestTimestamp)) seg = s;
    if (!seg) return null;
    return findOffsetByTimestamp([seg], seg.largestTimestamp, seg.baseOffset, decompress) ?? { timestamp: seg.largestTimestamp, offset: seg.offsetOfLargestTimestamp };
  }

  /** Removes every offset >= `offset` (follower truncation). */
  truncateTo(offset: number): void {
    this.ensureUsable();
    if (offset >= this.nextOffset) {
      // Nothing to cut, but the epoch cache is cut at the log end all the same (Kafka's
      // UnifiedLog.truncateTo): a replica that led assigned its epoch at its log end and may have
      // appended nothing before the next leader was elected. Kept, that epoch is the follower's last
      // fetched epoch, which the new leader never saw: it answers a diverging epoch ending at this very
      // offset, the truncation changes nothing, and the follower fetches the same answer forever.
      this.epochs.truncateFromEnd(this.nextOffset);
      return;
    }
    if (offset < this.startOffset) offset = this.startOffset;
    // Bounded by the number of segments.
    while (this.segments.length > 1 && this.active.baseOffset >= offset) {
      const seg = this.segments.pop()!;
      this.dirty.delete(seg);
      this.scheduleDelete(seg);
    }
    this.active.truncateTo(offset);
    this.active.makeActive();
    this.nextOffset = Math.max(this.active.readNextOffset(), this.active.baseOffset);
    this.afterTruncation();
    this.onTruncated?.(this, this.nextOffset);
  }

  /**
   * Drops every segment and restarts the log, empty, at `offset` (Kafka's UnifiedLog.truncateFullyAndStartAt):
   * a Raft follower that took a snapshot beyond (or diverging from) its log. The log start, end, high
   * watermark and recovery point all become `offset`; the leader-epoch cache and producer state are cleared.
   */
  truncateFullyAndStartAt(offset: number, nowMs = Date.now()): void {
    this.ensureUsable();
    assert(Number.isSafeInteger(offset) && offset >= 0, () => `${this.name}: truncateFullyAndStartAt(${offset})`);
    const old = this.segments;
    // Renamed .deleted first, so the new segment may take the same base offset's file names.
    for (const s of old) {
      this.dirty.delete(s);
      this.scheduleDelete(s);
    }
    const seg = LogSegment.open(this.dir, offset, { indexIntervalBytes: this.config.indexIntervalBytes, maxIndexBytes: this.config.segmentIndexBytes }, nowMs);
    seg.makeActive();
    this.segments = [seg];
    this.nextOffset = offset;
    this.startOffset = offset;
    this.hwPosition = null;
    this.hw = offset;
    this.recovery = offset;
    this.groupCommit.lowerTo(offset);
    this.flushCommit.lowerTo(offset);
    this.forcedFlushEnd = 0;
    this.epochs.clear();
    this.producers.clear();
    this.producers.deleteSnapshotsBelow(Number.MAX_SAFE_INTEGER);
  }

  private afterTruncation(): void {
    this.hwPosition = null;
    this.hw = Math.min(this.hw, this.nextOffset);
    this.recovery = Math.min(this.recovery, this.nextOffset);
    this.groupCommit.lowerTo(this.nextOffset);
    this.flushCommit.lowerTo(this.nextOffset);
    if (this.forcedFlushEnd > this.nextOffset) this.forcedFlushEnd = this.nextOffset;
    this.epochs.truncateFromEnd(this.nextOffset);
    const from = this.producers.loadLatest(this.nextOffset);
    this.replayProducers(from < 0 ? this.startOffset : from);
  }

  /**
   * Rebuilds producer state from the batches in [fromOffset, log end): headers, and the markers of
   * control batches (open transactions close as they did). Then transactions decided below the high
   * watermark are stable.
   */
  replayProducers(fromOffset: number): void {
    replayProducerState(this.segments, this.producers, fromOffset);
    this.producers.onHighWatermarkUpdated(this.hw);
  }

  /** Moves the log start offset up (DeleteRecords, retention); whole segments below it go later. */
  setLogStartOffset(offset: number): void {
    if (offset <= this.startOffset) return;
    if (offset > this.hw) throw new OffsetOutOfRangeError(offset, this.startOffset, this.hw);
    this.startOffset = offset;
    this.epochs.truncateFromStart(offset);
    this.producers.onLogStartOffsetIncremented(offset);
  }

  /** Removes segments from the list, renames them `.deleted`, and deletes them after file.delete.delay.ms. */
  deleteSegments(segs: readonly LogSegment[]): void {
    if (segs.length === 0) return;
    if (segs.length === this.segments.length) this.roll();
    const gone = new Set(segs);
    this.segments = this.segments.filter((s) => !gone.has(s));
    for (const s of segs) {
      this.dirty.delete(s);
      this.scheduleDelete(s);
    }
    const first = this.segments[0]!.baseOffset;
    if (first > this.startOffset) {
      this.startOffset = first;
      this.epochs.truncateFromStart(first);
      this.producers.onLogStartOffsetIncremented(first);
    }
    this.producers.deleteSnapshotsBelow(this.segments[0]!.baseOffset);
  }

  /**
   * Kafka's replaceSegments, for the log cleaner: the `.cleaned` segment at `baseOffset` (written and
   * synced by the cleaner) takes the place of `old` (consecutive non-active segments of this log, the
   * first at the same base offset). Its files are renamed `.swap` (the `.log` first), the old segments
   * are renamed `.deleted` and deleted after file.delete.delay.ms (a fetch still sending from one
   * keeps its descriptor), then the `.swap` files get their final names. A crash anywhere in between
   * is completed or undone at load (recovery.ts, Kafka's LogLoader). Returns the new segment.
   */
  replaceSegments(baseOffset: number, old: readonly LogSegment[]): LogSegment {
    this.ensureUsable();
    const at = this.segments.indexOf(old[0]!);
    assert(at >= 0 && old.every((s, i) => this.segments[at + i] === s), () => `${this.name}: segments to replace are not consecutive segments of the log`);
    assert(at + old.length < this.segments.length, () => `${this.name}: the active segment cannot be replaced`);
    assert(old[0]!.baseOffset === baseOffset, () => `${this.name}: cleaned segment at ${baseOffset} does not start at ${old[0]!.baseOffset}`);
    const finals = [LOG_SUFFIX, INDEX_SUFFIX, TIME_INDEX_SUFFIX, TXN_INDEX_SUFFIX].map((x) => segmentFile(this.dir, baseOffset, x));
    const cleaned = finals.map((p) => p + CLEANED_SUFFIX).filter((p) => existsSync(p));
    assert(cleaned[0] === finals[0] + CLEANED_SUFFIX, () => `${this.name}: no cleaned segment at ${baseOffset}`);
    const swap = cleaned.map((p) => p.slice(0, -CLEANED_SUFFIX.length) + SWAP_SUFFIX);
    cleaned.forEach((p, i) => renameSync(p, swap[i]!));
    this.segments.splice(at, old.length);
    for (const s of old) {
      this.dirty.delete(s);
      this.scheduleDelete(s);
    }
    for (const p of swap) renameSync(p, p.slice(0, -SWAP_SUFFIX.length));
    const seg = LogSegment.open(this.dir, baseOffset, { indexIntervalBytes: this.config.indexIntervalBytes, maxIndexBytes: this.config.segmentIndexBytes }, Date.now());
    this.segments.splice(at, 0, seg);
    // Positions in the replaced segments mean nothing in the new one.
    this.hwPosition = null;
    this.deferSync(this.dir);
    return seg;
  }

  private scheduleDelete(seg: LogSegment): void {
    seg.markDeleted();
    const entry = { segment: seg, timer: setTimeout(() => {
      this.pendingDeletes.delete(entry);
      seg.deleteFiles();
    }, this.config.fileDeleteDelayMs) };
    entry.timer.unref?.();
    this.pendingDeletes.add(entry);
  }

  /** Clean close: flush everything, write a producer snapshot, trim indexes, close the files. */
  async close(): Promise<void> {
    if (this.closed) return;
    if (!this.offline) {
      await this.flush();
      this.producers.takeSnapshot(this.nextOffset);
    }
    this.closeNow();
  }

  /** Closes the files without flushing (offline logs, or tests simulating a crash-free stop). */
  closeNow(): void {
    this.closed = true;
    for (const d of this.pendingDeletes) {
      clearTimeout(d.timer);
      d.segment.deleteFiles();
    }
    this.pendingDeletes.clear();
    for (const s of this.segments) s.close();
  }
}
