// The Raft APIs of the controller listener, answered by this node's KafkaRaftClient (Kafka's
// ControllerApis hands them to the RaftManager the same way). The raft client checks every field
// (cluster id, the metadata partition, epochs, voter ids) and answers with Kafka's error codes; it
// never throws on bad input. One file per API key would be eight copies of "pass it to raft": they are
// defined here, each with the versions it serves.
//
// Each handler passes the request's version: the raft client builds its answer for that version, as
// Kafka's RaftUtil does (leader endpoints from Vote / BeginQuorumEpoch / EndQuorumEpoch v1 and Fetch
// v16, DescribeQuorum's directory ids and nodes from v2); a field the version lacks would make the codec
// refuse the answer and close the connection.

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
import type { UpdateRaftVoterRequest } from "../../protocol/generated/messages/update-raft-voter-request.ts";
import type { UpdateRaftVoterResponse } from "../../protocol/generated/messages/update-raft-voter-response.ts";
import type { VoteRequest } from "../../protocol/generated/messages/vote-request.ts";
import type { VoteResponse } from "../../protocol/generated/messages/vote-response.ts";
import type { AddRaftVoterRequest } from "../../protocol/generated/messages/add-raft-voter-request.ts";
import type { AddRaftVoterResponse } from "../../protocol/generated/messages/add-raft-voter-response.ts";
import type { RemoveRaftVoterRequest } from "../../protocol/generated/messages/remove-raft-voter-request.ts";
import type { RemoveRaftVoterResponse } from "../../protocol/generated/messages/remove-raft-voter-response.ts";
import { defineHandler, type RequestContext } from "../handler.ts";
import type { KafkaRaftClient } from "../../raft/kafka-raft-client.ts";

function raftOf(ctx: RequestContext): KafkaRaftClient {
  const r = ctx.services.raft;
  // The controller listener is only served where a Raft client runs (broker.ts): a bug otherwise.
  if (!r) throw new Error("a Raft request reached a node without a Raft client");
  return r;
}

/** Fetch (1) v4-18 on the controller listener: followers and observers fetching __cluster_metadata (below v12: UNSUPPORTED_VERSION from Raft). */
export const raftFetchHandler = defineHandler<FetchRequest, FetchResponse>({
  key: 1,
  minVersion: 4,
  maxVersion: 18,
  handle: (ctx, req) => raftOf(ctx).handleFetchRequest(req, ctx.apiVersion),
});

/** Vote (52) v0-2, pre-vote (KIP-996) from v2. */
export const voteHandler = defineHandler<VoteRequest, VoteResponse>({
  key: 52,
  minVersion: 0,
  maxVersion: 2,
  handle: (ctx, req) => raftOf(ctx).handleVoteRequest(req, ctx.apiVersion),
});

/** BeginQuorumEpoch (53) v0-1. */
export const beginQuorumEpochHandler = defineHandler<BeginQuorumEpochRequest, BeginQuorumEpochResponse>({
  key: 53,
  minVersion: 0,
  maxVersion: 1,
  handle: (ctx, req) => raftOf(ctx).handleBeginQuorumEpochRequest(req, ctx.apiVersion),
});

/** EndQuorumEpoch (54) v0-1. */
export const endQuorumEpochHandler = defineHandler<EndQuorumEpochRequest, EndQuorumEpochResponse>({
  key: 54,
  minVersion: 0,
  maxVersion: 1,
  handle: (ctx, req) => raftOf(ctx).handleEndQuorumEpochRequest(req, ctx.apiVersion),
});

/** DescribeQuorum (55) v0-2: the leader answers with every voter's and observer's state. */
export const describeQuorumHandler = defineHandler<DescribeQuorumRequest, DescribeQuorumResponse>({
  key: 55,
  minVersion: 0,
  maxVersion: 2,
  handle: (ctx, req) => raftOf(ctx).handleDescribeQuorumRequest(req, ctx.apiVersion),
});

/** FetchSnapshot (59) v0-1. */
export const fetchSnapshotHandler = defineHandler<FetchSnapshotRequest, FetchSnapshotResponse>({
  key: 59,
  minVersion: 0,
  maxVersion: 1,
  handle: (ctx, req) => raftOf(ctx).handleFetchSnapshotRequest(req, ctx.apiVersion),
});

/** AddRaftVoter (80) v0-1 (KIP-853): the leader adds a caught-up observer; answered when committed (v1: or appended). */
export const addRaftVoterHandler = defineHandler<AddRaftVoterRequest, AddRaftVoterResponse>({
  key: 80,
  minVersion: 0,
  maxVersion: 1,
  handle: (ctx, req) => raftOf(ctx).handleAddRaftVoterRequest(req, ctx.apiVersion),
});

/** RemoveRaftVoter (81) v0 (KIP-853): answered when the smaller voter set commits. */
export const removeRaftVoterHandler = defineHandler<RemoveRaftVoterRequest, RemoveRaftVoterResponse>({
  key: 81,
  minVersion: 0,
  maxVersion: 0,
  handle: (ctx, req) => raftOf(ctx).handleRemoveRaftVoterRequest(req, ctx.apiVersion),
});

/** UpdateRaftVoter (82) v0 (KIP-853): a voter's endpoints and kraft.version range, answered once appended. */
export const updateRaftVoterHandler = defineHandler<UpdateRaftVoterRequest, UpdateRaftVoterResponse>({
  key: 82,
  minVersion: 0,
  maxVersion: 0,
  handle: (ctx, req) => raftOf(ctx).handleUpdateRaftVoterRequest(req, ctx.apiVersion),
});
