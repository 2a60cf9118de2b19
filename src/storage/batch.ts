// Header-level view of RecordBatch v2 bytes, as the storage layer needs it: offsets, sizes,
// timestamps and producer fields. Records inside a batch are never decoded here.
import {
  ATTRIBUTES_OFFSET,
  BASE_OFFSET_OFFSET,
  BASE_SEQUENCE_OFFSET,
  BASE_TIMESTAMP_OFFSET,
  BATCH_HEADER_SIZE,
  BATCH_LENGTH_OFFSET,
  CONTROL_FLAG_MASK,
  CRC_OFFSET,
  CRC_START,
  CURRENT_MAGIC,
  LAST_OFFSET_DELTA_OFFSET,
  LOG_OVERHEAD,
  MAGIC_OFFSET,
  MAX_TIMESTAMP_OFFSET,
  PARTITION_LEADER_EPOCH_OFFSET,
  PRODUCER_EPOCH_OFFSET,
  PRODUCER_ID_OFFSET,
  RECORD_COUNT_OFFSET,
  TIMESTAMP_TYPE_MASK,
  TRANSACTIONAL_FLAG_MASK,
} from "../protocol/records/batch-header.ts";
import { crc32c } from "../protocol/records/crc32c.ts";
import { MAX_OFFSET } from "./offset-bound.ts";

export interface BatchHeader {
  baseOffset: number;
  lastOffset: number;
  /** Whole batch size on disk, header included. */
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

export function viewOf(buf: Uint8Array): DataView {
  return new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** Reads the int64 base offset as a number, or -1 when it is beyond the documented bound. */
export function readOffset(view: DataView, pos: number): number {
  const v = view.getBigInt64(pos);
  if (v < 0n || v > BigInt(MAX_OFFSET)) return -1;
  return Number(v);
}

/**
 * Structural problem of the batch at buf[pos, end), or null when it is well-formed. Checks the
 * length against the bytes present and maxBytes, the magic, the record count against the last
 * offset delta, and the CRC unless skipCrc.
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

export function isTransactional(attributes: number): boolean {
  return (attributes & TRANSACTIONAL_FLAG_MASK) !== 0;
}

export function isControl(attributes: number): boolean {
  return (attributes & CONTROL_FLAG_MASK) !== 0;
}

export function setBaseOffset(view: DataView, pos: number, offset: number): void {
  view.setBigInt64(pos + BASE_OFFSET_OFFSET, BigInt(offset));
}

export function setPartitionLeaderEpoch(view: DataView, pos: number, epoch: number): void {
  view.setInt32(pos + PARTITION_LEADER_EPOCH_OFFSET, epoch);
}

/**
 * Stamps LogAppendTime: sets the timestamp-type bit and the max timestamp, then recomputes the CRC
 * (both fields are covered by it). Returns true when a byte changed.
 */
export function stampLogAppendTime(buf: Uint8Array, pos: number, size: number, nowMs: number): boolean {
  const view = viewOf(buf);
  const attrs = view.getInt16(pos + ATTRIBUTES_OFFSET);
  const ts = BigInt(nowMs);
  if ((attrs & TIMESTAMP_TYPE_MASK) !== 0 && view.getBigInt64(pos + MAX_TIMESTAMP_OFFSET) === ts) return false;
  view.setInt16(pos + ATTRIBUTES_OFFSET, attrs | TIMESTAMP_TYPE_MASK);
  view.setBigInt64(pos + MAX_TIMESTAMP_OFFSET, ts);
  view.setUint32(pos + CRC_OFFSET, crc32c(buf, pos + CRC_START, pos + size));
  return true;
}
