// Opening a partition directory, as Kafka's LogLoader does: remove leftovers of interrupted
// deletes and swaps, open every segment, and — after an unclean stop — re-read every segment from
// the recovery point, checking each batch (CRC, magic, lengths, increasing offsets) and rebuilding
// its indexes. A torn or corrupt tail is truncated (and later, empty segments deleted); a corrupt
// batch followed by valid data is corruption in the middle of the log, which takes the partition
// offline with a CorruptRecordError naming the file and position instead of dropping data.
// Nothing that can be checked cheaply is trusted, even after a clean stop: every segment's indexes are
// checked against its data (a sample of entries must point at real batch starts; they are rebuilt when
// they disagree), and the active segment's last batches are read and CRC-checked (a torn tail is
// truncated). What recovery did is logged: segments re-read, indexes rebuilt, bytes truncated.
// A re-read segment's `.txnindex` is rebuilt too, as Kafka's LogLoader.recoverSegment does: a second
// producer state, positioned at the segment's base (newest snapshot at or below it plus the batches
// up to it), follows the segment's batches and writes each aborted transaction its markers complete.
import { closeSync, copyFileSync, existsSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync } from "node:fs";
import { BatchScanner } from "./batch-scanner.ts";
import { dirname, join } from "node:path";
import { BATCH_HEADER_SIZE, BATCH_LENGTH_OFFSET, LOG_OVERHEAD, MAGIC_OFFSET, CURRENT_MAGIC } from "../protocol/records/batch-header.ts";
import { checkBatch, isControl, readBatchHeader } from "./batch.ts";
import type { BatchHeader } from "./batch.ts";
import { endTxnMarkerOf } from "./control-record.ts";
import { CorruptRecordError } from "./errors.ts";
import { CLEANED_SUFFIX, DELETED_SUFFIX, INDEX_SUFFIX, LOG_SUFFIX, offsetFromFileName, partitionDirNameWithSuffix, SNAPSHOT_SUFFIX, STRAY_DIR_SUFFIX, SWAP_SUFFIX, TIME_INDEX_SUFFIX, TXN_INDEX_SUFFIX } from "./file-names.ts";
import { syncDir } from "./checkpoint-file.ts";
import { LEADER_EPOCH_CHECKPOINT } from "./leader-epoch-cache.ts";
import type { TopicPartition } from "./file-names.ts";
import { LeaderEpochCache } from "./leader-epoch-cache.ts";
import { Log } from "./log.ts";
import type { LogConfig } from "./log-config.ts";
import type { Logger } from "../util/log.ts";
import { ProducerStateManager } from "./producer-state.ts";
import { replayProducerState } from "./producer-replay.ts";
import type { ProducerStateOptions } from "./producer-state.ts";
import { LogSegment } from "./segment.ts";

export interface LoadParams {
  recoveryPoint: number;
  logStartOffset: number;
  highWatermark: number;
  /** The directory holds a clean-shutdown marker: skip the re-read. */
  cleanShutdown: boolean;
  nowMs?: number;
  /** Where recovery says what it did (segments re-read, indexes rebuilt, bytes truncated). */
  logger?: Pick<Logger, "info" | "warn"> & Partial<Pick<Logger, "error">>;
  /** producer.id.expiration.ms and the per-partition producer bound of the partition's producer state. */
  producerState?: Omit<ProducerStateOptions, "logger">;
  /** Told the path of a dir this load set aside as stray (a log start offset beyond the log end). */
  onSetAside?: (path: string) => void;
}

export interface LoadStats {
  segmentsRecovered: number;
  bytesTruncated: number;
  segmentsDeleted: number;
}

/** Kafka's LogFileUtils.offsetFromFile: the number before the name's first '.', or -1. */
function offsetOfName(name: string): number {
  const stem = name.split(".")[0] ?? "";
  return /^\d{20}$/.test(stem) ? Number(stem) : -1;
}

const SEGMENT_SUFFIXES = [LOG_SUFFIX, INDEX_SUFFIX, TIME_INDEX_SUFFIX, TXN_INDEX_SUFFIX];

