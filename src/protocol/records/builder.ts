// Build a record batch (magic 2) from records, with a correct CRC32C.
//
//   buildRecordBatch(options) -> Uint8Array
//     options.records: { key?, value?, headers?, timestamp?, offsetDelta? }[] (keys/values bytes or
//       null; header keys strings or bytes), plus baseOffset, partitionLeaderEpoch, producerId/Epoch,
//       baseSequence, isTransactional, isControl, timestampType, compression (Kafka id 0..4).
//   Timestamps default to Date.now(); baseTimestamp is the first record's, maxTimestamp the largest.
//   Sizes are computed first and the records written into one buffer (one allocation, plus the
//   codec's for compressed batches).
import {
  COMPRESSION_CODEC_MASK,
  CONTROL_FLAG_MASK,
  NO_PARTITION_LEADER_EPOCH,
  NO_PRODUCER_EPOCH,
  NO_PRODUCER_ID,
  NO_SEQUENCE,
  RECORDS_OFFSET,
  TIMESTAMP_TYPE_MASK,
  TRANSACTIONAL_FLAG_MASK,
  writeBatchHeader,
} from "./batch-header.ts";
import { codecForId } from "./compression/registry.ts";
import { sizeOfVarint, sizeOfVarlong, writeVarint, writeVarlong } from "./varint.ts";

export interface RecordInput {
  readonly key?: Uint8Array | null;
  readonly value?: Uint8Array | null;
  readonly headers?: readonly { readonly key: string | Uint8Array; readonly value: Uint8Array | null }[];
  /** Milliseconds since the epoch; default Date.now() at build time. */
  readonly timestamp?: bigint | number;
  /** Default: the record's index. Must be strictly increasing. */
  readonly offsetDelta?: number;
}

export interface BuildOptions {
  readonly records: readonly RecordInput[];
  readonly baseOffset?: bigint;
  readonly partitionLeaderEpoch?: number;
  readonly producerId?: bigint;
  readonly producerEpoch?: number;
  readonly baseSequence?: number;
  readonly isTransactional?: boolean;
  readonly isControl?: boolean;
  readonly timestampType?: "create" | "log-append";
  /** Kafka compression id: 0 none (default), 1 gzip, 2 snappy, 3 lz4, 4 zstd. */
  readonly compression?: number;
}

const encoder = new TextEncoder();

interface Prepared {
  headerKeys: Uint8Array[];
  tsDelta: number;
  offsetDelta: number;
  bodySize: number; // record size excluding its length varint
}

export function buildRecordBatch(options: BuildOptions): Uint8Array {
  const records = options.records;
  if (records.length === 0) throw new RangeError("a record batch needs at least one record");
  const now = BigInt(Date.now());
  const timestamps = records.map((r) => (r.timestamp === undefined ? now : BigInt(r.timestamp)));
  const baseTimestamp = timestamps[0]!;
  let maxTimestamp = baseTimestamp;
  for (const t of timestamps) if (t > maxTimestamp) maxTimestamp = t;

  const prepared: Prepared[] = new Array(records.length);
  let recordsSize = 0;
  let lastOffsetDelta = -1;
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!;
    const offsetDelta = r.offsetDelta ?? i;
    if (!Number.isInteger(offsetDelta) || offsetDelta <= lastOffsetDelta) {
      throw new RangeError(`record ${i}: offsetDelta ${offsetDelta} must be an integer above ${lastOffsetDelta}`);
    }
    lastOffsetDelta = offsetDelta;
    const tsDelta = Number(timestamps[i]! - baseTimestamp);
    const key = r.key ?? null;
    const value = r.value ?? null;
    const headers = r.headers ?? [];
    const headerKeys = headers.map((h) => (typeof h.key === "string" ? encoder.encode(h.key) : h.key));
    let body = 1 + sizeOfVarlong(tsDelta) + sizeOfVarint(offsetDelta);
    body += key ? sizeOfVarint(key.length) + key.length : 1;
    body += value ? sizeOfVarint(value.length) + value.length : 1;
    body += sizeOfVarint(headers.length);
    for (let h = 0; h < headers.length; h++) {
      const hk = headerKeys[h]!;
      const hv = headers[h]!.value;
      body += sizeOfVarint(hk.length) + hk.length + (hv ? sizeOfVarint(hv.length) + hv.length : 1);
    }
    prepared[i] = { headerKeys, tsDelta, offsetDelta, bodySize: body };
    recordsSize += sizeOfVarint(body) + body;
  }

  const compression = options.compression ?? 0;
  const codec = codecForId(compression);
  // Uncompressed: write records straight after the header. Compressed: into a scratch buffer first.
  const plain = new Uint8Array(codec ? recordsSize : RECORDS_OFFSET + recordsSize);
  let p = codec ? 0 : RECORDS_OFFSET;
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!;
    const pr = prepared[i]!;
    p = writeVarint(plain, p, pr.bodySize);
    plain[p++] = 0; // record attributes: unused
    p = writeVarlong(plain, p, pr.tsDelta);
    p = writeVarint(plain, p, pr.offsetDelta);
    p = writeBytes(plain, p, r.key ?? null);
    p = writeBytes(plain, p, r.value ?? null);
    const headers = r.headers ?? [];
    p = writeVarint(plain, p, headers.length);
    for (let h = 0; h < headers.length; h++) {
      p = writeBytes(plain, p, pr.headerKeys[h]!);
      p = writeBytes(plain, p, headers[h]!.value);
    }
  }
  if (p !== plain.length) throw new Error(`internal: wrote ${p} record bytes, sized ${plain.length}`);

  let out: Uint8Array;
  if (codec) {
    const compressed = codec.compress(plain);
    out = new Uint8Array(RECORDS_OFFSET + compressed.length);
    out.set(compressed, RECORDS_OFFSET);
  } else {
    out = plain;
  }

  let attributes = compression & COMPRESSION_CODEC_MASK;
  if (options.timestampType === "log-append") attributes |= TIMESTAMP_TYPE_MASK;
  if (options.isTransactional) attributes |= TRANSACTIONAL_FLAG_MASK;
  if (options.isControl) attributes |= CONTROL_FLAG_MASK;

  writeBatchHeader(out, {
    baseOffset: options.baseOffset ?? 0n,
    partitionLeaderEpoch: options.partitionLeaderEpoch ?? NO_PARTITION_LEADER_EPOCH,
    attributes,
    lastOffsetDelta,
    baseTimestamp,
    maxTimestamp,
    producerId: options.producerId ?? NO_PRODUCER_ID,
    producerEpoch: options.producerEpoch ?? NO_PRODUCER_EPOCH,
    baseSequence: options.baseSequence ?? NO_SEQUENCE,
    recordCount: records.length,
  });
  return out;
}

function writeBytes(buf: Uint8Array, p: number, b: Uint8Array | null): number {
  if (b === null) return writeVarint(buf, p, -1);
  p = writeVarint(buf, p, b.length);
  buf.set(b, p);
  return p + b.length;
}
