// AlterPartitionReassignments (key 45), versions 0-1 served (all Kafka 4.4.0 defines).
//
// Kafka's controller checks (ReplicationControlManager.alterPartitionReassignment), with its codes and
// messages: unknown topic "Unable to find a topic named X." / partition "Unable to find partition X:N."
// (UNKNOWN_TOPIC_OR_PARTITION); a cancel (replicas null) with nothing in progress
// NO_REASSIGNMENT_IN_PROGRESS (no message: Kafka drops messages equal to the code's default); a target
// list that is empty, names an unregistered broker or one broker twice INVALID_REPLICA_ASSIGNMENT
// (brokers checked in id order, as Kafka sorts them); v1 with allow_replication_factor_change false and
// another length INVALID_REPLICATION_FACTOR "The replication factor is changed from N to M". On one
// broker a valid target is the current replica list, so a valid request changes nothing and answers
// NONE, as Kafka's does (no PartitionChangeRecord when nothing differs).
//
// Left out: moving replicas (the replication issue): a different list of registered brokers (only
// possible with several registered, e.g. a Kafka cluster's metadata) is refused with
// INVALID_REPLICA_ASSIGNMENT where Kafka would start the move; authorization (CLUSTER ALTER).

import { ErrorCode } from "../../protocol/errors.ts";
import type { AlterPartitionReassignmentsRequest, ReassignablePartition } from "../../protocol/generated/messages/alter-partition-reassignments-request.ts";
import {
  newAlterPartitionReassignmentsResponse,
  type AlterPartitionReassignmentsResponse,
  type ReassignablePartitionResponse,
} from "../../protocol/generated/messages/alter-partition-reassignments-response.ts";
import type { MetadataImage } from "../../metadata/image.ts";
import { METADATA_TOPIC } from "../../metadata/metadata-log.ts";
import { defineHandler } from "../handler.ts";

export const alterPartitionReassignmentsHandler = defineHandler<AlterPartitionReassignmentsRequest, AlterPartitionReassignmentsResponse>({
  key: 45,
  minVersion: 0,
  maxVersion: 1,
  handle(ctx, req) {
    const res = newAlterPartitionReassignmentsResponse();
    res.errorMessage = null;
    const allowRfChange = ctx.apiVersion >= 1 ? req.allowReplicationFactorChange : true;
    res.allowReplicationFactorChange = allowRfChange;
    const image = ctx.services.metadata.image;
    // Bounded by the request.
    res.responses = req.topics.map((t) => ({
      name: t.name,
      partitions: t.partitions.map((p): ReassignablePartitionResponse => ({ partitionIndex: p.partitionIndex, ...checkReassignment(image, t.name, p, allowRfChange) })),
    }));
    return res;
  },
});

function checkReassignment(image: MetadataImage, topic: string, target: ReassignablePartition, allowRfChange: boolean): { errorCode: number; errorMessage: string | null } {
  const t = topic === METADATA_TOPIC ? undefined : image.topicsByName.get(topic);
  if (!t) return { errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, errorMessage: `Unable to find a topic named ${topic}.` };
  const part = t.partitions[target.partitionIndex];
  if (!part) return { errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, errorMessage: `Unable to find partition ${topic}:${target.partitionIndex}.` };
  // No reassignment is ever in progress here (replicas never move).
  if (target.replicas === null) return { errorCode: ErrorCode.NO_REASSIGNMENT_IN_PROGRESS, errorMessage: null };
  if (target.replicas.length === 0) return { errorCode: ErrorCode.INVALID_REPLICA_ASSIGNMENT, errorMessage: "The manual partition assignment includes an empty replica list." };
  const sorted = [...target.replicas].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i++) {
    const b = sorted[i]!;
    if (!image.brokers.has(b)) return { errorCode: ErrorCode.INVALID_REPLICA_ASSIGNMENT, errorMessage: `The manual partition assignment includes broker ${b}, but no such broker is registered.` };
    if (i > 0 && sorted[i - 1] === b) return { errorCode: ErrorCode.INVALID_REPLICA_ASSIGNMENT, errorMessage: `The manual partition assignment includes the broker ${b} more than once.` };
  }
  if (!allowRfChange && target.replicas.length !== part.replicas.length) {
    return { errorCode: ErrorCode.INVALID_REPLICATION_FACTOR, errorMessage: `The replication factor is changed from ${part.replicas.length} to ${target.replicas.length}` };
  }
  const same = target.replicas.length === part.replicas.length && target.replicas.every((b, i) => part.replicas[i] === b);
  // Every broker is registered and listed once: with one broker that is the current list.
  if (!same) return { errorCode: ErrorCode.INVALID_REPLICA_ASSIGNMENT, errorMessage: "Moving replicas between brokers is not supported by this broker yet." };
  return { errorCode: ErrorCode.NONE, errorMessage: null };
}
