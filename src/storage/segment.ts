// One log segment: the `.log` file of record batches plus its `.index`, `.timeindex` and `.txnindex`,
// all named by the 20-digit base offset. Appends go to the end of the `.log`; one offset-index entry
// (and a time-index entry) is added whenever more than index.interval.bytes were appended since the
// last one, pointing at a batch start, as Kafka's LogSegment does.
import { concatParts, type BatchParts } from "../protocol/records/batch-parts.ts";
import { basename } from "node:path";
import { writeGathered } from "./gathered-write.ts";
import { closeSync, constants, existsSync, fdatasync, fdatasyncSync, fstatSync, ftruncateSync, openSync, readSync, renameSync, rmSync, writeSync } from "node:fs";
import { BATCH_HEADER_SIZE, CURRENT_MAGIC, MAGIC_OFFSET } from "../protocol/records/batch-header.ts";
import { BatchScanner } from "./batch-scanner.ts";
import { checkBatch, readBatchHeader } from "./batch.ts";
import type { BatchHeader } from "./batch.ts";
import { DELETED_SUFFIX, INDEX_SUFFIX, LOG_SUFFIX, segmentFile, TIME_INDEX_SUFFIX, TXN_INDEX_SUFFIX } from "./file-names.ts";
import { SegmentWriteError } from "./errors.ts";
import { appendFault, APPEND_FAULTS_ENABLED, enospcError, isKeepTorn } from "./fault-injection.ts";
import { OffsetIndex } from "./offset-index.ts";
import { SegmentFile } from "./segment-file.ts";
import { TimeIndex } from "./time-index.ts";
import { TransactionIndex } from "./transaction-index.ts";

export interface AppendedBatch {
  lastOffset: number;
  sizeBytes: number;
  maxTimestamp: number;
}

/** Where a batch lies in the segment. */
export interface BatchPosition {
  baseOffset: number;
  lastOffset: number;
  position: number;
  sizeBytes: number;
}

export interface SegmentSettings {
  indexIntervalBytes: number;
  maxIndexBytes: number;
}

export interface RecoverResult {
  /** Bytes of valid batches from the start of the segment. */
  validBytes: number;
  /** The offset after the last valid batch (baseOffset when there is none). */
  nextOffset: number;
  /** The first invalid batch, if any: its position and what was wrong. */
  invalid: { position: number; reason: string; declaredSizeBytes: number } | null;
}

/** Offset-index entries checked against the segment at open (first, last and evenly spaced between). */
export const INDEX_ENTRIES_CHECKED = 16;

/** Entry numbers to check out of n: all when n <= k, else the first, the last and k - 2 spread between. */
export function sampledEntries(n: number, k: number): number[] {
  if (n <= k) return Array.from({ length: n }, (_, i) => i);
  const out = new Set<number>();
  for (let j = 0; j < k; j++) out.add(Math.round((j * (n - 1)) / (k - 1)));
  return [...out];
}

/**
 * The chunk a full scan of `bytes` reads through: 1 MiB, or less for a small tail. Start-up scans
 * thousands of mostly empty segments, and a 1 MiB buffer each is gigabytes of allocation.
 */
function scanChunkBytes(bytes: number): number {
  return Math.max(BATCH_HEADER_SIZE, Math.min(1 << 20, bytes));
}

export class LogSegment {
  /** The segment's own I/O goes through this; -1 once closed. */
  private fd: number;
  /** The same descriptor, shared with queued fetch responses (see segment-file.ts). */
  private readonly logFile: SegmentFile;
  private size: number;
  private bytesSinceLastIndexEntry = 0;
  private maxTimestampSoFar = -1;
  private offsetOfMaxTimestampSoFar: number;
  /** Max timestamp of the first batch: what segment.ms counts from (Kafka's rollingBasedTimestamp). */
  private rollingBasedTimestamp = -1;
  private deleted = false;
  readonly createdMs: number;

