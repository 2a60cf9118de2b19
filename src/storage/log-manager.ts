// The broker's view of its log dirs: meta.properties and the `.lock` of each dir, one Log per
// partition directory `<topic>-<partition>`, Kafka's checkpoint files, and the clean-shutdown
// marker. A partition whose recovery finds corruption, whose log cannot be created, or whose log
// fails a write or flush later is kept offline (with its error) while the others serve: Kafka takes
// the whole log dir offline on such an error (LogDirFailureChannel), Strand only the partition, so
// one bad partition does not stop a single-dir broker. An offline partition keeps its checkpoint
// entries, and its dir gets no clean-shutdown marker, so the next start recovers it.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { readOffsetCheckpoint, syncDir, writeOffsetCheckpoint, writeTextFileAtomic } from "./checkpoint-file.ts";
import { DirLock } from "./dir-lock.ts";
import { LogOfflineError } from "./errors.ts";
import type { TopicPartition } from "./file-names.ts";
import { isStrayDirName, parsePartitionDirName, partitionDirName, partitionDirNameWithSuffix, STRAY_DIR_SUFFIX, tpKey } from "./file-names.ts";
import type { Logger } from "../util/log.ts";
import type { Log } from "./log.ts";
import { makeLogConfig } from "./log-config.ts";
import type { LogConfig } from "./log-config.ts";
import { randomKafkaUuid, readMetaProperties, refuseUnformattedDataDir, writeMetaProperties } from "./meta-properties.ts";
import type { MetaProperties } from "./meta-properties.ts";
import { loadLog } from "./recovery.ts";
import { deleteOldSegments } from "./retention.ts";
import { LogCleaner, type LogCleanerConfig } from "./cleaner/log-cleaner.ts";

export const RECOVERY_POINT_CHECKPOINT = "recovery-point-offset-checkpoint";
export const REPLICATION_CHECKPOINT = "replication-offset-checkpoint";
export const LOG_START_CHECKPOINT = "log-start-offset-checkpoint";
export const CLEAN_SHUTDOWN_FILE = ".kafka_cleanshutdown";

export interface LogManagerOptions {
  logDirs: string[];
  nodeId: number;
  /** Used when a dir has no meta.properties yet; otherwise every dir must agree with it. */
  clusterId: string;
  /** The broker-level settings (server.properties), in force for every log from the moment it is opened. */
  defaultConfig?: Partial<LogConfig>;
  /** Per-topic overrides; setTopicConfigSource() replaces it once the metadata image is replayed. */
  topicConfig?: (topic: string) => Partial<LogConfig> | undefined;
  /** Where recovery logs what it did (segments re-read, indexes rebuilt, tails truncated). */
  logger?: Pick<Logger, "info" | "warn" | "error">;
  /** The log cleaner's own logger (Kafka's LogCleaner); the log manager's when not given. */
  cleanerLogger?: Pick<Logger, "info" | "warn" | "error">;
  /** producer.id.expiration.ms for every partition's producer state (default: Kafka's one day). */
  producerIdExpirationMs?: number;
  /** Errors of the periodic tasks (flush, retention, checkpoint, producer expiry); they never propagate. */
  onTaskError?: (e: Error) => void;
  /** A partition went offline while running (write or flush failure, log creation failure). */
  onPartitionOffline?: (o: OfflinePartition) => void;
  /** The log cleaner (log.cleaner.enable); null or absent: compacted logs are never cleaned. */
  cleaner?: LogCleanerConfig | null;
  /** Told how long each log sync (group commit) or flush took, in ms: the fsync latency metric. */
  onSyncTimed?: (durationMs: number) => void;
}

interface DirState {
  path: string;
  lock: DirLock;
  meta: MetaProperties;
}

export interface OfflinePartition {
  tp: TopicPartition;
  /** The log dir holding it. */
  dir: string;
  error: Error;
  /** Its checkpoint entries, written back unchanged while it is offline. */
  recoveryPoint: number;
  logStartOffset: number;
  highWatermark: number;
  /** The log object, when it went offline while open (its files are closed at shutdown). */
  log: Log | null;
}

