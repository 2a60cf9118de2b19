import { crc32c } from "./crc32c.ts";

// Layout of a Kafka RecordBatch (magic 2) header, in bytes from the batch start, and the one parser of
// it: readBatchHeader (every field, once) and checkBatch (the structural checks). Produce validation,
// the storage append (append-prepare.ts) and recovery / segment scans all read headers through these,
// and produce validation hands its parsed header to the append, so a produced batch's header is read
// once. See Kafka's DefaultRecordBatch: every field is big-endian.
//
//   baseOffset           int64   0
//   batchLength          int32   8   (bytes after this field: total size = batchLength + 12)
//   partitionLeaderEpoch int32  12
//   magic                int8   16
//   crc                  uint32 17   (CRC32C over attributes .. end of batch)
//   attributes           int16  21
//   lastOffsetDelta      int32  23
//   baseTimestamp        int64  27
//   maxTimestamp         int64  35
//   producerId           int64  43
//   producerEpoch        int16  51
//   baseSequence         int32  53
//   recordCount          int32  57
//   records              ...    61
export const BASE_OFFSET_OFFSET = 0;
export const BATCH_LENGTH_OFFSET = 8;
export const PARTITION_LEADER_EPOCH_OFFSET = 12;
export const MAGIC_OFFSET = 16;
export const CRC_OFFSET = 17;
export const ATTRIBUTES_OFFSET = 21;
export const LAST_OFFSET_DELTA_OFFSET = 23;
export const BASE_TIMESTAMP_OFFSET = 27;
export const MAX_TIMESTAMP_OFFSET = 35;
export const PRODUCER_ID_OFFSET = 43;
export const PRODUCER_EPOCH_OFFSET = 51;
export const BASE_SEQUENCE_OFFSET = 53;
export const RECORD_COUNT_OFFSET = 57;
export const RECORDS_OFFSET = 61;

/** Size of the batch header, and so the smallest valid batch. */
export const BATCH_HEADER_SIZE = 61;
/** baseOffset + batchLength: the part of the header not counted by batchLength. */
export const LOG_OVERHEAD = 12;
/** The CRC covers from attributes to the end of the batch. */
export const CRC_START = ATTRIBUTES_OFFSET;

// Attribute bits (int16 at ATTRIBUTES_OFFSET).
export const COMPRESSION_CODEC_MASK = 0x07; // 0 none, 1 gzip, 2 snappy, 3 lz4, 4 zstd
export const TIMESTAMP_TYPE_MASK = 0x08; // 0 CreateTime, 1 LogAppendTime
export const TRANSACTIONAL_FLAG_MASK = 0x10;
export const CONTROL_FLAG_MASK = 0x20;
export const DELETE_HORIZON_FLAG_MASK = 0x40;

export const CompressionType = { none: 0, gzip: 1, snappy: 2, lz4: 3, zstd: 4 } as const;
export type CompressionName = keyof typeof CompressionType;

/** Magic byte of the only message format Kafka 4 accepts. */
export const CURRENT_MAGIC = 2;

export const NO_PRODUCER_ID = -1n;
export const NO_PRODUCER_EPOCH = -1;
export const NO_SEQUENCE = -1;
export const NO_PARTITION_LEADER_EPOCH = -1;
export const NO_TIMESTAMP = -1n;

/**
 * Largest offset a header may carry: 2^53 - 1, the storage layer's bound (storage/offset-bound.ts),
 * so offsets stay JavaScript numbers.
 */
export const MAX_HEADER_OFFSET = Number.MAX_SAFE_INTEGER;

/** Every field of a v2 batch header, offsets and timestamps as numbers (see MAX_HEADER_OFFSET). */
export interface BatchHeader {
  /** -1 when the stored int64 is negative or beyond MAX_HEADER_OFFSET. */
  baseOffset: number;
  lastOffset: number;
  /** Whole batch size, header included: batchLength + LOG_OVERHEAD. */
  sizeBytes: number;
  partitionLeaderEpoch: number;
  magic: number;
  crc: number;
  attributes: number;
  lastOffsetDelta: number;
  baseTimestamp: number;
  maxTimestamp: number;
  producerId: bigint;
  producerEpoch: number;
  baseSequence: number;
  recordCount: number;
}

/** The fields a writer chooses; magic, batchLength and the CRC follow from the bytes. */
export interface BatchHeaderFields {
  baseOffset: bigint;
  partitionLeaderEpoch: number;
  attributes: number;
  lastOffsetDelta: number;
  baseTimestamp: bigint;
  maxTimestamp: bigint;
  producerId: bigint;
  producerEpoch: number;
  baseSequence: number;
  recordCount: number;
}

/**
 * Writes the header of the batch that fills `batch` (its records already at BATCH_HEADER_SIZE): every
 * field, magic 2, batchLength from the buffer's size, then the CRC over attributes .. end.
 */
