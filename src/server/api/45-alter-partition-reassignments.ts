// AlterPartitionReassignments (key 45), versions 0-1 served (all Kafka 4.4.0 defines).
//
// Planned and committed by the active controller as Kafka's ReplicationControlManager does
// (src/metadata/partition-reassignment.ts): a target list starts a move (replicas, addingReplicas and
// removingReplicas in a PartitionChangeRecord; the leader's AlterPartition completes it once the new
// replicas are in sync), null cancels one, with Kafka's codes and messages: unknown topic "Unable to
// find a topic named X." / partition "Unable to find partition X:N." (UNKNOWN_TOPIC_OR_PARTITION);
// a cancel with nothing in progress NO_REASSIGNMENT_IN_PROGRESS; a target that is empty, names an
// unregistered broker or one broker twice INVALID_REPLICA_ASSIGNMENT; v1 with
// allow_replication_factor_change false and another length INVALID_REPLICATION_FACTOR.
//
// Served on the broker listener of a node whose metadata layer is the active controller (a combined
// node) and on the controller listener; a broker with a controller elsewhere forwards it there in an
// Envelope (src/server/forwarding.ts), as Kafka's brokers do (KafkaApis maybeForwardToController).
// Where no controller can be reached the whole request fails NOT_CONTROLLER
// (AlterPartitionReassignmentsRequest.getErrorResponse: top level and every partition).
// With an authorizer, ALTER on the cluster (else CLUSTER_AUTHORIZATION_FAILED, nothing changed).

import { ErrorCode } from "../../protocol/errors.ts";
import type { AlterPartitionReassignmentsRequest } from "../../protocol/generated/messages/alter-partition-reassignments-request.ts";
import { newAlterPartitionReassignmentsResponse, type AlterPartitionReassignmentsResponse } from "../../protocol/generated/messages/alter-partition-reassignments-response.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { authorizeCluster } from "../auth-helper.ts";

export const alterPartitionReassignmentsHandler = defineHandler<AlterPartitionReassignmentsRequest, AlterPartitionReassignmentsResponse>({
  key: 45,
  minVersion: 0,
  maxVersion: 1,
  async handle(ctx, req) {
    const res = newAlterPartitionReassignmentsResponse();
    res.errorMessage = null;
    const allowRfChange = ctx.apiVersion >= 1 ? req.allowReplicationFactorChange : true;
    res.allowReplicationFactorChange = allowRfChange;
    const md = ctx.services.metadata;
    try {
      if (!authorizeCluster(ctx, AclOperation.ALTER)) throw Object.assign(new Error("Cluster authorization failed."), { errorCode: ErrorCode.CLUSTER_AUTHORIZATION_FAILED });
      if (!md.alterPartitionReassignments) throw Object.assign(new Error("this node is not the active controller"), { errorCode: ErrorCode.NOT_CONTROLLER });
      res.responses = await md.alterPartitionReassignments.call(md, req.topics, allowRfChange);
    } catch (e) {
      const typed = (e as { errorCode?: unknown }).errorCode;
      const code = typeof typed === "number" ? typed : ErrorCode.UNKNOWN_SERVER_ERROR;
      const message = e instanceof Error ? e.message : String(e);
      res.errorCode = code;
      res.errorMessage = message;
      // Bounded by the request.
      res.responses = req.topics.map((t) => ({ name: t.name, partitions: t.partitions.map((p) => ({ partitionIndex: p.partitionIndex, errorCode: code, errorMessage: message })) }));
    }
    return res;
  },
});