export class LogManager {
  private readonly dirs: DirState[] = [];
  private readonly logs = new Map<string, { log: Log; dir: DirState }>();
  private readonly offline = new Map<string, OfflinePartition>();
  private timers: ReturnType<typeof setInterval>[] = [];
  private closed = false;
  private offlineChangeCount = 0;
  /** Whether each dir was stopped cleanly last time, as found at open. */
  readonly hadCleanShutdown = new Map<string, boolean>();
  /**
   * Kafka's readBrokerEpochFromCleanShutdownFiles: the broker epoch every dir's clean-shutdown marker
   * names, -1 when a dir has none (a crash) or they differ. The broker registers with it as
   * previousBrokerEpoch, and the controller tells a clean from an unclean shutdown by it (with ELR on,
   * an unclean one leaves ISR and ELR).
   */
  previousBrokerEpoch = -1n;
  /** What the clean-shutdown marker records (setBrokerEpoch once registered; -1 for a broker that never did). */
  private brokerEpoch = -1;
  /** Partition dirs set aside (`<tp>.<uuid>-stray`), found at open or moved aside since: kept for the operator. */
  readonly strayDirs: string[] = [];
  /** Kafka's LogCleaner, when enabled; it runs from startScheduler(). */
  cleaner: LogCleaner | null = null;

  private topicConfig: ((topic: string) => Partial<LogConfig> | undefined) | undefined;

  private constructor(private readonly options: LogManagerOptions) {
    this.topicConfig = options.topicConfig;
  }

  /** The broker epoch the next clean-shutdown marker records (Kafka writes the lifecycle manager's). */
  setBrokerEpoch(epoch: bigint): void {
    this.brokerEpoch = Number(epoch);
  }

  static open(options: LogManagerOptions): LogManager {
    if (options.logDirs.length === 0) throw new Error("log.dirs is empty");
    const m = new LogManager(options);
    try {
      for (const d of options.logDirs) m.openDir(resolve(d));
      m.previousBrokerEpoch = brokerEpochFromMarkers(m.dirs.map((d) => d.path));
      for (const d of m.dirs) m.loadDir(d);
      if (options.cleaner) {
        const live = new Map<string, { log: Log; dir: string }>();
        m.cleaner = new LogCleaner(options.cleaner, m.dirs.map((d) => d.path), () => {
          live.clear();
          for (const [k, e] of m.logs) live.set(k, { log: e.log, dir: e.dir.path });
          return live;
        }, options.cleanerLogger ?? options.logger);
      }
    } catch (e) {
      for (const d of m.dirs) d.lock.release();
      throw e;
    }
    return m;
  }

  private openDir(path: string): void {
    mkdirSync(path, { recursive: true });
    const lock = DirLock.acquire(path);
    try {
      // Only an empty dir is formatted here; one holding data without meta.properties is refused (Kafka).
      refuseUnformattedDataDir(path);
      let meta = readMetaProperties(path);
      if (meta && meta.clusterId !== this.options.clusterId) throw new Error(`log dir ${path} belongs to cluster ${meta.clusterId}, not ${this.options.clusterId}`);
      if (meta && meta.nodeId !== this.options.nodeId) throw new Error(`log dir ${path} belongs to node ${meta.nodeId}, not ${this.options.nodeId}`);
      if (!meta || !meta.directoryId) {
        meta = { version: 1, clusterId: this.options.clusterId, nodeId: this.options.nodeId, directoryId: meta?.directoryId || randomKafkaUuid() };
        writeMetaProperties(path, meta);
      }
      this.dirs.push({ path, lock, meta });
    } catch (e) {
      lock.release();
      throw e;
    }
  }

