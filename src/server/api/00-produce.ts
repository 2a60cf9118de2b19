// Produce (key 0), versions 3-13 served, advertised from 0 (KAFKA-18659: librdkafka only compresses
// when Produce v0 is advertised); v0-2 are refused as Kafka 4 does. v13 names topics by id.
//
// Behaviour (Kafka's KafkaApis.handleProduceRequest + ReplicaManager.appendRecords):
// - unknown topic id (v13) -> UNKNOWN_TOPIC_ID; unknown topic or partition -> UNKNOWN_TOPIC_OR_PARTITION;
// - acks other than -1, 0, 1 -> INVALID_REQUIRED_ACKS for every known partition;
// - each partition validated and appended synchronously, before any await, so appends keep request
//   order (see produce/append-partition.ts and produce/validate.ts for the errors);
// - acks=0: no response; acks=1: answered once appended; acks=-1: on a single node the same, except
//   with strand.log.fsync.before.ack=true, where the answer waits (group commit) until the appended
//   offsets are on disk, or REQUEST_TIMED_OUT after the request's timeout;
// - acks=1 and -1: an append that forces a flush (flush.messages / flush.ms reached), or comes while
//   such a flush is pending, is answered once that flush has returned (Kafka flushes inside
//   UnifiedLog.append, before it answers); group-committed, off the event loop.
//
// Left out: transactional batches are refused with INVALID_TXN_STATE until the transaction coordinator
// exists. With acks=0 a failed partition closes the connection, as Kafka does (the producer has no
// other way to learn of it).

import { ErrorCode } from "../../protocol/errors.ts";
import type { ProduceRequest } from "../../protocol/generated/messages/produce-request.ts";
import {
  newPartitionProduceResponse,
  newProduceResponse,
  newTopicProduceResponse,
  type PartitionProduceResponse,
  type ProduceResponse,
  type TopicProduceResponse,
} from "../../protocol/generated/messages/produce-response.ts";
import { isFileRecords } from "../../protocol/primitives/records-ref.ts";
import { CLOSE_CONNECTION, defineHandler, NO_RESPONSE } from "../handler.ts";
import type { DurableTarget } from "../produce/delayed-produce.ts";
import { appendToPartition, type PartitionAppendResult } from "../produce/append-partition.ts";

function partitionResponse(index: number, r: Pick<PartitionAppendResult, "errorCode" | "errorMessage" | "recordErrors" | "baseOffset" | "logAppendTimeMs" | "logStartOffset">): PartitionProduceResponse {
  const p = newPartitionProduceResponse();
  p.index = index;
  p.errorCode = r.errorCode;
  p.errorMessage = r.errorMessage;
  p.recordErrors = r.recordErrors.map((e) => ({ batchIndex: e.batchIndex, batchIndexErrorMessage: e.message }));
  p.baseOffset = BigInt(r.baseOffset);
  p.logAppendTimeMs = BigInt(r.logAppendTimeMs);
  p.logStartOffset = BigInt(r.logStartOffset);
  return p;
}

function errorOnly(index: number, code: number): PartitionProduceResponse {
  return partitionResponse(index, { errorCode: code, errorMessage: null, recordErrors: [], baseOffset: -1, logAppendTimeMs: -1, logStartOffset: -1 });
}

export const produceHandler = defineHandler<ProduceRequest, ProduceResponse>({
  key: 0,
  minVersion: 3,
  maxVersion: 13,
  advertisedMinVersion: 0,
  handle(ctx, req) {
    const plane = ctx.services.dataPlane;
    const v = ctx.apiVersion;
    const image = plane.metadata.image;
    const nowMs = Date.now();
    const validAcks = req.acks === -1 || req.acks === 0 || req.acks === 1;
    const res = newProduceResponse();
    const durableWaits: Array<Promise<void>> = [];
    const durableTargets: DurableTarget[] = [];
    const failures: string[] = [];
    // Bounded by the request's decoded topics and partitions.
    for (const td of req.topicData) {
      const topic = v >= 13 ? image.topicsById.get(td.topicId) : image.topicsByName.get(td.name);
      const tr: TopicProduceResponse = newTopicProduceResponse();
      tr.name = v >= 13 ? "" : td.name;
      tr.topicId = td.topicId;
      res.responses.push(tr);
      for (const pd of td.partitionData) {
        if (!topic) {
          tr.partitionResponses.push(errorOnly(pd.index, v >= 13 ? ErrorCode.UNKNOWN_TOPIC_ID : ErrorCode.UNKNOWN_TOPIC_OR_PARTITION));
          continue;
        }
        if (!validAcks) {
          const known = plane.metadata.partition(topic.name, pd.index) !== undefined;
          tr.partitionResponses.push(errorOnly(pd.index, known ? ErrorCode.INVALID_REQUIRED_ACKS : ErrorCode.UNKNOWN_TOPIC_OR_PARTITION));
          continue;
        }
        const records = pd.records !== null && isFileRecords(pd.records) ? null : pd.records;
        const r = appendToPartition(plane, { topic: topic.name, partition: pd.index, records, apiVersion: v, nowMs });
        if (r.errorCode !== 0) failures.push(`${topic.name}-${pd.index}: ${r.detail ?? r.errorCode}`);
        else if (r.log) {
          if (req.acks === -1 && plane.fsyncBeforeAck(r.log)) {
            durableTargets.push({ log: r.log, endOffset: r.endOffset });
            durableWaits.push(r.log.waitDurable(r.endOffset));
          }
          if (req.acks !== 0 && r.flushOffset >= 0) {
            durableTargets.push({ log: r.log, endOffset: r.flushOffset });
            durableWaits.push(r.log.waitFlushed(r.flushOffset));
          }
        }
        tr.partitionResponses.push(partitionResponse(pd.index, r));
      }
    }
    if (failures.length > 0) ctx.services.logger.debug("produce partitions failed", { connection: ctx.conn.id, acks: req.acks, failures: failures.slice(0, 5).join("; ") });
    // acks=0: no response; a failed partition closes the connection so the producer notices (Kafka's way).
    if (req.acks === 0) return failures.length > 0 ? CLOSE_CONNECTION : NO_RESPONSE;
    fitToVersion(res, v);
    if (durableWaits.length === 0) return res;
    return plane.produceWaiters.wait(durableTargets, durableWaits, req.timeoutMs).then((ok) => {
      if (!ok) for (const t of res.responses) for (const p of t.partitionResponses) if (p.errorCode === 0) Object.assign(p, errorOnly(p.index, ErrorCode.REQUEST_TIMED_OUT));
      return res;
    });
  },
});

/** Fields a version lacks must hold their defaults: log start offset (v5+), record errors and message (v8+). */
function fitToVersion(res: ProduceResponse, version: number): void {
  if (version >= 8) return;
  for (const t of res.responses) {
    for (const p of t.partitionResponses) {
      if (version < 5) p.logStartOffset = -1n;
      p.recordErrors = [];
      p.errorMessage = null;
    }
  }
}

