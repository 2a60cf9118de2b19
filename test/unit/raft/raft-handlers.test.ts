// The inbound Raft handlers answer bad or stale requests with Kafka's error codes, never a throw.
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ErrorCode } from "../../../src/protocol/generated/errors.ts";
import { newFetchRequest } from "../../../src/protocol/generated/messages/fetch-request.ts";
import { newVoteRequest } from "../../../src/protocol/generated/messages/vote-request.ts";
import { newBeginQuorumEpochRequest } from "../../../src/protocol/generated/messages/begin-quorum-epoch-request.ts";
import { newUpdateRaftVoterRequest, type UpdateRaftVoterRequest } from "../../../src/protocol/generated/messages/update-raft-voter-request.ts";
import { newDescribeQuorumRequest } from "../../../src/protocol/generated/messages/describe-quorum-request.ts";
import { newEndQuorumEpochRequest, newPartitionData as newEndPartition } from "../../../src/protocol/generated/messages/end-quorum-epoch-request.ts";
import { API_CODECS } from "../../../src/protocol/generated/apis.ts";
import { encodeResponse } from "../../../src/protocol/frame.ts";
import { DEFAULT_RAFT_CONFIG, KafkaRaftClient, type RaftNetwork } from "../../../src/raft/kafka-raft-client.ts";
import { MockLog } from "../../../src/raft/mock-log.ts";
import { LeaderState } from "../../../src/raft/leader-state.ts";
import { newFetchSnapshotRequest, newPartitionSnapshot } from "../../../src/protocol/generated/messages/fetch-snapshot-request.ts";
import { KafkaMetadataLog } from "../../../src/raft/kafka-metadata-log.ts";
import { newPartitionData as newFetchPartitionData } from "../../../src/protocol/generated/messages/fetch-response.ts";
import { createLogger } from "../../../src/util/log.ts";
import { MemoryQuorumStateStore } from "../../../src/raft/quorum-state-store.ts";
import { VoterSet } from "../../../src/raft/voter-set.ts";
import { FakeClock } from "../../../src/util/purgatory/fake-clock.ts";
import { assertEpochState } from "../../../src/raft/quorum-state.ts";

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