  private constructor(
    readonly dir: string,
    readonly baseOffset: number,
    private settings: SegmentSettings,
    public logPath: string,
    fd: number,
    readonly offsetIndex: OffsetIndex,
    readonly timeIndex: TimeIndex,
    readonly txnIndex: TransactionIndex,
    nowMs: number,
  ) {
    this.fd = fd;
    this.logFile = new SegmentFile(fd);
    this.size = fstatSync(fd).size;
    this.offsetOfMaxTimestampSoFar = baseOffset;
    const last = timeIndex.lastEntry();
    if (timeIndex.entries > 0) {
      this.maxTimestampSoFar = last.timestamp;
      this.offsetOfMaxTimestampSoFar = last.offset;
    }
    this.createdMs = nowMs;
  }

  /**
   * Opens the segment's files, creating missing ones (an existing `.log` is kept as it is). A
   * `fileSuffix` (Kafka's LogSegment.open fileSuffix: `.cleaned` for the cleaner's output) goes after
   * every file's own suffix.
   */
  static open(dir: string, baseOffset: number, settings: SegmentSettings, nowMs: number, fileSuffix = ""): LogSegment {
    const logPath = segmentFile(dir, baseOffset, LOG_SUFFIX) + fileSuffix;
    // Read-write, created if missing, never truncated: one open (see IndexFile.open).
    const fd = openSync(logPath, constants.O_RDWR | constants.O_CREAT, 0o644);
    const offsetIndex = OffsetIndex.open(segmentFile(dir, baseOffset, INDEX_SUFFIX) + fileSuffix, baseOffset, settings.maxIndexBytes);
    const timeIndex = TimeIndex.open(segmentFile(dir, baseOffset, TIME_INDEX_SUFFIX) + fileSuffix, baseOffset, settings.maxIndexBytes);
    const txnIndexPath = segmentFile(dir, baseOffset, TXN_INDEX_SUFFIX) + fileSuffix;
    // Created with the segment's first aborted transaction, as Kafka does (so a log dir holds the
    // same files as Kafka's: issue 19). Entries: transaction-index.ts.
    const seg = new LogSegment(dir, baseOffset, settings, logPath, fd, offsetIndex, timeIndex, new TransactionIndex(baseOffset, txnIndexPath), nowMs);
    if (seg.size > 0) seg.loadRollingTimestamp();
    return seg;
  }

  get sizeBytes(): number {
    return this.size;
  }

  /** For reads done before the event loop runs other code; keep it longer only via file.retain(). */
  get fileDescriptor(): number {
    return this.fd;
  }

  /** The `.log` file for slices that outlive the current call (fetch responses): see segment-file.ts. */
  get file(): SegmentFile {
    return this.logFile;
  }

  get indexesDamaged(): boolean {
    return this.offsetIndex.damaged || this.timeIndex.damaged;
  }

  /**
   * Why the indexes cannot be trusted, or null. Kafka's sanity check (well-formed entries, offsets
   * inside the segment) plus what it does not check: the offset index's last entry, first entry and
   * up to INDEX_ENTRIES_CHECKED - 2 more must each point at a real batch start whose base offset lies
   * above the previous entry's offset and at or below the entry's own (an entry names the last offset
   * of the append that starts there). A bounded number of 61-byte preads per segment.
   */
  checkIndexes(nextSegmentBase: number): string | null {
    if (this.offsetIndex.damaged) return `offset index ${this.offsetIndex.path} holds entries out of order or a partial entry`;
    if (this.timeIndex.damaged) return `time index ${this.timeIndex.path} holds entries out of order or a partial entry`;
    const n = this.offsetIndex.entries;
    if (n > 0) {
      const last = this.offsetIndex.entry(n - 1);
      if (last.offset >= nextSegmentBase) return `offset index ${this.offsetIndex.path}: last entry's offset ${last.offset} is not below the next segment's base ${nextSegmentBase}`;
      if (last.position >= this.size) return `offset index ${this.offsetIndex.path}: last entry's position ${last.position} is beyond the segment's ${this.size} bytes`;
      for (const i of sampledEntries(n, INDEX_ENTRIES_CHECKED)) {
        const e = this.offsetIndex.entry(i);
        const after = i > 0 ? this.offsetIndex.entry(i - 1).offset : this.baseOffset - 1;
        const why = this.batchStartMismatch(e.position, after, e.offset);
        if (why) return `offset index ${this.offsetIndex.path}: entry ${i} (offset ${e.offset}, position ${e.position}): ${why}`;
      }
    }
    // Kafka's TransactionIndex.sanityCheck: no entry's marker below the segment.
    try {
      const why = this.txnIndex.sanityCheck();
      if (why) return why;
    } catch (e) {
      return (e as Error).message;
    }
    const t = this.timeIndex.entries;
    if (t > 0 && this.timeIndex.entry(t - 1).offset >= nextSegmentBase) {
      return `time index ${this.timeIndex.path}: last entry's offset ${this.timeIndex.entry(t - 1).offset} is not below the next segment's base ${nextSegmentBase}`;
    }
    return null;
  }

