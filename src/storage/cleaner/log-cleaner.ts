// Kafka's LogCleaner: log.cleaner.threads cleaner loops. Each picks the dirtiest log
// (LogCleanerManager), has it cleaned off the event loop (a worker per loop, executor.ts), swaps the
// `.cleaned` segments in (the only step that changes the log, on this thread, after checking that the
// cleaned segments are still the log's and the cleaning was not aborted), writes the checkpoint and
// logs `log cleaned partition=T-P ...`; then runs retention for the compacted logs
// (cleanup.policy=compact,delete; the log manager's retention skips compacted logs, as Kafka's), and
// backs off log.cleaner.backoff.ms when there was nothing to clean.
import { rmSync } from "node:fs";
import { tpKey, type TopicPartition } from "../file-names.ts";
import type { Log } from "../log.ts";
import { deleteOldSegments } from "../retention.ts";
import type { LogSegment } from "../segment.ts";
import type { Logger } from "../../util/log.ts";
import { cleanedFiles, LogCleaningAbortedError } from "./cleaner.ts";
import type { CleanerSettings, CleanResult, CleanTask } from "./cleaner-task.ts";
import { InlineExecutor, WorkerExecutor, type CleanerExecutor, type RunningClean } from "./executor.ts";
import { LogCleanerManager, type LogToClean } from "./log-cleaner-manager.ts";

export interface LogCleanerConfig {
  /** log.cleaner.threads */
  threads: number;
  /** log.cleaner.backoff.ms */
  backoffMs: number;
  /** log.cleaner.dedupe.buffer.size (shared by the threads) */
  dedupeBufferBytes: number;
  /** log.cleaner.io.buffer.load.factor */
  loadFactor: number;
  /** log.cleaner.io.buffer.size */
  ioBufferBytes: number;
  /** log.cleaner.io.max.bytes.per.second */
  maxIoBytesPerSecond: number;
  /** Where the cleaning runs: "worker" (default) or "inline" (tests). */
  executor?: "worker" | "inline";
  /** strand.log.cleaner.thread.nice: the worker threads' nice value (0 = the broker's priority). */
  threadNice?: number;
}

/** Kafka's defaults (CleanerConfig). */
export const DEFAULT_CLEANER_CONFIG: LogCleanerConfig = {
  threads: 1,
  backoffMs: 15_000,
  dedupeBufferBytes: 128 * 1024 * 1024,
  loadFactor: 0.9,
  ioBufferBytes: 512 * 1024,
  maxIoBytesPerSecond: Infinity,
};

interface Running {
  clean: RunningClean;
  ltc: LogToClean;
  sources: Map<number, LogSegment>;
}

export class LogCleaner {
  readonly manager: LogCleanerManager;
  private readonly executors: CleanerExecutor[];
  private readonly running = new Map<string, Running>();
  private timers: Array<ReturnType<typeof setTimeout>> = [];
  private stopped = false;
  private nextTaskId = 1;
  /** Cleanings completed (for tests and metrics). */
  cleanings = 0;

  constructor(
    private readonly config: LogCleanerConfig,
    logDirs: readonly string[],
    private readonly liveLogs: () => ReadonlyMap<string, { log: Log; dir: string }>,
    private readonly logger?: Pick<Logger, "info" | "warn" | "error">,
  ) {
    this.manager = new LogCleanerManager(logDirs, liveLogs, (e) => this.logger?.warn("log cleaner", { error: e.message }));
    const threads = Math.max(1, config.threads);
    this.executors = Array.from({ length: threads }, () => (config.executor === "inline" ? new InlineExecutor() : new WorkerExecutor(config.threadNice ?? 0)));
  }

  private get settings(): CleanerSettings {
    return {
      dedupeBufferBytes: Math.floor(this.config.dedupeBufferBytes / this.executors.length),
      loadFactor: this.config.loadFactor,
      // Kafka's CleanerThread: io.buffer.size / threads / 2 each for the read and the write buffer
      // (here a read chunk and the output gathered before a write), at least 64 KiB.
      ioBufferBytes: Math.max(64 * 1024, Math.floor(this.config.ioBufferBytes / this.executors.length / 2)),
      maxIoBytesPerSecond: this.config.maxIoBytesPerSecond,
    };
  }

