// OffsetForLeaderEpoch (key 23), versions 2-4 served (Kafka 4 removed v0-1).
//
// For each partition: the current leader epoch check (FENCED_LEADER_EPOCH / UNKNOWN_LEADER_EPOCH),
// then Kafka's LeaderEpochFileCache.endOffsetFor on the partition's epoch cache: the latest epoch ends
// at the log end; an older epoch ends where the next one starts (answered with the largest cached
// epoch not above it); an epoch older than every cached one gets the first later epoch's start; an
// unknown answer is epoch -1, offset -1 with no error. Consumers (replica_id -1) use it to detect log
// truncation (KIP-320). Errors: UNKNOWN_TOPIC_OR_PARTITION, NOT_LEADER_OR_FOLLOWER, KAFKA_STORAGE_ERROR.
//
// With an authorizer, CLUSTER_ACTION on the cluster or DESCRIBE on each topic (else
// TOPIC_AUTHORIZATION_FAILED), whoever sends it, as KafkaApis (KIP-320).

import type { OffsetForLeaderEpochRequest } from "../../protocol/generated/messages/offset-for-leader-epoch-request.ts";
import {
  newEpochEndOffset,
  newOffsetForLeaderEpochResponse,
  newOffsetForLeaderTopicResult,
  type OffsetForLeaderEpochResponse,
} from "../../protocol/generated/messages/offset-for-leader-epoch-response.ts";
import { defineHandler } from "../handler.ts";
import { endOffsetForEpoch } from "../../storage/epoch-lookup.ts";
import { checkLeaderEpoch } from "../../replication/fetch-read.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorizeCluster, filterByAuthorized } from "../auth-helper.ts";
import { ErrorCode } from "../../protocol/errors.ts";

export const offsetForLeaderEpochHandler = defineHandler<OffsetForLeaderEpochRequest, OffsetForLeaderEpochResponse>({
  key: 23,
  minVersion: 2,
  maxVersion: 4,
  handle(ctx, req) {
    const rm = ctx.services.replicaManager;
    const res = newOffsetForLeaderEpochResponse();
    // KafkaApis.handleOffsetForLeaderEpochRequest (KIP-320): CLUSTER_ACTION on the cluster (followers),
    // else DESCRIBE on each topic (consumers checking for truncation); whoever sends it.
    const describable = ctx.services.authorizer === null || authorizeCluster(ctx, AclOperation.CLUSTER_ACTION) ? null : filterByAuthorized(ctx, AclOperation.DESCRIBE, ResourceType.TOPIC, req.topics.map((t) => t.topic));
    // Bounded by the request's partitions.
    for (const t of req.topics) {
      const tr = newOffsetForLeaderTopicResult();
      tr.topic = t.topic;
      res.topics.push(tr);
      const refused = describable !== null && !describable.has(t.topic) ? ErrorCode.TOPIC_AUTHORIZATION_FAILED : ErrorCode.NONE;
      for (const p of t.partitions) {
        const e = newEpochEndOffset();
        e.partition = p.partition;
        e.leaderEpoch = -1;
        e.endOffset = -1n;
        tr.partitions.push(e);
        if (refused !== ErrorCode.NONE) {
          e.errorCode = refused;
          continue;
        }
        const found = rm.getPartitionOrError(t.topic, p.partition);
        if ("errorCode" in found) {
          e.errorCode = found.errorCode;
          continue;
        }
        const epochError = checkLeaderEpoch(p.currentLeaderEpoch, found.leaderEpoch);
        if (epochError !== 0) {
          e.errorCode = epochError;
          continue;
        }
        const r = endOffsetForEpoch(found.log.epochs.all, p.leaderEpoch, found.log.logEndOffset);
        e.leaderEpoch = r.epoch;
        e.endOffset = BigInt(r.endOffset);
      }
    }
    return res;
  },
});
