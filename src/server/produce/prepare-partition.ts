// The request-level checks of one produced partition, before ReplicaManager.appendRecords appends it
// (Kafka's KafkaApis.handleProduceRequest + the validation UnifiedLog runs before its append):
//
// the partition is known and led here -> internal topics refused -> records validated (validate.ts,
// which checks every batch CRC, so the append skips its own CRC pass: crcVerified) -> transactional
// message set not above segment.bytes. Transactional batches are marked (`transactional`) so the
// Produce handler verifies them with the transaction coordinator before appending.
// Idempotence (duplicates, sequence and epoch checks) runs below, in Partition.appendRecordsToLeader,
// over the log's producer state, as Kafka's UnifiedLog.analyzeAndValidateProducerState does.

import { ErrorCode } from "../../protocol/errors.ts";
import type { SlicedRecords } from "../../protocol/primitives/records-ref.ts";
import { ProducePartitionError } from "../../replication/errors.ts";
import { failedAppend, INTERNAL_TOPICS, type AppendEntry, type PartitionAppendResult, type ReplicaManager } from "../../replication/replica-manager.ts";
import { InvalidBatchError } from "../../storage/errors.ts";
import type { TopicSettings } from "./topic-settings.ts";
import { validateProducedRecords } from "./validate.ts";

export interface ProducePartitionRequest {
  topic: string;
  partition: number;
  /** Sliced when a large request arrived in several socket chunks (appended without a copy). */
  records: Uint8Array | SlicedRecords | null;
  apiVersion: number;
  nowMs: number;
}

/** The entry to append, or the partition's answer when a check refused it. */
export type PreparedEntry = AppendEntry & { transactional: boolean };

export function preparePartition(rm: ReplicaManager, settingsOf: (topic: string) => TopicSettings, req: ProducePartitionRequest): PreparedEntry | PartitionAppendResult {
  const found = rm.getPartitionOrError(req.topic, req.partition);
  if ("errorCode" in found) return failedAppend(found.errorCode, found.detail);
  if (INTERNAL_TOPICS.has(req.topic)) return failedAppend(ErrorCode.INVALID_TOPIC_EXCEPTION, `Cannot append to internal topic ${req.topic}`);
  const name = found.name;
  const settings = settingsOf(req.topic);
  try {
    const v = validateProducedRecords(req.records ?? new Uint8Array(0), { apiVersion: req.apiVersion, settings, partitionName: name, nowMs: req.nowMs });
    const view = v.view;
    if (v.bytes.length > settings.segmentBytes) {
      throw new ProducePartitionError(
        ErrorCode.RECORD_LIST_TOO_LARGE,
        `Message batch size is ${v.bytes.length} bytes in append to partition ${name} which exceeds the maximum configured segment size of ${settings.segmentBytes}.`,
      );
    }
    return {
      topic: req.topic,
      partition: req.partition,
      records: v.bytes,
      batch: { producerId: view.producerId, producerEpoch: view.producerEpoch, baseSequence: view.baseSequence, lastOffsetDelta: view.lastOffsetDelta },
      crcVerified: true,
      header: v.header,
      logAppendTimeMs: v.logAppendTimeMs,
      nowMs: req.nowMs,
      transactional: view.isTransactional,
    };
  } catch (e) {
    if (e instanceof ProducePartitionError) return failedAppend(e.code, e.message, e);
    if (e instanceof InvalidBatchError) return failedAppend(ErrorCode.CORRUPT_MESSAGE, `${name}: ${e.message}`);
    throw e;
  }
}
