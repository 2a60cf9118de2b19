// ListPartitionReassignments (key 46), version 0 served (all Kafka 4.4.0 defines).
//
// The partitions with a reassignment in progress (adding or removing replicas), from the active
// controller's committed image as Kafka's controller answers it (src/metadata/partition-reassignment.ts):
// every reassigning topic when topics is null, else the named ones (unknown or idle ones left out).
// Served where the metadata layer is the active controller (a combined node, the controller listener);
// a broker with a controller elsewhere forwards it there in an Envelope (src/server/forwarding.ts), as
// Kafka's brokers do; with no controller reachable NOT_CONTROLLER at the top level with no topics
// (ListPartitionReassignmentsRequest.getErrorResponse).
//
// With an authorizer, DESCRIBE on the cluster (else CLUSTER_AUTHORIZATION_FAILED).

import { ErrorCode } from "../../protocol/errors.ts";
import type { ListPartitionReassignmentsRequest } from "../../protocol/generated/messages/list-partition-reassignments-request.ts";
import { newListPartitionReassignmentsResponse, type ListPartitionReassignmentsResponse } from "../../protocol/generated/messages/list-partition-reassignments-response.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { authorizeCluster } from "../auth-helper.ts";

export const listPartitionReassignmentsHandler = defineHandler<ListPartitionReassignmentsRequest, ListPartitionReassignmentsResponse>({
  key: 46,
  minVersion: 0,
  maxVersion: 0,
  async handle(ctx, req) {
    const res = newListPartitionReassignmentsResponse();
    res.errorMessage = null;
    res.topics = [];
    const md = ctx.services.metadata;
    try {
      if (!authorizeCluster(ctx, AclOperation.DESCRIBE)) throw Object.assign(new Error("Cluster authorization failed."), { errorCode: ErrorCode.CLUSTER_AUTHORIZATION_FAILED });
      if (!md.listPartitionReassignments) throw Object.assign(new Error("this node is not the active controller"), { errorCode: ErrorCode.NOT_CONTROLLER });
      res.topics = await md.listPartitionReassignments.call(md, req.topics);
    } catch (e) {
      const typed = (e as { errorCode?: unknown }).errorCode;
      res.errorCode = typeof typed === "number" ? typed : ErrorCode.UNKNOWN_SERVER_ERROR;
      res.errorMessage = e instanceof Error ? e.message : String(e);
    }
    return res;
  },
});
