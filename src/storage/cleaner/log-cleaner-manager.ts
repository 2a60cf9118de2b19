// Kafka's LogCleanerManager: which log to clean next and the cleaning state of every log.
//
// The first dirty offset of a log is its entry in the log dir's `cleaner-offset-checkpoint` (Kafka's
// OffsetCheckpointFile: version 0, a count, then `topic partition offset` lines), else its log start
// offset. The cleanable range ends at the first uncleanable offset: the base of the segment holding
// the smallest of the last stable offset (open transactions, the high watermark), the active
// segment's base and the first dirty segment younger than min.compaction.lag.ms. The dirtiest log
// (cleanable bytes / total bytes) above min.cleanable.dirty.ratio is cleaned first; a log whose dirty
// segments are older than max.compaction.lag.ms is cleaned whatever its ratio.
//
// State per partition as Kafka's LogCleaningState: in progress, aborted (a truncation or deletion
// came while it ran: its result is dropped), or paused (count). The main thread alone changes it.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { readOffsetCheckpoint } from "../checkpoint-file.ts";
import { tpKey, type TopicPartition } from "../file-names.ts";
import type { Log } from "../log.ts";
import { floorSegmentIndex } from "../producer-replay.ts";
import type { LogSegment } from "../segment.ts";
import { writeOffsetCheckpointAsync } from "./checkpoint-async.ts";

export const CLEANER_OFFSET_CHECKPOINT = "cleaner-offset-checkpoint";

export type LogCleaningState = { kind: "in-progress" } | { kind: "aborted" } | { kind: "paused"; count: number };

export interface LogToClean {
  log: Log;
  dir: string;
  firstDirtyOffset: number;
  firstUncleanableOffset: number;
  cleanBytes: number;
  cleanableBytes: number;
  totalBytes: number;
  cleanableRatio: number;
  needCompactionNow: boolean;
}

/** Kafka's nonActiveLogSegmentsFrom: the segments from the one holding `from`, the active one excluded. */
function nonActiveSegmentsFrom(log: Log, from: number): LogSegment[] {
  const segs = log.segments;
  return segs.slice(floorSegmentIndex(segs, from), segs.length - 1);
}

/** Kafka's logSegments(from, to): from the segment holding `from`, those starting below `to`. */
export function logSegmentsIn(log: Log, from: number, to: number): LogSegment[] {
  const segs = log.segments;
  const out: LogSegment[] = [];
  for (let i = from < 0 ? 0 : floorSegmentIndex(segs, from); i < segs.length && segs[i]!.baseOffset < to; i++) out.push(segs[i]!);
  return out;
}

/** Kafka's maxCompactionDelay: how far past max.compaction.lag.ms the oldest dirty segment is (0: not). */
export function maxCompactionDelay(log: Log, firstDirtyOffset: number, nowMs: number): number {
  let earliest = Infinity;
  for (const s of nonActiveSegmentsFrom(log, firstDirtyOffset)) if (s.firstBatchTimestamp > 0 && s.firstBatchTimestamp < earliest) earliest = s.firstBatchTimestamp;
  const cleanUntil = nowMs - Math.max(log.config.maxCompactionLagMs, 0);
  return earliest < cleanUntil ? cleanUntil - earliest : 0;
}

/** Kafka's cleanableOffsets. */
export function cleanableOffsets(log: Log, lastCleanOffset: number | undefined, nowMs: number): { firstDirtyOffset: number; firstUncleanableDirtyOffset: number; forceUpdateCheckpoint: boolean } {
  const start = log.logStartOffset;
  const checkpointed = lastCleanOffset ?? start;
  let firstDirtyOffset = checkpointed;
  let forceUpdateCheckpoint = false;
  // Abnormally truncated, or the checkpoint ran ahead of a corrupt log's end: the whole log is dirty.
  if (checkpointed < start || checkpointed > log.logEndOffset) {
    firstDirtyOffset = start;
    forceUpdateCheckpoint = true;
  }
  let uncleanable = Math.min(log.lastStableOffset, log.active.baseOffset);
  const lag = Math.max(log.config.minCompactionLagMs, 0);
  if (lag > 0) {
    const young = nonActiveSegmentsFrom(log, firstDirtyOffset).find((s) => s.largestTimestamp > nowMs - lag);
    if (young) uncleanable = Math.min(uncleanable, young.baseOffset);
  }
  return { firstDirtyOffset, firstUncleanableDirtyOffset: Math.max(firstDirtyOffset, uncleanable), forceUpdateCheckpoint };
}