  private producerStateOptions(): { producerIdExpirationMs?: number } {
    return this.options.producerIdExpirationMs === undefined ? {} : { producerIdExpirationMs: this.options.producerIdExpirationMs };
  }

  configFor(topic: string): LogConfig {
    return makeLogConfig({ ...this.options.defaultConfig, ...this.topicConfig?.(topic) });
  }

  /**
   * Where per-topic configs come from from now on. The metadata layer sets it as soon as its image is
   * replayed and then re-applies configFor() to every open log, before any flush or retention task
   * runs: logs loaded at start-up only had the broker-level settings (issue 20).
   */
  setTopicConfigSource(source: (topic: string) => Partial<LogConfig> | undefined): void {
    this.topicConfig = source;
  }

  private loadDir(d: DirState): void {
    const marker = join(d.path, CLEAN_SHUTDOWN_FILE);
    const clean = existsSync(marker);
    this.hadCleanShutdown.set(d.path, clean);
    const recovery = readOffsetCheckpoint(join(d.path, RECOVERY_POINT_CHECKPOINT));
    const starts = readOffsetCheckpoint(join(d.path, LOG_START_CHECKPOINT));
    const hws = readOffsetCheckpoint(join(d.path, REPLICATION_CHECKPOINT));
    for (const name of readdirSync(d.path)) {
      // `<tp>.<uuid>-delete`: a partition deletion that a stop interrupted; finish it.
      if (/\.[0-9a-f]{32}-delete$/.test(name)) {
        rmSync(join(d.path, name), { recursive: true, force: true });
        continue;
      }
      // Kafka loads these as stray logs and leaves them alone ("Loaded stray log"); only the operator removes them.
      if (isStrayDirName(name)) {
        this.strayDirs.push(join(d.path, name));
        this.options.logger?.warn("stray partition log kept from an earlier start; it is not served. Inspect it (kafka-dump-log) and delete it, or move its data back, when done", { dir: join(d.path, name) });
        continue;
      }
      const tp = parsePartitionDirName(name);
      if (!tp || !statSync(join(d.path, name)).isDirectory()) continue;
      const key = tpKey(tp);
      const points = { recoveryPoint: recovery.get(key)?.offset ?? 0, logStartOffset: starts.get(key)?.offset ?? 0, highWatermark: hws.get(key)?.offset ?? 0 };
      try {
        const log = loadLog(join(d.path, name), tp, this.configFor(tp.topic), {
          ...points,
          cleanShutdown: clean,
          logger: this.options.logger,
          producerState: this.producerStateOptions(),
          onSetAside: (path) => this.strayDirs.push(path),
        });
        this.adopt(log, d);
      } catch (e) {
        this.offline.set(key, { tp, dir: d.path, error: e instanceof Error ? e : new Error(String(e)), ...points, log: null });
        this.offlineChangeCount++;
      }
    }
    // The marker is consumed: a crash from now on must be recovered.
    if (clean) {
      rmSync(marker, { force: true });
      syncDir(d.path);
    }
  }

  get logDirs(): string[] {
    return this.dirs.map((d) => d.path);
  }

  metaProperties(dir: string): MetaProperties | undefined {
    return this.dirs.find((d) => d.path === resolve(dir))?.meta;
  }

  offlinePartitions(): OfflinePartition[] {
    return [...this.offline.values()];
  }

  isOffline(tp: TopicPartition): boolean {
    return this.offline.size > 0 && this.offline.has(tpKey(tp));
  }

  /** Grows whenever a partition goes offline or an offline one is deleted (for caches of answers). */
  get offlineChanges(): number {
    return this.offlineChangeCount;
  }

  /** Registers an open log, watching for it to go offline. */
  private adopt(log: Log, dir: DirState): void {
    log.onOffline = (l, error) => this.markOffline(l, dir, error);
    log.onTruncated = (l, offset) => this.cleaner?.onTruncated(l, dir.path, offset);
    log.onSyncTimed = this.options.onSyncTimed ?? null;
    this.logs.set(tpKey(log.tp), { log, dir });
  }

