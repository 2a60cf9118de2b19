// Idempotent-producer checks made before an append, as Kafka's UnifiedLog.analyzeAndValidateProducerState
// and ProducerAppendInfo do, over the producer state the log keeps (src/storage/producer-state.ts):
//
// - a batch whose epoch and sequence range match one of the producer's last 5 batches is a duplicate:
//   answered with that batch's offsets and no error, and not appended again;
// - an epoch below the producer's current one is INVALID_PRODUCER_EPOCH;
// - a new epoch must start at sequence 0 (else OUT_OF_ORDER_SEQUENCE_NUMBER), unless the producer's
//   state is unknown;
// - the same epoch must continue at last sequence + 1 (wrapping at 2^31-1), else
//   OUT_OF_ORDER_SEQUENCE_NUMBER; a producer with no known state (expired, deleted, or never seen)
//   may start at any sequence (KIP-360). Kafka 4.4's ProducerAppendInfo.checkSequence checks nothing
//   for an empty entry (epoch -1), so a batch after producer.id.expiration.ms is appended with no
//   error: UNKNOWN_PRODUCER_ID is not answered since KIP-360.

import { ErrorCode } from "../protocol/errors.ts";
import type { ProducerBatch, ProducerState } from "../storage/producer-state.ts";
import { ProducePartitionError } from "./errors.ts";

export interface ProducedBatchIds {
  producerId: bigint;
  producerEpoch: number;
  baseSequence: number;
  /** lastOffsetDelta of the batch: its last sequence is baseSequence + this (wrapping). */
  lastOffsetDelta: number;
}

export type SequenceCheck = { kind: "append" } | { kind: "duplicate"; batch: ProducerBatch };

const INT32_MAX = 0x7fffffff;

export function lastSequenceOf(b: ProducedBatchIds): number {
  const last = b.baseSequence + b.lastOffsetDelta;
  return last > INT32_MAX ? last - INT32_MAX - 1 : last;
}

function inSequence(lastSeq: number, nextSeq: number): boolean {
  return nextSeq === lastSeq + 1 || (nextSeq === 0 && lastSeq === INT32_MAX);
}

/**
 * Checks a batch against the producer's state (undefined: never seen). Throws ProducePartitionError
 * with Kafka's code and message; `offset` and `partitionName` only feed the message.
 */
export function checkProducerSequence(state: ProducerState | undefined, b: ProducedBatchIds, partitionName: string, offset: number): SequenceCheck {
  if (b.producerId < 0n) return { kind: "append" };
  if (state && state.epoch === b.producerEpoch) {
    const last = lastSequenceOf(b);
    for (const prev of state.lastBatches) {
      if (prev.firstSequence === b.baseSequence && prev.lastSequence === last) return { kind: "duplicate", batch: prev };
    }
  }
  const currentEpoch = state ? state.epoch : -1;
  if (state && b.producerEpoch < currentEpoch) {
    throw new ProducePartitionError(
      ErrorCode.INVALID_PRODUCER_EPOCH,
      `Epoch of producer ${b.producerId} at offset ${offset} in ${partitionName} is ${b.producerEpoch}, which is < the last seen epoch ${currentEpoch} (TV-1)`, // Kafka 4.4's wording for data batches
    );
  }
  if (b.producerEpoch !== currentEpoch) {
    if (b.baseSequence !== 0 && currentEpoch !== -1) {
      throw new ProducePartitionError(
        ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER,
        `Invalid sequence number for new epoch of producer ${b.producerId} at offset ${offset} in partition ${partitionName}: ${b.producerEpoch} (request epoch), ${b.baseSequence} (seq. number), ${currentEpoch} (current producer epoch)`,
      );
    }
    return { kind: "append" };
  }
  const lastBatch = state!.lastBatches[state!.lastBatches.length - 1];
  const currentLastSeq = lastBatch ? lastBatch.lastSequence : -1;
  if (!inSequence(currentLastSeq, b.baseSequence)) {
    throw new ProducePartitionError(
      ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER,
      `Out of order sequence number for producer ${b.producerId} at offset ${offset} in partition ${partitionName}: ${b.baseSequence} (incoming seq. number), ${currentLastSeq} (current end sequence number)`,
    );
  }
  return { kind: "append" };
}
