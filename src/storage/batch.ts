// Header-level helpers of RecordBatch v2 bytes, as the storage layer needs them: the header parser
// (re-exported), attribute tests and the in-place rewrites of an append (base offset, leader epoch,
// LogAppendTime). Records inside a batch are never decoded here.
import {
  ATTRIBUTES_OFFSET,
  BASE_OFFSET_OFFSET,
  CONTROL_FLAG_MASK,
  CRC_OFFSET,
  CRC_START,
  MAX_TIMESTAMP_OFFSET,
  PARTITION_LEADER_EPOCH_OFFSET,
  TIMESTAMP_TYPE_MASK,
  TRANSACTIONAL_FLAG_MASK,
  viewOf,
} from "../protocol/records/batch-header.ts";
import { crc32c } from "../protocol/records/crc32c.ts";

// The one header parser lives with the format (protocol/records/batch-header.ts); storage's modules
// keep importing these names from here.
export { checkBatch, readBatchHeader, readOffset, viewOf, type BatchHeader } from "../protocol/records/batch-header.ts";

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
