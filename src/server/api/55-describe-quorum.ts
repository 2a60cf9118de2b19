// DescribeQuorum (key 55), versions 0-2 served, on the broker listener (kafka-metadata-quorum.sh
// --bootstrap-server). Kafka's brokers forward it to the active controller; here a node whose Raft
// client leads (a single node always does) answers itself; otherwise the request goes to the Raft
// leader's controller listener and its answer is returned as it is (NOT_LEADER_OR_FOLLOWER from the
// local client when no leader is known). v2 adds the voters' directory ids and endpoints (Nodes).
//
// With an authorizer, DESCRIBE on the cluster (else CLUSTER_AUTHORIZATION_FAILED).

import { ErrorCode } from "../../protocol/errors.ts";
import type { DescribeQuorumRequest } from "../../protocol/generated/messages/describe-quorum-request.ts";
import type { DescribeQuorumResponse } from "../../protocol/generated/messages/describe-quorum-response.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { authorizeCluster } from "../auth-helper.ts";

const API_DESCRIBE_QUORUM = 55;

export const describeQuorumBrokerHandler = defineHandler<DescribeQuorumRequest, DescribeQuorumResponse>({
  key: 55,
  minVersion: 0,
  maxVersion: 2,
  async handle(ctx, req) {
    // KafkaApis / ControllerApis.handleDescribeQuorum: DESCRIBE on the cluster.
    if (!authorizeCluster(ctx, AclOperation.DESCRIBE)) return { errorCode: ErrorCode.CLUSTER_AUTHORIZATION_FAILED, errorMessage: "Cluster authorization failed.", topics: [], nodes: [] };
    const raft = ctx.services.raft;
    if (raft) {
      const local = raft.handleDescribeQuorumRequest(req, ctx.apiVersion);
      const p = local.topics[0]?.partitions[0];
      const channel = ctx.services.controllerChannel;
      if (!p || p.errorCode !== ErrorCode.NOT_LEADER_OR_FOLLOWER || p.leaderId < 0 || !channel) return local;
      try {
        const r = await channel.send<DescribeQuorumResponse>(API_DESCRIBE_QUORUM, req as unknown as Record<string, unknown>, { maxVersion: ctx.apiVersion });
        return r.body;
      } catch {
        return local;
      }
    }
    // Services without a Raft client (a handler test's): no quorum to describe.
    return { errorCode: ErrorCode.NOT_LEADER_OR_FOLLOWER, errorMessage: "this node has no metadata quorum", topics: [], nodes: [] };
  },
});
