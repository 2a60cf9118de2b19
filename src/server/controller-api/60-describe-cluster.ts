// DescribeCluster (key 60) v0-2 on the controller listener (KIP-919: admin clients with
// --bootstrap-controller), as Kafka 4.4.0's ControllerApis answers it: the request must ask for
// CONTROLLER endpoints (v1+ EndpointType 2; a BROKER request is MISMATCHED_ENDPOINT_TYPE with Kafka's
// message), the controller id is the metadata quorum's leader (-1 when none is known), and the nodes
// are the registered controllers (ControllerRegistration) with an endpoint on the request's listener.
// Cluster authorized operations when asked: every operation (8096) with no authorizer, else the
// authorizer's bit set (0 without DESCRIBE on the cluster), as KafkaApis.

import { ErrorCode } from "../../protocol/errors.ts";
import type { DescribeClusterRequest } from "../../protocol/generated/messages/describe-cluster-request.ts";
import { newDescribeClusterResponse, type DescribeClusterResponse } from "../../protocol/generated/messages/describe-cluster-response.ts";
import { CLUSTER_ALL_OPERATIONS, OPERATIONS_NOT_REQUESTED } from "../../metadata/describe.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, CLUSTER_NAME, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorizeCluster, authorizedOperations } from "../auth-helper.ts";

const CONTROLLER_ENDPOINT = 2;

export const describeClusterControllerHandler = defineHandler<DescribeClusterRequest, DescribeClusterResponse>({
  key: 60,
  minVersion: 0,
  maxVersion: 2,
  handle(ctx, req) {
    const res = newDescribeClusterResponse();
    res.endpointType = CONTROLLER_ENDPOINT;
    res.clusterAuthorizedOperations = OPERATIONS_NOT_REQUESTED;
    if (ctx.apiVersion < 1 || req.endpointType !== CONTROLLER_ENDPOINT) {
      res.errorCode = ErrorCode.MISMATCHED_ENDPOINT_TYPE;
      res.errorMessage = "The request was sent to an endpoint of type CONTROLLER, but we wanted an endpoint of type BROKER";
      res.clusterId = "";
      res.controllerId = -1;
      return res;
    }
    res.clusterId = ctx.services.clusterId;
    res.controllerId = ctx.services.raft?.leaderAndEpoch().leaderId ?? -1;
    const controllers = [...(ctx.services.metadata.image.controllers?.values() ?? [])].sort((a, b) => a.nodeId - b.nodeId);
    res.brokers = controllers.flatMap((c) => {
      const e = c.endpoints.find((x) => x.name === ctx.listenerName);
      return e ? [{ brokerId: c.nodeId, host: e.host, port: e.port, rack: null, isFenced: false }] : [];
    });
    if (req.includeClusterAuthorizedOperations) {
      res.clusterAuthorizedOperations = authorizeCluster(ctx, AclOperation.DESCRIBE) ? authorizedOperations(ctx, ResourceType.CLUSTER, CLUSTER_NAME, CLUSTER_ALL_OPERATIONS) : 0;
    }
    return res;
  },
});