/** The offset after the last whole batch of a `.log` file (its base offset when it holds none). */
function readNextOffsetOf(path: string, baseOffset: number): number {
  const fd = openSync(path, "r");
  try {
    const size = fstatSync(fd).size;
    const scanner = new BatchScanner(fd, 0, size, "headers");
    let next = baseOffset;
    // Bounded by the file size: each step advances by a batch size of at least the header size.
    for (let b = scanner.next(); b; b = scanner.next()) {
      if (b.bufEnd - b.bufPos < BATCH_HEADER_SIZE || b.sizeBytes < BATCH_HEADER_SIZE || b.position + b.sizeBytes > size) break;
      next = readBatchHeader(b.buf, b.bufPos).lastOffset + 1;
      scanner.advance(b.sizeBytes);
    }
    return next;
  } finally {
    closeSync(fd);
  }
}

/**
 * Kafka's LogLoader.removeTempFilesAndCollectSwapFiles and the swap passes of load(): `.deleted` and
 * `.tmp` files go; a `.swap` at or above the lowest `.cleaned` file's offset belongs to a cleaning
 * whose swap never started (its files were still being renamed), so it goes, and so do all
 * `.cleaned` files. The remaining `.swap` segments are complete: the segment files in the offset range
 * of the `.log.swap` files (the segments they replace, not yet renamed `.deleted`) are deleted and
 * every `.swap` file gets its final name.
 */
function removeLeftovers(dir: string, logger?: LoadParams["logger"]): void {
  let minCleaned = Infinity;
  const cleaned: string[] = [];
  const swaps: string[] = [];
  for (const n of readdirSync(dir)) {
    if (n.endsWith(DELETED_SUFFIX) || n.endsWith(".tmp")) rmSync(join(dir, n), { force: true });
    else if (n.endsWith(CLEANED_SUFFIX)) {
      const o = offsetOfName(n);
      if (o >= 0) minCleaned = Math.min(minCleaned, o);
      cleaned.push(n);
    } else if (n.endsWith(SWAP_SUFFIX)) swaps.push(n);
  }
  const valid: string[] = [];
  for (const n of swaps) {
    if (offsetOfName(n) >= minCleaned) {
      logger?.info("deleting an invalid swap file: its cleaning had not finished", { file: join(dir, n) });
      rmSync(join(dir, n), { force: true });
    } else valid.push(n);
  }
  for (const n of cleaned) rmSync(join(dir, n), { force: true });
  let minSwap = Infinity;
  let maxSwap = -Infinity;
  for (const n of valid) {
    if (!n.endsWith(LOG_SUFFIX + SWAP_SUFFIX)) continue;
    const base = offsetOfName(n);
    if (base < 0) continue;
    logger?.info("found a log file from an interrupted swap, recoverable by renaming", { file: join(dir, n) });
    minSwap = Math.min(minSwap, base);
    maxSwap = Math.max(maxSwap, readNextOffsetOf(join(dir, n), base));
  }
  if (minSwap < maxSwap) {
    for (const n of readdirSync(dir)) {
      if (n.endsWith(SWAP_SUFFIX) || !SEGMENT_SUFFIXES.some((x) => n.endsWith(x))) continue;
      const o = offsetOfName(n);
      if (o >= minSwap && o < maxSwap) {
        logger?.info("deleting a segment file that was compacted but not deleted yet", { file: join(dir, n) });
        rmSync(join(dir, n), { force: true });
      }
    }
  }
  for (const n of readdirSync(dir)) {
    if (n.endsWith(SWAP_SUFFIX)) renameSync(join(dir, n), join(dir, n.slice(0, -SWAP_SUFFIX.length)));
  }
  // Index files without their `.log` are strays.
  for (const n of readdirSync(dir)) {
    for (const s of [INDEX_SUFFIX, TIME_INDEX_SUFFIX, TXN_INDEX_SUFFIX]) {
      if (n.endsWith(s) && offsetFromFileName(n, s) >= 0 && !existsSync(join(dir, n.slice(0, -s.length) + LOG_SUFFIX))) rmSync(join(dir, n), { force: true });
    }
  }
}

