// Malformed but CRC-valid record batches (magic 2, uncompressed): the shapes of issue 20 bug 4, each
// with a consistent header (recordCount = lastOffsetDelta + 1, batchLength matching the bytes) and the
// CRC recomputed after the damage, so only a walk of the records can tell them from good batches.
//
//   recordSpans(batch)              [start, end) of each record in a good uncompressed batch
//   reassemble(header, records, n)  a batch from a header, a records section and a record count
//   MALFORMED                       name -> builder of each shape, from a good batch
//   buildGoodBatch(count, tag)      a good batch of `count` keyed records
import {
  BATCH_LENGTH_OFFSET,
  CRC_OFFSET,
  CRC_START,
  LAST_OFFSET_DELTA_OFFSET,
  LOG_OVERHEAD,
  RECORDS_OFFSET,
  RECORD_COUNT_OFFSET,
  RecordBatchView,
  buildRecordBatch,
  crc32c,
} from "../../src/protocol/records/index.ts";
import { VarintCursor, writeVarint } from "../../src/protocol/records/varint.ts";

export function buildGoodBatch(count: number, tag: string, timestampMs = Date.now()): Uint8Array {
  const enc = new TextEncoder();
  return buildRecordBatch({
    records: Array.from({ length: count }, (_, i) => ({
      key: enc.encode(`${tag}-k${i}`),
      value: enc.encode(`${tag}-value-${i}`.padEnd(40, ".")),
      headers: i % 2 === 0 ? [{ key: "h", value: enc.encode(String(i)) }] : [],
      timestamp: timestampMs + i,
    })),
  });
}

/** [start, end) of each record of a good uncompressed batch, as positions in the batch. */
export function recordSpans(batch: Uint8Array): [number, number][] {
  const v = new RecordBatchView(batch);
  const spans: [number, number][] = [];
  let at = RECORDS_OFFSET;
  for (let i = 0; i < v.recordCount; i++) {
    const c = new VarintCursor(batch, at, batch.length);
    const length = c.readVarint();
    spans.push([at, c.pos + length]);
    at = c.pos + length;
  }
  return spans;
}

/** A batch made of `header`'s first 61 bytes and `records`, claiming `count` records; CRC recomputed. */
export function reassemble(header: Uint8Array, records: Uint8Array, count: number): Uint8Array {
  const out = new Uint8Array(RECORDS_OFFSET + records.length);
  out.set(header.subarray(0, RECORDS_OFFSET));
  out.set(records, RECORDS_OFFSET);
  const dv = new DataView(out.buffer);
  dv.setInt32(BATCH_LENGTH_OFFSET, out.length - LOG_OVERHEAD);
  dv.setInt32(LAST_OFFSET_DELTA_OFFSET, count - 1);
  dv.setInt32(RECORD_COUNT_OFFSET, count);
  dv.setUint32(CRC_OFFSET, crc32c(out, CRC_START, out.length));
  return out;
}

function varint(v: number): Uint8Array {
  const b = new Uint8Array(5);
  return b.subarray(0, writeVarint(b, 0, v));
}

const cat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** The records section of `batch` with record k's length prefix replaced by `length`. */
function withLength(batch: Uint8Array, k: number, length: number): Uint8Array {
  const spans = recordSpans(batch);
  const [start] = spans[k]!;
  const c = new VarintCursor(batch, start, batch.length);
  c.readVarint();
  return cat(batch.subarray(RECORDS_OFFSET, start), varint(length), batch.subarray(c.pos));
}

/** The records section of `batch` with record k's offsetDelta (a one-byte varint here) set to `delta`. */
function withOffsetDelta(batch: Uint8Array, k: number, delta: number): Uint8Array {
  const [start] = recordSpans(batch)[k]!;
  const c = new VarintCursor(batch, start, batch.length);
  c.readVarint(); // length
  c.pos++; // attributes
  c.readVarlong(); // timestampDelta
  const at = c.pos;
  c.readVarint();
  if (c.pos !== at + 1 || varint(delta).length !== 1) throw new Error("withOffsetDelta handles one-byte deltas only");
  const records = batch.slice(RECORDS_OFFSET);
  records[at - RECORDS_OFFSET] = varint(delta)[0]!;
  return records;
}

