// The Raft APIs of the controller listener, answered by this node's KafkaRaftClient (Kafka's
// ControllerApis hands them to the RaftManager the same way). The raft client checks every field
// (cluster id, the metadata partition, epochs, voter ids) and answers with Kafka's error codes; it
// never throws on bad input. One file per API key would be five copies of "pass it to raft": they are
// defined here, each with the versions it serves.
//
// The raft client answers in the newest shape; fields a lower request version lacks are dropped here,
// as Kafka's RaftUtil builds each response for the request's version: leader endpoints (Vote,
// BeginQuorumEpoch, EndQuorumEpoch v1+, Fetch v16+), DescribeQuorum's replica directory ids and nodes
// (v2+). Sent anyway, the codec refuses them and the connection closes.

import type { BeginQuorumEpochRequest } from "../../protocol/generated/messages/begin-quorum-epoch-request.ts";
import type { BeginQuorumEpochResponse } from "../../protocol/generated/messages/begin-quorum-epoch-response.ts";
import type { DescribeQuorumRequest } from "../../protocol/generated/messages/describe-quorum-request.ts";
import type { DescribeQuorumResponse, ReplicaState } from "../../protocol/generated/messages/describe-quorum-response.ts";
import type { EndQuorumEpochRequest } from "../../protocol/generated/messages/end-quorum-epoch-request.ts";
import type { EndQuorumEpochResponse } from "../../protocol/generated/messages/end-quorum-epoch-response.ts";
import type { FetchRequest } from "../../protocol/generated/messages/fetch-request.ts";
import type { FetchResponse } from "../../protocol/generated/messages/fetch-response.ts";
import type { FetchSnapshotRequest } from "../../protocol/generated/messages/fetch-snapshot-request.ts";
import type { FetchSnapshotResponse } from "../../protocol/generated/messages/fetch-snapshot-response.ts";
import type { UpdateRaftVoterRequest } from "../../protocol/generated/messages/update-raft-voter-request.ts";
import type { UpdateRaftVoterResponse } from "../../protocol/generated/messages/update-raft-voter-response.ts";
import type { VoteRequest } from "../../protocol/generated/messages/vote-request.ts";
import type { VoteResponse } from "../../protocol/generated/messages/vote-response.ts";
import { defineHandler, type RequestContext } from "../handler.ts";
import type { KafkaRaftClient } from "../../raft/kafka-raft-client.ts";
import { NO_DIRECTORY_ID } from "../../raft/raft-records.ts";

function raftOf(ctx: RequestContext): KafkaRaftClient {
  const r = ctx.services.raft;
  // The controller listener is only served where a Raft client runs (broker.ts): a bug otherwise.
  if (!r) throw new Error("a Raft request reached a node without a Raft client");
  return r;
}

/** Drops the leader endpoints of a response to a request version older than `since`. */
function endpointsSince<R extends { nodeEndpoints: unknown[] }>(res: R, version: number, since: number): R {
  return version >= since || res.nodeEndpoints.length === 0 ? res : { ...res, nodeEndpoints: [] };
}

/** DescribeQuorum before v2: no directory ids, no nodes (Kafka's RaftUtil.toReplicaState for the version). */
export function describeQuorumForVersion(res: DescribeQuorumResponse, version: number): DescribeQuorumResponse {
  if (version >= 2) return res;
  const noDir = (r: ReplicaState): ReplicaState => ({ ...r, replicaDirectoryId: NO_DIRECTORY_ID });
  return {
    ...res,
    errorMessage: null,
    nodes: [],
    topics: res.topics.map((t) => ({
      ...t,
      partitions: t.partitions.map((p) => ({ ...p, errorMessage: null, currentVoters: p.currentVoters.map(noDir), observers: p.observers.map(noDir) })),
    })),
  };
}

/** Fetch (1) v4-18 on the controller listener: followers and observers fetching __cluster_metadata. */
export const raftFetchHandler = defineHandler<FetchRequest, FetchResponse>({
  key: 1,
  minVersion: 4,
  maxVersion: 18,
  handle: async (ctx, req) => endpointsSince(await raftOf(ctx).handleFetchRequest(req), ctx.apiVersion, 16),
});

/** Vote (52) v0-2, pre-vote (KIP-996) from v2. */
export const voteHandler = defineHandler<VoteRequest, VoteResponse>({
  key: 52,
  minVersion: 0,
  maxVersion: 2,
  handle: (ctx, req) => endpointsSince(raftOf(ctx).handleVoteRequest(req), ctx.apiVersion, 1),
});

/** BeginQuorumEpoch (53) v0-1. */
export const beginQuorumEpochHandler = defineHandler<BeginQuorumEpochRequest, BeginQuorumEpochResponse>({
  key: 53,
  minVersion: 0,
  maxVersion: 1,
  handle: (ctx, req) => endpointsSince(raftOf(ctx).handleBeginQuorumEpochRequest(req), ctx.apiVersion, 1),
});

/** EndQuorumEpoch (54) v0-1. */
export const endQuorumEpochHandler = defineHandler<EndQuorumEpochRequest, EndQuorumEpochResponse>({
  key: 54,
  minVersion: 0,
  maxVersion: 1,
  handle: (ctx, req) => endpointsSince(raftOf(ctx).handleEndQuorumEpochRequest(req), ctx.apiVersion, 1),
});

/** DescribeQuorum (55) v0-2: the leader answers with every voter's and observer's state. */
export const describeQuorumHandler = defineHandler<DescribeQuorumRequest, DescribeQuorumResponse>({
  key: 55,
  minVersion: 0,
  maxVersion: 2,
  handle: (ctx, req) => describeQuorumForVersion(raftOf(ctx).handleDescribeQuorumRequest(req), ctx.apiVersion),
});

/** FetchSnapshot (59) v0-1. */
export const fetchSnapshotHandler = defineHandler<FetchSnapshotRequest, FetchSnapshotResponse>({
  key: 59,
  minVersion: 0,
  maxVersion: 1,
  handle: (ctx, req) => raftOf(ctx).handleFetchSnapshotRequest(req),
});

/** UpdateRaftVoter (82) v0: Kafka 4.4's voters send it to the leader even at kraft.version 0. */
export const updateRaftVoterHandler = defineHandler<UpdateRaftVoterRequest, UpdateRaftVoterResponse>({
  key: 82,
  minVersion: 0,
  maxVersion: 0,
  handle: (ctx, req) => raftOf(ctx).handleUpdateVoterRequest(req),
});