/** Kafka's calculateCleanableBytes: the first uncleanable segment's base, and the bytes before it from the first dirty one. */
export function calculateCleanableBytes(log: Log, firstDirtyOffset: number, uncleanableOffset: number): { firstUncleanableOffset: number; cleanableBytes: number } {
  const seg = nonActiveSegmentsFrom(log, uncleanableOffset)[0] ?? log.active;
  const firstUncleanableOffset = seg.baseOffset;
  let cleanableBytes = 0;
  for (const s of logSegmentsIn(log, Math.min(firstDirtyOffset, firstUncleanableOffset), firstUncleanableOffset)) cleanableBytes += s.sizeBytes;
  return { firstUncleanableOffset, cleanableBytes };
}

export function logToClean(log: Log, dir: string, firstDirtyOffset: number, uncleanableOffset: number, needCompactionNow: boolean): LogToClean {
  let cleanBytes = 0;
  for (const s of logSegmentsIn(log, -1, firstDirtyOffset)) cleanBytes += s.sizeBytes;
  const { firstUncleanableOffset, cleanableBytes } = calculateCleanableBytes(log, firstDirtyOffset, uncleanableOffset);
  const totalBytes = cleanBytes + cleanableBytes;
  return { log, dir, firstDirtyOffset, firstUncleanableOffset, cleanBytes, cleanableBytes, totalBytes, cleanableRatio: cleanableBytes / totalBytes, needCompactionNow };
}

export class LogCleanerManager {
  private readonly inProgress = new Map<string, LogCleaningState>();
  /** The checkpoint of each log dir, in memory; written through after each change. */
  private readonly checkpoints = new Map<string, Map<string, { tp: TopicPartition; offset: number }>>();
  private readonly writes = new Map<string, Promise<void>>();
  private readonly uncleanable = new Map<string, Set<string>>();
  /** The largest cleanable ratio seen by the last selection (Kafka's max-dirty-percent). */
  dirtiestLogCleanableRatio = 0;
  timeOfLastRunMs = -1;

  constructor(
    logDirs: readonly string[],
    private readonly liveLogs: () => ReadonlyMap<string, { log: Log; dir: string }>,
    private readonly onError: (e: Error) => void = () => undefined,
  ) {
    for (const d of logDirs) {
      const path = join(d, CLEANER_OFFSET_CHECKPOINT);
      let entries = new Map<string, { tp: TopicPartition; offset: number }>();
      try {
        entries = readOffsetCheckpoint(path);
      } catch (e) {
        this.onError(e instanceof Error ? e : new Error(String(e)));
      }
      this.checkpoints.set(d, entries);
      // Kafka's CheckpointFile creates the file, empty, when the cleaner starts.
      if (!existsSync(path)) this.persist(d);
    }
  }

  /** Kafka's allCleanerCheckpoints: every log dir's entries. */
  allCleanerCheckpoints(): Map<string, number> {
    const out = new Map<string, number>();
    for (const entries of this.checkpoints.values()) for (const [k, v] of entries) out.set(k, v.offset);
    return out;
  }

  cleaningState(tp: TopicPartition): LogCleaningState | undefined {
    return this.inProgress.get(tpKey(tp));
  }

  isInProgress(key: string): boolean {
    return this.inProgress.has(key);
  }

  /** Kafka's grabFilthiestCompactedLog: the dirtiest cleanable log, marked in progress; null when none. */
  grabFilthiestCompactedLog(nowMs: number): LogToClean | null {
    this.timeOfLastRunMs = nowMs;
    const lastClean = this.allCleanerCheckpoints();
    const dirty: LogToClean[] = [];
    for (const [key, { log, dir }] of this.liveLogs()) {
      if (!log.config.compact || log.isOffline || this.inProgress.has(key) || this.uncleanable.get(dir)?.has(key)) continue;
      try {
        const o = cleanableOffsets(log, lastClean.get(key), nowMs);
        if (o.forceUpdateCheckpoint) this.updateCheckpoint(dir, log.tp, o.firstDirtyOffset);
        const delay = maxCompactionDelay(log, o.firstDirtyOffset, nowMs);
        const ltc = logToClean(log, dir, o.firstDirtyOffset, o.firstUncleanableDirtyOffset, delay > 0);
        if (ltc.totalBytes > 0) dirty.push(ltc);
      } catch (e) {
        this.onError(new Error(`failed to calculate log cleaning stats for partition ${key}: ${(e as Error).message}`));
        this.markPartitionUncleanable(dir, key);
      }
    }
    this.dirtiestLogCleanableRatio = dirty.reduce((m, l) => Math.max(m, l.cleanableRatio), 0);
    let filthiest: LogToClean | null = null;
    for (const l of dirty) {
      if (!((l.needCompactionNow && l.cleanableBytes > 0) || l.cleanableRatio > l.log.config.minCleanableDirtyRatio)) continue;
      if (!filthiest || l.cleanableRatio > filthiest.cleanableRatio) filthiest = l;
    }
    if (filthiest) this.inProgress.set(tpKey(filthiest.log.tp), { kind: "in-progress" });
    return filthiest;
  }