export interface MalformedShape {
  /** [records section, claimed record count] from a good batch of >= 5 records. */
  readonly build: (good: Uint8Array) => [Uint8Array, number];
  /** What Kafka 4.4 answers (no error message, no record errors). */
  readonly errorCode: number;
}

const INVALID_RECORD = 87;
const UNKNOWN_SERVER_ERROR = -1;
const invalid = (build: MalformedShape["build"]): MalformedShape => ({ build, errorCode: INVALID_RECORD });

/**
 * Each malformed shape. Kafka 4.4 answers all but one with INVALID_RECORD (DefaultRecord.readFrom and
 * DefaultRecordBatch's iterator throw InvalidRecordException); a record length prefix longer than 5
 * bytes escapes its handler as IllegalArgumentException: UNKNOWN_SERVER_ERROR.
 */
export const MALFORMED: Record<string, MalformedShape> = {
  "count 1000, holds 5": invalid((g) => [g.slice(RECORDS_OFFSET), 1000]),
  "count says more than present (count+1)": invalid((g) => [g.slice(RECORDS_OFFSET), recordSpans(g).length + 1]),
  "count 2, holds 5 (records left over)": invalid((g) => [g.slice(RECORDS_OFFSET), 2]),
  "record length 2^31-1": invalid((g) => [withLength(g, 1, 0x7fffffff), recordSpans(g).length]),
  "record length -2^31": invalid((g) => [withLength(g, 1, -0x80000000), recordSpans(g).length]),
  "record length -1": invalid((g) => [withLength(g, 0, -1), recordSpans(g).length]),
  "record length 3 (below the smallest record)": invalid((g) => [withLength(g, 2, 3), recordSpans(g).length]),
  "last record's length beyond the batch": invalid((g) => {
    const spans = recordSpans(g);
    const [s, e] = spans[spans.length - 1]!;
    return [withLength(g, spans.length - 1, e - s + 10), spans.length];
  }),
  "record length one short (fields overrun it)": invalid((g) => {
    const [s, e] = recordSpans(g)[1]!;
    const c = new VarintCursor(g, s, e);
    c.readVarint();
    return [withLength(g, 1, e - c.pos - 1), recordSpans(g).length];
  }),
  "trailing bytes after the last record": invalid((g) => [cat(g.subarray(RECORDS_OFFSET), new Uint8Array([0, 0, 0])), recordSpans(g).length]),
  "one trailing byte": invalid((g) => [cat(g.subarray(RECORDS_OFFSET), new Uint8Array([7])), recordSpans(g).length]),
  "truncated length varint after the last record": invalid((g) => [cat(g.subarray(RECORDS_OFFSET), new Uint8Array([0x80, 0x80])), recordSpans(g).length + 1]),
  "truncated timestamp varlong in the last record": invalid((g) => {
    // The last record ends just after its attributes, on a varlong with its continuation bit set.
    return [cat(g.subarray(RECORDS_OFFSET), varint(2), new Uint8Array([0, 0x80])), recordSpans(g).length + 1];
  }),
  "record length varint longer than 5 bytes": {
    build: (g) => [cat(g.subarray(RECORDS_OFFSET), new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0, 0])), recordSpans(g).length + 1],
    errorCode: UNKNOWN_SERVER_ERROR,
  },
  "last record cut short (its value runs past the batch)": invalid((g) => [g.slice(RECORDS_OFFSET, g.length - 3), recordSpans(g).length]),
};

/** Kafka accepts this shape in an uncompressed batch (offsets are base + delta; only count and structure are checked). */
export const ACCEPTED_BY_KAFKA: Record<string, (good: Uint8Array) => [Uint8Array, number]> = {
  "offset delta 7 at index 2": (g) => [withOffsetDelta(g, 2, 7), recordSpans(g).length],
};
