// The inbound Raft handlers answer bad or stale requests with Kafka's error codes, never a throw.
import { expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/generated/errors.ts";
import { newFetchRequest } from "../../../src/protocol/generated/messages/fetch-request.ts";
import { newVoteRequest } from "../../../src/protocol/generated/messages/vote-request.ts";
import { newBeginQuorumEpochRequest } from "../../../src/protocol/generated/messages/begin-quorum-epoch-request.ts";
import { newUpdateRaftVoterRequest, type UpdateRaftVoterRequest } from "../../../src/protocol/generated/messages/update-raft-voter-request.ts";
import { newDescribeQuorumRequest } from "../../../src/protocol/generated/messages/describe-quorum-request.ts";
import { DEFAULT_RAFT_CONFIG, KafkaRaftClient, type RaftNetwork } from "../../../src/raft/kafka-raft-client.ts";
import { MockLog } from "../../../src/raft/mock-log.ts";
import { MemoryQuorumStateStore } from "../../../src/raft/quorum-state-store.ts";
import { VoterSet } from "../../../src/raft/voter-set.ts";
import { FakeClock } from "../../../src/util/purgatory/fake-clock.ts";

const ZERO = "AAAAAAAAAAAAAAAAAAAAAA";
const neverAnswers: RaftNetwork = { send: () => new Promise(() => {}) };

function client(nodeId = 1) {
  const clock = new FakeClock(0);
  const voters = VoterSet.parseStatic("1@h1:1,2@h2:1,3@h3:1", "CONTROLLER");
  const c = new KafkaRaftClient({ ...DEFAULT_RAFT_CONFIG, nodeId, clusterId: "c1", listenerName: "CONTROLLER", voters }, new MockLog(), new MemoryQuorumStateStore(), neverAnswers, clock, () => 0.5);
  c.initialize();
  return { c, clock };
}

function vote(epoch: number, replicaId: number, o: { preVote?: boolean; lastOffset?: bigint; lastEpoch?: number; clusterId?: string } = {}) {
  return { ...newVoteRequest(), clusterId: o.clusterId ?? "c1", voterId: 1, topics: [{ topicName: "__cluster_metadata", partitions: [{ partitionIndex: 0, replicaEpoch: epoch, replicaId, replicaDirectoryId: ZERO, voterDirectoryId: ZERO, lastOffsetEpoch: o.lastEpoch ?? 0, lastOffset: o.lastOffset ?? 0n, preVote: o.preVote ?? false }] }] };
}

test("Vote: cluster id, voter set, stale epoch, bad offsets, pre-vote without an epoch bump", () => {
  const { c } = client();
  expect(c.handleVoteRequest(vote(1, 2, { clusterId: "other" })).errorCode).toBe(ErrorCode.INCONSISTENT_CLUSTER_ID);
  expect(c.handleVoteRequest(vote(1, 9)).topics[0]!.partitions[0]!.errorCode).toBe(ErrorCode.INCONSISTENT_VOTER_SET);
  expect(c.handleVoteRequest(vote(1, 2, { lastOffset: -1n })).topics[0]!.partitions[0]!.errorCode).toBe(ErrorCode.INVALID_REQUEST);
  expect(c.handleVoteRequest({ ...vote(1, 2), topics: [] }).errorCode).toBe(ErrorCode.INVALID_REQUEST);
  const pre = c.handleVoteRequest(vote(3, 2, { preVote: true })).topics[0]!.partitions[0]!;
  expect([pre.errorCode, pre.voteGranted]).toEqual([0, true]);
  expect(c.quorum.epoch).toBe(0); // a pre-vote changes nothing
  const real = c.handleVoteRequest(vote(3, 2)).topics[0]!.partitions[0]!;
  expect([real.errorCode, real.voteGranted, real.leaderEpoch]).toEqual([0, true, 3]);
  expect(c.handleVoteRequest(vote(3, 3)).topics[0]!.partitions[0]!.voteGranted).toBe(false); // one vote per epoch
  expect(c.handleVoteRequest(vote(2, 3)).topics[0]!.partitions[0]!.errorCode).toBe(ErrorCode.FENCED_LEADER_EPOCH);
});

test("BeginQuorumEpoch makes a follower; Fetch to a non-leader is NOT_LEADER_OR_FOLLOWER / FENCED / UNKNOWN epoch", async () => {
  const { c } = client();
  const begin = { ...newBeginQuorumEpochRequest(), clusterId: "c1", voterId: 1, topics: [{ topicName: "__cluster_metadata", partitions: [{ partitionIndex: 0, voterDirectoryId: ZERO, leaderId: 2, leaderEpoch: 4 }] }], leaderEndpoints: [] };
  expect(c.handleBeginQuorumEpochRequest(begin).topics[0]!.partitions[0]!.errorCode).toBe(0);
  expect(c.leaderAndEpoch()).toEqual({ leaderId: 2, epoch: 4 });
  const fetch = (epoch: number) => ({ ...newFetchRequest(), clusterId: "c1", maxWaitMs: 0, replicaState: { replicaId: 3, replicaEpoch: -1n }, topics: [{ topic: "", topicId: "AAAAAAAAAAAAAAAAAAAAAQ", partitions: [{ partition: 0, currentLeaderEpoch: epoch, fetchOffset: 0n, lastFetchedEpoch: 0, logStartOffset: 0n, partitionMaxBytes: 1 << 20, replicaDirectoryId: ZERO }] }], forgottenTopicsData: [] });
  const codes = await Promise.all([3, 4, 5].map(async (e) => (await c.handleFetchRequest(fetch(e) as never)).responses[0]!.partitions[0]!));
  expect(codes.map((p) => p.errorCode)).toEqual([ErrorCode.FENCED_LEADER_EPOCH, ErrorCode.NOT_LEADER_OR_FOLLOWER, ErrorCode.UNKNOWN_LEADER_EPOCH]);
  expect(codes[1]!.currentLeader).toEqual({ leaderId: 2, leaderEpoch: 4 });
  const dq = c.handleDescribeQuorumRequest({ ...newDescribeQuorumRequest(), topics: [{ topicName: "__cluster_metadata", partitions: [{ partitionIndex: 0 }] }] });
  expect(dq.topics[0]!.partitions[0]!.errorCode).toBe(ErrorCode.NOT_LEADER_OR_FOLLOWER);
});

test("UpdateRaftVoter at kraft.version 0: checked as Kafka 4.4's leader does, answered NONE for a voter, nothing changed", () => {
  const { c: follower } = client();
  const req = (o: Partial<UpdateRaftVoterRequest> = {}): UpdateRaftVoterRequest => ({
    ...newUpdateRaftVoterRequest(),
    clusterId: "c1",
    currentLeaderEpoch: 1,
    voterId: 1,
    voterDirectoryId: "Bd0eOfFKWEbx6r8pooTOJw",
    listeners: [{ name: "CONTROLLER", host: "h1", port: 1 }],
    kRaftVersionFeature: { minSupportedVersion: 0, maxSupportedVersion: 1 },
    ...o,
  });
  // Not the leader (no leader yet, epoch 0).
  expect(follower.handleUpdateVoterRequest(req({ currentLeaderEpoch: 0 })).errorCode).toBe(ErrorCode.NOT_LEADER_OR_FOLLOWER);
  // A single voter elects itself at once.
  const clock = new FakeClock(0);
  const leader = new KafkaRaftClient({ ...DEFAULT_RAFT_CONFIG, nodeId: 1, clusterId: "c1", listenerName: "CONTROLLER", voters: VoterSet.parseStatic("1@h1:1", "CONTROLLER") }, new MockLog(), new MemoryQuorumStateStore(), neverAnswers, clock, () => 0.5);
  leader.initialize();
  const epoch = leader.leaderAndEpoch().epoch;
  expect(leader.leaderAndEpoch().leaderId).toBe(1);
  const code = (o: Partial<UpdateRaftVoterRequest>) => leader.handleUpdateVoterRequest(req({ currentLeaderEpoch: epoch, ...o })).errorCode;
  const ok = leader.handleUpdateVoterRequest(req({ currentLeaderEpoch: epoch }));
  expect(ok).toEqual({ throttleTimeMs: 0, errorCode: 0, currentLeader: { leaderId: 1, leaderEpoch: epoch, host: "h1", port: 1 } });
  expect([
    code({ clusterId: "other" }),
    code({ currentLeaderEpoch: epoch - 1 }),
    code({ currentLeaderEpoch: epoch + 1 }),
    code({ voterDirectoryId: ZERO }),
    code({ listeners: [{ name: "OTHER", host: "h1", port: 1 }] }),
    code({ kRaftVersionFeature: { minSupportedVersion: 1, maxSupportedVersion: 1 } }),
    code({ kRaftVersionFeature: { minSupportedVersion: 0, maxSupportedVersion: -1 } }),
    code({ voterId: 7 }),
  ]).toEqual([
    ErrorCode.INCONSISTENT_CLUSTER_ID,
    ErrorCode.FENCED_LEADER_EPOCH,
    ErrorCode.UNKNOWN_LEADER_EPOCH,
    ErrorCode.INVALID_REQUEST,
    ErrorCode.INVALID_REQUEST,
    ErrorCode.INVALID_REQUEST,
    ErrorCode.INVALID_REQUEST,
    ErrorCode.VOTER_NOT_FOUND,
  ]);
  expect(leader.leaderAndEpoch()).toEqual({ leaderId: 1, epoch });
});
