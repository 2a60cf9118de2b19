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
  ATTRIBUTES_OFFSET,
  BASE_OFFSET_OFFSET,
  BASE_SEQUENCE_OFFSET,
  BASE_TIMESTAMP_OFFSET,
  BATCH_LENGTH_OFFSET,
  COMPRESSION_CODEC_MASK,
  CONTROL_FLAG_MASK,
  CRC_OFFSET,
  CRC_START,
  CURRENT_MAGIC,
  LAST_OFFSET_DELTA_OFFSET,
  LOG_OVERHEAD,
  MAGIC_OFFSET,
  MAX_TIMESTAMP_OFFSET,
  NO_PARTITION_LEADER_EPOCH,
  NO_PRODUCER_EPOCH,
  NO_PRODUCER_ID,
  NO_SEQUENCE,
  PARTITION_LEADER_EPOCH_OFFSET,
  PRODUCER_EPOCH_OFFSET,
  PRODUCER_ID_OFFSET,
  RECORD_COUNT_OFFSET,
  RECORDS_OFFSET,
  TIMESTAMP_TYPE_MASK,
  TRANSACTIONAL_FLAG_MASK,
} from "./batch-header.ts";
import { codecForId } from "./compression/registry.ts";
import { crc32c } from "./crc32c.ts";
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

  const dv = new DataView(out.buffer, out.byteOffset, out.byteLength);
  dv.setBigInt64(BASE_OFFSET_OFFSET, options.baseOffset ?? 0n);
  dv.setInt32(BATCH_LENGTH_OFFSET, out.length - LOG_OVERHEAD);
  dv.setInt32(PARTITION_LEADER_EPOCH_OFFSET, options.partitionLeaderEpoch ?? NO_PARTITION_LEADER_EPOCH);
  dv.setInt8(MAGIC_OFFSET, CURRENT_MAGIC);
  dv.setInt16(ATTRIBUTES_OFFSET, attributes);
  dv.setInt32(LAST_OFFSET_DELTA_OFFSET, lastOffsetDelta);
  dv.setBigInt64(BASE_TIMESTAMP_OFFSET, baseTimestamp);
  dv.setBigInt64(MAX_TIMESTAMP_OFFSET, maxTimestamp);
  dv.setBigInt64(PRODUCER_ID_OFFSET, options.producerId ?? NO_PRODUCER_ID);
  dv.setInt16(PRODUCER_EPOCH_OFFSET, options.producerEpoch ?? NO_PRODUCER_EPOCH);
  dv.setInt32(BASE_SEQUENCE_OFFSET, options.baseSequence ?? NO_SEQUENCE);
  dv.setInt32(RECORD_COUNT_OFFSET, records.length);
  dv.setUint32(CRC_OFFSET, crc32c(out, CRC_START, out.length));
  return out;
}

function writeBytes(buf: Uint8Array, p: number, b: Uint8Array | null): number {
  if (b === null) return writeVarint(buf, p, -1);
  p = writeVarint(buf, p, b.length);
  buf.set(b, p);
  return p + b.length;
}
