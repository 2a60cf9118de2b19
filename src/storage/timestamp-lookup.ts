// Offset lookup by timestamp (ListOffsets): the first record whose timestamp is >= the target, as
// Kafka's LogSegment.findOffsetByTimestamp finds it: time index, then offset index, then a scan of
// batch headers, then the records of the first batch whose max timestamp reaches the target.
import { readSync } from "node:fs";
import { BASE_TIMESTAMP_OFFSET, COMPRESSION_CODEC_MASK, RECORDS_OFFSET, TIMESTAMP_TYPE_MASK } from "../protocol/records/batch-header.ts";
import type { BatchHeader } from "./batch.ts";
import type { LogSegment } from "./segment.ts";

export interface TimestampAndOffset {
  timestamp: number;
  offset: number;
}

/** Decompresses a batch's records section for a codec (1 gzip, 2 snappy, 3 lz4, 4 zstd). */
export type RecordsDecompressor = (codec: number, compressed: Uint8Array) => Uint8Array | null;

export const builtinDecompressor: RecordsDecompressor = (codec, bytes) => {
  if (codec === 1) return Bun.gunzipSync(bytes as Uint8Array<ArrayBuffer>);
  if (codec === 4) return Bun.zstdDecompressSync(bytes as Uint8Array<ArrayBuffer>);
  return null; // snappy and lz4: the protocol layer's codecs plug in here
};

function readVarint(buf: Uint8Array, p: { i: number }): number {
  let shift = 1;
  let raw = 0;
  // Bounded: at most 10 bytes for a 64-bit varint.
  for (let n = 0; n < 10; n++) {
    const b = buf[p.i++];
    if (b === undefined) throw new Error("varint runs past the records");
    raw += (b & 0x7f) * shift;
    if ((b & 0x80) === 0) break;
    shift *= 128;
  }
  return raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2;
}

/** First record of the batch with timestamp >= target and offset >= minOffset. */
function searchBatch(seg: LogSegment, position: number, h: BatchHeader, target: number, minOffset: number, decompress: RecordsDecompressor): TimestampAndOffset | null {
  if ((h.attributes & TIMESTAMP_TYPE_MASK) !== 0) {
    // LogAppendTime: every record carries the batch's max timestamp.
    return { timestamp: h.maxTimestamp, offset: Math.max(h.baseOffset, minOffset) };
  }
  const whole = new Uint8Array(h.sizeBytes);
  if (readSync(seg.fileDescriptor, whole, 0, h.sizeBytes, position) !== h.sizeBytes) return null;
  const baseTs = Number(new DataView(whole.buffer).getBigInt64(BASE_TIMESTAMP_OFFSET));
  const codec = h.attributes & COMPRESSION_CODEC_MASK;
  let records: Uint8Array = whole.subarray(RECORDS_OFFSET);
  if (codec !== 0) {
    const out = decompress(codec, records);
    if (!out) return { timestamp: h.maxTimestamp, offset: Math.max(h.baseOffset, minOffset) }; // codec unknown here: batch granularity
    records = out;
  }
  const p = { i: 0 };
  // Bounded by the batch's record count.
  for (let n = 0; n < h.recordCount && p.i < records.length; n++) {
    const len = readVarint(records, p);
    const start = p.i;
    p.i++; // attributes
    const ts = baseTs + readVarint(records, p);
    const offset = h.baseOffset + readVarint(records, p);
    if (ts >= target && offset >= minOffset) return { timestamp: ts, offset };
    p.i = start + len;
  }
  return null;
}

export function findOffsetByTimestamp(segments: readonly LogSegment[], target: number, logStartOffset: number, decompress: RecordsDecompressor): TimestampAndOffset | null {
  // Bounded by the number of segments.
  for (const seg of segments) {
    if (seg.largestTimestamp < target) continue;
    const entry = seg.timeIndex.lookup(target);
    const from = seg.offsetIndex.lookup(Math.max(entry.offset, logStartOffset)).position;
    let found: TimestampAndOffset | null = null;
    let done = false;
    seg.forEachHeader(from, (h, position) => {
      if (done || h.maxTimestamp < target || h.lastOffset < logStartOffset) return;
      done = true;
      found = searchBatch(seg, position, h, target, logStartOffset, decompress);
    });
    if (found) return found;
  }
  return null;
}