/**
 * Is there a valid batch anywhere in [from, end) of the segment with offsets above afterOffset?
 * Tries the declared next position first, then every byte (bounded by the segment size). This is
 * what tells a torn tail (nothing valid follows) from corruption in the middle.
 */
export function validBatchFollows(seg: LogSegment, from: number, declaredSize: number, afterOffset: number, maxBatchBytes: number): number {
  const fd = seg.fileDescriptor;
  const end = seg.sizeBytes;
  const header = new Uint8Array(BATCH_HEADER_SIZE);
  const tryAt = (pos: number): boolean => {
    if (pos + BATCH_HEADER_SIZE > end) return false;
    if (readSync(fd, header, 0, BATCH_HEADER_SIZE, pos) !== BATCH_HEADER_SIZE) return false;
    if (header[MAGIC_OFFSET] !== CURRENT_MAGIC) return false;
    const size = new DataView(header.buffer).getInt32(BATCH_LENGTH_OFFSET) + LOG_OVERHEAD;
    if (size < BATCH_HEADER_SIZE || size > maxBatchBytes || pos + size > end) return false;
    const whole = new Uint8Array(size);
    if (readSync(fd, whole, 0, size, pos) !== size) return false;
    if (checkBatch(whole, 0, size, maxBatchBytes) !== null) return false;
    return readBatchHeader(whole, 0).baseOffset > afterOffset;
  };
  if (declaredSize >= BATCH_HEADER_SIZE && tryAt(from + declaredSize)) return from + declaredSize;
  const chunk = new Uint8Array(1 << 20);
  // Bounded by the segment size; candidates need magic 2 at +16 before any further read.
  for (let base = from + 1; base + BATCH_HEADER_SIZE <= end; base += chunk.length - BATCH_HEADER_SIZE) {
    const n = readSync(fd, chunk, 0, Math.min(chunk.length, end - base), base);
    for (let i = 0; i + BATCH_HEADER_SIZE <= n; i++) {
      if (chunk[i + MAGIC_OFFSET] === CURRENT_MAGIC && tryAt(base + i)) return base + i;
    }
    if (n < chunk.length) break;
  }
  return -1;
}

