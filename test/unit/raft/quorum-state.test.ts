// QuorumState transitions as Kafka's QuorumStateTest checks them, and the quorum-state file in Kafka
// 4.4.0's JSON (data_version 0 for kraft.version 0 / static voters; 1 for kraft.version 1), written
// atomically (tmp + fsync + rename).
import { expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ElectionState } from "../../../src/raft/election-state.ts";
import { FileQuorumStateStore, QuorumStateFileError, quorumStateFromJson } from "../../../src/raft/file-quorum-state-store.ts";
import { IllegalStateTransition, QuorumState } from "../../../src/raft/quorum-state.ts";
import { MemoryQuorumStateStore } from "../../../src/raft/quorum-state-store.ts";
import { VoterSet } from "../../../src/raft/voter-set.ts";

const ZERO = "AAAAAAAAAAAAAAAAAAAAAA";
const voters = VoterSet.parseStatic("1@h1:9093,2@h2:9093,3@h3:9093", "CONTROLLER");

function quorum(localId: number, store = new MemoryQuorumStateStore()) {
  let now = 0;
  const q = new QuorumState({ localKey: { id: localId, directoryId: ZERO }, listenerName: "CONTROLLER", electionTimeoutMs: 1000, fetchTimeoutMs: 2000, beginQuorumEpochTimeoutMs: 1000, kraftVersion: 0 }, voters, store, () => now, () => 0.5);
  return { q, store, tick: (ms: number) => (now += ms) };
}

test("a fresh voter starts Unattached in epoch 0 and elects itself through Prospective and Candidate", () => {
  const { q, store } = quorum(1);
  q.initialize({ offset: 0, epoch: 0 });
  expect(q.current.name).toBe("Unattached");
  expect(q.epoch).toBe(0);
  q.transitionToProspective();
  expect(q.current.name).toBe("Prospective");
  const writes = store.writes;
  // Prospective changes nothing durable; Candidate needs the pre-vote won.
  expect(() => q.transitionToCandidate()).toThrow(IllegalStateTransition);
  expect(store.writes).toBe(writes);
  (q.current as unknown as { epochElection: { recordGranted(id: number): boolean } }).epochElection.recordGranted(2);
  q.transitionToCandidate();
  expect(q.current.name).toBe("Candidate");
  expect(q.epoch).toBe(1);
  expect(store.readElectionState()!.votedKey!.id).toBe(1);
  expect(() => q.transitionToLeader(0, 2000)).toThrow(IllegalStateTransition);
  (q.current as unknown as { epochElection: { recordGranted(id: number): boolean } }).epochElection.recordGranted(3);
  q.transitionToLeader(0, 2000);
  expect(q.current.name).toBe("Leader");
  const s = store.readElectionState()!;
  expect([s.epoch, s.leaderId, s.votedKey!.id]).toEqual([1, 1, 1]);
  q.transitionToResigned([2, 3]);
  expect(q.current.name).toBe("Resigned");
  expect(() => q.transitionToFollower(1, 1)).toThrow(IllegalStateTransition);
  q.transitionToFollower(2, 2);
  expect(q.leaderAndEpoch()).toEqual({ leaderId: 2, epoch: 2 });
});

test("illegal transitions are refused as Kafka refuses them", () => {
  const { q } = quorum(2);
  q.initialize({ offset: 0, epoch: 0 });
  q.transitionToFollower(3, 1);
  expect(() => q.transitionToFollower(2, 1)).toThrow(IllegalStateTransition); // lower epoch
  expect(() => q.transitionToFollower(3, 3)).toThrow(IllegalStateTransition); // already following in epoch 3
  expect(() => q.transitionToUnattached(3, -1)).toThrow(IllegalStateTransition); // same epoch, not Prospective
  expect(() => q.transitionToFollower(4, 2)).toThrow(IllegalStateTransition); // the local id as leader
  expect(() => q.transitionToCandidate()).toThrow(IllegalStateTransition); // only from Prospective
  // A follower refuses votes in its epoch, and pre-votes once it has heard its leader.
  expect(q.canGrantVote({ id: 3, directoryId: ZERO }, true, false)).toBe(false);
  expect(q.canGrantVote({ id: 3, directoryId: ZERO }, true, true)).toBe(true);
  (q.current as unknown as { hasFetchedFromLeader: boolean }).hasFetchedFromLeader = true;
  expect(q.canGrantVote({ id: 3, directoryId: ZERO }, true, true)).toBe(false);
  // Prospective after the fetch timeout keeps the known leader; losing sends it back to Unattached/Follower.
  q.transitionToProspective();
  expect(q.leaderAndEpoch()).toEqual({ leaderId: 1, epoch: 3 });
  expect(() => q.transitionToProspective()).toThrow(IllegalStateTransition);
});

