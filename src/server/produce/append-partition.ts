// Appending one produced partition as its leader: Kafka's ReplicaManager.appendToLocalLog +
// Partition.appendRecordsToLeader + UnifiedLog.append, for a single node.
//
// Order: the partition is known and led here -> internal topics refused -> records validated
// (validate.ts) -> transactional batches refused (transactions are another issue) -> message set
// not above segment.bytes -> idempotence (duplicate answered with its original offsets, sequence and
// epoch checks) -> Log.append (offsets, leader epoch, LogAppendTime) -> high watermark moved and
// waiting fetches woken (after the sync under strand.log.fsync.before.ack, after the forced flush when
// the append reached flush.messages / flush.ms or came while such a flush was pending). Everything here is synchronous: the caller runs it before its first await,
// so appends keep the order requests arrived in.

import { ErrorCode } from "../../protocol/errors.ts";
import type { PartitionImage } from "../../metadata/image.ts";
import { InvalidBatchError, LogClosedError, LogOfflineError, OffsetOverflowError } from "../../storage/errors.ts";
import type { Log } from "../../storage/log.ts";
import type { SlicedRecords } from "../../protocol/primitives/records-ref.ts";
import type { DataPlane } from "./data-plane.ts";
import { ProducePartitionError, type RecordError } from "./errors.ts";
import { checkProducerSequence } from "./idempotence.ts";
import { validateProducedRecords } from "./validate.ts";

/** Topics clients may not produce to (Kafka's Topic.isInternal). */
const INTERNAL_TOPICS = new Set(["__consumer_offsets", "__transaction_state", "__share_group_state"]);

export interface PartitionAppendResult {
  errorCode: number;
  /** Sent only for record-level failures (Kafka's hasCustomErrorMessage). */
  errorMessage: string | null;
  recordErrors: readonly RecordError[];
  baseOffset: number;
  logAppendTimeMs: number;
  logStartOffset: number;
  /** The log and the end offset appended, for an acks=-1 durability wait. */
  log: Log | null;
  endOffset: number;
  /**
   * -1, or the offset a forced flush (flush.messages / flush.ms) must reach before this partition is
   * answered (acks 1 and -1), as Kafka answers only after the flush inside its append.
   */
  flushOffset: number;
  /** Detail for the broker's log when errorCode != 0. */
  detail: string | null;
}

function failed(code: number, detail: string, e?: ProducePartitionError): PartitionAppendResult {
  return {
    errorCode: code,
    errorMessage: e?.sendMessage ? e.message : null,
    recordErrors: e?.recordErrors ?? [],
    baseOffset: -1,
    logAppendTimeMs: -1,
    logStartOffset: -1,
    log: null,
    endOffset: -1,
    flushOffset: -1,
    detail,
  };
}

export interface AppendRequest {
  topic: string;
  partition: number;
  /** Sliced when a large request arrived in several socket chunks (appended without a copy). */
  records: Uint8Array | SlicedRecords | null;
  apiVersion: number;
  nowMs: number;
}

/** The partition's image and log when this broker leads it, else the error Kafka answers with. */
export function leaderLog(plane: DataPlane, topic: string, partition: number): { image: PartitionImage; log: Log } | { errorCode: number; detail: string } {
  const image = plane.metadata.partition(topic, partition);
  if (!image) return { errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, detail: `${topic}-${partition} does not exist` };
  if (image.leader !== plane.nodeId) return { errorCode: ErrorCode.NOT_LEADER_OR_FOLLOWER, detail: `${topic}-${partition} is led by ${image.leader}, not ${plane.nodeId}` };
  let log: Log | undefined;
  try {
    log = plane.metadata.partitionLog(topic, partition);
  } catch (e) {
    // Kafka's ReplicaManager answers an offline partition (HostedPartition.Offline) this way.
    if (e instanceof LogOfflineError) return { errorCode: ErrorCode.KAFKA_STORAGE_ERROR, detail: e.message };
    throw e;
  }
  if (!log) return { errorCode: ErrorCode.NOT_LEADER_OR_FOLLOWER, detail: `${topic}-${partition} has no log on this broker` };
  if (log.isOffline) return { errorCode: ErrorCode.KAFKA_STORAGE_ERROR, detail: `${topic}-${partition} is offline` };
  return { image, log };
}

