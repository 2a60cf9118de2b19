// Batches the cleaner writes. writeEmptyBatch is Kafka's DefaultRecordBatch.writeEmptyHeader: the header of a batch whose records the cleaner removed
// but which must stay (a producer's last sequence and epoch, a round's last offset). No records, no
// compression, no delete horizon, base timestamp -1; the offsets, producer fields, leader epoch,
// timestamp type, transactional and control flags and max timestamp of the source batch.
import { BATCH_HEADER_SIZE, COMPRESSION_CODEC_MASK, CONTROL_FLAG_MASK, TIMESTAMP_TYPE_MASK, TRANSACTIONAL_FLAG_MASK, writeBatchHeader, type BatchHeader } from "../../protocol/records/batch-header.ts";
import { codecForId } from "../../protocol/records/compression/registry.ts";

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
  writeBatchHeader(out, {
    baseOffset: BigInt(h.baseOffset),
    partitionLeaderEpoch: h.partitionLeaderEpoch,
    attributes,
    lastOffsetDelta: h.lastOffsetDelta,
    baseTimestamp: BigInt(baseTimestamp),
    maxTimestamp: BigInt(maxTimestamp),
    producerId: h.producerId,
    producerEpoch: h.producerEpoch,
    baseSequence: h.baseSequence,
    recordCount: count,
  });
  return out;
}

export function writeEmptyBatch(h: BatchHeader): Uint8Array {
  return writeBatch(h, h.attributes & (TIMESTAMP_TYPE_MASK | TRANSACTIONAL_FLAG_MASK | CONTROL_FLAG_MASK), -1, h.maxTimestamp, EMPTY, 0);
}

const EMPTY = new Uint8Array(0);
