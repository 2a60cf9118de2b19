// DescribeQuorum (key 55), versions 0-2 served, on the broker listener (kafka-metadata-quorum.sh
// --bootstrap-server). Kafka's brokers forward it to the active controller; here:
//   - a node of a multi-node quorum whose Raft client leads answers itself; otherwise the request goes to
//     the Raft leader's controller listener and its answer is returned as it is (NOT_LEADER_OR_FOLLOWER
//     from the local client when no leader is known);
//   - a single node (its own one-voter quorum, LocalMetadata) answers as that quorum's leader: itself the
//     only voter, caught up, with the metadata log's epoch and end offset as the high watermark.
// v2 adds the voters' directory ids and endpoints (Nodes). Left out: observers of a single node.

import { ErrorCode } from "../../protocol/errors.ts";
import type { DescribeQuorumRequest } from "../../protocol/generated/messages/describe-quorum-request.ts";
import type { DescribeQuorumResponse } from "../../protocol/generated/messages/describe-quorum-response.ts";
import { METADATA_TOPIC } from "../../raft/raft-records.ts";
import { defineHandler } from "../handler.ts";

const API_DESCRIBE_QUORUM = 55;
const NO_DIRECTORY = "AAAAAAAAAAAAAAAAAAAAAA";

export const describeQuorumBrokerHandler = defineHandler<DescribeQuorumRequest, DescribeQuorumResponse>({
  key: 55,
  minVersion: 0,
  maxVersion: 2,
  async handle(ctx, req) {
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
    // A single node: its own quorum's only voter and leader.
    const t = req.topics[0];
    const base = { errorCode: ErrorCode.NONE, errorMessage: null, nodes: [] as DescribeQuorumResponse["nodes"] };
    if (!t || t.topicName !== METADATA_TOPIC || t.partitions[0]?.partitionIndex !== 0) {
      return { ...base, errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "only __cluster_metadata-0 is a Raft partition", topics: [] };
    }
    const md = ctx.services.metadata as { logState?: { epoch: number; endOffset: number } };
    const state = md.logState ?? { epoch: 0, endOffset: Number(ctx.services.metadata.image.offset) + 1 };
    const now = BigInt(Date.now());
    const self = { replicaId: ctx.services.nodeId, replicaDirectoryId: NO_DIRECTORY, logEndOffset: BigInt(state.endOffset), lastFetchTimestamp: now, lastCaughtUpTimestamp: now };
    const controller = ctx.services.config.listeners.find((l) => ctx.services.config.controllerListenerNames.includes(l.name));
    return {
      ...base,
      topics: [{ topicName: METADATA_TOPIC, partitions: [{ partitionIndex: 0, errorCode: ErrorCode.NONE, errorMessage: null, leaderId: ctx.services.nodeId, leaderEpoch: state.epoch, highWatermark: BigInt(state.endOffset), currentVoters: [self], observers: [] }] }],
      nodes: controller ? [{ nodeId: ctx.services.nodeId, listeners: [{ name: controller.name, host: controller.host || "localhost", port: controller.port }] }] : [],
    };
  },
});
