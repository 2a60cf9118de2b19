// A check of a magic-2 records section without building record objects: the produce path's fast
// validation of compressed batches (what Kafka's LogValidator checks of each inner record).
//
//   recordsPassCheck(buf, start, end, count, check) -> boolean
//
// Walks `count` records in buf[start, end) with the same structural rules as RecordIterator (length
// varint, every field inside its record, header count bounded by the bytes left, declared length equal
// to the fields' bytes, nothing left after the last record) and, per record: offsetDelta equal to its
// index, a key when `requireKeys`, and baseTimestamp + timestampDelta inside [minTimestampMs,
// maxTimestampMs] when `checkTimestamps` (a timestamp of -1 is not checked, as Kafka does).
//
// It answers only yes or no. On "no" the caller walks the records again with RecordIterator to name
// the problem exactly as before, so error messages have a single source; the fast path never decides
// an error on its own. Numbers: timestamps are plain numbers (a base timestamp beyond 2^53 answers
// "no" and takes the slow path).
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

export function recordsPassCheck(buf: Uint8Array, start: number, end: number, count: number, check: RecordCheck): boolean {
  if (!(end <= buf.length && start >= 0 && start <= end)) return false;
  if (count < 0 || count > (end - start) / MIN_RECORD_BYTES) return false;
  if (!Number.isSafeInteger(check.baseTimestampMs)) return false;
  // One cursor per batch, not per record; its latched error is checked once per field group.
  const c = new VarintCursor(buf, start, end);
  // count is bounded by the bytes (each record takes >= MIN_RECORD_BYTES), so is this loop.
  for (let index = 0; index < count; index++) {
    c.end = end;
    const length = c.readVarint();
    if (c.error !== null || !(length >= MIN_RECORD_BYTES - 1 && length <= end - c.pos)) return false;
    const recordEnd = c.pos + length;
    c.end = recordEnd; // fields may not run past the record
    c.pos++; // attributes (int8); length >= 6 keeps it inside the record
    const timestampDelta = c.readVarlong();
    const offsetDelta = c.readVarint();
    const keyLen = c.readVarint();
    if (c.error !== null || offsetDelta !== index || !(keyLen >= -1 && keyLen <= recordEnd - c.pos)) return false;
    if (keyLen < 0 && check.requireKeys) return false;
    if (keyLen > 0) c.pos += keyLen;
    const valueLen = c.readVarint();
    if (c.error !== null || !(valueLen >= -1 && valueLen <= recordEnd - c.pos)) return false;
    if (valueLen > 0) c.pos += valueLen;
    const headerCount = c.readVarint();
    // Each header takes >= 2 bytes, which bounds the count (and this loop) by the record's bytes.
    if (c.error !== null || !(headerCount >= 0 && headerCount * 2 <= recordEnd - c.pos)) return false;
    for (let h = 0; h < headerCount; h++) {
      const hk = c.readVarint();
      if (c.error !== null || !(hk >= 0 && hk <= recordEnd - c.pos)) return false;
      c.pos += hk;
      const hv = c.readVarint();
      if (c.error !== null || !(hv >= -1 && hv <= recordEnd - c.pos)) return false;
      if (hv > 0) c.pos += hv;
    }
    if (c.pos !== recordEnd) return false;
    if (check.checkTimestamps) {
      const ts = check.baseTimestampMs + timestampDelta;
      if (ts !== -1 && (ts < check.minTimestampMs || ts > check.maxTimestampMs)) return false;
    }
  }
  return c.pos === end;
}