test("a vote is durable before it is granted, and only one per epoch", () => {
  const { q, store } = quorum(3);
  q.initialize({ offset: 0, epoch: 0 });
  q.transitionToUnattached(5, -1);
  expect(q.canGrantVote({ id: 1, directoryId: ZERO }, true, false)).toBe(true);
  q.unattachedAddVotedState(5, { id: 1, directoryId: ZERO });
  expect(store.readElectionState()!.votedKey!.id).toBe(1);
  expect(q.canGrantVote({ id: 2, directoryId: ZERO }, true, false)).toBe(false);
  expect(q.canGrantVote({ id: 1, directoryId: ZERO }, true, false)).toBe(true);
  expect(q.canGrantVote({ id: 2, directoryId: ZERO }, false, true)).toBe(false); // pre-vote: log not up to date
  expect(q.canGrantVote({ id: 2, directoryId: ZERO }, true, true)).toBe(true);
  // Restart: the vote survives.
  const again = quorum(3, store);
  again.q.initialize({ offset: 0, epoch: 0 });
  expect(again.q.epoch).toBe(5);
  expect(again.q.canGrantVote({ id: 2, directoryId: ZERO }, true, false)).toBe(false);
});

test("restarts: a stored leader resigns, a stored candidate stays candidate, a store behind the log starts at the log's epoch", () => {
  const store = new MemoryQuorumStateStore();
  store.writeElectionState(ElectionState.withElectedLeader(4, 1, { id: 1, directoryId: ZERO }, [1, 2, 3]), 0);
  const a = quorum(1, store);
  a.q.initialize({ offset: 10, epoch: 4 });
  expect(a.q.current.name).toBe("Resigned");
  store.writeElectionState(ElectionState.withVotedCandidate(6, { id: 1, directoryId: ZERO }, [1, 2, 3]), 0);
  const b = quorum(1, store);
  b.q.initialize({ offset: 10, epoch: 4 });
  expect(b.q.current.name).toBe("Candidate");
  const c = quorum(2, new MemoryQuorumStateStore());
  c.q.initialize({ offset: 10, epoch: 7 });
  expect([c.q.current.name, c.q.epoch]).toEqual(["Unattached", 7]);
  // Another voter reading a store that voted for 1 in epoch 6 (no leader) starts Unattached there.
  const d = quorum(2, store);
  d.q.initialize({ offset: 0, epoch: 0 });
  expect([d.q.current.name, d.q.epoch]).toEqual(["Unattached", 6]);
});

test("the quorum-state file is Kafka 4.4.0's JSON, written atomically, read back", () => {
  const dir = mkdtempSync(join(tmpdir(), "strand-quorum-state-"));
  try {
    const path = join(dir, "quorum-state");
    const store = new FileQuorumStateStore(path);
    expect(store.readElectionState()).toBeNull();
    store.writeElectionState(ElectionState.withElectedLeader(2, 1, null, [3, 1, 2]), 0);
    expect(readFileSync(path, "utf8")).toBe('{"clusterId":"","leaderId":1,"leaderEpoch":2,"votedId":-1,"appliedOffset":0,"currentVoters":[{"voterId":1},{"voterId":2},{"voterId":3}],"data_version":0}');
    expect(readdirSync(dir)).toEqual(["quorum-state"]); // the .tmp is gone
    const back = store.readElectionState()!;
    expect([back.epoch, back.leaderId, back.votedKey]).toEqual([2, 1, null]);
    store.writeElectionState(ElectionState.withVotedCandidate(3, { id: 1, directoryId: "J8aAPcfLQt2bqs1JT_rMgQ" }, [1, 2, 3]), 1);
    expect(readFileSync(path, "utf8")).toBe('{"leaderId":-1,"leaderEpoch":3,"votedId":1,"votedDirectoryId":"J8aAPcfLQt2bqs1JT_rMgQ","data_version":1}');
    expect(store.readElectionState()!.votedKey).toEqual({ id: 1, directoryId: "J8aAPcfLQt2bqs1JT_rMgQ" });
    // Kafka's own example files (FileQuorumStateStore's javadoc) read as Kafka reads them.
    writeFileSync(path, '{"clusterId":"","leaderId":1,"leaderEpoch":2,"votedId":-1,"appliedOffset":0,"currentVoters":[],"data_version":0}\n');
    expect(store.readElectionState()!.leaderId).toBe(1);
    // Bad files: Kafka's messages, never a crash of the caller with a TypeError.
    expect(() => quorumStateFromJson('{"leaderId":1}')).toThrow("does not have data_version field");
    expect(() => quorumStateFromJson('{"leaderId":1,"leaderEpoch":1,"votedId":-1,"data_version":2}')).toThrow("data_version (2) is not within the min (0) and max (1) supported version");
    expect(() => quorumStateFromJson("[1]")).toThrow(QuorumStateFileError);
    expect(() => quorumStateFromJson("")).toThrow("File ended prematurely.");
    store.clear();
    expect(store.readElectionState()).toBeNull();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