export function loadLog(dir: string, tp: TopicPartition, config: LogConfig, params: LoadParams, stats?: LoadStats): Log {
  const nowMs = params.nowMs ?? Date.now();
  const logger = params.logger;
  const partition = `${tp.topic}-${tp.partition}`;
  removeLeftovers(dir, logger);
  const settings = { indexIntervalBytes: config.indexIntervalBytes, maxIndexBytes: config.segmentIndexBytes };
  const bases = readdirSync(dir)
    .map((n) => offsetFromFileName(n, LOG_SUFFIX))
    .filter((o) => o >= 0)
    .sort((a, b) => a - b);
  const segments: LogSegment[] = [];
  const epochs = new LeaderEpochCache(dir);
  const producers = new ProducerStateManager(dir, { ...params.producerState, logger });
  const closeAll = (): void => segments.forEach((s) => s.close());
  try {
    for (const b of bases) segments.push(LogSegment.open(dir, b, settings, nowMs));
    if (segments.length === 0) segments.push(LogSegment.open(dir, Math.max(0, params.logStartOffset), settings, nowMs));
    // The producer state the re-read segments' transaction indexes are rebuilt from (see the file
    // comment); made on the first segment re-read, moved forward over the segments in between.
    let txnState: { producers: ProducerStateManager; at: number } | null = null;
    const txnStateAt = (base: number): ProducerStateManager => {
      if (txnState === null || txnState.at > base) {
        const p = new ProducerStateManager(dir, { ...params.producerState, logger });
        const snap = p.loadLatest(base, nowMs, true);
        txnState = { producers: p, at: Math.max(snap >= 0 ? snap : segments[0]!.baseOffset, params.logStartOffset) };
      }
      if (txnState.at < base) replayProducerState(segments, txnState.producers, txnState.at, base);
      txnState.at = base;
      return txnState.producers;
    };
    const batchHandler = (seg: LogSegment) => {
      const state = txnStateAt(seg.baseOffset);
      return (h: BatchHeader, _position: number, buf: Uint8Array, bufPos: number): void => {
        // Batches with a leader epoch are re-registered while recovering (Kafka does the same).
        if (h.partitionLeaderEpoch >= 0 && h.partitionLeaderEpoch > epochs.latestEpoch()) epochs.assign(h.partitionLeaderEpoch, h.baseOffset);
        if (h.producerId < 0n) return;
        let marker = null;
        if (isControl(h.attributes)) {
          try {
            marker = endTxnMarkerOf(buf, bufPos, h);
          } catch {
            return; // completes nothing, as an empty control batch
          }
        }
        const completed = state.update(h, marker);
        if (!completed) return;
        const lastStableOffset = state.lastStableOffset(completed);
        if (completed.isAborted) seg.txnIndex.append({ producerId: completed.producerId, firstOffset: completed.firstOffset, lastOffset: completed.lastOffset, lastStableOffset });
        state.completeTxn(completed);
      };
    };
    const maxBatchBytes = 0x7fffffff;
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i]!;
      const nextBase = segments[i + 1]?.baseOffset ?? Infinity;
      const unflushed = !params.cleanShutdown && nextBase > params.recoveryPoint;
      // A segment that is not re-read anyway is checked where that is cheap: its indexes against the
      // segment (always), and after a clean stop the active segment's tail (its last batches).
      let distrust: string | null = null;
      if (!unflushed) {
        distrust = seg.checkIndexes(nextBase);
        if (distrust) logger?.warn("rebuilding the indexes of a segment: they disagree with its data", { partition, segment: seg.logPath, reason: distrust });
        else if (i === segments.length - 1) {
          distrust = seg.checkTail(maxBatchBytes);
          if (distrust) logger?.warn("the active segment's tail is invalid although the log was shut down cleanly; recovering the segment", { partition, segment: seg.logPath, reason: distrust });
        }
      }
      if (!unflushed && !distrust) continue;
      if (unflushed && seg.sizeBytes > 0) logger?.info("recovering unflushed segment", { partition, segment: seg.baseOffset, bytes: seg.sizeBytes, recoveryPoint: params.recoveryPoint });
      if (stats) stats.segmentsRecovered++;
      const r = seg.recover(maxBatchBytes, batchHandler(seg));
      if (txnState !== null) (txnState as { at: number }).at = r.nextOffset;
      if (!r.invalid) continue;
      const laterData = segments.slice(i + 1).some((s) => s.sizeBytes > 0);
      // From the valid batches only: readNextOffset would read the invalid batch's header too.
      const lastValidNext = r.nextOffset;
      if (laterData || validBatchFollows(seg, r.invalid.position, r.invalid.declaredSizeBytes, lastValidNext - 1, maxBatchBytes) >= 0) {
        throw new CorruptRecordError(seg.logPath, r.invalid.position, `${r.invalid.reason}; valid batches follow, so this is not a torn tail`);
      }
      const bytesDropped = seg.sizeBytes - r.validBytes;
      if (stats) stats.bytesTruncated += bytesDropped;
      seg.truncateToBytes(r.validBytes, lastValidNext);
      // Everything after the truncation point goes, as in Kafka's LogLoader.
      const deleted = segments.splice(i + 1);
      for (const later of deleted) {
        later.markDeleted();
        later.deleteFiles();
        if (stats) stats.segmentsDeleted++;
      }
      // Kafka: "Found invalid messages in log segment ... Truncating".
      logger?.warn("truncated an invalid tail of the log", {
        partition,
        segment: seg.logPath,
        position: r.invalid.position,
        reason: r.invalid.reason,
        logEndOffset: lastValidNext,
        bytesDropped,
        segmentsDeleted: deleted.length,
      });
    }
    const active = segments[segments.length - 1]!;
    const logEndOffset = Math.max(active.readNextOffset(), active.baseOffset);
    if (params.logStartOffset > logEndOffset) {
      closeAll();
      return startBeyondEnd(dir, tp, config, params, logEndOffset, segments, stats);
    }
    const logStartOffset = Math.max(params.logStartOffset, segments[0]!.baseOffset);
    epochs.truncateFromEnd(logEndOffset);
    epochs.truncateFromStart(logStartOffset);
    const log = new Log({
      dir,
      tp,
      config,
      segments,
      logStartOffset,
      logEndOffset,
      recoveryPoint: Math.min(params.recoveryPoint, logEndOffset),
      highWatermark: params.highWatermark,
      epochs,
      producers,
    });
    // Producer state: newest snapshot at or below the log end, then the batches after it. Without
    // a snapshot, replay from the start of the second-to-last segment (Kafka bounds it the same way).
    const snap = producers.loadLatest(logEndOffset, nowMs);
    const from = snap >= 0 ? snap : (segments[Math.max(0, segments.length - 2)]!.baseOffset);
    log.replayProducers(Math.max(from, logStartOffset));
    return log;
  } catch (e) {
    closeAll();
    throw e;
  }
}

