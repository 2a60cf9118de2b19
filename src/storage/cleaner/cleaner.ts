// Kafka's Cleaner: the cleaning of one log. The offset map (key -> latest offset) is built over the
// dirty section [first dirty offset, first uncleanable offset), as far as the map holds keys; then
// every segment below the map's last offset (the clean section too) is rewritten, in groups of
// Kafka's groupSegmentsBySize, each group into one `.cleaned` segment named by its first segment's
// base offset. Offsets are preserved (gaps remain); a batch keeps its producer id/epoch, base
// sequence, timestamps, leader epoch, attributes and codec, its retained records recompressed with
// that codec (MemoryRecords.filterTo). Tombstones and removable transaction markers get a delete
// horizon (KIP-534: the base timestamp, with the delete-horizon attribute) on the first pass that
// keeps them, and go on a pass after it. Aborted transactional data is dropped (the .txnindex);
// empty batches are kept where Kafka keeps them (a producer's last batch, the round's last batch).
//
// Pure file work on plain data (cleaner-task.ts): it reads the source `.log` files read-only and
// writes only `.cleaned` files, so it runs in the cleaner worker (cleaner-worker.ts) while the broker
// serves; the swap is the main thread's (log-cleaner.ts).
import { closeSync, existsSync, fdatasyncSync, openSync, rmSync, statSync, utimesSync } from "node:fs";
import { BATCH_HEADER_SIZE, CURRENT_MAGIC, DELETE_HORIZON_FLAG_MASK, RECORDS_OFFSET, TIMESTAMP_TYPE_MASK } from "../../protocol/records/batch-header.ts";
import { DEFAULT_MAX_UNCOMPRESSED_BYTES, RecordBatchView } from "../../protocol/records/batch-view.ts";
import { codecForId } from "../../protocol/records/compression/registry.ts";
import { sizeOfVarint, sizeOfVarlong, writeVarint, writeVarlong } from "../../protocol/records/varint.ts";
import { parseControlType } from "../../protocol/records/control-batch.ts";
import { assert } from "../../util/assert.ts";
import { BatchScanner } from "../batch-scanner.ts";
import { isControl, isTransactional, readBatchHeader, type BatchHeader } from "../batch.ts";
import { INDEX_SUFFIX, LOG_SUFFIX, segmentFile, TIME_INDEX_SUFFIX, TXN_INDEX_SUFFIX, CLEANED_SUFFIX } from "../file-names.ts";
import { LogSegment } from "../segment.ts";
import { CleanedTransactionMetadata } from "./cleaned-txn-metadata.ts";
import { writeBatch, writeEmptyBatch } from "./cleaned-batch.ts";
import { RecordCursor } from "./record-scan.ts";
import type { CleanedGroup, CleanerSegmentRef, CleanerStats, CleanResult, CleanTask, LastRecordOfProducer } from "./cleaner-task.ts";
import { SkimpyOffsetMap } from "./offset-map.ts";
import { Throttler } from "./throttler.ts";

export class LogCleaningAbortedError extends Error {
  override readonly name = "LogCleaningAbortedError";
}

const SEGMENT_FILE_SUFFIXES = [LOG_SUFFIX, INDEX_SUFFIX, TIME_INDEX_SUFFIX, TXN_INDEX_SUFFIX] as const;

/** The `.cleaned` files of the segment at base (Kafka's LogSegment file set with the suffix). */
export function cleanedFiles(dir: string, baseOffset: number): string[] {
  return SEGMENT_FILE_SUFFIXES.map((s) => segmentFile(dir, baseOffset, s) + CLEANED_SUFFIX);
}

function deleteCleaned(dir: string, baseOffset: number): void {
  for (const p of cleanedFiles(dir, baseOffset)) rmSync(p, { force: true });
}

/** The delete horizon of a v2 batch (its base timestamp when the attribute is set), or null. */
export function deleteHorizonOf(h: BatchHeader): number | null {
  return (h.attributes & DELETE_HORIZON_FLAG_MASK) !== 0 ? h.baseTimestamp : null;
}

