// ListOffsets (key 2), versions 1-11 served (Kafka 4 removed v0).
//
// Per partition (Kafka's Partition.fetchOffsetForTimestamp / UnifiedLog.fetchOffsetByTimestamp):
//   -2 earliest        log start offset, epoch of the first cache entry when it starts there
//   -4 earliest local  the same (no tiered storage: the local log is the whole log)
//   -1 latest          the last fetchable offset, the partition's leader epoch
//   -3 max timestamp   the offset and timestamp of the record with the largest timestamp (the
//                      record itself, not its batch's last offset, as Kafka 3.8+; searched from its
//                      segment's base, so after DeleteRecords it may be below the log start, as
//                      Kafka answers), latest epoch
//   -5 latest tiered, -6 earliest pending upload   offset -1, epoch -1 (nothing is tiered)
//   t >= 0             the first offset whose timestamp >= t, if below the last fetchable offset;
//                      else offset -1, timestamp -1 and no error
// The last fetchable offset (Kafka's Partition.fetchOffsetForTimestamp): for a consumer (replica_id -1)
// the high watermark, or with isolation_level 1 (read_committed, v2+) the last stable offset; for any
// other replica id (-2 debug, a follower) the log end. -1 and -3 and timestamp searches are bounded by
// it; -2 / -4 are not.
// Errors: UNKNOWN_TOPIC_OR_PARTITION, NOT_LEADER_OR_FOLLOWER, FENCED_LEADER_EPOCH /
// UNKNOWN_LEADER_EPOCH (v4+ current leader epoch), INVALID_REQUEST for a partition named twice,
// KAFKA_STORAGE_ERROR for an offline log.
//
// Left out: OFFSET_NOT_AVAILABLE happens after a leader change before the high watermark catches up;
// a single node's high watermark always covers the epoch start, so it is never returned here.
//
// With an authorizer, DESCRIBE on each topic (else TOPIC_AUTHORIZATION_FAILED), as KafkaApis.

import { ErrorCode } from "../../protocol/errors.ts";
import type { ListOffsetsRequest } from "../../protocol/generated/messages/list-offsets-request.ts";
import {
  newListOffsetsPartitionResponse,
  newListOffsetsResponse,
  newListOffsetsTopicResponse,
  type ListOffsetsPartitionResponse,
  type ListOffsetsResponse,
} from "../../protocol/generated/messages/list-offsets-response.ts";
import { codecForId } from "../../protocol/records/index.ts";
import type { RecordsDecompressor } from "../../storage/timestamp-lookup.ts";
import { defineHandler } from "../handler.ts";
import { epochForOffset } from "../../storage/epoch-lookup.ts";
import { checkLeaderEpoch } from "../../replication/fetch-read.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { filterByAuthorized } from "../auth-helper.ts";

const EARLIEST = -2n;
const LATEST = -1n;
const MAX_TIMESTAMP = -3n;
const EARLIEST_LOCAL = -4n;
const LATEST_TIERED = -5n;
const EARLIEST_PENDING_UPLOAD = -6n;
const CONSUMER_REPLICA_ID = -1;
const READ_COMMITTED = 1;
/** Bound on one batch's decompressed records when searching by timestamp. */
const MAX_SEARCH_UNCOMPRESSED_BYTES = 128 * 1024 * 1024;

const decompress: RecordsDecompressor = (codec, bytes) => codecForId(codec)?.decompress(bytes, MAX_SEARCH_UNCOMPRESSED_BYTES) ?? null;

function answer(index: number, errorCode: number, timestamp = -1n, offset = -1n, leaderEpoch = -1): ListOffsetsPartitionResponse {
  const p = newListOffsetsPartitionResponse();
  p.partitionIndex = index;
  p.errorCode = errorCode;
  p.timestamp = timestamp;
  p.offset = offset;
  p.leaderEpoch = leaderEpoch;
  return p;
}

