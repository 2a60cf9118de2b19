// DeleteRecords (key 21), versions 0-2 served.
//
// Moves each partition's log start offset up to the requested offset (-1: the high watermark), as
// Kafka's Partition.deleteRecordsOnLeader does; whole segments below it are removed later by the log
// manager's retention pass. As Kafka's ReplicaManager.deleteRecords, a partition whose low watermark
// (the least log start of the leader and of its followers on live brokers) is still below the offset
// waits (DelayedDeleteRecords) until the followers' fetches carry the new log start, at most timeout_ms:
// REQUEST_TIMED_OUT for what is still pending then (with the low watermark at the deletion). A
// partition without followers answers at once. low_watermark in the answer is the low watermark.
// Errors: OFFSET_OUT_OF_RANGE for an offset below -1 or above the high watermark; POLICY_VIOLATION when
// cleanup.policy has no "delete"; UNKNOWN_TOPIC_OR_PARTITION, NOT_LEADER_OR_FOLLOWER,
// KAFKA_STORAGE_ERROR. A request naming an offset below the current start succeeds without change.
//
// Left out: Kafka's INVALID_TOPIC_EXCEPTION for internal topics (Strand answers as for any topic).
//
// With an authorizer, DELETE on each topic (else TOPIC_AUTHORIZATION_FAILED, nothing deleted), as KafkaApis.

import { ErrorCode } from "../../protocol/errors.ts";
import type { DeleteRecordsRequest } from "../../protocol/generated/messages/delete-records-request.ts";
import {
  newDeleteRecordsPartitionResult,
  newDeleteRecordsResponse,
  newDeleteRecordsTopicResult,
  type DeleteRecordsResponse,
} from "../../protocol/generated/messages/delete-records-response.ts";
import { pendingDeleteStatus, type DeleteRecordsPartitionStatus } from "../../replication/delayed-delete-records.ts";
import { LogClosedError, LogOfflineError, OffsetOutOfRangeError } from "../../storage/errors.ts";
import { defineHandler } from "../handler.ts";
import { resolveTopicSettings } from "../produce/topic-settings.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { filterByAuthorized } from "../auth-helper.ts";

const HIGH_WATERMARK = -1n;

export const deleteRecordsHandler = defineHandler<DeleteRecordsRequest, DeleteRecordsResponse>({
  key: 21,
  minVersion: 0,
  maxVersion: 2,
  handle(ctx, req) {
    const rm = ctx.services.replicaManager;
    const res = newDeleteRecordsResponse();
    // Every deleted partition is re-checked in the delayed operation (Kafka's DelayedDeleteRecords
    // starts them all pending), which is made only when one of them must wait.
    const deleted: DeleteRecordsPartitionStatus[] = [];
    const deletedResults: Array<{ lowWatermark: bigint; errorCode: number }> = [];
    let mustWait = false;
    // KafkaApis.handleDeleteRecordsRequest: DELETE on each topic (else TOPIC_AUTHORIZATION_FAILED, nothing deleted).
    const deletable = filterByAuthorized(ctx, AclOperation.DELETE, ResourceType.TOPIC, req.topics.map((t) => t.name));
    // Bounded by the request's partitions.
    for (const t of req.topics) {
      const tr = newDeleteRecordsTopicResult();
      tr.name = t.name;
      res.topics.push(tr);
      for (const p of t.partitions) {
        const r = newDeleteRecordsPartitionResult();
        r.partitionIndex = p.partitionIndex;
        r.lowWatermark = -1n;
        tr.partitions.push(r);
        if (!deletable.has(t.name)) {
          r.errorCode = ErrorCode.TOPIC_AUTHORIZATION_FAILED;
          continue;
        }
        const found = rm.getPartitionOrError(t.name, p.partitionIndex);
        if ("errorCode" in found) {
          r.errorCode = found.errorCode;
          continue;
        }
        if (!resolveTopicSettings(ctx.services.metadata.image, ctx.services.config, t.name, ctx.services.nodeId).delete) {
          r.errorCode = ErrorCode.POLICY_VIOLATION;
          continue;
        }
        const hw = found.highWatermark;
        const offset = p.offset === HIGH_WATERMARK ? BigInt(hw) : p.offset;
        if (offset < 0n || offset > BigInt(hw)) {
          r.errorCode = ErrorCode.OFFSET_OUT_OF_RANGE;
          continue;
        }
        try {
          const low = found.deleteRecordsOnLeader(Number(offset));
          r.lowWatermark = BigInt(low);
          deleted.push(pendingDeleteStatus(t.name, p.partitionIndex, Number(offset), low));
          deletedResults.push(r);
          if (low < Number(offset)) mustWait = true;
        } catch (e) {
          if (e instanceof OffsetOutOfRangeError) r.errorCode = ErrorCode.OFFSET_OUT_OF_RANGE;
          else if (e instanceof LogOfflineError || e instanceof LogClosedError) r.errorCode = ErrorCode.KAFKA_STORAGE_ERROR;
          else throw e;
        }
      }
    }
    if (!mustWait) return res;
    return rm.waitForLowWatermark(deleted, req.timeoutMs).then((settled) => {
      settled.forEach((s, i) => {
        deletedResults[i]!.errorCode = s.errorCode;
        deletedResults[i]!.lowWatermark = BigInt(s.lowWatermark);
      });
      return res;
    });
  },
});
