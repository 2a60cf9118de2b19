// Kafka's DefaultRecordBatch.writeEmptyHeader: the header of a batch whose records the cleaner removed
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
import { crc32c } from "../../protocol/records/crc32c.ts";

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