function newStats(nowMs: number): CleanerStats {
  return { mapBytesRead: 0, mapMessagesRead: 0, bytesRead: 0, messagesRead: 0, bytesWritten: 0, messagesWritten: 0, invalidMessagesRead: 0, bufferUtilization: 0, startMs: nowMs, mapDoneMs: -1, endMs: -1 };
}

/** The batches of a segment file from `position` to `end`, whole, through a chunk buffer of ioBytes. */
function* batchesOf(seg: CleanerSegmentRef, position: number, ioBytes: number): Generator<{ h: BatchHeader; buf: Uint8Array; pos: number }> {
  let fd: number;
  try {
    fd = openSync(seg.logPath, "r");
  } catch (e) {
    // Deleted (retention, a partition deletion) since the task was made: this cleaning is void.
    throw new LogCleaningAbortedError(`${seg.logPath} is gone: ${(e as Error).message}`);
  }
  try {
    const scanner = new BatchScanner(fd, position, seg.sizeBytes, "full", 0x7fffffff, Math.max(BATCH_HEADER_SIZE, Math.min(ioBytes, seg.sizeBytes - position)));
    // Bounded by the segment size: each step advances by a batch size of at least the header size.
    for (let b = scanner.next(); b; b = scanner.next()) {
      if (b.sizeBytes < BATCH_HEADER_SIZE || b.bufEnd - b.bufPos < b.sizeBytes) throw new Error(`${seg.logPath}: unreadable batch at position ${b.position} (declared size ${b.sizeBytes})`);
      if (b.buf[b.bufPos + 16] !== CURRENT_MAGIC) throw new Error(`${seg.logPath}: batch at position ${b.position} has magic ${b.buf[b.bufPos + 16]}`);
      yield { h: readBatchHeader(b.buf, b.bufPos), buf: b.buf, pos: b.bufPos };
      scanner.advance(b.sizeBytes);
    }
  } finally {
    closeSync(fd);
  }
}

function controlTypeOf(buf: Uint8Array, pos: number, h: BatchHeader): number | null {
  if (h.recordCount === 0) return null;
  const first = new RecordBatchView(buf.subarray(pos, pos + h.sizeBytes)).records().next();
  return first.done ? null : parseControlType(first.value.key);
}

export interface CleanOptions {
  /** Throws LogCleaningAbortedError when the cleaning was aborted (Kafka's checkDone). */
  checkDone?: () => void;
}

/** Cleans the log described by the task; returns the new checkpoint and the `.cleaned` segments written. */
export function cleanLog(task: CleanTask, opts: CleanOptions = {}): CleanResult {
  const checkDone = opts.checkDone ?? (() => undefined);
  const stats = newStats(Date.now());
  const throttler = new Throttler(task.cleaner.maxIoBytesPerSecond);
  const map = new SkimpyOffsetMap(task.cleaner.dedupeBufferBytes);
  assert(map.slots * task.cleaner.loadFactor > 1, () => "offset map is too small to fit in even a single message, so log cleaning will never make progress. You can increase log.cleaner.dedupe.buffer.size or decrease log.cleaner.threads");
  buildOffsetMap(task, map, stats, throttler, checkDone);
  const endOffset = map.latestOffset + 1;
  stats.mapDoneMs = Date.now();
  const groups = groupSegmentsBySize(task.segments.filter((s) => s.baseOffset < endOffset), task.log.segmentBytes, task.log.maxIndexBytes, task.firstUncleanableOffset);
  const txn = new CleanedTransactionMetadata();
  const producers = new Map<bigint, LastRecordOfProducer>(task.activeProducers.map((p) => [p.producerId, p]));
  const written: CleanedGroup[] = [];
  try {
    for (const g of groups) written.push(cleanSegments(task, g, map, txn, producers, stats, throttler, checkDone));
  } catch (e) {
    for (const g of written) deleteCleaned(task.dir, g.baseOffset);
    throw e;
  }
  stats.bufferUtilization = map.utilization;
  stats.endMs = Date.now();
  return { id: task.id, endOffset, groups: written, stats };
}