  /**
   * A log that failed a write or flush: from now on the partition answers KAFKA_STORAGE_ERROR, is
   * reported offline, and its dir gets no clean-shutdown marker. Its files stay open until shutdown
   * or deletion (queued fetch responses may still send from them).
   */
  private markOffline(log: Log, dir: DirState, error: Error): void {
    const key = tpKey(log.tp);
    if (this.logs.get(key)?.log !== log) return;
    this.logs.delete(key);
    const o: OfflinePartition = { tp: log.tp, dir: dir.path, error, recoveryPoint: log.recoveryPoint, logStartOffset: log.logStartOffset, highWatermark: log.highWatermark, log };
    this.offline.set(key, o);
    this.offlineChangeCount++;
    this.options.onPartitionOffline?.(o);
  }

  allLogs(): Log[] {
    return [...this.logs.values()].map((e) => e.log);
  }

  /** The partition's log, undefined when it does not exist here; throws LogOfflineError when offline. */
  getLog(tp: TopicPartition): Log | undefined {
    const key = tpKey(tp);
    const off = this.offline.get(key);
    if (off) throw new LogOfflineError(key, off.error);
    return this.logs.get(key)?.log;
  }

  /** Creates the partition directory (in the dir holding the fewest partitions) if needed. */
  getOrCreateLog(tp: TopicPartition, config?: Partial<LogConfig>): Log {
    const existing = this.getLog(tp);
    if (existing) return existing;
    if (this.closed) throw new Error("log manager is closed");
    const logConfig = makeLogConfig({ ...this.configFor(tp.topic), ...config });
    const dir = this.leastLoadedDir();
    const path = join(dir.path, partitionDirName(tp));
    let log: Log;
    try {
      mkdirSync(path, { recursive: true });
      log = loadLog(path, tp, logConfig, { recoveryPoint: 0, logStartOffset: 0, highWatermark: 0, cleanShutdown: true, logger: this.options.logger, producerState: this.producerStateOptions() });
    } catch (e) {
      // Kafka: an IOException creating a log takes its dir offline; here the partition.
      const error = new Error(`could not create the log in ${path}: ${e instanceof Error ? e.message : String(e)}`);
      const o: OfflinePartition = { tp, dir: dir.path, error, recoveryPoint: 0, logStartOffset: 0, highWatermark: 0, log: null };
      this.offline.set(tpKey(tp), o);
      this.offlineChangeCount++;
      this.options.onPartitionOffline?.(o);
      throw new LogOfflineError(tpKey(tp), error);
    }
    // The new dir's entry in its parent is synced at the log's first flush (as Kafka's LocalLog does),
    // not here: an fsync per partition made creating 10,000 partitions take tens of seconds. After a
    // crash a lost empty dir is re-created from the metadata log.
    log.deferSync(dir.path);
    log.deferSync(path);
    this.adopt(log, dir);
    return log;
  }

