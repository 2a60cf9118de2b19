// DescribeCluster (key 60), versions 0-2 served.
//
// The cluster id, the controller id and the brokers with an endpoint on the request's listener (v2:
// includeFencedBrokers adds fenced ones, with isFenced). v1+ EndpointType: this is a broker endpoint
// (1); asking it for controller endpoints (2) is MISMATCHED_ENDPOINT_TYPE with Kafka 4.4.0's message
// and an empty answer (cluster id "", controller -1). Cluster authorized operations when asked: 8096 (every
// operation) with no authorizer, else the authorizer's bit set (0 without DESCRIBE on the cluster), Integer.MIN_VALUE otherwise.

import { ErrorCode } from "../../protocol/errors.ts";
import type { DescribeClusterRequest } from "../../protocol/generated/messages/describe-cluster-request.ts";
import { newDescribeClusterResponse, type DescribeClusterResponse } from "../../protocol/generated/messages/describe-cluster-response.ts";
import { brokersOnListener, CLUSTER_ALL_OPERATIONS, OPERATIONS_NOT_REQUESTED } from "../../metadata/describe.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, CLUSTER_NAME, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorizeCluster, authorizedOperations } from "../auth-helper.ts";

const BROKER_ENDPOINT = 1;

export const describeClusterHandler = defineHandler<DescribeClusterRequest, DescribeClusterResponse>({
  key: 60,
  minVersion: 0,
  maxVersion: 2,
  handle(ctx, req) {
    const res = newDescribeClusterResponse();
    res.endpointType = BROKER_ENDPOINT;
    res.clusterAuthorizedOperations = OPERATIONS_NOT_REQUESTED;
    if (ctx.apiVersion >= 1 && req.endpointType !== BROKER_ENDPOINT) {
      res.errorCode = ErrorCode.MISMATCHED_ENDPOINT_TYPE;
      res.errorMessage = "The request was sent to an endpoint of type BROKER, but we wanted an endpoint of type CONTROLLER";
      res.clusterId = "";
      res.controllerId = -1;
      return res;
    }
    const image = ctx.services.metadata.image;
    res.clusterId = ctx.services.clusterId;
    res.controllerId = image.controllerId;
    res.brokers = brokersOnListener(image, ctx.listenerName, ctx.apiVersion >= 2 && req.includeFencedBrokers).map((e) => ({
      brokerId: e.b.nodeId,
      host: e.host,
      port: e.port,
      rack: e.b.rack,
      isFenced: e.b.fenced,
    }));
    // KafkaApis.handleDescribeCluster: the bit set only for a principal that may DESCRIBE the cluster, else 0.
    if (req.includeClusterAuthorizedOperations) {
      res.clusterAuthorizedOperations = authorizeCluster(ctx, AclOperation.DESCRIBE) ? authorizedOperations(ctx, ResourceType.CLUSTER, CLUSTER_NAME, CLUSTER_ALL_OPERATIONS) : 0;
    }
    return res;
  },
});