  /** Starts the cleaner loops (Kafka's CleanerThread.doWork). */
  start(): void {
    this.executors.forEach((_, i) => this.schedule(i, 0));
  }

  private schedule(thread: number, delayMs: number): void {
    if (this.stopped) return;
    const t = setTimeout(() => {
      this.timers = this.timers.filter((x) => x !== t);
      void this.runOnce(thread).then(
        (cleaned) => this.schedule(thread, cleaned ? 0 : this.config.backoffMs),
        (e: unknown) => {
          this.logger?.error("log cleaner loop failed; retrying after the backoff", { error: e instanceof Error ? e.message : String(e) });
          this.schedule(thread, this.config.backoffMs);
        },
      );
    }, delayMs);
    t.unref?.();
    this.timers.push(t);
  }

  /** One round of a cleaner loop: clean the filthiest log, then retention of compacted logs. True when a log was cleaned. */
  async runOnce(thread = 0, nowMs = Date.now()): Promise<boolean> {
    let cleaned = false;
    const ltc = this.manager.grabFilthiestCompactedLog(nowMs);
    if (ltc) {
      try {
        cleaned = await this.cleanLog(thread, ltc, nowMs);
      } finally {
        this.manager.doneCleaningIfLeft(ltc);
      }
    }
    const deletable = this.manager.deletableLogs();
    try {
      for (const { log } of deletable) if (!log.isOffline) deleteOldSegments(log, Date.now());
    } finally {
      this.manager.doneDeleting(deletable);
    }
    return cleaned;
  }

  private buildTask(ltc: LogToClean, nowMs: number): { task: CleanTask; sources: Map<number, LogSegment> } {
    const log = ltc.log;
    const fuo = ltc.firstUncleanableOffset;
    const segs = log.segments.filter((s) => s.baseOffset < fuo);
    const first = segs[0]?.baseOffset ?? fuo;
    const aborted = first < fuo ? log.collectAbortedTransactions(first, fuo) : [];
    const dirtyIndex = segs.findIndex((s, i) => (segs[i + 1]?.baseOffset ?? fuo) > ltc.firstDirtyOffset);
    const task: CleanTask = {
      id: this.nextTaskId++,
      partition: log.name,
      dir: log.dir,
      firstDirtyOffset: ltc.firstDirtyOffset,
      firstUncleanableOffset: fuo,
      segments: segs.map((s, i) => {
        const nextOffset = segs[i + 1]?.baseOffset ?? fuo;
        return {
          baseOffset: s.baseOffset,
          logPath: s.logPath,
          sizeBytes: s.sizeBytes,
          offsetIndexBytes: s.offsetIndex.entries * 8,
          timeIndexBytes: s.timeIndex.entries * 12,
          nextOffset,
          abortedTxns: aborted.filter((t) => t.lastOffset >= s.baseOffset && t.firstOffset < nextOffset),
        };
      }),
      mapStartPosition: dirtyIndex >= 0 ? segs[dirtyIndex]!.offsetIndex.lookup(ltc.firstDirtyOffset).position : 0,
      mapAbortedTxns: aborted.filter((t) => t.lastOffset >= ltc.firstDirtyOffset && t.firstOffset < fuo),
      activeProducers: [...log.producers.all()].map((p) => ({ producerId: p.producerId, lastDataOffset: p.lastBatches[p.lastBatches.length - 1]?.lastOffset ?? -1, producerEpoch: p.epoch })),
      log: { segmentBytes: log.config.segmentBytes, maxIndexBytes: log.config.segmentIndexBytes, indexIntervalBytes: log.config.indexIntervalBytes, deleteRetentionMs: log.config.deleteRetentionMs, maxMessageBytes: log.config.maxMessageBytes },
      cleaner: this.settings,
      nowMs,
    };
    return { task, sources: new Map(segs.map((s) => [s.baseOffset, s])) };
  }

