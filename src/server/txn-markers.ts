// Writing transaction markers on the partitions of this node (Kafka's KafkaApis.handleWriteTxnMarkersRequest):
// the WriteTxnMarkers handler (27) and the transaction coordinator's marker channel both come here, so a
// marker is written one way whether it came over the network or from the coordinator on this node.
//
// For each marker, every partition gets one control batch (src/protocol/records/control-batch.ts) with
// the producer's id and epoch, appended by the ReplicaManager as origin "coordinator" (so internal
// topics are allowed) with acks=-1: the answer waits for the high watermark to pass the marker. The
// partition checks the marker against the producer's state first (replication/producer-append-check.ts:
// INVALID_PRODUCER_EPOCH, TRANSACTION_COORDINATOR_FENCED), and the log completes the transaction
// (an abort goes to the segment's .txnindex) and moves the last stable offset.
// __consumer_offsets partitions go to the group coordinator instead (completeTransaction), which
// writes the marker itself and applies or drops the transaction's pending offsets.

import { ErrorCode } from "../protocol/errors.ts";
import { buildEndTxnMarkerBatch, type TransactionResult } from "../protocol/records/control-batch.ts";
import type { AppendEntry } from "../replication/replica-manager.ts";
import { OFFSETS_TOPIC } from "../coordinator/group/offsets-topic.ts";
import type { BrokerServices } from "./services.ts";

export interface TxnMarkerRequest {
  producerId: bigint;
  producerEpoch: number;
  coordinatorEpoch: number;
  result: TransactionResult;
  partitions: ReadonlyArray<{ topic: string; partition: number }>;
  /**
   * The marker's transaction version (WriteTxnMarkers v2; 0/1 legacy, 2 = Transactions V2, whose
   * marker must carry an epoch above the producer's). Absent: 0.
   */
  transactionVersion?: number;
}

export interface TxnMarkerPartitionResult {
  topic: string;
  partition: number;
  errorCode: number;
}

export interface TxnMarkerResult {
  producerId: bigint;
  partitions: TxnMarkerPartitionResult[];
}

/** Kafka's request.timeout.ms default for the marker append's wait on the high watermark. */
export const TXN_MARKER_TIMEOUT_MS = 30_000;

/** Writes every marker's control batches; resolves with one error code per partition. */
export async function writeTxnMarkers(services: BrokerServices, markers: readonly TxnMarkerRequest[], timeoutMs = TXN_MARKER_TIMEOUT_MS): Promise<TxnMarkerResult[]> {
  const out: TxnMarkerResult[] = [];
  const waits: Array<Promise<void>> = [];
  const nowMs = Date.now();
  // Bounded by the request: markers × partitions.
  for (const m of markers) {
    const res: TxnMarkerResult = { producerId: m.producerId, partitions: [] };
    out.push(res);
    const entries: AppendEntry[] = [];
    const slots: TxnMarkerPartitionResult[] = [];
    for (const tp of m.partitions) {
      const slot = { topic: tp.topic, partition: tp.partition, errorCode: ErrorCode.NONE as number };
      res.partitions.push(slot);
      if (tp.topic === OFFSETS_TOPIC) {
        // The group coordinator applies or drops the transaction's pending offsets and writes the marker.
        waits.push(
          services.groupCoordinator.completeTransaction(tp, m.producerId, m.producerEpoch, m.coordinatorEpoch, m.result, timeoutMs).then(
            (code) => void (slot.errorCode = code),
            () => void (slot.errorCode = ErrorCode.UNKNOWN_SERVER_ERROR),
          ),
        );
        continue;
      }
      slots.push(slot);
      entries.push({
        topic: tp.topic,
        partition: tp.partition,
        records: buildEndTxnMarkerBatch({ producerId: m.producerId, producerEpoch: m.producerEpoch, coordinatorEpoch: m.coordinatorEpoch, result: m.result, timestampMs: nowMs }),
        batch: { producerId: m.producerId, producerEpoch: m.producerEpoch, baseSequence: -1, lastOffsetDelta: 0 },
        crcVerified: true, // built here
        logAppendTimeMs: -1,
        nowMs,
        transactionVersion: m.transactionVersion ?? 0,
      });
    }
    if (entries.length === 0) continue;
    waits.push(
      Promise.resolve(services.replicaManager.appendRecords(entries, -1, timeoutMs, "coordinator")).then((results) => {
        for (let i = 0; i < slots.length; i++) slots[i]!.errorCode = results[i]?.errorCode ?? ErrorCode.UNKNOWN_SERVER_ERROR;
      }),
    );
  }
  await Promise.all(waits);
  return out;
}
