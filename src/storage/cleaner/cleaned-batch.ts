// Batches the cleaner writes. writeEmptyBatch is Kafka's DefaultRecordBatch.writeEmptyHeader: the header of a batch whose records the cleaner removed
// but which must stay (a producer's last sequence and epoch, a round's last offset). No records, no
// compression, no delete horizon, base timestamp -1; the offsets, producer fields, leader epoch,
// timestamp type, transactional and control flags and max timestamp of the source batch.
import {
  ATTRIBUTES_OFFSET,
  BASE_OFFSET_OFFSET,
  BASE_SEQUENCE_OFFSET,
  BASE_TIMESTAMP_OFFSET,
  BATCH_HEADER_SIZE,
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
  PARTITION_LEADER_EPOCH_OFFSET,
  PRODUCER_EPOCH_OFFSET,
  PRODUCER_ID_OFFSET,
  RECORD_COUNT_OFFSET,
  TIMESTAMP_TYPE_MASK,
  TRANSACTIONAL_FLAG_MASK,
  type BatchHeader,
} from "../../protocol/records/batch-header.ts";
import { codecForId } from "../../protocol/records/compression/registry.ts";
import { crc32c } from "../../protocol/records/crc32c.ts";

/**
 * A rewritten batch (Kafka's buildRetainedRecordsInto): the source batch's offsets (its last offset
 * delta kept), producer fields, leader epoch and attributes (the delete-horizon bit as given), with
 * `records` (encoded, compressed with the batch's codec when it has one) and the given base and max
 * timestamps.
 */
export function writeBatch(h: BatchHeader, attributes: number, baseTimestamp: number, maxTimestamp: number, records: Uint8Array, count: number): Uint8Array {
  const codec = codecForId(attributes & COMPRESSION_CODEC_MASK);
  const body = codec ? codec.compress(records) : records;
  const out = new Uint8Array(BATCH_HEADER_SIZE + body.length);
  out.set(body, BATCH_HEADER_SIZE);
  const v = new DataView(out.buffer);
  v.setBigInt64(BASE_OFFSET_OFFSET, BigInt(h.baseOffset));
  v.setInt32(BATCH_LENGTH_OFFSET, out.length - LOG_OVERHEAD);
  v.setInt32(PARTITION_LEADER_EPOCH_OFFSET, h.partitionLeaderEpoch);
  v.setInt8(MAGIC_OFFSET, CURRENT_MAGIC);
  v.setInt16(ATTRIBUTES_OFFSET, attributes);
  v.setInt32(LAST_OFFSET_DELTA_OFFSET, h.lastOffsetDelta);
  v.setBigInt64(BASE_TIMESTAMP_OFFSET, BigInt(baseTimestamp));
  v.setBigInt64(MAX_TIMESTAMP_OFFSET, BigInt(maxTimestamp));
  v.setBigInt64(PRODUCER_ID_OFFSET, h.producerId);
  v.setInt16(PRODUCER_EPOCH_OFFSET, h.producerEpoch);
  v.setInt32(BASE_SEQUENCE_OFFSET, h.baseSequence);
  v.setInt32(RECORD_COUNT_OFFSET, count);
  v.setUint32(CRC_OFFSET, crc32c(out, CRC_START, out.length));
  return out;
}

export function writeEmptyBatch(h: BatchHeader): Uint8Array {
  const out = new Uint8Array(BATCH_HEADER_SIZE);
  const v = new DataView(out.buffer);
  v.setBigInt64(BASE_OFFSET_OFFSET, BigInt(h.baseOffset));
  v.setInt32(BATCH_LENGTH_OFFSET, BATCH_HEADER_SIZE - LOG_OVERHEAD);
  v.setInt32(PARTITION_LEADER_EPOCH_OFFSET, h.partitionLeaderEpoch);
  v.setInt8(MAGIC_OFFSET, CURRENT_MAGIC);
  v.setInt16(ATTRIBUTES_OFFSET, h.attributes & (TIMESTAMP_TYPE_MASK | TRANSACTIONAL_FLAG_MASK | CONTROL_FLAG_MASK));
  v.setInt32(LAST_OFFSET_DELTA_OFFSET, h.lastOffsetDelta);
  v.setBigInt64(BASE_TIMESTAMP_OFFSET, -1n);
  v.setBigInt64(MAX_TIMESTAMP_OFFSET, BigInt(h.maxTimestamp));
  v.setBigInt64(PRODUCER_ID_OFFSET, h.producerId);
  v.setInt16(PRODUCER_EPOCH_OFFSET, h.producerEpoch);
  v.setInt32(BASE_SEQUENCE_OFFSET, h.baseSequence);
  v.setInt32(RECORD_COUNT_OFFSET, 0);
  v.setUint32(CRC_OFFSET, crc32c(out, CRC_START, out.length));
  return out;
}
