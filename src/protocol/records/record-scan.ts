// A check of a magic-2 records section without building record objects: the produce path's fast
// validation of every produced batch (what Kafka's LogValidator checks of each record: the structure
// DefaultRecord.readFrom enforces, then key and timestamp).
//
//   recordsPassCheck(buf, start, end, count, check) -> boolean          records in one buffer
//   slicedRecordsPassCheck(slices, start, end, count, check) -> boolean records spread over slices
//
// Walks `count` records in [start, end) with the same structural rules as RecordIterator (length
// varint, every field inside its record, header count bounded by the bytes left, declared length equal
// to the fields' bytes, nothing left after the last record) and, per record: offsetDelta equal to its
// index, a key when `requireKeys`, and baseTimestamp + timestampDelta inside [minTimestampMs,
// maxTimestampMs] when `checkTimestamps` (a timestamp of -1 is not checked, as Kafka does).
//
// It answers only yes or no. On "no" the caller walks the records again with RecordIterator to name
// the problem exactly as before, so error messages have a single source; the fast path never decides
// an error on its own. It is stricter than the slow path in one way: offsetDelta must equal the index
// (Kafka accepts other deltas in an uncompressed batch and rewrites compressed ones), so such a batch
// passes only after the slow walk. Numbers: timestamps are plain numbers (a base timestamp beyond 2^53
// answers "no" and takes the slow path).
//
// Sliced records (a request that arrived in several socket chunks) are walked in place slice by slice;
// a record that crosses from one slice into the next is copied (that record's bytes only, into a reused
// buffer) and walked there, so the walk itself is the one scanRecords below for both.
import { MIN_RECORD_BYTES } from "./record.ts";
import { VarintCursor } from "./varint.ts";

export interface RecordCheck {
  /** The batch's baseTimestamp as a number. */
  readonly baseTimestampMs: number;
  readonly checkTimestamps: boolean;
  readonly minTimestampMs: number;
  readonly maxTimestampMs: number;
  readonly requireKeys: boolean;
}

/** Bounds every walk shares: a count the bytes can hold and a base timestamp exact as a number. */
function plausible(bytes: number, count: number, check: RecordCheck): boolean {
  return count >= 0 && count <= bytes / MIN_RECORD_BYTES && Number.isSafeInteger(check.baseTimestampMs);
}

export function recordsPassCheck(buf: Uint8Array, start: number, end: number, count: number, check: RecordCheck): boolean {
  if (!(end <= buf.length && start >= 0 && start <= end)) return false;
  if (!plausible(end - start, count, check)) return false;
  const c = new VarintCursor(buf, start, end);
  return scanRecords(c, end, 0, count, check) === count && c.pos === end;
}

/**
 * recordsPassCheck over the concatenation of `slices` (start and end are positions in it), without
 * joining them: each slice's whole records are walked in place, a record crossing a slice boundary is
 * copied alone and walked from the copy.
 */
export function slicedRecordsPassCheck(slices: readonly Uint8Array[], start: number, end: number, count: number, check: RecordCheck): boolean {
  let total = 0;
  for (const s of slices) total += s.length;
  if (!(end <= total && start >= 0 && start <= end)) return false;
  if (!plausible(end - start, count, check)) return false;
  let i = 0; // slices[i] holds positions [base, base + slices[i].length)
  let base = 0;
  let pos = start;
  let index = 0;
  // Each pass walks at least one record (or answers), so this loop is bounded by count; the slice
  // cursor only moves forward, bounded by the slice count.
  while (index < count) {
    while (i < slices.length && pos >= base + slices[i]!.length) base += slices[i++]!.length;
    if (i >= slices.length) return false; // records missing: count says more than there are
    const s = slices[i]!;
    const limit = Math.min(s.length, end - base);
    const c = new VarintCursor(s, pos - base, limit);
    const next = scanRecords(c, limit, index, count, check);
    if (next < 0) return false;
    pos = base + c.pos;
    index = next;
    if (index === count) break;
    // The record at pos does not end inside this slice: walk a copy of it.
    const size = crossingRecordSize(slices, i, base, pos, end);
    if (size < 0) return false;
    const rec = copyOut(slices, i, base, pos, size);
    if (scanRecords(new VarintCursor(rec, 0, size), size, index, index + 1, check) !== index + 1) return false;
    pos += size;
    index++;
  }
  return pos === end;
}

/**
 * Walk records from c.pos while each lies wholly before `limit`. Returns the index of the first record
 * not walked (`count` when all were; c.pos is then that record's start), or -1 when a record breaks a
 * rule. A record whose length prefix or bytes run past `limit` is not walked: in one buffer that is a
 * failure (the caller sees index < count), across slices the caller walks a copy of it.
 */