  private async cleanLog(thread: number, ltc: LogToClean, nowMs: number): Promise<boolean> {
    const log = ltc.log;
    const key = tpKey(log.tp);
    const t0 = performance.now();
    const { task, sources } = this.buildTask(ltc, nowMs);
    const taskMs = performance.now() - t0;
    const clean = this.executors[thread % this.executors.length]!.start(task);
    this.running.set(key, { clean, ltc, sources });
    let result: CleanResult;
    try {
      result = await clean.result;
    } catch (e) {
      if (e instanceof LogCleaningAbortedError || this.manager.isAborted(log.tp) || this.stopped) return false;
      // Kafka marks the partition uncleanable and goes on with the others.
      this.manager.markPartitionUncleanable(ltc.dir, key);
      this.logger?.warn("log cleaning failed; the partition is marked uncleanable until the broker restarts", { partition: key, error: e instanceof Error ? e.message : String(e) });
      return false;
    } finally {
      this.running.delete(key);
    }
    const discard = (why: string): boolean => {
      for (const g of result.groups) for (const p of cleanedFiles(log.dir, g.baseOffset)) rmSync(p, { force: true });
      this.logger?.info("log cleaning dropped", { partition: key, reason: why });
      return false;
    };
    if (this.stopped || this.manager.isAborted(log.tp)) return discard("aborted");
    if (log.isOffline || this.liveLogs().get(key)?.log !== log) return discard("the log is gone");
    // Every segment cleaned must still be the log's, unchanged (retention, DeleteRecords or a
    // truncation may have removed one meanwhile).
    const plan: Array<{ base: number; old: LogSegment[] }> = [];
    for (const g of result.groups) {
      const old = g.sources.map((b) => sources.get(b)!);
      if (old.some((s, i) => !s || !log.segments.includes(s) || s.sizeBytes !== task.segments.find((r) => r.baseOffset === g.sources[i])!.sizeBytes)) return discard("segments changed while cleaning");
      plan.push({ base: g.baseOffset, old });
    }
    const s0 = performance.now();
    try {
      for (const p of plan) log.replaceSegments(p.base, p.old);
    } catch (e) {
      log.takeOffline(e instanceof Error ? e : new Error(String(e)));
      return false;
    }
    const swapMs = performance.now() - s0;
    this.manager.doneCleaning(log.tp, ltc.dir, result.endOffset);
    this.cleanings++;
    const s = result.stats;
    const elapsedMs = Math.round(performance.now() - t0);
    this.logger?.info("log cleaned", {
      partition: key,
      firstDirtyOffset: ltc.firstDirtyOffset,
      endOffset: result.endOffset,
      segments: plan.reduce((n, p) => n + p.old.length, 0),
      groups: plan.length,
      bytesRead: s.bytesRead,
      bytesWritten: s.bytesWritten,
      messagesRead: s.messagesRead,
      messagesWritten: s.messagesWritten,
      mapMessages: s.mapMessagesRead,
      bufferUtilization: Math.round(s.bufferUtilization * 1000) / 1000,
      ms: elapsedMs,
      // What ran on the event loop: making the task and the swap (the rest ran in the worker).
      taskMs: Math.round(taskMs * 10) / 10,
      swapMs: Math.round(swapMs * 10) / 10,
      mbPerSec: elapsedMs > 0 ? Math.round((s.bytesRead / 1048576 / (elapsedMs / 1000)) * 10) / 10 : 0,
    });
    return true;
  }

  /** A log was truncated: a running cleaning of it is void, its checkpoint not beyond the new end. */
  onTruncated(log: Log, dir: string, offset: number): void {
    this.abort(log.tp);
    this.manager.maybeTruncateCheckpoint(dir, log.tp, offset);
  }

  /** A partition was deleted or set aside. */
  onRemoved(tp: TopicPartition, dir: string): void {
    this.abort(tp);
    this.manager.removePartition(dir, tp);
  }

  private abort(tp: TopicPartition): void {
    const r = this.running.get(tpKey(tp));
    this.manager.abortCleaning(tp, () => r?.clean.abort());
  }

  /** Stops the loops and the workers; a cleaning still running is dropped (its `.cleaned` files are removed at the next load). */
  async close(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    for (const r of this.running.values()) r.clean.abort();
    for (const e of this.executors) e.close();
    await this.manager.flushed();
  }
}