export const listOffsetsHandler = defineHandler<ListOffsetsRequest, ListOffsetsResponse>({
  key: 2,
  minVersion: 1,
  maxVersion: 11,
  handle(ctx, req) {
    const rm = ctx.services.replicaManager;
    const res = newListOffsetsResponse();
    const counts = new Map<string, number>();
    for (const t of req.topics) for (const p of t.partitions) counts.set(`${t.name}\u0000${p.partitionIndex}`, (counts.get(`${t.name}\u0000${p.partitionIndex}`) ?? 0) + 1);
    // KafkaApis.handleListOffsetRequest: DESCRIBE on each topic (else TOPIC_AUTHORIZATION_FAILED).
    const describable = filterByAuthorized(ctx, AclOperation.DESCRIBE, ResourceType.TOPIC, req.topics.map((t) => t.name));
    // Bounded by the request's partitions.
    for (const t of req.topics) {
      const tr = newListOffsetsTopicResponse();
      tr.name = t.name;
      res.topics.push(tr);
      if (!describable.has(t.name)) {
        for (const p of t.partitions) tr.partitions.push(answer(p.partitionIndex, ErrorCode.TOPIC_AUTHORIZATION_FAILED));
        continue;
      }
      for (const p of t.partitions) {
        if (counts.get(`${t.name}\u0000${p.partitionIndex}`)! > 1) {
          tr.partitions.push(answer(p.partitionIndex, ErrorCode.INVALID_REQUEST));
          continue;
        }
        const found = rm.getPartitionOrError(t.name, p.partitionIndex);
        if ("errorCode" in found) {
          tr.partitions.push(answer(p.partitionIndex, found.errorCode));
          continue;
        }
        const log = found.log;
        const epochError = checkLeaderEpoch(p.currentLeaderEpoch, found.leaderEpoch);
        if (epochError !== 0) {
          tr.partitions.push(answer(p.partitionIndex, epochError));
          continue;
        }
        // Kafka gives the isolation level only to consumers' requests; v0-1 carry none (read_uncommitted).
        const lastFetchable = req.replicaId !== CONSUMER_REPLICA_ID ? log.logEndOffset : req.isolationLevel === READ_COMMITTED ? found.lastStableOffset : log.highWatermark;
        const entries = log.epochs.all;
        const ts = p.timestamp;
        if (ts === EARLIEST || ts === EARLIEST_LOCAL) {
          const first = entries[0];
          const epoch = first && first.startOffset <= log.logStartOffset ? first.epoch : -1;
          tr.partitions.push(answer(p.partitionIndex, 0, -1n, BigInt(log.logStartOffset), epoch));
        } else if (ts === LATEST) {
          tr.partitions.push(answer(p.partitionIndex, 0, -1n, BigInt(lastFetchable), found.leaderEpoch));
        } else if (ts === LATEST_TIERED || ts === EARLIEST_PENDING_UPLOAD) {
          tr.partitions.push(answer(p.partitionIndex, 0, -1n, -1n, -1));
        } else if (ts === MAX_TIMESTAMP) {
          // The record holding the largest timestamp, not its batch's last offset (KAFKA-16310), even
          // below the log start while its segment is on disk (Kafka searches from the segment's base).
          const exact = log.maxTimestampAndOffset(decompress);
          if (!exact || exact.offset >= lastFetchable) tr.partitions.push(answer(p.partitionIndex, 0));
          else tr.partitions.push(answer(p.partitionIndex, 0, BigInt(exact.timestamp), BigInt(exact.offset), log.epochs.latestEpoch()));
        } else if (ts < 0n) {
          // Kafka treats other negative targets as a timestamp search that finds nothing.
          tr.partitions.push(answer(p.partitionIndex, 0));
        } else {
          const target = ts > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(ts);
          const r = log.offsetForTimestamp(target, decompress);
          if (!r || r.offset >= lastFetchable) tr.partitions.push(answer(p.partitionIndex, 0));
          else tr.partitions.push(answer(p.partitionIndex, 0, BigInt(r.timestamp), BigInt(r.offset), epochForOffset(entries, r.offset)));
        }
      }
    }
    // The leader epoch exists from v4; older versions must carry the default.
    if (ctx.apiVersion < 4) for (const t of res.topics) for (const p of t.partitions) p.leaderEpoch = -1;
    return res;
  },
});
