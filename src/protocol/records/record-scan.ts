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

export interface RecordCheck {
  /** The batch's baseTimestamp as a number. */
  readonly baseTimestampMs: number;
  readonly checkTimestamps: boolean;
  readonly minTimestampMs: number;
  readonly maxTimestampMs: number;
  readonly requireKeys: boolean;
}

/** Reads a zig-zag varint (<= 5 bytes) at pos[0] below end; returns NaN when malformed. */
function varint(buf: Uint8Array, pos: Int32Array, end: number): number {
  let p = pos[0]!;
  let raw = 0;
  let shift = 0;
  // At most 5 bytes, as Kafka's ByteUtils.readVarint.
  for (let i = 0; i < 5; i++) {
    if (p >= end) return NaN;
    const byte = buf[p++]!;
    raw |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) {
      pos[0] = p;
      return (raw >>> 1) ^ -(raw & 1);
    }
    shift += 7;
  }
  return NaN;
}

/** Reads a zig-zag varlong (<= 10 bytes) as a number; NaN when malformed or beyond 2^53. */
function varlong(buf: Uint8Array, pos: Int32Array, end: number): number {
  let p = pos[0]!;
  let raw = 0;
  let mul = 1;
  // At most 10 bytes, as Kafka's ByteUtils.readVarlong.
  for (let i = 0; i < 10; i++) {
    if (p >= end) return NaN;
    const byte = buf[p++]!;
    raw += (byte & 0x7f) * mul;
    if ((byte & 0x80) === 0) {
      if (raw > Number.MAX_SAFE_INTEGER) return NaN;
      pos[0] = p;
      return raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2;
    }
    mul *= 128;
  }
  return NaN;
}

// One cursor for the module: the check is synchronous and never re-entered.
const cursor = new Int32Array(1);

export function recordsPassCheck(buf: Uint8Array, start: number, end: number, count: number, check: RecordCheck): boolean {
  if (!(end <= buf.length && start >= 0 && start <= end)) return false;
  if (count < 0 || count > (end - start) / MIN_RECORD_BYTES) return false;
  if (!Number.isSafeInteger(check.baseTimestampMs)) return false;
  const pos = cursor;
  pos[0] = start;
  // count is bounded by the bytes (each record takes >= MIN_RECORD_BYTES), so is this loop.
  for (let index = 0; index < count; index++) {
    const length = varint(buf, pos, end);
    if (!(length >= MIN_RECORD_BYTES - 1 && length <= end - pos[0]!)) return false;
    const recordEnd = pos[0]! + length;
    pos[0] = pos[0]! + 1; // attributes (int8); length >= 6 keeps it inside the record
    const timestampDelta = varlong(buf, pos, recordEnd);
    const offsetDelta = varint(buf, pos, recordEnd);
    const keyLen = varint(buf, pos, recordEnd);
    if (Number.isNaN(timestampDelta) || offsetDelta !== index || !(keyLen >= -1 && keyLen <= recordEnd - pos[0]!)) return false;
    if (keyLen < 0 && check.requireKeys) return false;
    if (keyLen > 0) pos[0] = pos[0]! + keyLen;
    const valueLen = varint(buf, pos, recordEnd);
    if (!(valueLen >= -1 && valueLen <= recordEnd - pos[0]!)) return false;
    if (valueLen > 0) pos[0] = pos[0]! + valueLen;
    const headerCount = varint(buf, pos, recordEnd);
    // Each header takes >= 2 bytes, which bounds the count (and this loop) by the record's bytes.
    if (!(headerCount >= 0 && headerCount * 2 <= recordEnd - pos[0]!)) return false;
    for (let h = 0; h < headerCount; h++) {
      const hk = varint(buf, pos, recordEnd);
      if (!(hk >= 0 && hk <= recordEnd - pos[0]!)) return false;
      pos[0] = pos[0]! + hk;
      const hv = varint(buf, pos, recordEnd);
      if (!(hv >= -1 && hv <= recordEnd - pos[0]!)) return false;
      if (hv > 0) pos[0] = pos[0]! + hv;
    }
    if (pos[0] !== recordEnd) return false;
    if (check.checkTimestamps) {
      const ts = check.baseTimestampMs + timestampDelta;
      if (ts !== -1 && (ts < check.minTimestampMs || ts > check.maxTimestampMs)) return false;
    }
  }
  return pos[0] === end;
}
