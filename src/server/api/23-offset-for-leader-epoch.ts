// OffsetForLeaderEpoch (key 23), versions 2-4 served (Kafka 4 removed v0-1).
//
// For each partition: the current leader epoch check (FENCED_LEADER_EPOCH / UNKNOWN_LEADER_EPOCH),
// then Kafka's LeaderEpochFileCache.endOffsetFor on the partition's epoch cache: the latest epoch ends
// at the log end; an older epoch ends where the next one starts (answered with the largest cached
// epoch not above it); an epoch older than every cached one gets the first later epoch's start; an
// unknown answer is epoch -1, offset -1 with no error. Consumers (replica_id -1) use it to detect log
// truncation (KIP-320). Errors: UNKNOWN_TOPIC_OR_PARTITION, NOT_LEADER_OR_FOLLOWER, KAFKA_STORAGE_ERROR.
//
// With an authorizer, a follower needs CLUSTER_ACTION (else CLUSTER_AUTHORIZATION_FAILED), a consumer
// DESCRIBE on each topic (else TOPIC_AUTHORIZATION_FAILED), as KafkaApis.

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
    // KafkaApis.handleOffsetForLeaderEpochRequest: a follower (replica id >= 0, v3+) needs CLUSTER_ACTION
    // (else every partition CLUSTER_AUTHORIZATION_FAILED), a consumer DESCRIBE on each topic.
    const follower = ctx.apiVersion >= 3 && req.replicaId >= 0;
    const clusterRefused = ctx.services.authorizer !== null && follower && !authorizeCluster(ctx, AclOperation.CLUSTER_ACTION);
    const describable = ctx.services.authorizer === null || follower ? null : filterByAuthorized(ctx, AclOperation.DESCRIBE, ResourceType.TOPIC, req.topics.map((t) => t.topic));
    // Bounded by the request's partitions.
    for (const t of req.topics) {
      const tr = newOffsetForLeaderTopicResult();
      tr.topic = t.topic;
      res.topics.push(tr);
      const refused = clusterRefused ? ErrorCode.CLUSTER_AUTHORIZATION_FAILED : describable !== null && !describable.has(t.topic) ? ErrorCode.TOPIC_AUTHORIZATION_FAILED : ErrorCode.NONE;
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
