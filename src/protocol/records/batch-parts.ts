// BatchParts: one record batch (magic 2) held as a private copy of its 61-byte header plus slices of the
// buffers it arrived in (socket chunks) for the rest, so a large produced batch reaches the segment file
// without its record bytes being copied in user space.
//
//   sliceRange(slices, start, end)       the slices covering bytes [start, end) of a slice list (no copy)
//   copyRange(slices, start, end)        the same bytes copied into one buffer (for small reads)
//   batchParts(slices, size)             header copy + body slices of the batch at the slices' start
//   crcOfParts(parts)                    CRC32C over attributes..end, run across the slices
//   setLogAppendTimeParts(parts, ts)     LogAppendTime type + maxTimestamp in the header copy, CRC rewritten
//   concatParts(parts)                   one contiguous copy (tests, and paths that need whole bytes)
//
// The header copy is what gets rewritten (base offset, leader epoch, timestamp, CRC); the body slices
// are never written to.
import { BATCH_HEADER_SIZE, CRC_START, MAX_TIMESTAMP_OFFSET, ATTRIBUTES_OFFSET, CRC_OFFSET, TIMESTAMP_TYPE_MASK } from "./batch-header.ts";
import { crc32cUpdate } from "./crc32c.ts";
import { concatSlices } from "../primitives/records-ref.ts";

export interface BatchParts {
  readonly kind: "parts";
  /** A private copy of the batch's first BATCH_HEADER_SIZE bytes (rewritten in place by the append path). */
  readonly header: Uint8Array;
  /** Slices holding the batch's bytes [BATCH_HEADER_SIZE, length), in order; never written to. */
  readonly body: readonly Uint8Array[];
  /** Whole batch size in bytes (header included). */
  readonly length: number;
}

/** Slices covering bytes [start, end) of the concatenation of `slices`. Bounded by the slice count. */
export function sliceRange(slices: readonly Uint8Array[], start: number, end: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  let base = 0;
  for (const s of slices) {
    const sEnd = base + s.length;
    if (sEnd > start && base < end) out.push(s.subarray(Math.max(start - base, 0), Math.min(end, sEnd) - base));
    base = sEnd;
    if (base >= end) break;
  }
  return out;
}

/** Bytes [start, end) of the concatenation of `slices`, copied into one buffer. */
export function copyRange(slices: readonly Uint8Array[], start: number, end: number): Uint8Array {
  const out = new Uint8Array(Math.max(end - start, 0));
  let at = 0;
  for (const s of sliceRange(slices, start, end)) {
    out.set(s, at);
    at += s.length;
  }
  if (at !== out.length) throw new RangeError(`copyRange [${start}, ${end}) found only ${at} bytes in the slices`);
  return out;
}

/** The batch of `size` bytes (>= the header) at the start of `slices`, as a header copy + body slices. */
export function batchParts(slices: readonly Uint8Array[], size: number): BatchParts {
  if (size < BATCH_HEADER_SIZE) throw new RangeError(`batch size ${size} is below the ${BATCH_HEADER_SIZE}-byte header`);
  const header = copyRange(slices, 0, BATCH_HEADER_SIZE);
  const body = sliceRange(slices, BATCH_HEADER_SIZE, size);
  let bodyBytes = 0;
  for (const b of body) bodyBytes += b.length;
  if (bodyBytes !== size - BATCH_HEADER_SIZE) throw new RangeError(`batch of ${size} bytes but the slices hold ${BATCH_HEADER_SIZE + bodyBytes}`);
  return { kind: "parts", header, body, length: size };
}

/** CRC32C over attributes .. end of the batch (what the header's crc field covers). */
export function crcOfParts(p: BatchParts): number {
  let crc = crc32cUpdate(0, p.header, CRC_START, BATCH_HEADER_SIZE);
  for (const b of p.body) crc = crc32cUpdate(crc, b);
  return crc >>> 0;
}

/** Kafka's LogAppendTime stamp: timestamp type bit, maxTimestamp, then the CRC recomputed. */
export function setLogAppendTimeParts(p: BatchParts, timestampMs: bigint): void {
  const dv = new DataView(p.header.buffer, p.header.byteOffset, p.header.byteLength);
  dv.setInt16(ATTRIBUTES_OFFSET, dv.getInt16(ATTRIBUTES_OFFSET) | TIMESTAMP_TYPE_MASK);
  dv.setBigInt64(MAX_TIMESTAMP_OFFSET, timestampMs);
  dv.setUint32(CRC_OFFSET, crcOfParts(p));
}

export function concatParts(p: BatchParts): Uint8Array {
  return concatSlices([p.header, ...p.body]);
}