  /** Why no batch with base offset in (afterOffset, atMostOffset] starts at position, or null. */
  private batchStartMismatch(position: number, afterOffset: number, atMostOffset: number): string | null {
    const h = new Uint8Array(BATCH_HEADER_SIZE);
    const n = readSync(this.fd, h, 0, BATCH_HEADER_SIZE, position);
    if (n < BATCH_HEADER_SIZE) return `only ${n} bytes at that position, a batch header needs ${BATCH_HEADER_SIZE}`;
    if (h[MAGIC_OFFSET] !== CURRENT_MAGIC) return `no batch starts there (magic ${h[MAGIC_OFFSET]})`;
    const hdr = readBatchHeader(h, 0);
    if (hdr.sizeBytes < BATCH_HEADER_SIZE || position + hdr.sizeBytes > this.size) return `no batch starts there (declared size ${hdr.sizeBytes})`;
    if (hdr.baseOffset <= afterOffset || hdr.baseOffset > atMostOffset) return `the batch there has base offset ${hdr.baseOffset}, outside (${afterOffset}, ${atMostOffset}]`;
    return null;
  }

  /**
   * The cheap check of the active segment after a clean stop: every batch from the offset index's last
   * entry (checked by checkIndexes) to the end is read whole and checked (CRC, lengths, increasing
   * offsets), and no index entry may name an offset past the last batch. About index.interval.bytes
   * plus one batch per partition. Returns why the tail is wrong, or null.
   */
  checkTail(maxBatchBytes: number): string | null {
    const n = this.offsetIndex.entries;
    const start = n > 0 ? this.offsetIndex.entry(n - 1).position : 0;
    const scanner = new BatchScanner(this.fd, start, this.size, "full", maxBatchBytes, scanChunkBytes(this.size - start));
    let nextOffset = this.baseOffset;
    // Bounded by the segment size: each step advances by a checked batch size.
    for (let b = scanner.next(); b; b = scanner.next()) {
      const reason = checkBatch(b.buf, b.bufPos, b.bufEnd, maxBatchBytes);
      if (reason) return `batch at position ${b.position}: ${reason}`;
      const h = readBatchHeader(b.buf, b.bufPos);
      if (h.baseOffset < nextOffset) return `batch at position ${b.position}: base offset ${h.baseOffset} is below the expected ${nextOffset}`;
      nextOffset = h.lastOffset + 1;
      scanner.advance(h.sizeBytes);
    }
    if (this.offsetIndex.entries > 0 && this.offsetIndex.lastOffset >= nextOffset) return `offset index names offset ${this.offsetIndex.lastOffset}, past the last batch (next offset ${nextOffset})`;
    const t = this.timeIndex.entries;
    if (t > 0 && this.timeIndex.entry(t - 1).offset >= nextOffset) return `time index names offset ${this.timeIndex.entry(t - 1).offset}, past the last batch (next offset ${nextOffset})`;
    return null;
  }

  /** Max timestamp of the first batch, -1 when empty (Kafka's getFirstBatchTimestamp, for max.compaction.lag.ms). */
  get firstBatchTimestamp(): number {
    return this.rollingBasedTimestamp;
  }

  get largestTimestamp(): number {
    return this.maxTimestampSoFar;
  }

  get offsetOfLargestTimestamp(): number {
    return this.offsetOfMaxTimestampSoFar;
  }

