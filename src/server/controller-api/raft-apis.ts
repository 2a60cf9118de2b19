// The Raft APIs of the controller listener, answered by this node's KafkaRaftClient (Kafka's
// ControllerApis hands them to the RaftManager the same way). The raft client checks every field
// (cluster id, the metadata partition, epochs, voter ids) and answers with Kafka's error codes; it
// never throws on bad input. One file per API key would be five copies of "pass it to raft": they are
// defined here, each with the versions it serves.

import type { BeginQuorumEpochRequest } from "../../protocol/generated/messages/begin-quorum-epoch-request.ts";
import type { BeginQuorumEpochResponse } from "../../protocol/generated/messages/begin-quorum-epoch-response.ts";
import type { DescribeQuorumRequest } from "../../protocol/generated/messages/describe-quorum-request.ts";
import type { DescribeQuorumResponse } from "../../protocol/generated/messages/describe-quorum-response.ts";
import type { EndQuorumEpochRequest } from "../../protocol/generated/messages/end-quorum-epoch-request.ts";
import type { EndQuorumEpochResponse } from "../../protocol/generated/messages/end-quorum-epoch-response.ts";
import type { FetchRequest } from "../../protocol/generated/messages/fetch-request.ts";
import type { FetchResponse } from "../../protocol/generated/messages/fetch-response.ts";
import type { FetchSnapshotRequest } from "../../protocol/generated/messages/fetch-snapshot-request.ts";
import type { FetchSnapshotResponse } from "../../protocol/generated/messages/fetch-snapshot-response.ts";
import type { VoteRequest } from "../../protocol/generated/messages/vote-request.ts";
import type { VoteResponse } from "../../protocol/generated/messages/vote-response.ts";
import { ZERO_UUID } from "../../protocol/primitives/codec-runtime.ts";
import { defineHandler, type RequestContext } from "../handler.ts";
import type { KafkaRaftClient } from "../../raft/kafka-raft-client.ts";

function raftOf(ctx: RequestContext): KafkaRaftClient {
  const r = ctx.services.raft;
  // The controller listener is only served where a Raft client runs (broker.ts): a bug otherwise.
  if (!r) throw new Error("a Raft request reached a node without a Raft client");
  return r;
}

/** Fetch (1) v4-18 on the controller listener: followers and observers fetching __cluster_metadata. */
export const raftFetchHandler = defineHandler<FetchRequest, FetchResponse>({
  key: 1,
  minVersion: 4,
  maxVersion: 18,
  handle: (ctx, req) => raftOf(ctx).handleFetchRequest(req),
});

/** Vote (52) v0-2, pre-vote (KIP-996) from v2. */
export const voteHandler = defineHandler<VoteRequest, VoteResponse>({
  key: 52,
  minVersion: 0,
  maxVersion: 2,
  handle: (ctx, req) => raftOf(ctx).handleVoteRequest(req),
});

/** BeginQuorumEpoch (53) v0-1. */
export const beginQuorumEpochHandler = defineHandler<BeginQuorumEpochRequest, BeginQuorumEpochResponse>({
  key: 53,
  minVersion: 0,
  maxVersion: 1,
  handle: (ctx, req) => raftOf(ctx).handleBeginQuorumEpochRequest(req),
});

/** EndQuorumEpoch (54) v0-1. */
export const endQuorumEpochHandler = defineHandler<EndQuorumEpochRequest, EndQuorumEpochResponse>({
  key: 54,
  minVersion: 0,
  maxVersion: 1,
  handle: (ctx, req) => raftOf(ctx).handleEndQuorumEpochRequest(req),
});

/**
 * A DescribeQuorum answer cut down to what `version` carries: replica directory ids and the voters'
 * endpoints (nodes) exist from v2 only, and the encoder refuses a non-default value it cannot send
 * (Kafka's RaftUtil leaves them out below v2 the same way). The leader's answer holds both.
 */
export function describeQuorumForVersion(res: DescribeQuorumResponse, version: number): DescribeQuorumResponse {
  if (version >= 2) return res;
  const replicas = (xs: DescribeQuorumResponse["topics"][number]["partitions"][number]["currentVoters"]) => xs.map((r) => ({ ...r, replicaDirectoryId: ZERO_UUID }));
  return {
    ...res,
    nodes: [],
    topics: res.topics.map((t) => ({ ...t, partitions: t.partitions.map((p) => ({ ...p, currentVoters: replicas(p.currentVoters), observers: replicas(p.observers) })) })),
  };
}

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