  /** Kafka's deletableLogs: compacted logs not being cleaned, marked in progress while their retention runs. */
  deletableLogs(): Array<{ log: Log; dir: string }> {
    const out: Array<{ log: Log; dir: string }> = [];
    for (const [key, e] of this.liveLogs()) {
      if (this.inProgress.has(key) || !e.log.config.compact || e.log.isOffline || this.uncleanable.get(e.dir)?.has(key)) continue;
      this.inProgress.set(key, { kind: "in-progress" });
      out.push(e);
    }
    return out;
  }

  /** A cleaning that ended without doneCleaning (failed, aborted, dropped) leaves the in-progress state. */
  doneCleaningIfLeft(ltc: LogToClean): void {
    this.finish(tpKey(ltc.log.tp));
  }

  doneDeleting(logs: ReadonlyArray<{ log: Log }>): void {
    for (const { log } of logs) this.finish(tpKey(log.tp));
  }

  /** Kafka's doneCleaning: the new checkpoint, unless the cleaning was aborted meanwhile. */
  doneCleaning(tp: TopicPartition, dir: string, endOffset: number): void {
    const key = tpKey(tp);
    if (this.inProgress.get(key)?.kind === "in-progress") this.updateCheckpoint(dir, tp, endOffset);
    this.finish(key);
  }

  private finish(key: string): void {
    const s = this.inProgress.get(key);
    if (s?.kind === "in-progress") this.inProgress.delete(key);
    // Kafka's abortCleaning is abortAndPause + resume: the pause ends as the cleaning does.
    else if (s?.kind === "aborted") this.inProgress.delete(key);
  }

  /**
   * Kafka's abortCleaning: a running cleaning of the partition is marked aborted (its result will be
   * dropped, and `onAbort` stops its worker at the next chunk). Kafka blocks until the cleaner thread
   * sees it; here the cleaning only ever changes the log on this thread, after checking this state, so
   * the caller may go on at once.
   */
  abortCleaning(tp: TopicPartition, onAbort?: () => void): void {
    const key = tpKey(tp);
    if (this.inProgress.get(key)?.kind === "in-progress") {
      this.inProgress.set(key, { kind: "aborted" });
      onAbort?.();
    }
  }

  isAborted(tp: TopicPartition): boolean {
    return this.inProgress.get(tpKey(tp))?.kind === "aborted";
  }

  markPartitionUncleanable(dir: string, key: string): void {
    let s = this.uncleanable.get(dir);
    if (!s) this.uncleanable.set(dir, (s = new Set()));
    s.add(key);
  }

  /** Kafka's updateCheckpoints: entries of logs no longer here are dropped as the file is written. */
  updateCheckpoint(dir: string, tp: TopicPartition, offset: number | null): void {
    const entries = this.checkpoints.get(dir);
    if (!entries) return;
    const key = tpKey(tp);
    if (offset === null) entries.delete(key);
    else entries.set(key, { tp, offset });
    this.persist(dir);
  }

  /** Kafka's maybeTruncateCheckpoint: after a truncation, the checkpoint is not beyond the new log end. */
  maybeTruncateCheckpoint(dir: string, tp: TopicPartition, offset: number): void {
    const e = this.checkpoints.get(dir)?.get(tpKey(tp));
    if (e && e.offset > offset) this.updateCheckpoint(dir, tp, offset);
  }

  /** Forgets a deleted partition (its checkpoint entry and any uncleanable mark). */
  removePartition(dir: string, tp: TopicPartition): void {
    this.uncleanable.get(dir)?.delete(tpKey(tp));
    this.updateCheckpoint(dir, tp, null);
  }

  /** Resolves when every checkpoint write started so far is on disk. */
  async flushed(): Promise<void> {
    await Promise.all([...this.writes.values()]);
  }

  private persist(dir: string): void {
    const live = this.liveLogs();
    const prev = this.writes.get(dir) ?? Promise.resolve();
    const next = prev.then(async () => {
      const entries = [...(this.checkpoints.get(dir)?.values() ?? [])].filter((e) => live.has(tpKey(e.tp)));
      await writeOffsetCheckpointAsync(join(dir, CLEANER_OFFSET_CHECKPOINT), entries);
    }).catch((e: unknown) => this.onError(new Error(`failed to write ${join(dir, CLEANER_OFFSET_CHECKPOINT)}: ${e instanceof Error ? e.message : String(e)}`)));
    this.writes.set(dir, next);
  }
}