  private loadRollingTimestamp(): void {
    const first = new BatchScanner(this.fd, 0, this.size, "headers").next();
    if (first && first.bufEnd - first.bufPos >= BATCH_HEADER_SIZE) {
      this.rollingBasedTimestamp = readBatchHeader(first.buf, first.bufPos).maxTimestamp;
    }
  }

  /** Whether an append of this size, timestamp and last offset must go to a new segment. */
  shouldRoll(appendBytes: number, maxTimestamp: number, lastOffset: number, nowMs: number, segmentBytes: number, segmentMs: number): boolean {
    const waited = this.rollingBasedTimestamp >= 0 ? maxTimestamp - this.rollingBasedTimestamp : nowMs - this.createdMs;
    return (
      this.size > segmentBytes - appendBytes ||
      (this.size > 0 && waited > segmentMs) ||
      this.offsetIndex.isFull ||
      this.timeIndex.isFull ||
      lastOffset - this.baseOffset > 0x7fffffff
    );
  }

  /**
   * Writes bytes (whole batches, offsets already assigned) at the end of the `.log` and indexes them.
   * `batches` describes each batch in order.
   */
  append(bytes: Uint8Array | BatchParts, batches: readonly AppendedBatch[]): void {
    if (!(bytes instanceof Uint8Array)) {
      // Assert before the write: the parts hold exactly the batches described.
      let described = 0;
      for (const b of batches) described += b.sizeBytes;
      if (described !== bytes.length) throw new Error(`append to ${this.logPath}: batches describe ${described} bytes, parts hold ${bytes.length}`);
    }
    try {
      const fault = APPEND_FAULTS_ENABLED ? appendFault(basename(this.dir), bytes.length) : null;
      if (fault) this.writeThenFail(bytes, fault.writeBytes, fault.keepTorn);
      if (bytes instanceof Uint8Array) {
        let written = 0;
        // Bounded: each write takes > 0 bytes (a 0-byte write throws below).
        while (written < bytes.length) {
          const n = writeSync(this.fd, bytes, written, bytes.length - written, this.size + written);
          if (n <= 0) throw new Error(`write to ${this.logPath} made no progress at ${this.size + written}`);
          written += n;
        }
      } else writeGathered(this.fd, [bytes.header, ...bytes.body], this.size, this.logPath);
    } catch (e) {
      throw this.failedWrite(bytes.length, e instanceof Error ? e : new Error(String(e)), APPEND_FAULTS_ENABLED && isKeepTorn(e));
    }
    let position = this.size;
    for (const b of batches) {
      if (this.rollingBasedTimestamp < 0 && position === 0) this.rollingBasedTimestamp = b.maxTimestamp;
      this.indexBatch(position, b);
      position += b.sizeBytes;
    }
    this.size = position;
  }

  /**
   * After a failed write: the segment's size stays where it was (nothing of the append counts), and
   * the partial bytes are cut off the file if the file lets us, so a later recovery or read never
   * meets a torn batch. Returns the error to throw, saying what reached the file.
   */
  private failedWrite(bytes: number, cause: Error, keepTorn: boolean): SegmentWriteError {
    let onDisk = -1;
    try {
      onDisk = fstatSync(this.fd).size;
    } catch {
      // The size on disk is unknown; the cut-back below still tries.
    }
    let cutBack = false;
    if (!keepTorn) {
      try {
        ftruncateSync(this.fd, this.size);
        cutBack = true;
      } catch {
        // Left for recovery: the log goes offline and its dir gets no clean-shutdown marker.
      }
    }
    return new SegmentWriteError(this.logPath, this.size, bytes, Math.max(0, onDisk - this.size), cutBack, cause);
  }

  /** Test seam (fault-injection.ts): writes the first `writeBytes` bytes, then fails as a full disk. */
  private writeThenFail(bytes: Uint8Array | BatchParts, writeBytes: number, keepTorn: boolean): never {
    const flat = bytes instanceof Uint8Array ? bytes : concatParts(bytes);
    writeSync(this.fd, flat, 0, writeBytes, this.size);
    throw enospcError(this.logPath, keepTorn);
  }