/**
 * The log-start-offset checkpoint is beyond the log end (Kafka's LogLoader
 * deleteSegmentsIfLogStartGreaterThanLogEnd: "This could happen if segment files were deleted from the
 * file system"). Kafka deletes every segment and starts the log empty at the checkpoint, so offsets
 * already handed out are never handed out again; Strand does the same to the live log but keeps the
 * data: a dir holding any batch is renamed `<topic>-<partition>.<uuid>-stray` (as a stray log) and
 * logged at ERROR with what to do; only empty segment files are removed.
 */
function startBeyondEnd(dir: string, tp: TopicPartition, config: LogConfig, params: LoadParams, logEndOffset: number, segments: readonly LogSegment[], stats?: LoadStats): Log {
  const partition = `${tp.topic}-${tp.partition}`;
  const start = params.logStartOffset;
  if (segments.some((s) => s.sizeBytes > 0)) {
    const parent = dirname(dir);
    const kept = join(parent, partitionDirNameWithSuffix(tp, STRAY_DIR_SUFFIX));
    renameSync(dir, kept);
    mkdirSync(dir);
    // The topic id stays with the partition (the new dir is the same partition, later offsets).
    if (existsSync(join(kept, "partition.metadata"))) copyFileSync(join(kept, "partition.metadata"), join(dir, "partition.metadata"));
    syncDir(parent);
    params.onSetAside?.(kept);
    const report = params.logger?.error ?? params.logger?.warn;
    report?.call(params.logger, "log start offset checkpoint is beyond the log end: the log restarts empty at the checkpoint (as Kafka) and its old segments are kept aside, not deleted", {
      partition,
      logStartOffset: start,
      logEndOffset,
      keptAs: kept,
      action: "if segment files were lost, the kept dir holds what remains: inspect it (kafka-dump-log.sh) and delete it when done; if the checkpoint was damaged instead, stop the broker, restore the dir from the kept one and fix its entry in log-start-offset-checkpoint",
    });
  } else {
    // Nothing to keep: empty segments, their indexes, producer snapshots and leader epochs below the
    // new start go, as Kafka's truncateFullyAndStartAt and LeaderEpochFileCache.clearAndFlush.
    for (const n of readdirSync(dir)) {
      if (offsetFromFileName(n, LOG_SUFFIX) >= 0 || offsetFromFileName(n, INDEX_SUFFIX) >= 0 || offsetFromFileName(n, TIME_INDEX_SUFFIX) >= 0 || offsetFromFileName(n, TXN_INDEX_SUFFIX) >= 0 || offsetFromFileName(n, SNAPSHOT_SUFFIX) >= 0 || n === LEADER_EPOCH_CHECKPOINT) {
        rmSync(join(dir, n), { force: true });
      }
    }
    params.logger?.warn("log start offset checkpoint is beyond the log end of an empty log: the log starts at the checkpoint", { partition, logStartOffset: start, logEndOffset });
  }
  return loadLog(dir, tp, config, { ...params, recoveryPoint: start, highWatermark: Math.max(params.highWatermark, start) }, stats);
}