/**
 * Kafka's buildOffsetMap: the keys of the dirty section, from the first dirty offset, until the map
 * holds slots * load factor keys. Aborted transactional batches add nothing; the map's latest offset
 * moves over every batch read and to the end of every segment fully read.
 */
export function buildOffsetMap(task: CleanTask, map: SkimpyOffsetMap, stats: CleanerStats, throttler: Throttler, checkDone: () => void): void {
  map.clear();
  const start = task.firstDirtyOffset;
  const end = task.firstUncleanableOffset;
  const dirty = task.segments.filter((s) => s.nextOffset > start && s.baseOffset < end);
  const txn = new CleanedTransactionMetadata();
  txn.addAbortedTransactions(task.mapAbortedTxns);
  const maxDesired = Math.floor(map.slots * task.cleaner.loadFactor);
  const cursor = new RecordCursor();
  for (let i = 0; i < dirty.length; i++) {
    const seg = dirty[i]!;
    checkDone();
    const from = i === 0 ? task.mapStartPosition : 0;
    let sinceCheck = 0;
    for (const { h, buf, pos } of batchesOf(seg, from, task.cleaner.ioBufferBytes)) {
      stats.mapBytesRead += h.sizeBytes;
      sinceCheck += h.sizeBytes;
      if (sinceCheck >= task.cleaner.ioBufferBytes) {
        checkDone();
        throttler.maybeThrottle(sinceCheck);
        sinceCheck = 0;
      }
      const info = { producerId: h.producerId, lastOffset: h.lastOffset, isTransactional: isTransactional(h.attributes) };
      if (isControl(h.attributes)) {
        txn.onControlBatchRead(info, controlTypeOf(buf, pos, h));
        stats.mapMessagesRead += 1;
      } else if (txn.onBatchRead(info)) {
        stats.mapMessagesRead += h.recordCount;
      } else {
        const recs = recordsOf(buf, pos, h);
        cursor.reset(recs.bytes, recs.start, recs.end, h.recordCount);
        while (cursor.next()) {
          const offset = h.baseOffset + cursor.offsetDelta;
          if (cursor.keyLength >= 0 && offset >= start) {
            // Full: the rest of this segment and later ones wait for the next cleaning.
            if (map.size >= maxDesired) return;
            map.putRange(cursor.buf, cursor.keyStart, cursor.keyStart + cursor.keyLength, offset);
          }
          stats.mapMessagesRead += 1;
        }
      }
      if (h.lastOffset >= start) map.updateLatestOffset(h.lastOffset);
    }
    throttler.maybeThrottle(sinceCheck);
    // Over a gap in offsets: to the last offset this segment could hold.
    map.updateLatestOffset(seg.nextOffset - 1);
  }
}

/**
 * Kafka's groupSegmentsBySize: consecutive segments whose total log size fits segment.bytes and whose
 * index sizes fit segment.index.bytes, and whose offsets fit one segment's 32-bit relative offsets.
 */
export function groupSegmentsBySize(segments: readonly CleanerSegmentRef[], maxSize: number, maxIndexSize: number, firstUncleanableOffset: number): CleanerSegmentRef[][] {
  const grouped: CleanerSegmentRef[][] = [];
  let i = 0;
  // Bounded by the segments: each pass takes at least one.
  while (i < segments.length) {
    const group = [segments[i]!];
    let logSize = segments[i]!.sizeBytes;
    let indexSize = segments[i]!.offsetIndexBytes;
    let timeIndexSize = segments[i]!.timeIndexBytes;
    i++;
    while (i < segments.length) {
      const s = segments[i]!;
      // Kafka's lastOffsetForFirstSegment: the next segment's base - 1, or the first uncleanable offset - 1.
      const lastOffset = i + 1 < segments.length ? segments[i + 1]!.baseOffset - 1 : firstUncleanableOffset - 1;
      if (!(logSize + s.sizeBytes <= maxSize && indexSize + s.offsetIndexBytes <= maxIndexSize && timeIndexSize + s.timeIndexBytes <= maxIndexSize && (s.sizeBytes === 0 || lastOffset - group[group.length - 1]!.baseOffset <= 0x7fffffff))) break;
      group.push(s);
      logSize += s.sizeBytes;
      indexSize += s.offsetIndexBytes;
      timeIndexSize += s.timeIndexBytes;
      i++;
    }
    grouped.push(group);
  }
  return grouped;
}