  private indexBatch(position: number, b: AppendedBatch): void {
    if (b.maxTimestamp > this.maxTimestampSoFar) {
      this.maxTimestampSoFar = b.maxTimestamp;
      this.offsetOfMaxTimestampSoFar = b.lastOffset;
    }
    if (this.bytesSinceLastIndexEntry > this.settings.indexIntervalBytes) {
      this.offsetIndex.append(b.lastOffset, position);
      this.timeIndex.maybeAppend(this.maxTimestampSoFar, this.offsetOfMaxTimestampSoFar);
      this.bytesSinceLastIndexEntry = 0;
    }
    this.bytesSinceLastIndexEntry += b.sizeBytes;
  }

  /** The first batch whose last offset is >= offset, searching from startingPosition. */
  translateOffset(offset: number, startingPosition = 0): BatchPosition | null {
    const entry = this.offsetIndex.lookup(offset);
    const scanner = new BatchScanner(this.fd, Math.max(entry.position, startingPosition), this.size, "headers");
    // Bounded by the segment size: every step advances by a batch size >= the header size.
    for (let b = scanner.next(); b; b = scanner.next()) {
      if (b.bufEnd - b.bufPos < BATCH_HEADER_SIZE || b.sizeBytes < BATCH_HEADER_SIZE) return null;
      const h = readBatchHeader(b.buf, b.bufPos);
      if (h.lastOffset >= offset) return { baseOffset: h.baseOffset, lastOffset: h.lastOffset, position: b.position, sizeBytes: h.sizeBytes };
      scanner.advance(h.sizeBytes);
    }
    return null;
  }

  /**
   * The byte range to send for a fetch from startOffset: from the batch holding it, up to maxBytes
   * (at least that whole first batch when minOneBatch), not past maxPosition. When maxBytes cuts
   * inside the data, the range ends at the last batch start the offset index knows below the cut, so
   * only whole batches are sent: Kafka's range ends inside a batch, which every client drops and fetches
   * again (up to a batch per partition per fetch sent twice). The index holds a batch start at least
   * every index.interval.bytes, so this gives up at most that many bytes of the limit. When the first
   * batch alone is larger than the limit (and minOneBatch is off) the range is empty (length 0), as
   * Kafka answers Fetch v3+: LogSegment.read marks the first entry incomplete and ReplicaManager
   * replaces it with empty records, so the consumer fetches the partition again first in its next
   * request (a partial batch alone makes Java's consumer fail: "no complete records were found").
   */
  read(startOffset: number, maxBytes: number, maxPosition: number, minOneBatch: boolean): { start: BatchPosition; length: number } | null {
    const start = this.translateOffset(startOffset);
    if (!start || start.position >= maxPosition) return null;
    if (!minOneBatch && start.sizeBytes > maxBytes && start.position + start.sizeBytes <= maxPosition) return { start, length: 0 };
    const limit = minOneBatch ? Math.max(maxBytes, start.sizeBytes) : maxBytes;
    const end = start.position + limit;
    if (end >= maxPosition) return { start, length: maxPosition - start.position };
    // The end of the first batch is a boundary too (known from its header): it covers the stretch
    // before the index's next entry.
    const firstEnd = start.position + start.sizeBytes;
    const boundary = Math.max(this.offsetIndex.batchStartAtOrBelow(end), firstEnd <= end ? firstEnd : -1);
    return { start, length: boundary > start.position ? boundary - start.position : limit };
  }

  /** The whole batch at `position` (a control batch for the producer state: a few dozen bytes). */
  readBatchBytes(position: number, sizeBytes: number): Uint8Array {
    const buf = new Uint8Array(sizeBytes);
    let read = 0;
    // Bounded: each read takes > 0 bytes or stops.
    while (read < sizeBytes) {
      const n = readSync(this.fd, buf, read, sizeBytes - read, position + read);
      if (n <= 0) throw new Error(`${this.logPath}: ${sizeBytes}-byte batch at ${position} ends past the file`);
      read += n;
    }
    return buf;
  }