  /** The log dir holding the fewest partitions (one pass over the logs only when there are several dirs). */
  private leastLoadedDir(): DirState {
    if (this.dirs.length === 1) return this.dirs[0]!;
    const counts = new Map(this.dirs.map((d) => [d, 0]));
    for (const e of this.logs.values()) counts.set(e.dir, (counts.get(e.dir) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => a[1] - b[1])[0]![0];
  }

  /** Deletes a partition: Kafka renames the dir to `<tp>.<uuid>-delete`, then removes it. */
  deleteLog(tp: TopicPartition): void {
    const key = tpKey(tp);
    const off = this.offline.get(key);
    if (off) {
      // An offline partition's data goes too when its topic is deleted (the operator's way out).
      this.offline.delete(key);
      this.offlineChangeCount++;
      off.log?.closeNow();
      removePartitionDir(join(off.dir, partitionDirName(tp)));
    }
    const e = this.logs.get(key);
    if (!e) return;
    this.logs.delete(key);
    // Kafka's LogManager: cleaning aborted, the cleaner checkpoint entry removed.
    this.cleaner?.onRemoved(tp, e.dir.path);
    e.log.closeNow();
    removePartitionDir(e.log.dir);
  }

  /**
   * Kafka's stray-log handling (LogManager.loadLog / asyncDelete with isStray): the partition's log is
   * closed and its dir renamed to `<topic>-<partition>.<uuid>-stray`, kept on disk for the operator,
   * never deleted. The partition is no longer served or checkpointed here. Returns the new path, or
   * null when the partition has no log here. Throws when the rename fails (the log stays closed).
   */
  markStray(tp: TopicPartition): string | null {
    const key = tpKey(tp);
    let dir: string;
    const off = this.offline.get(key);
    const e = this.logs.get(key);
    if (off) {
      this.offline.delete(key);
      this.offlineChangeCount++;
      off.log?.closeNow();
      dir = join(off.dir, partitionDirName(tp));
    } else if (e) {
      this.logs.delete(key);
      this.cleaner?.onRemoved(tp, e.dir.path);
      e.log.closeNow();
      dir = e.log.dir;
    } else return null;
    if (!existsSync(dir)) return null;
    const parent = resolve(dir, "..");
    const renamed = join(parent, partitionDirNameWithSuffix(tp, STRAY_DIR_SUFFIX));
    renameSync(dir, renamed);
    syncDir(parent);
    this.strayDirs.push(renamed);
    return renamed;
  }

  /** Writes the three offset checkpoints of every dir. */
  checkpoint(): void {
    for (const d of this.dirs) {
      const mine: Array<{ tp: TopicPartition; recoveryPoint: number; logStartOffset: number; highWatermark: number }> = [];
      for (const e of this.logs.values()) if (e.dir === d) mine.push(e.log);
      for (const o of this.offline.values()) if (o.dir === d.path) mine.push(o);
      writeOffsetCheckpoint(join(d.path, RECOVERY_POINT_CHECKPOINT), mine.map((l) => ({ tp: l.tp, offset: l.recoveryPoint })));
      writeOffsetCheckpoint(join(d.path, LOG_START_CHECKPOINT), mine.map((l) => ({ tp: l.tp, offset: l.logStartOffset })));
      writeOffsetCheckpoint(join(d.path, REPLICATION_CHECKPOINT), mine.map((l) => ({ tp: l.tp, offset: l.highWatermark })));
    }
  }

  /** flush.ms for every log (the log.flush.scheduler.interval.ms task). */
  flushDirtyLogs(nowMs = Date.now()): void {
    for (const e of this.logs.values()) if (!e.log.isOffline) e.log.maybeFlushByTime(nowMs);
  }

  /**
   * Retention of the logs that are not compacted (Kafka's cleanupLogs): the cleaner runs it for the
   * compacted ones (cleanup.policy=compact,delete) between cleanings, so it never deletes a segment
   * being cleaned.
   */
  runRetention(nowMs = Date.now()): number {
    let n = 0;
    for (const e of this.logs.values()) if (!e.log.isOffline && !e.log.config.compact) n += deleteOldSegments(e.log, nowMs).deletedSegments;
    return n;
  }

  /**
   * Forgets expired producers in every online log (Kafka's PeriodicProducerExpirationCheck, run every
   * producer.id.expiration.check.interval.ms). Returns how many were removed.
   */
  removeExpiredProducers(nowMs = Date.now()): number {
    let n = 0;
    for (const e of this.logs.values()) if (!e.log.isOffline) n += e.log.producers.removeExpiredProducers(nowMs);
    return n;
  }

  /**
   * Starts the periodic tasks (Kafka's log.flush.scheduler / retention.check / checkpoint /
   * producer.id.expiration.check intervals).
   */
  startScheduler(intervals: { flushCheckMs?: number; retentionCheckMs?: number; checkpointMs?: number; producerIdExpirationCheckMs?: number } = {}): void {
    // A failing task (a full disk, too many open files) is logged and retried next time: it must never
    // take the broker down with an uncaught exception.
    const every = (ms: number, fn: () => void): void => {
      const t = setInterval(() => {
        try {
          fn();
        } catch (e) {
          this.options.onTaskError?.(e instanceof Error ? e : new Error(String(e)));
        }
      }, ms);
      t.unref?.();
      this.timers.push(t);
    };
    every(intervals.flushCheckMs ?? 1000, () => this.flushDirtyLogs());
    every(intervals.retentionCheckMs ?? 300_000, () => this.runRetention());
    every(intervals.checkpointMs ?? 60_000, () => this.checkpoint());
    every(intervals.producerIdExpirationCheckMs ?? 600_000, () => this.removeExpiredProducers());
    this.cleaner?.start();
  }

  /**
   * Shutdown: flush and close every log, checkpoint, write the marker in every dir whose logs are all
   * whole, release the locks. Returns the dirs left without a marker (they are recovered next start).
   */
  async close(): Promise<{ uncleanDirs: string[] }> {
    if (this.closed) return { uncleanDirs: [] };
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.cleaner?.close();
    const unclean = new Set<string>();
    for (const e of [...this.logs.values()]) {
      try {
        await e.log.close();
      } catch {
        unclean.add(e.dir.path);
      }
    }
    // A log that failed while closing went offline (markOffline moved it); its files close here.
    for (const o of this.offline.values()) {
      o.log?.closeNow();
      unclean.add(o.dir);
    }
    this.checkpoint();
    for (const d of this.dirs) {
      // The marker promises that every log in the dir is whole: never after a failed write or flush.
      if (!unclean.has(d.path)) {
        writeTextFileAtomic(join(d.path, CLEAN_SHUTDOWN_FILE), JSON.stringify({ version: 0, brokerEpoch: this.brokerEpoch }));
      }
      d.lock.release();
    }
    return { uncleanDirs: [...unclean] };
  }

  /** Releases the locks without flushing (for tests that simulate a crash in-process). */
  abandon(): void {
    this.closed = true;
    void this.cleaner?.close();
    for (const t of this.timers) clearInterval(t);
    for (const e of this.logs.values()) e.log.closeNow();
    for (const o of this.offline.values()) o.log?.closeNow();
    for (const d of this.dirs) d.lock.release();
  }
}

/** Kafka's way: rename the partition dir to `<tp>.<uuid>-delete`, then remove it. */
function removePartitionDir(dir: string): void {
  if (!existsSync(dir)) return;
  const renamed = `${dir}.${crypto.randomUUID().replaceAll("-", "")}-delete`;
  renameSync(dir, renamed);
  rmSync(renamed, { recursive: true, force: true });
}

/** Every dir's marker epoch when all have one and agree, else -1 (Kafka's rule); a marker that does not parse counts as none. */
function brokerEpochFromMarkers(dirs: readonly string[]): bigint {
  let epoch: bigint | null = null;
  // Bounded by log.dirs.
  for (const dir of dirs) {
    let m: { version: number; brokerEpoch: number } | null = null;
    try {
      m = readCleanShutdownMarker(dir);
    } catch {
      m = null;
    }
    if (m === null || !Number.isSafeInteger(m.brokerEpoch)) return -1n;
    const e = BigInt(m.brokerEpoch);
    if (epoch !== null && e !== epoch) return -1n;
    epoch = e;
  }
  return epoch ?? -1n;
}

/** Reads a dir's clean-shutdown marker, if present (for tools and tests). */
export function readCleanShutdownMarker(dir: string): { version: number; brokerEpoch: number } | null {
  const p = join(dir, CLEAN_SHUTDOWN_FILE);
  if (!existsSync(p)) return null;
  return JSON.parse(readFileSync(p, "utf8")) as { version: number; brokerEpoch: number };
}

