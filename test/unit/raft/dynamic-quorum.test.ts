// KIP-853 dynamic quorums in the Raft simulation (test/support/raft-sim.ts, `dynamic`): every node's
// log starts with the bootstrap snapshot 0-0 at kraft.version 1, node 1 formatted --standalone (or
// nodes 1-3 with --initial-controllers), the rest --no-initial-controllers; those find the leader
// through controller.quorum.bootstrap.servers (every node). AddRaftVoter / RemoveRaftVoter / UpdateRaftVoter are
// sent to the leader's KafkaRaftClient handlers directly.
import { expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/generated/errors.ts";
import { LeaderState } from "../../../src/raft/leader-state.ts";
import { PORT, RaftSimulation, simDirectoryId } from "../../support/raft-sim.ts";

const SEED = Number(process.env.STRAND_TEST_SEED ?? Date.now() % 1_000_000);
console.log(`dynamic-quorum seed=${SEED} (STRAND_TEST_SEED=${SEED} repeats it)`);

const listeners = (id: number) => [{ name: "CONTROLLER", host: `n${id}`, port: PORT }];

async function runUntil(sim: RaftSimulation, done: () => boolean, maxMs: number, what: string): Promise<void> {
  const deadline = sim.clock.nowMs() + maxMs;
  while (!done() && sim.clock.nowMs() < deadline) await sim.run(20, { appendEveryMs: 100 });
  expect(done(), `${what} within ${maxMs} ms (seed ${SEED}):\n${sim.describe()}`).toBe(true);
}

async function settle<T>(sim: RaftSimulation, p: Promise<T>, maxMs: number): Promise<T> {
  let out: T | undefined;
  void p.then((r) => (out = r));
  await runUntil(sim, () => out !== undefined, maxMs, "an answer");
  return out!;
}

function votersOf(sim: RaftSimulation, id: number): number[] {
  return sim.nodes.get(id)!.client!.quorum.voters.voterIds();
}

function leader(sim: RaftSimulation) {
  const l = sim.liveLeader();
  expect(l, `a leader (seed ${SEED}):\n${sim.describe()}`).not.toBeNull();
  return l!.client!;
}

test("standalone voter: two controllers join with AddRaftVoter, one leaves with RemoveRaftVoter, restarts keep the voters", async () => {
  const sim = new RaftSimulation({ voters: 1, observers: 2, seed: SEED, dynamic: true });
  try {
    await runUntil(sim, () => sim.liveLeader()?.id === 1, 5_000, "node 1 leads alone");
    // Nodes 2 and 3 know no voter: they ask the bootstrap server (node 1) and follow it as observers.
    await runUntil(sim, () => [2, 3].every((id) => sim.nodes.get(id)!.client!.quorum.leaderIdOrSentinel() === 1), 5_000, "observers find the leader through the bootstrap server");
    // The first leader wrote the bootstrap snapshot's voters into the log: the observers read them.
    await runUntil(sim, () => [1, 2, 3].every((id) => votersOf(sim, id).join() === "1"), 5_000, "everyone reads voters [1]");
    await sim.run(500, { appendEveryMs: 50 });

    // Refusals first: a voter key without a directory id, an id that votes already, an unknown voter.
    const l1 = leader(sim);
    expect((await settle(sim, l1.handleAddRaftVoterRequest({ clusterId: "sim-cluster", timeoutMs: 30_000, voterId: 2, voterDirectoryId: "AAAAAAAAAAAAAAAAAAAAAA", listeners: listeners(2), ackWhenCommitted: true }, 1), 1_000)).errorCode).toBe(ErrorCode.INVALID_REQUEST);
    expect((await settle(sim, l1.handleAddRaftVoterRequest({ clusterId: "sim-cluster", timeoutMs: 30_000, voterId: 1, voterDirectoryId: simDirectoryId(1), listeners: listeners(1), ackWhenCommitted: true }, 1), 1_000)).errorCode).toBe(ErrorCode.DUPLICATE_VOTER);
    expect((await settle(sim, l1.handleAddRaftVoterRequest({ clusterId: "other", timeoutMs: 30_000, voterId: 2, voterDirectoryId: simDirectoryId(2), listeners: listeners(2), ackWhenCommitted: true }, 1), 1_000)).errorCode).toBe(ErrorCode.INCONSISTENT_CLUSTER_ID);
    expect((await settle(sim, l1.handleRemoveRaftVoterRequest({ clusterId: "sim-cluster", voterId: 3, voterDirectoryId: simDirectoryId(3) }, 0), 1_000)).errorCode).toBe(ErrorCode.VOTER_NOT_FOUND);
    // A follower is not the leader.
    expect((await settle(sim, sim.nodes.get(2)!.client!.handleAddRaftVoterRequest({ clusterId: "sim-cluster", timeoutMs: 30_000, voterId: 2, voterDirectoryId: simDirectoryId(2), listeners: listeners(2), ackWhenCommitted: true }, 1), 1_000)).errorCode).toBe(ErrorCode.NOT_LEADER_OR_FOLLOWER);

    for (const id of [2, 3]) {
      const r = await settle(sim, leader(sim).handleAddRaftVoterRequest({ clusterId: "sim-cluster", timeoutMs: 30_000, voterId: id, voterDirectoryId: simDirectoryId(id), listeners: listeners(id), ackWhenCommitted: true }, 1), 5_000);
      expect(r.errorCode, `add ${id}: ${r.errorMessage}`).toBe(ErrorCode.NONE);
    }
    const want = "1,2,3";
    await runUntil(sim, () => [1, 2, 3].every((id) => votersOf(sim, id).join() === want), 5_000, "everyone has voters [1,2,3]");
    const ls = leader(sim).quorum.current as LeaderState;
    expect([...ls.voterStates.keys()].sort().join()).toBe(want);

    // UpdateRaftVoter: node 2 names a second listener; answered at once, the voter set carries it.
    const up = leader(sim).handleUpdateRaftVoterRequest({ clusterId: "sim-cluster", currentLeaderEpoch: leader(sim).quorum.epoch, voterId: 2, voterDirectoryId: simDirectoryId(2), listeners: [...listeners(2), { name: "OTHER", host: "n2", port: 9999 }], kRaftVersionFeature: { minSupportedVersion: 0, maxSupportedVersion: 1 } }, 0);
    expect(up.errorCode).toBe(ErrorCode.NONE);
    expect(up.currentLeader.leaderId).toBe(1);
    await runUntil(sim, () => sim.nodes.get(3)!.client!.quorum.voters.voter(2)?.endpoints.length === 2, 5_000, "node 3 sees node 2's new listener");

    // Remove the leader itself: it resigns once the change commits; 2 and 3 go on without it.
    const rm = await settle(sim, leader(sim).handleRemoveRaftVoterRequest({ clusterId: "sim-cluster", voterId: 1, voterDirectoryId: simDirectoryId(1) }, 0), 5_000);
    expect(rm.errorCode, String(rm.errorMessage)).toBe(ErrorCode.NONE);
    await runUntil(sim, () => { const l = sim.liveLeader(); return l !== null && l.id !== 1; }, 10_000, "a new leader among 2 and 3");
    await runUntil(sim, () => [1, 2, 3].every((id) => votersOf(sim, id).join() === "2,3"), 5_000, "everyone has voters [2,3]");
    expect(sim.nodes.get(1)!.client!.quorum.isObserver()).toBe(true);
    // Commits need only 2 and 3 now: kill node 1.
    sim.kill(1);
    const before = sim.committedOffsets().length;
    await sim.run(1_000, { appendEveryMs: 50 });
    expect(sim.committedOffsets().length).toBeGreaterThan(before);

    // Restarts read the voters back from the log.
    for (const id of [2, 3, 1]) {
      sim.kill(id);
      sim.start(id);
      expect(votersOf(sim, id).join(), `node ${id} after a restart`).toBe("2,3");
      await sim.run(300, { appendEveryMs: 50 });
    }
    await runUntil(sim, () => sim.liveLeader() !== null && sim.liveLeader()!.id !== 1, 10_000, "a leader after the restarts");
    const atRestart = sim.appended.length;
    await runUntil(sim, () => sim.appended.slice(atRestart).some((v) => [1, 2, 3].every((id) => sim.nodes.get(id)!.listener!.delivered.some((d) => d.value === v))), 10_000, "an append committed on every node after the restarts");
  } finally {
    sim.close();
  }
}, 60_000);

test("an uncommitted VotersRecord is truncated away and the voter set reverts", async () => {
  // Nodes 1-3 formatted with --initial-controllers, node 4 with --no-initial-controllers.
  const sim = new RaftSimulation({ voters: 3, observers: 1, seed: SEED, dynamic: true });
  try {
    await runUntil(sim, () => sim.liveLeader() !== null && votersOf(sim, 4).join() === "1,2,3" && sim.nodes.get(4)!.client!.quorum.hasLeader(), 10_000, "a leader, and node 4 following it");
    await sim.run(500, { appendEveryMs: 50 });
    const old = sim.liveLeader()!;
    const others = [1, 2, 3].filter((id) => id !== old.id);
    // The leader keeps reaching node 4 only: the VotersRecord adding 4 cannot commit (2 of 4).
    for (const o of others) sim.cut(old.id, o);
    let answered: number | null = null;
    void old.client!.handleAddRaftVoterRequest({ clusterId: "sim-cluster", timeoutMs: 30_000, voterId: 4, voterDirectoryId: simDirectoryId(4), listeners: listeners(4), ackWhenCommitted: true }, 1).then((r) => (answered = r.errorCode));
    await runUntil(sim, () => old.client!.quorum.voters.voterIds().join() === "1,2,3,4", 2_000, "the old leader appended the new voter set");
    expect(old.log.highWatermark()).toBeLessThanOrEqual(old.client!.control.lastVoterSetOffset()!);
    await runUntil(sim, () => { const l = sim.liveLeader(); return l !== null && l.id !== old.id; }, 10_000, "a new leader among the other two");
    expect(votersOf(sim, sim.liveLeader()!.id).join()).toBe("1,2,3");
    sim.healAll();
    await runUntil(sim, () => [1, 2, 3, 4].every((id) => votersOf(sim, id).join() === "1,2,3"), 10_000, "every node back at voters [1,2,3]");
    expect(sim.nodes.get(4)!.client!.quorum.isObserver()).toBe(true);
    await runUntil(sim, () => answered !== null, 5_000, "the add answered");
    expect([ErrorCode.NOT_LEADER_OR_FOLLOWER, ErrorCode.REQUEST_TIMED_OUT] as number[]).toContain(answered!);
    // The add works once a leader's voter change can commit.
    const r = await settle(sim, leader(sim).handleAddRaftVoterRequest({ clusterId: "sim-cluster", timeoutMs: 30_000, voterId: 4, voterDirectoryId: simDirectoryId(4), listeners: listeners(4), ackWhenCommitted: true }, 1), 5_000);
    expect(r.errorCode, String(r.errorMessage)).toBe(ErrorCode.NONE);
    await runUntil(sim, () => [1, 2, 3, 4].every((id) => votersOf(sim, id).join() === "1,2,3,4"), 5_000, "everyone has voters [1,2,3,4]");
  } finally {
    sim.close();
  }
}, 60_000);

test("controller.quorum.auto.join.enable: observer controllers add themselves, one at a time", async () => {
  const sim = new RaftSimulation({ voters: 1, observers: 2, seed: SEED, dynamic: true, autoJoin: true });
  try {
    await runUntil(sim, () => [1, 2, 3].every((id) => votersOf(sim, id).join() === "1,2,3"), 30_000, "everyone has voters [1,2,3] by auto-join");
    const l = leader(sim);
    const atJoin = sim.appended.length;
    await runUntil(sim, () => sim.appended.slice(atJoin).some((v) => [1, 2, 3].every((id) => sim.nodes.get(id)!.listener!.delivered.some((d) => d.value === v))), 10_000, "an append committed everywhere");
    expect(l.quorum.isVoter()).toBe(true);
  } finally {
    sim.close();
  }
}, 60_000);