export function appendToPartition(plane: DataPlane, req: AppendRequest): PartitionAppendResult {
  const name = `${req.topic}-${req.partition}`;
  const found = leaderLog(plane, req.topic, req.partition);
  if ("errorCode" in found) return failed(found.errorCode, found.detail);
  const { image, log } = found;
  if (INTERNAL_TOPICS.has(req.topic)) return failed(ErrorCode.INVALID_TOPIC_EXCEPTION, `Cannot append to internal topic ${req.topic}`);
  const settings = plane.settings(req.topic);
  try {
    const v = validateProducedRecords(req.records ?? new Uint8Array(0), { apiVersion: req.apiVersion, settings, partitionName: name, nowMs: req.nowMs });
    const view = v.view;
    if (view.isTransactional) {
      throw new ProducePartitionError(ErrorCode.INVALID_TXN_STATE, `transactional produce to ${name} refused: this broker has no transaction coordinator yet`);
    }
    if (v.bytes.length > settings.segmentBytes) {
      throw new ProducePartitionError(
        ErrorCode.RECORD_LIST_TOO_LARGE,
        `Message batch size is ${v.bytes.length} bytes in append to partition ${name} which exceeds the maximum configured segment size of ${settings.segmentBytes}.`,
      );
    }
    const ids = { producerId: view.producerId, producerEpoch: view.producerEpoch, baseSequence: view.baseSequence, lastOffsetDelta: view.lastOffsetDelta };
    const seq = checkProducerSequence(ids.producerId >= 0n ? log.producers.get(ids.producerId) : undefined, ids, name, log.logEndOffset);
    if (seq.kind === "duplicate") {
      plane.syncHighWatermark(log);
      return {
        errorCode: 0,
        errorMessage: null,
        recordErrors: [],
        baseOffset: seq.batch.firstOffset,
        logAppendTimeMs: seq.batch.timestamp,
        logStartOffset: log.logStartOffset,
        log,
        endOffset: seq.batch.lastOffset + 1,
        flushOffset: seq.batch.lastOffset + 1 > log.durableOffset ? log.pendingFlushOffset : -1,
        detail: null,
      };
    }
    const r = log.append(v.bytes, { leaderEpoch: image.leaderEpoch, crcVerified: true, header: v.header, nowMs: req.nowMs });
    const endOffset = r.lastOffset + 1;
    const flushOffset = log.pendingFlushOffset;
    if (plane.fsyncBeforeAck(log)) {
      void plane.advanceWhenDurable(log, endOffset).catch(() => undefined);
    } else if (flushOffset >= 0) {
      void plane.advanceWhenFlushed(log, endOffset, flushOffset).catch(() => undefined);
    } else {
      log.setHighWatermark(endOffset);
      plane.notifyAppended(req.topic, req.partition);
    }
    return {
      errorCode: 0,
      errorMessage: null,
      recordErrors: [],
      baseOffset: r.firstOffset,
      logAppendTimeMs: Math.max(v.logAppendTimeMs, r.logAppendTimeMs),
      logStartOffset: r.logStartOffset,
      log,
      endOffset,
      flushOffset,
      detail: null,
    };
  } catch (e) {
    if (e instanceof ProducePartitionError) return failed(e.code, e.message, e);
    if (e instanceof InvalidBatchError) return failed(ErrorCode.CORRUPT_MESSAGE, `${name}: ${e.message}`);
    if (e instanceof OffsetOverflowError) return failed(ErrorCode.UNKNOWN_SERVER_ERROR, `${name}: ${e.message}`);
    if (e instanceof LogOfflineError || e instanceof LogClosedError) return failed(ErrorCode.KAFKA_STORAGE_ERROR, `${name}: ${e.message}`);
    throw e;
  }
}
