// The transactional checks made before an append, as Kafka 4.4's ProducerAppendInfo does them over the
// producer's state (the idempotence checks are producer-sequence.ts):
//
// - a data batch whose epoch is below the producer's is INVALID_PRODUCER_EPOCH, whatever its origin
//   (clients' batches get the sequence checks as well, in producer-sequence.ts);
// - a non-transactional batch from a producer with an open transaction is INVALID_TXN_STATE;
// - a marker (COMMIT/ABORT control batch, origin coordinator) whose epoch is below the producer's is
//   INVALID_PRODUCER_EPOCH; under Transactions V2 (the marker's transactionVersion >= 2, which bumps the
//   epoch with every marker) it must be above it, except a retried marker: the same epoch once the
//   transaction is already complete (or the epoch is at its maximum, 32767), which is written again;
// - a marker whose coordinator epoch is below the one the producer's last marker carried is
//   TRANSACTION_COORDINATOR_FENCED (a zombie coordinator);
// - a control batch from a client is INVALID_RECORD (produce validation refuses it first; this keeps the
//   partition's own guarantee).

import type { EndTxnMarkerInfo } from "../protocol/records/control-batch.ts";
import { ErrorCode } from "../protocol/errors.ts";
import type { ProducerState } from "../storage/producer-state.ts";
import { ProducePartitionError } from "./errors.ts";

/** Kafka's Short.MAX_VALUE: an epoch that cannot be bumped further. */
const MAX_PRODUCER_EPOCH = 32767;

/** Kafka's checkProducerEpoch; transactionVersion -1 for data batches (the message names it, as Kafka's). */
export function checkProducerEpoch(state: ProducerState | undefined, producerId: bigint, producerEpoch: number, transactionVersion: number, partitionName: string, offset: number): "ok" | "retried-marker" {
  if (!state) return "ok";
  const current = state.epoch;
  const tv2 = transactionVersion >= 2;
  const invalid = tv2 ? producerEpoch <= current : producerEpoch < current;
  if (!invalid) return "ok";
  if (tv2 && producerEpoch === current && (state.currentTxnFirstOffset < 0 || producerEpoch === MAX_PRODUCER_EPOCH)) return "retried-marker";
  throw new ProducePartitionError(
    ErrorCode.INVALID_PRODUCER_EPOCH,
    `Epoch of producer ${producerId} at offset ${offset} in ${partitionName} is ${producerEpoch}, which is ${tv2 ? "<=" : "<"} the last seen epoch ${current} (TV${transactionVersion})`,
  );
}

/** A data batch's transactional state: a non-transactional write inside an open transaction is refused. */
export function checkDataBatchTxnState(state: ProducerState | undefined, producerId: bigint, isTransactional: boolean, partitionName: string, offset: number): void {
  if (state && state.currentTxnFirstOffset >= 0 && !isTransactional) {
    throw new ProducePartitionError(ErrorCode.INVALID_TXN_STATE, `Expected transactional write from producer ${producerId} at offset ${offset} in partition ${partitionName}`);
  }
}

/** The checks of an end-transaction marker (origin coordinator), in Kafka's order: epoch, then coordinator epoch. */
export function checkEndTxnMarker(
  state: ProducerState | undefined,
  producerId: bigint,
  producerEpoch: number,
  marker: EndTxnMarkerInfo,
  transactionVersion: number,
  partitionName: string,
  offset: number,
): void {
  checkProducerEpoch(state, producerId, producerEpoch, Math.max(0, transactionVersion), partitionName, offset);
  if (state && state.coordinatorEpoch > marker.coordinatorEpoch) {
    throw new ProducePartitionError(
      ErrorCode.TRANSACTION_COORDINATOR_FENCED,
      `Invalid coordinator epoch for producerId ${producerId} at offset ${offset} in partition ${partitionName}: ${marker.coordinatorEpoch} (zombie), ${state.coordinatorEpoch} (current)`,
    );
  }
}
