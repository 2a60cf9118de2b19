// What a follower needs to read of the records a leader sent and of its own leader-epoch cache before
// it appends or truncates (Kafka's ByteBufferLogInputStream batch framing and
// UnifiedLog.endOffsetForEpoch over LeaderEpochFileCache.endOffsetFor).

import type { EpochEntry } from "../storage/checkpoint-file.ts";
import { endOffsetForEpoch as kafkaEndOffsetFor } from "../storage/epoch-lookup.ts";

/** Kafka's LOG_OVERHEAD: the base offset (8) and the batch length (4) before every batch. */
const LOG_OVERHEAD = 12;
const LENGTH_OFFSET = 8;

/**
 * The prefix of `records` that holds whole batches. A leader fills a fetch response up to its byte
 * limit, so the last batch may be cut short (KIP-74): like Kafka's batch iterator, the follower stops
 * before it and fetches it whole next time. A length field that cannot be a batch (negative) is left
 * in, so the append refuses it as corrupt rather than skipping it.
 */
export function wholeBatches(records: Uint8Array): Uint8Array {
  const view = new DataView(records.buffer, records.byteOffset, records.byteLength);
  let pos = 0;
  // Bounded by records.length: every step moves forward by at least LOG_OVERHEAD bytes.
  while (pos + LOG_OVERHEAD <= records.length) {
    const length = view.getInt32(pos + LENGTH_OFFSET);
    if (length < 0) return records;
    if (pos + LOG_OVERHEAD + length > records.length) break;
    pos += LOG_OVERHEAD + length;
  }
  return pos === records.length ? records : records.subarray(0, pos);
}

/** The base and last offset of the first batch (its header's fields), or null when too short to hold them. */
export function firstBatchOffsets(records: Uint8Array): { baseOffset: number; lastOffset: number } | null {
  // base offset (8) + length (4) + leader epoch (4) + magic (1) + crc (4) + attributes (2) + last offset delta (4)
  if (records.length < 27) return null;
  const view = new DataView(records.buffer, records.byteOffset, records.byteLength);
  const baseOffset = Number(view.getBigInt64(0));
  return { baseOffset, lastOffset: baseOffset + view.getInt32(23) };
}

export interface OffsetAndEpoch {
  offset: number;
  epoch: number;
}

/**
 * Kafka's UnifiedLog.endOffsetForEpoch (storage/epoch-lookup.ts, LeaderEpochFileCache.endOffsetFor) in
 * the follower's shape: null when it cannot be known here (an empty cache, a negative `epoch`, or one
 * above the latest entry).
 */
export function endOffsetForEpoch(entries: readonly EpochEntry[], epoch: number, logEndOffset: number): OffsetAndEpoch | null {
  if (epoch < 0) return null;
  const r = kafkaEndOffsetFor(entries, epoch, logEndOffset);
  return r.epoch === -1 ? null : { offset: r.endOffset, epoch: r.epoch };
}