export function writeBatchHeader(batch: Uint8Array, f: BatchHeaderFields): void {
  const v = viewOf(batch);
  v.setBigInt64(BASE_OFFSET_OFFSET, f.baseOffset);
  v.setInt32(BATCH_LENGTH_OFFSET, batch.length - LOG_OVERHEAD);
  v.setInt32(PARTITION_LEADER_EPOCH_OFFSET, f.partitionLeaderEpoch);
  v.setInt8(MAGIC_OFFSET, CURRENT_MAGIC);
  v.setInt16(ATTRIBUTES_OFFSET, f.attributes);
  v.setInt32(LAST_OFFSET_DELTA_OFFSET, f.lastOffsetDelta);
  v.setBigInt64(BASE_TIMESTAMP_OFFSET, f.baseTimestamp);
  v.setBigInt64(MAX_TIMESTAMP_OFFSET, f.maxTimestamp);
  v.setBigInt64(PRODUCER_ID_OFFSET, f.producerId);
  v.setInt16(PRODUCER_EPOCH_OFFSET, f.producerEpoch);
  v.setInt32(BASE_SEQUENCE_OFFSET, f.baseSequence);
  v.setInt32(RECORD_COUNT_OFFSET, f.recordCount);
  v.setUint32(CRC_OFFSET, crc32c(batch, CRC_START, batch.length));
}

export function viewOf(buf: Uint8Array): DataView {
  return new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** Reads the int64 base offset as a number, or -1 when it is negative or beyond MAX_HEADER_OFFSET. */
export function readOffset(view: DataView, pos: number): number {
  const v = view.getBigInt64(pos);
  if (v < 0n || v > BigInt(MAX_HEADER_OFFSET)) return -1;
  return Number(v);
}

/**
 * Structural problem of the batch at buf[pos, end), or null when it is well-formed. Checks the
 * length against the bytes present and maxBytes, the magic, the base offset's bound, the record count
 * against the last offset delta, and the CRC unless skipCrc.
 */
export function checkBatch(buf: Uint8Array, pos: number, end: number, maxBytes: number, skipCrc = false): string | null {
  const view = viewOf(buf);
  if (end - pos < LOG_OVERHEAD) return `only ${end - pos} bytes left, a batch needs at least ${BATCH_HEADER_SIZE}`;
  const length = view.getInt32(pos + BATCH_LENGTH_OFFSET);
  const size = length + LOG_OVERHEAD;
  if (length < BATCH_HEADER_SIZE - LOG_OVERHEAD) return `batch length ${length} is below the header size`;
  if (size > maxBytes) return `batch size ${size} exceeds the limit ${maxBytes}`;
  if (pos + size > end) return `batch size ${size} runs past the ${end - pos} bytes left`;
  const magic = buf[pos + MAGIC_OFFSET]!;
  if (magic !== CURRENT_MAGIC) return `magic ${magic} is not ${CURRENT_MAGIC}`;
  if (readOffset(view, pos + BASE_OFFSET_OFFSET) < 0) return "base offset is negative or beyond 2^53-1";
  const lastOffsetDelta = view.getInt32(pos + LAST_OFFSET_DELTA_OFFSET);
  const count = view.getInt32(pos + RECORD_COUNT_OFFSET);
  if (lastOffsetDelta < 0) return `last offset delta ${lastOffsetDelta} is negative`;
  if (count < 0 || count > lastOffsetDelta + 1) return `record count ${count} does not fit last offset delta ${lastOffsetDelta}`;
  if (!skipCrc) {
    const stored = view.getUint32(pos + CRC_OFFSET);
    const actual = crc32c(buf, pos + CRC_START, pos + size);
    if (stored !== actual) return `CRC mismatch: stored ${stored}, computed ${actual}`;
  }
  return null;
}

/** Every header field of the batch at `pos` (BATCH_HEADER_SIZE bytes must be present; nothing is checked). */
export function readBatchHeader(buf: Uint8Array, pos: number): BatchHeader {
  const view = viewOf(buf);
  const baseOffset = readOffset(view, pos + BASE_OFFSET_OFFSET);
  const lastOffsetDelta = view.getInt32(pos + LAST_OFFSET_DELTA_OFFSET);
  return {
    baseOffset,
    lastOffset: baseOffset + lastOffsetDelta,
    sizeBytes: view.getInt32(pos + BATCH_LENGTH_OFFSET) + LOG_OVERHEAD,
    partitionLeaderEpoch: view.getInt32(pos + PARTITION_LEADER_EPOCH_OFFSET),
    magic: buf[pos + MAGIC_OFFSET]!,
    crc: view.getUint32(pos + CRC_OFFSET),
    attributes: view.getInt16(pos + ATTRIBUTES_OFFSET),
    lastOffsetDelta,
    baseTimestamp: Number(view.getBigInt64(pos + BASE_TIMESTAMP_OFFSET)),
    maxTimestamp: Number(view.getBigInt64(pos + MAX_TIMESTAMP_OFFSET)),
    producerId: view.getBigInt64(pos + PRODUCER_ID_OFFSET),
    producerEpoch: view.getInt16(pos + PRODUCER_EPOCH_OFFSET),
    baseSequence: view.getInt32(pos + BASE_SEQUENCE_OFFSET),
    recordCount: view.getInt32(pos + RECORD_COUNT_OFFSET),
  };
}