  /** Calls fn with each batch header from position to the end (headers only, no CRC check). */
  forEachHeader(position: number, fn: (h: BatchHeader, position: number) => void): void {
    const scanner = new BatchScanner(this.fd, position, this.size, "headers");
    // Bounded by the segment size.
    for (let b = scanner.next(); b; b = scanner.next()) {
      if (b.bufEnd - b.bufPos < BATCH_HEADER_SIZE || b.sizeBytes < BATCH_HEADER_SIZE) break;
      const h = readBatchHeader(b.buf, b.bufPos);
      fn(h, b.position);
      scanner.advance(h.sizeBytes);
    }
  }

  /**
   * The offset after the last whole batch (baseOffset for an empty segment). A batch whose declared
   * size runs past the end of the file was torn by a failed write or a crash: it does not count.
   */
  readNextOffset(): number {
    const last = this.offsetIndex.entries > 0 ? this.offsetIndex.entry(this.offsetIndex.entries - 1) : { offset: this.baseOffset, position: 0 };
    const scanner = new BatchScanner(this.fd, last.position, this.size, "headers");
    let next = this.baseOffset;
    // Bounded by the segment size.
    for (let b = scanner.next(); b; b = scanner.next()) {
      if (b.bufEnd - b.bufPos < BATCH_HEADER_SIZE || b.sizeBytes < BATCH_HEADER_SIZE) break;
      const h = readBatchHeader(b.buf, b.bufPos);
      if (b.position + h.sizeBytes > this.size) break;
      next = h.lastOffset + 1;
      scanner.advance(h.sizeBytes);
    }
    return next;
  }

  /**
   * Re-reads the whole segment, checks every batch (CRC, magic, lengths, increasing offsets), and
   * rebuilds both indexes. Stops at the first invalid batch and reports it; does not truncate.
   */
  recover(maxBatchBytes: number, onBatch: (h: BatchHeader, position: number, buf: Uint8Array, bufPos: number) => void): RecoverResult {
    this.offsetIndex.reset();
    this.timeIndex.reset();
    // Rebuilt by the caller's onBatch from the producer state (recovery.ts), as Kafka's LogSegment.recover.
    this.txnIndex.reset();
    this.maxTimestampSoFar = -1;
    this.offsetOfMaxTimestampSoFar = this.baseOffset;
    this.bytesSinceLastIndexEntry = 0;
    this.rollingBasedTimestamp = -1;
    const scanner = new BatchScanner(this.fd, 0, this.size, "full", maxBatchBytes, scanChunkBytes(this.size));
    let nextOffset = this.baseOffset;
    let invalid: RecoverResult["invalid"] = null;
    // Bounded by the segment size: each step advances by a checked batch size.
    for (let b = scanner.next(); b; b = scanner.next()) {
      // The CRC check after a read-back: checkBatch verifies every batch's CRC32C before the index
      // entries for it are rebuilt; a batch that fails is the torn tail, never indexed.
      let reason = checkBatch(b.buf, b.bufPos, b.bufEnd, maxBatchBytes);
      let h: BatchHeader | null = null;
      if (!reason) {
        h = readBatchHeader(b.buf, b.bufPos);
        if (h.baseOffset < nextOffset) reason = `base offset ${h.baseOffset} is below the expected ${nextOffset}`;
        else if (h.lastOffset - this.baseOffset > 0x7fffffff) reason = `offset ${h.lastOffset} does not fit a segment based at ${this.baseOffset}`;
      }
      if (reason || !h) {
        invalid = { position: b.position, reason: reason ?? "unreadable", declaredSizeBytes: b.sizeBytes };
        break;
      }
      if (b.position === 0) this.rollingBasedTimestamp = h.maxTimestamp;
      this.indexBatch(b.position, { lastOffset: h.lastOffset, sizeBytes: h.sizeBytes, maxTimestamp: h.maxTimestamp });
      onBatch(h, b.position, b.buf, b.bufPos);
      nextOffset = h.lastOffset + 1;
      scanner.advance(h.sizeBytes);
    }
    return { validBytes: invalid ? invalid.position : this.size, nextOffset, invalid };
  }