test("Vote: cluster id, a replica outside the voter set, stale epoch, bad offsets, pre-vote without an epoch bump", () => {
  const { c } = client();
  expect(c.handleVoteRequest(vote(1, 2, { clusterId: "other" })).errorCode).toBe(ErrorCode.INCONSISTENT_CLUSTER_ID);
  // A replica outside our voter set is answered as any other (Kafka 4.4.0 has no INCONSISTENT_VOTER_SET
  // check: during a KIP-853 voter change the replicas' sets differ).
  expect(c.handleVoteRequest(vote(1, 9)).topics[0]!.partitions[0]!.errorCode).toBe(ErrorCode.NONE);
  expect(c.quorum.epoch).toBe(1); // its epoch was higher
  expect(c.handleVoteRequest(vote(1, 2, { lastOffset: -1n })).topics[0]!.partitions[0]!.errorCode).toBe(ErrorCode.INVALID_REQUEST);
  expect(c.handleVoteRequest({ ...vote(1, 2), topics: [] }).errorCode).toBe(ErrorCode.INVALID_REQUEST);
  const pre = c.handleVoteRequest(vote(3, 2, { preVote: true })).topics[0]!.partitions[0]!;
  expect([pre.errorCode, pre.voteGranted]).toEqual([0, true]);
  expect(c.quorum.epoch).toBe(1); // a pre-vote changes nothing
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

test("fuzz: each answer has the shape of the request's version (v0 Vote/BeginQuorumEpoch/EndQuorumEpoch, DescribeQuorum v0-1, Fetch before v12)", async () => {
  const { c } = client();
  const begin = { ...newBeginQuorumEpochRequest(), clusterId: "c1", voterId: 1, topics: [{ topicName: "__cluster_metadata", partitions: [{ partitionIndex: 0, voterDirectoryId: ZERO, leaderId: 2, leaderEpoch: 4 }] }], leaderEndpoints: [] };
  // With a leader known, the answers would carry NodeEndpoints (v1+), which v0 cannot send.
  const encodes = (apiKey: number, v: number, body: unknown) => encodeResponse(apiKey, v, 1, { ...(API_CODECS.get(apiKey)!.newResponse() as object), ...(body as object) });
  expect(() => encodes(53, 0, c.handleBeginQuorumEpochRequest(begin, 0))).not.toThrow();
  expect(c.leaderAndEpoch()).toEqual({ leaderId: 2, epoch: 4 });
  expect(c.handleBeginQuorumEpochRequest(begin, 1).nodeEndpoints).toEqual([{ nodeId: 2, host: "h2", port: 1 }]);
  expect(() => encodes(52, 0, c.handleVoteRequest(vote(4, 3), 0))).not.toThrow();
  const end = { ...newEndQuorumEpochRequest(), clusterId: "c1", topics: [{ topicName: "__cluster_metadata", partitions: [{ ...newEndPartition(), partitionIndex: 0, leaderId: 2, leaderEpoch: 4 }] }] };
  expect(() => encodes(54, 0, c.handleEndQuorumEpochRequest(end, 0))).not.toThrow();
  const dq = { ...newDescribeQuorumRequest(), topics: [{ topicName: "__cluster_metadata", partitions: [{ partitionIndex: 0 }] }] };
  for (const v of [0, 1, 2]) expect(() => encodes(55, v, c.handleDescribeQuorumRequest(dq, v))).not.toThrow();
  const fetch = { ...newFetchRequest(), clusterId: "c1", maxWaitMs: 0, replicaId: 3, topics: [{ topic: "__cluster_metadata", topicId: ZERO, partitions: [{ partition: 0, currentLeaderEpoch: 4, fetchOffset: 0n, lastFetchedEpoch: 0, logStartOffset: 0n, partitionMaxBytes: 1 << 20, replicaDirectoryId: ZERO }] }], forgottenTopicsData: [] };
  for (const v of [4, 11]) {
    const r = await c.handleFetchRequest(fetch as never, v);
    expect(() => encodes(1, v, r)).not.toThrow();
    expect(r.responses[0]!.partitions[0]!.errorCode).toBe(ErrorCode.UNSUPPORTED_VERSION);
  }
});

/** A network on which every voter grants every (pre-)vote at once and nothing else is answered. */
const grantsVotes: RaftNetwork = {
  send: <T>(_node: unknown, apiKey: number, body: Record<string, unknown>) => {
    if (apiKey !== 52) return new Promise<never>(() => {});
    const p = (body as { topics: { partitions: { replicaEpoch: number }[] }[] }).topics[0]!.partitions[0]!;
    return Promise.resolve({ version: 2, body: { errorCode: 0, topics: [{ topicName: "__cluster_metadata", partitions: [{ partitionIndex: 0, errorCode: 0, leaderId: -1, leaderEpoch: p.replicaEpoch, voteGranted: true }] }], nodeEndpoints: [] } as T });
  },
};

test("fuzz: a Vote in epoch 2^31-1 never leads to an epoch past int32 (a candidate there could not be encoded)", async () => {
  const clock = new FakeClock(0);
  const voters = VoterSet.parseStatic("1@h1:1,2@h2:1,3@h3:1", "CONTROLLER");
  const c = new KafkaRaftClient({ ...DEFAULT_RAFT_CONFIG, nodeId: 1, clusterId: "c1", listenerName: "CONTROLLER", voters }, new MockLog(), new MemoryQuorumStateStore(), grantsVotes, clock, () => 0.5);
  c.initialize();
  expect(c.handleVoteRequest(vote(2 ** 31 - 1, 2, { lastOffset: 0n, lastEpoch: 0 })).topics[0]!.partitions[0]!.errorCode).toBe(0);
  expect(c.quorum.epoch).toBe(2 ** 31 - 1);
  // Election timeouts pass; pre-votes are granted; the candidacy would be in epoch 2^31.
  for (let i = 0; i < 20; i++) {
    clock.advance(500);
    await new Promise((r) => setImmediate(r));
    assertEpochState(c.quorum.current);
    expect(c.quorum.epoch).toBeLessThanOrEqual(2 ** 31 - 1);
    expect(c.quorum.current.name).not.toBe("Candidate");
    expect(c.quorum.current.name).not.toBe("Leader");
  }
});

test("fuzz: a follower on a KafkaMetadataLog fetches the leader's snapshot past its own high watermark (createNewSnapshotUnchecked)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "strand-raft-handlers-"));
  try {
    const clock = new FakeClock(0);
    const sent: number[] = [];
    const net: RaftNetwork = {
      send: <T>(_node: unknown, apiKey: number) => {
        sent.push(apiKey);
        // A few answers only: a follower that cannot store the snapshot would fetch again at once, forever.
        if (apiKey !== 1 || sent.length > 3) return new Promise<never>(() => {});
        // The leader's log starts at a snapshot at offset 10 of epoch 3: fetch it.
        const p = { ...newFetchPartitionData(), partitionIndex: 0, highWatermark: 10n, currentLeader: { leaderId: 2, leaderEpoch: 4 }, snapshotId: { endOffset: 10n, epoch: 3 } };
        return Promise.resolve({ version: 17, body: { errorCode: 0, responses: [{ topic: "", topicId: "AAAAAAAAAAAAAAAAAAAAAQ", partitions: [p] }] } as T });
      },
    };
    const voters = VoterSet.parseStatic("1@h1:1,2@h2:1,3@h3:1", "CONTROLLER");
    const log = KafkaMetadataLog.open({ dir, logger: createLogger("error") });
    const c = new KafkaRaftClient({ ...DEFAULT_RAFT_CONFIG, nodeId: 1, clusterId: "c1", listenerName: "CONTROLLER", voters }, log, new MemoryQuorumStateStore(), net, clock, () => 0.5);
    c.initialize();
    const begin = { ...newBeginQuorumEpochRequest(), clusterId: "c1", voterId: 1, topics: [{ topicName: "__cluster_metadata", partitions: [{ partitionIndex: 0, voterDirectoryId: ZERO, leaderId: 2, leaderEpoch: 4 }] }], leaderEndpoints: [] };
    expect(c.handleBeginQuorumEpochRequest(begin).topics[0]!.partitions[0]!.errorCode).toBe(0);
    for (let i = 0; i < 5 && !sent.includes(59); i++) {
      await new Promise((r) => setImmediate(r));
      clock.advance(DEFAULT_RAFT_CONFIG.retryBackoffMs);
    }
    expect(sent).toContain(59);
    c.halt();
    await log.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("fuzz: a Fetch or FetchSnapshot naming the leader itself (a replay of its own old fetch) is INVALID_REQUEST and does not reset check-quorum", async () => {
  const clock = new FakeClock(0);
  const voters = VoterSet.parseStatic("1@h1:1,2@h2:1,3@h3:1", "CONTROLLER");
  const c = new KafkaRaftClient({ ...DEFAULT_RAFT_CONFIG, nodeId: 1, clusterId: "c1", listenerName: "CONTROLLER", voters }, new MockLog(), new MemoryQuorumStateStore(), grantsVotes, clock, () => 0.5);
  c.initialize();
  for (let i = 0; i < 20 && !(c.quorum.current instanceof LeaderState); i++) {
    clock.advance(500);
    await new Promise((r) => setImmediate(r));
  }
  const s = c.quorum.current;
  if (!(s instanceof LeaderState)) throw new Error(`not leader: ${s.name}`);
  clock.advance(1_000);
  const before = s.timeUntilCheckQuorumExpires(clock.nowMs());
  const fetch = { ...newFetchRequest(), clusterId: "c1", maxWaitMs: 0, replicaState: { replicaId: 1, replicaEpoch: -1n }, topics: [{ topic: "", topicId: "AAAAAAAAAAAAAAAAAAAAAQ", partitions: [{ partition: 0, currentLeaderEpoch: s.epoch, fetchOffset: 0n, lastFetchedEpoch: 0, logStartOffset: 0n, partitionMaxBytes: 1 << 20, replicaDirectoryId: ZERO }] }], forgottenTopicsData: [] };
  expect((await c.handleFetchRequest(fetch as never)).responses[0]!.partitions[0]!.errorCode).toBe(ErrorCode.INVALID_REQUEST);
  const snap = { ...newFetchSnapshotRequest(), clusterId: "c1", replicaId: 1, maxBytes: 1 << 20, topics: [{ name: "__cluster_metadata", partitions: [{ ...newPartitionSnapshot(), partition: 0, currentLeaderEpoch: s.epoch, snapshotId: { endOffset: 0n, epoch: 0 }, position: 0n }] }] };
  expect(c.handleFetchSnapshotRequest(snap).topics[0]!.partitions[0]!.errorCode).toBe(ErrorCode.INVALID_REQUEST);
  expect(s.timeUntilCheckQuorumExpires(clock.nowMs())).toBe(before);
  // Check-quorum still runs out: with no other voter fetching, the leader resigns.
  for (let i = 0; i < 10; i++) {
    clock.advance(500);
    await new Promise((r) => setImmediate(r));
  }
  expect(c.quorum.current).not.toBe(s);
  c.halt();
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
  expect(follower.handleUpdateRaftVoterRequest(req({ currentLeaderEpoch: 0 })).errorCode).toBe(ErrorCode.NOT_LEADER_OR_FOLLOWER);
  // A single voter elects itself at once.
  const clock = new FakeClock(0);
  const leader = new KafkaRaftClient({ ...DEFAULT_RAFT_CONFIG, nodeId: 1, clusterId: "c1", listenerName: "CONTROLLER", voters: VoterSet.parseStatic("1@h1:1", "CONTROLLER") }, new MockLog(), new MemoryQuorumStateStore(), neverAnswers, clock, () => 0.5);
  leader.initialize();
  const epoch = leader.leaderAndEpoch().epoch;
  expect(leader.leaderAndEpoch().leaderId).toBe(1);
  const code = (o: Partial<UpdateRaftVoterRequest>) => leader.handleUpdateRaftVoterRequest(req({ currentLeaderEpoch: epoch, ...o })).errorCode;
  const ok = leader.handleUpdateRaftVoterRequest(req({ currentLeaderEpoch: epoch }));
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