/** Output batches gathered before one write to the cleaned segment. */
class OutputBuffer {
  private parts: Uint8Array[] = [];
  private batches: Array<{ lastOffset: number; sizeBytes: number; maxTimestamp: number }> = [];
  bytes = 0;

  add(b: Uint8Array, h: { lastOffset: number; maxTimestamp: number }): void {
    this.parts.push(b);
    this.batches.push({ lastOffset: h.lastOffset, sizeBytes: b.length, maxTimestamp: h.maxTimestamp });
    this.bytes += b.length;
  }

  flushTo(dest: LogSegment): number {
    if (this.bytes === 0) return 0;
    const out = new Uint8Array(this.bytes);
    let p = 0;
    for (const part of this.parts) {
      out.set(part, p);
      p += part.length;
    }
    dest.append(out, this.batches);
    const n = this.bytes;
    this.parts = [];
    this.batches = [];
    this.bytes = 0;
    return n;
  }
}

/** Kafka's cleanSegments: one group into one `.cleaned` segment, flushed. */
function cleanSegments(
  task: CleanTask,
  group: readonly CleanerSegmentRef[],
  map: SkimpyOffsetMap,
  txn: CleanedTransactionMetadata,
  producers: ReadonlyMap<bigint, LastRecordOfProducer>,
  stats: CleanerStats,
  throttler: Throttler,
  checkDone: () => void,
): CleanedGroup {
  const base = group[0]!.baseOffset;
  deleteCleaned(task.dir, base);
  const dest = LogSegment.open(task.dir, base, { indexIntervalBytes: task.log.indexIntervalBytes, maxIndexBytes: task.log.maxIndexBytes }, task.nowMs, CLEANED_SUFFIX);
  let lastTxnOffset = -1;
  txn.cleanedIndex = (t) => {
    // A marker is kept once: the index stays in marker order.
    if (t.lastOffset <= lastTxnOffset) return;
    lastTxnOffset = t.lastOffset;
    dest.txnIndex.append(t);
  };
  try {
    for (const seg of group) {
      txn.addAbortedTransactions(seg.abortedTxns);
      cleanInto(task, seg, dest, map, txn, producers, stats, throttler, checkDone);
    }
    dest.onBecomeInactive();
    dest.syncDataBlocking();
    dest.syncIndexes();
    dest.txnIndex.syncBlocking();
    const sizeBytes = dest.sizeBytes;
    dest.close();
    // Kafka keeps the last source segment's modification time on the cleaned segment.
    const last = group[group.length - 1]!;
    if (existsSync(last.logPath)) {
      const m = statSync(last.logPath).mtime;
      utimesSync(dest.logPath, m, m);
    }
    const dirFd = openSync(task.dir, "r");
    try {
      fdatasyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
    return { baseOffset: base, sources: group.map((s) => s.baseOffset), sizeBytes };
  } catch (e) {
    dest.close();
    deleteCleaned(task.dir, base);
    throw e;
  } finally {
    txn.cleanedIndex = null;
  }
}

type BatchRetention = "DELETE" | "RETAIN_EMPTY" | "DELETE_EMPTY";

/** The records section of the batch at buf[pos], decompressed when the batch is compressed. */
function recordsOf(buf: Uint8Array, pos: number, h: BatchHeader): { bytes: Uint8Array; start: number; end: number } {
  const codec = codecForId(h.attributes & 0x07);
  if (!codec) return { bytes: buf, start: pos + RECORDS_OFFSET, end: pos + h.sizeBytes };
  const bytes = codec.decompress(buf.subarray(pos + RECORDS_OFFSET, pos + h.sizeBytes), DEFAULT_MAX_UNCOMPRESSED_BYTES);
  return { bytes, start: 0, end: bytes.length };
}

/** The records of one batch the cleaner keeps: where each lies in the batch's records and its timestamp. */
class KeptRecords {
  n = 0;
  private starts: number[] = [];
  private rests: number[] = [];
  private ends: number[] = [];
  private offsetDeltas: number[] = [];
  ts: number[] = [];

  push(c: RecordCursor, timestamp: number): void {
    const i = this.n++;
    this.starts[i] = c.recordStart;
    this.rests[i] = c.restStart;
    this.ends[i] = c.recordEnd;
    this.offsetDeltas[i] = c.offsetDelta;
    this.ts[i] = timestamp;
  }

  private encodedBody(k: number, tsDelta: number): number {
    return 1 + sizeOfVarlong(tsDelta) + sizeOfVarint(this.offsetDeltas[k]!) + (this.ends[k]! - this.rests[k]!);
  }

  size(k: number, tsDelta: number): number {
    const body = this.encodedBody(k, tsDelta);
    return sizeOfVarint(body) + body;
  }

  /** Record k re-encoded with timestamp delta tsDelta at out[o]: length, attributes 0, deltas, then its key, value and headers as they were. */
  write(records: Uint8Array, k: number, tsDelta: number, out: Uint8Array, o: number): number {
    o = writeVarint(out, o, this.encodedBody(k, tsDelta));
    out[o++] = 0;
    o = writeVarlong(out, o, tsDelta);
    o = writeVarint(out, o, this.offsetDeltas[k]!);
    out.set(records.subarray(this.rests[k]!, this.ends[k]!), o);
    return o + (this.ends[k]! - this.rests[k]!);
  }
}

/** Kafka's cleanInto with MemoryRecords.filterTo: the batches of one source segment into dest. */
function cleanInto(
  task: CleanTask,
  seg: CleanerSegmentRef,
  dest: LogSegment,
  map: SkimpyOffsetMap,
  txn: CleanedTransactionMetadata,
  producers: ReadonlyMap<bigint, LastRecordOfProducer>,
  stats: CleanerStats,
  throttler: Throttler,
  checkDone: () => void,
): void {
  const now = task.nowMs;
  const out = new OutputBuffer();
  const cursor = new RecordCursor();
  const kept = new KeptRecords();
  const ioBytes = task.cleaner.ioBufferBytes;
  let sinceCheck = 0;
  const flush = (): void => {
    const n = out.flushTo(dest);
    stats.bytesWritten += n;
    throttler.maybeThrottle(n);
  };
  checkDone();
  for (const { h, buf, pos } of batchesOf(seg, 0, ioBytes)) {
    stats.bytesRead += h.sizeBytes;
    sinceCheck += h.sizeBytes;
    if (sinceCheck >= ioBytes) {
      checkDone();
      throttler.maybeThrottle(sinceCheck);
      sinceCheck = 0;
    }
    const control = isControl(h.attributes);
    const info = { producerId: h.producerId, lastOffset: h.lastOffset, isTransactional: isTransactional(h.attributes) };
    // Markers piggy-back on the tombstone horizon: never deleted before every record of their
    // transaction is gone.
    const canDiscardBatch = control ? txn.onControlBatchRead(info, controlTypeOf(buf, pos, h)) : txn.onBatchRead(info);
    const horizon = deleteHorizonOf(h);
    const discardBatchRecords = control ? canDiscardBatch && horizon !== null && horizon <= now : canDiscardBatch;
    let lastOfProducer = false;
    if (h.producerId >= 0n) {
      const last = producers.get(h.producerId);
      if (last) lastOfProducer = last.lastDataOffset >= 0 ? h.lastOffset === last.lastDataOffset : control && h.producerEpoch === last.producerEpoch;
    }
    // The batch holding a producer's last sequence (or its last marker: its epoch fences) stays, and
    // so does the round's last batch (its last offset).
    const retention: BatchRetention = lastOfProducer ? "RETAIN_EMPTY" : h.lastOffset + 1 === task.firstUncleanableOffset ? "RETAIN_EMPTY" : discardBatchRecords ? "DELETE" : "DELETE_EMPTY";
    const containsMarkerForEmptyTxn = canDiscardBatch && control;
    if (retention === "DELETE") continue;
    const recs = recordsOf(buf, pos, h);
    cursor.reset(recs.bytes, recs.start, recs.end, h.recordCount);
    const logAppendTime = (h.attributes & TIMESTAMP_TYPE_MASK) !== 0;
    kept.n = 0;
    let all = true;
    let containsTombstones = false;
    const latest = map.latestOffset;
    const retainDeletes = horizon === null || now < horizon;
    while (cursor.next()) {
      stats.messagesRead++;
      const offset = h.baseOffset + cursor.offsetDelta;
      let keep: boolean;
      if (discardBatchRecords) keep = false;
      else if (control || offset > latest) keep = true;
      else if (cursor.keyLength < 0) {
        stats.invalidMessagesRead++;
        keep = false;
      } else keep = offset >= map.getRange(cursor.buf, cursor.keyStart, cursor.keyStart + cursor.keyLength) && (cursor.valueLength >= 0 || retainDeletes);
      if (!keep) {
        all = false;
        continue;
      }
      if (cursor.valueLength < 0) containsTombstones = true;
      kept.push(cursor, logAppendTime ? h.maxTimestamp : h.baseTimestamp + cursor.timestampDelta);
    }
    if (kept.n > 0) {
      const needToSetDeleteHorizon = (containsTombstones || containsMarkerForEmptyTxn) && horizon === null;
      let bytes: Uint8Array;
      if (all && !needToSetDeleteHorizon) bytes = buf.slice(pos, pos + h.sizeBytes);
      else {
        const deleteHorizonMs = needToSetDeleteHorizon ? now + task.log.deleteRetentionMs : horizon;
        // Kafka's MemoryRecordsBuilder: the base timestamp is the delete horizon, else the first kept
        // record's; the max timestamp the largest kept one (a LogAppendTime batch keeps its own).
        const baseTs = deleteHorizonMs ?? kept.ts[0]!;
        let maxTs = logAppendTime ? h.maxTimestamp : kept.ts[0]!;
        let size = 0;
        for (let k = 0; k < kept.n; k++) {
          if (!logAppendTime && kept.ts[k]! > maxTs) maxTs = kept.ts[k]!;
          size += kept.size(k, kept.ts[k]! - baseTs);
        }
        const plain = new Uint8Array(size);
        let o = 0;
        for (let k = 0; k < kept.n; k++) o = kept.write(recs.bytes, k, kept.ts[k]! - baseTs, plain, o);
        assert(o === size, () => `cleaner: wrote ${o} record bytes, sized ${size}`);
        const attrs = (h.attributes & ~DELETE_HORIZON_FLAG_MASK) | (deleteHorizonMs !== null ? DELETE_HORIZON_FLAG_MASK : 0);
        bytes = writeBatch(h, attrs, baseTs, maxTs, plain, kept.n);
      }
      stats.messagesWritten += kept.n;
      out.add(bytes, { lastOffset: h.lastOffset, maxTimestamp: readBatchHeader(bytes, 0).maxTimestamp });
    } else if (retention === "RETAIN_EMPTY") {
      out.add(writeEmptyBatch(h), h);
    }
    if (out.bytes >= ioBytes) flush();
  }
  flush();
  throttler.maybeThrottle(sinceCheck);
}