  /** Cuts the `.log` to `bytes` (a batch boundary) and drops index entries beyond it. */
  truncateToBytes(bytes: number, nextOffset: number): void {
    if (bytes >= this.size) return;
    ftruncateSync(this.fd, bytes);
    this.size = bytes;
    this.offsetIndex.truncateTo(nextOffset);
    this.timeIndex.truncateTo(nextOffset);
    this.txnIndex.truncateTo(nextOffset);
    const last = this.timeIndex.lastEntry();
    this.maxTimestampSoFar = this.timeIndex.entries > 0 ? last.timestamp : -1;
    this.offsetOfMaxTimestampSoFar = this.timeIndex.entries > 0 ? last.offset : this.baseOffset;
    this.bytesSinceLastIndexEntry = 0;
    if (bytes === 0) this.rollingBasedTimestamp = -1;
  }

  /** Removes the batch holding offset and everything after it. Returns the bytes removed. */
  truncateTo(offset: number): number {
    const at = this.translateOffset(offset);
    if (!at) return 0;
    const before = this.size;
    this.truncateToBytes(at.position, at.baseOffset);
    if (at.position === 0) {
      this.offsetIndex.reset();
      this.timeIndex.reset();
    }
    return before - this.size;
  }

  /** Indexes go back to their preallocated size while the segment is active. */
  makeActive(): void {
    this.offsetIndex.preallocate(this.settings.maxIndexBytes);
    this.timeIndex.preallocate(this.settings.maxIndexBytes);
  }

  /** The segment stops taking appends: final time-index entry, indexes trimmed (Kafka's onBecomeInactiveSegment). */
  onBecomeInactive(): void {
    if (this.maxTimestampSoFar >= 0) this.timeIndex.maybeAppend(this.maxTimestampSoFar, this.offsetOfMaxTimestampSoFar, true);
    this.offsetIndex.trim();
    this.timeIndex.trim();
  }

  /** fdatasync of the `.log` on the calling thread (blocks). */
  syncDataBlocking(): void {
    fdatasyncSync(this.fd);
  }

  /** fdatasync of the `.log` on the thread pool: does not block the event loop. */
  syncData(): Promise<void> {
    return new Promise((resolve, reject) => fdatasync(this.fd, (err) => (err ? reject(err) : resolve())));
  }

  /** fdatasync of the `.log` and fsync of both indexes, on the thread pool. */
  async syncAll(): Promise<void> {
    await Promise.all([this.syncData(), this.offsetIndex.syncAsync(), this.timeIndex.syncAsync(), this.txnIndex.sync()]);
  }

  syncIndexes(): void {
    this.offsetIndex.sync();
    this.timeIndex.sync();
  }

  /** Renames every file to `<name>.deleted` (Kafka's first step of deletion); fds stay open. */
  markDeleted(): void {
    if (this.deleted) return;
    this.deleted = true;
    const rename = (path: string): string => {
      if (existsSync(path)) renameSync(path, path + DELETED_SUFFIX);
      return path + DELETED_SUFFIX;
    };
    this.logPath = rename(this.logPath);
    this.offsetIndex.rename(this.offsetIndex.path + DELETED_SUFFIX);
    this.timeIndex.rename(this.timeIndex.path + DELETED_SUFFIX);
    this.txnIndex.rename(this.txnIndex.path + DELETED_SUFFIX);
  }

  /**
   * Closes the files and removes them (after markDeleted, when file.delete.delay.ms has passed). A
   * response still queued for a slow consumer keeps the `.log` open, and so its bytes, until it is sent.
   */
  deleteFiles(): void {
    this.close();
    for (const p of [this.logPath, this.offsetIndex.path, this.timeIndex.path, this.txnIndex.path]) rmSync(p, { force: true });
  }

  close(): void {
    if (this.fd < 0) return;
    if (!this.deleted) {
      if (this.maxTimestampSoFar >= 0) this.timeIndex.maybeAppend(this.maxTimestampSoFar, this.offsetOfMaxTimestampSoFar, true);
    }
    this.offsetIndex.close();
    this.timeIndex.close();
    this.txnIndex.close();
    // The owner's reference: the descriptor closes now, or when the last queued response is sent.
    this.logFile.release();
    this.fd = -1;
  }
}