function scanRecords(c: VarintCursor, limit: number, index: number, count: number, check: RecordCheck): number {
  // count is bounded by the bytes (each record takes >= MIN_RECORD_BYTES), so is this loop.
  for (; index < count; index++) {
    const recordStart = c.pos;
    c.end = limit;
    const length = c.readVarint();
    if (c.error !== null || length > limit - c.pos) {
      // Not wholly here (or a malformed prefix, which the caller's own read finds): stop at its start.
      c.error = null;
      c.pos = recordStart;
      return index;
    }
    if (length < MIN_RECORD_BYTES - 1) return -1;
    const recordEnd = c.pos + length;
    c.end = recordEnd; // fields may not run past the record
    c.pos++; // attributes (int8); length >= 6 keeps it inside the record
    const timestampDelta = c.readVarlong();
    const offsetDelta = c.readVarint();
    const keyLen = c.readVarint();
    if (c.error !== null || offsetDelta !== index || !(keyLen >= -1 && keyLen <= recordEnd - c.pos)) return -1;
    if (keyLen < 0 && check.requireKeys) return -1;
    if (keyLen > 0) c.pos += keyLen;
    const valueLen = c.readVarint();
    if (c.error !== null || !(valueLen >= -1 && valueLen <= recordEnd - c.pos)) return -1;
    if (valueLen > 0) c.pos += valueLen;
    const headerCount = c.readVarint();
    // Each header takes >= 2 bytes, which bounds the count (and this loop) by the record's bytes.
    if (c.error !== null || !(headerCount >= 0 && headerCount * 2 <= recordEnd - c.pos)) return -1;
    for (let h = 0; h < headerCount; h++) {
      const hk = c.readVarint();
      if (c.error !== null || !(hk >= 0 && hk <= recordEnd - c.pos)) return -1;
      c.pos += hk;
      const hv = c.readVarint();
      if (c.error !== null || !(hv >= -1 && hv <= recordEnd - c.pos)) return -1;
      if (hv > 0) c.pos += hv;
    }
    if (c.pos !== recordEnd) return -1;
    if (check.checkTimestamps) {
      const ts = check.baseTimestampMs + timestampDelta;
      if (ts !== -1 && (ts < check.minTimestampMs || ts > check.maxTimestampMs)) return -1;
    }
  }
  return index;
}

// The length prefix of a record crossing slices, gathered (at most 5 bytes: a longer varint is an error).
const prefix = new Uint8Array(5);

/** Whole size (length prefix included) of the record at pos, found from slices[i] (at base) on; -1 when malformed or past end. */
function crossingRecordSize(slices: readonly Uint8Array[], i: number, base: number, pos: number, end: number): number {
  const n = Math.min(prefix.length, end - pos);
  copyInto(prefix, slices, i, base, pos, n);
  const c = new VarintCursor(prefix, 0, n);
  const length = c.readVarint();
  if (c.error !== null || length < MIN_RECORD_BYTES - 1 || length > end - pos - c.pos) return -1;
  return c.pos + length;
}

// Copies of crossing records reuse one buffer (the walk is synchronous); one grown past
// SCRATCH_KEEP_BYTES by a very large record is not kept.
let scratch = new Uint8Array(4096);
const SCRATCH_KEEP_BYTES = 1024 * 1024;

/** Bytes [pos, pos + size) of the slices (slices[i] starts at base), in the reused scratch buffer. */
function copyOut(slices: readonly Uint8Array[], i: number, base: number, pos: number, size: number): Uint8Array {
  let out = scratch;
  if (out.length < size) {
    out = new Uint8Array(Math.max(size, out.length * 2));
    if (out.length <= SCRATCH_KEEP_BYTES) scratch = out;
  }
  copyInto(out, slices, i, base, pos, size);
  return out;
}

/** Copy n bytes from position pos of the slices (slices[i] starts at base; pos >= base) into dst[0, n). */
function copyInto(dst: Uint8Array, slices: readonly Uint8Array[], i: number, base: number, pos: number, n: number): void {
  let at = 0;
  // Bounded by the slice count; the callers ensure the bytes exist (pos + n <= total).
  while (at < n && i < slices.length) {
    const s = slices[i]!;
    const off = pos + at - base;
    if (off < s.length) {
      const k = Math.min(s.length - off, n - at);
      dst.set(s.subarray(off, off + k), at);
      at += k;
    }
    base += s.length;
    i++;
  }
}
