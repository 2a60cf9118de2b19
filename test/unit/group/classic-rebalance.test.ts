import { describe, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import type { JoinResult, SyncResult } from "../../../src/coordinator/group/classic-member.ts";
import { flush, joinReq, setup } from "./harness.ts";

type H = ReturnType<typeof setup>;

function track<T>(p: Promise<T>): { done: boolean; value?: T } {
  const s: { done: boolean; value?: T } = { done: false };
  p.then((v) => {
    s.done = true;
    s.value = v;
  });
  return s;
}

const enc = (s: string) => new TextEncoder().encode(s);

/** Join n dynamic members (pre-v4 style) and complete generation 1 with a sync from everyone. */
async function stableGroup(h: H, n: number, over = {}): Promise<JoinResult[]> {
  const js = Array.from({ length: n }, () => track(h.mgr.join(joinReq({ requireKnownMemberId: false, ...over }))));
  h.clock.advance(0);
  await flush();
  const results = js.map((j) => j.value!);
  await syncAll(h, results);
  return results;
}

async function syncAll(h: H, results: JoinResult[]): Promise<SyncResult[]> {
  const leader = results.find((r) => r.members.length > 0)!;
  const syncs = results.map((r) =>
    track(
      h.mgr.sync({
        groupId: "g",
        memberId: r.memberId,
        groupInstanceId: null,
        generationId: r.generationId,
        protocolType: "consumer",
        protocolName: r.protocolName,
        assignments: r === leader ? leader.members.map((m) => ({ memberId: m.memberId, assignment: enc(`for-${m.memberId}`) })) : [],
      }),
    ),
  );
  await flush();
  return syncs.map((s) => s.value!);
}

describe("classic SyncGroup / Heartbeat / LeaveGroup", () => {
  test("followers wait for the leader's assignment and each gets its own, stored first", async () => {
    const h = setup();
    const js = [0, 1, 2].map(() => track(h.mgr.join(joinReq({ requireKnownMemberId: false }))));
    h.clock.advance(0);
    await flush();
    const results = js.map((j) => j.value!);
    const followers = results.filter((r) => r.members.length === 0);
    expect(followers.length).toBe(2);
    const fs = followers.map((f) => track(h.mgr.sync({ groupId: "g", memberId: f.memberId, groupInstanceId: null, generationId: 1, protocolType: null, protocolName: null, assignments: [] })));
    await flush();
    expect(fs.every((f) => !f.done)).toBe(true);
    const leader = results.find((r) => r.members.length === 3)!;
    const ls = await h.mgr.sync({
      groupId: "g",
      memberId: leader.memberId,
      groupInstanceId: null,
      generationId: 1,
      protocolType: "consumer",
      protocolName: "range",
      assignments: leader.members.filter((m) => m.memberId !== followers[1]!.memberId).map((m) => ({ memberId: m.memberId, assignment: enc(m.memberId) })),
    });
    await flush();
    expect(ls.errorCode).toBe(ErrorCode.NONE);
    expect(new TextDecoder().decode(ls.assignment)).toBe(leader.memberId);
    expect(new TextDecoder().decode(fs[0]!.value!.assignment)).toBe(followers[0]!.memberId);
    // A member the leader left out still gets an (empty) assignment, never nothing.
    expect(fs[1]!.value!.errorCode).toBe(ErrorCode.NONE);
    expect(fs[1]!.value!.assignment.length).toBe(0);
    expect(h.groups.get("g")!.state).toBe("Stable");
    expect(h.stored.at(-1)).toMatchObject({ generation: 1, state: "CompletingRebalance" });
  });

  test("generation and member checks on SyncGroup and Heartbeat", async () => {
    const h = setup();
    const [a] = await stableGroup(h, 1);
    expect((await h.mgr.sync({ groupId: "g", memberId: a!.memberId, groupInstanceId: null, generationId: 7, protocolType: null, protocolName: null, assignments: [] })).errorCode).toBe(
      ErrorCode.ILLEGAL_GENERATION,
    );
    expect((await h.mgr.sync({ groupId: "g", memberId: "nope", groupInstanceId: null, generationId: 1, protocolType: null, protocolName: null, assignments: [] })).errorCode).toBe(
      ErrorCode.UNKNOWN_MEMBER_ID,
    );
    expect((await h.mgr.sync({ groupId: "g", memberId: a!.memberId, groupInstanceId: null, generationId: 1, protocolType: "connect", protocolName: null, assignments: [] })).errorCode).toBe(
      ErrorCode.INCONSISTENT_GROUP_PROTOCOL,
    );
    expect(h.mgr.heartbeat("g", a!.memberId, null, 1)).toBe(ErrorCode.NONE);
    expect(h.mgr.heartbeat("g", a!.memberId, null, 0)).toBe(ErrorCode.ILLEGAL_GENERATION);
    expect(h.mgr.heartbeat("g", "nope", null, 1)).toBe(ErrorCode.UNKNOWN_MEMBER_ID);
    expect(h.mgr.heartbeat("other", a!.memberId, null, 1)).toBe(ErrorCode.UNKNOWN_MEMBER_ID);
  });

  test("a new member triggers a rebalance: the old member sees REBALANCE_IN_PROGRESS and rejoins", async () => {
    const h = setup();
    const [a] = await stableGroup(h, 1);
    const jb = track(h.mgr.join(joinReq({ requireKnownMemberId: false })));
    expect(h.groups.get("g")!.state).toBe("PreparingRebalance");
    expect(h.mgr.heartbeat("g", a!.memberId, null, 1)).toBe(ErrorCode.REBALANCE_IN_PROGRESS);
    // Offsets stay committable with the current generation during PreparingRebalance (checked elsewhere).
    const ja = track(h.mgr.join(joinReq({ memberId: a!.memberId })));
    await flush();
    // Everyone rejoined: the join completes at once, no timeout needed.
    expect(ja.value!.generationId).toBe(2);
    expect(jb.value!.generationId).toBe(2);
    const syncs = await syncAll(h, [ja.value!, jb.value!]);
    expect(syncs.map((s) => s.errorCode)).toEqual([ErrorCode.NONE, ErrorCode.NONE]);
  });

  test("a member that does not rejoin is removed at the rebalance timeout", async () => {
    const h = setup();
    const [a, b] = await stableGroup(h, 2);
    const ja = track(h.mgr.join(joinReq({ memberId: a!.memberId })));
    await flush();
    expect(ja.done).toBe(false);
    // b keeps heartbeating (told to rejoin) but never does.
    h.clock.advance(9000);
    expect(h.mgr.heartbeat("g", b!.memberId, null, 1)).toBe(ErrorCode.REBALANCE_IN_PROGRESS);
    h.clock.advance(21_001);
    await flush();
    expect(ja.value!.generationId).toBe(2);
    expect(ja.value!.members.map((m) => m.memberId)).toEqual([a!.memberId]);
    expect(h.groups.get("g")!.hasMember(b!.memberId)).toBe(false);
  });

  test("session expiry removes a silent member and rebalances the rest", async () => {
    const h = setup();
    const [a, b] = await stableGroup(h, 2);
    for (let i = 0; i < 2; i++) {
      h.clock.advance(4000);
      expect(h.mgr.heartbeat("g", a!.memberId, null, 1)).toBe(ErrorCode.NONE);
    }
    expect(h.groups.get("g")!.hasMember(b!.memberId)).toBe(true);
    h.clock.advance(2001);
    // b was silent for 10 s > its 10 s session timeout.
    expect(h.groups.get("g")!.hasMember(b!.memberId)).toBe(false);
    expect(h.groups.get("g")!.state).toBe("PreparingRebalance");
    expect(h.mgr.heartbeat("g", a!.memberId, null, 1)).toBe(ErrorCode.REBALANCE_IN_PROGRESS);
    const ja = await h.mgr.join(joinReq({ memberId: a!.memberId }));
    expect(ja.generationId).toBe(2);
  });

  test("members that never sync are removed after the rebalance timeout", async () => {
    const h = setup();
    const js = [0, 1].map(() => track(h.mgr.join(joinReq({ requireKnownMemberId: false }))));
    h.clock.advance(0);
    await flush();
    const [a, b] = js.map((j) => j.value!);
    const leader = a!.members.length > 0 ? a! : b!;
    const follower = leader === a ? b! : a!;
    const ls = track(h.mgr.sync({ groupId: "g", memberId: leader.memberId, groupInstanceId: null, generationId: 1, protocolType: null, protocolName: null, assignments: [] }));
    await flush();
    expect(ls.value!.errorCode).toBe(ErrorCode.NONE);
    for (let i = 0; i < 8; i++) {
      h.clock.advance(4000);
      h.mgr.heartbeat("g", leader.memberId, null, h.groups.get("g")!.generationId);
      h.mgr.heartbeat("g", follower.memberId, null, 1);
    }
    expect(h.groups.get("g")!.hasMember(follower.memberId)).toBe(false);
  });

  test("LeaveGroup: batch with unknown and static members; last member leaving empties the group", async () => {
    const h = setup();
    const [a, b] = await stableGroup(h, 2);
    expect(h.mgr.leave("g", [{ memberId: a!.memberId, groupInstanceId: null }, { memberId: "x", groupInstanceId: null }, { memberId: "", groupInstanceId: "i-9" }])).toEqual([
      ErrorCode.NONE,
      ErrorCode.UNKNOWN_MEMBER_ID,
      ErrorCode.UNKNOWN_MEMBER_ID,
    ]);
    expect(h.groups.get("g")!.state).toBe("PreparingRebalance");
    expect(h.mgr.leave("g", [{ memberId: b!.memberId, groupInstanceId: null }])).toEqual([ErrorCode.NONE]);
    await flush();
    expect(h.groups.get("g")!.state).toBe("Empty");
    expect(h.groups.get("g")!.generationId).toBe(2);
    expect(h.stored.at(-1)).toMatchObject({ state: "Empty", members: [] });
    expect(() => h.mgr.leave("nope", [])).toThrow();
  });

  test("a rejoin during CompletingRebalance cancels pending syncs with REBALANCE_IN_PROGRESS", async () => {
    const h = setup();
    const js = [0, 1].map(() => track(h.mgr.join(joinReq({ requireKnownMemberId: false }))));
    h.clock.advance(0);
    await flush();
    const [a, b] = js.map((j) => j.value!);
    const follower = a!.members.length > 0 ? b! : a!;
    const leader = follower === a ? b! : a!;
    const fs = track(h.mgr.sync({ groupId: "g", memberId: follower.memberId, groupInstanceId: null, generationId: 1, protocolType: null, protocolName: null, assignments: [] }));
    await flush();
    track(h.mgr.join(joinReq({ memberId: leader.memberId, protocols: [{ name: "range", metadata: enc("changed") }] })));
    await flush();
    expect(fs.value!.errorCode).toBe(ErrorCode.REBALANCE_IN_PROGRESS);
  });

  test("a failed store of the assignment fails the syncs and rebalances", async () => {
    const h = setup();
    const js = [0].map(() => track(h.mgr.join(joinReq({ requireKnownMemberId: false }))));
    h.clock.advance(0);
    await flush();
    h.setFailStores(true);
    const r = await h.mgr.sync({ groupId: "g", memberId: js[0]!.value!.memberId, groupInstanceId: null, generationId: 1, protocolType: null, protocolName: null, assignments: [] });
    expect(r.errorCode).toBe(ErrorCode.COORDINATOR_NOT_AVAILABLE);
    expect(h.groups.get("g")!.state).toBe("PreparingRebalance");
  });
});

describe("static membership (KIP-345)", () => {
  async function staticJoin(h: H, instance: string, memberId = "") {
    return track(h.mgr.join(joinReq({ groupInstanceId: instance, memberId })));
  }

  test("static members get an id at once; a restart with the same instance id fences the old id without a rebalance", async () => {
    const h = setup();
    const ja = await staticJoin(h, "i-1");
    const jb = await staticJoin(h, "i-2");
    h.clock.advance(0);
    await flush();
    const [a, b] = [ja.value!, jb.value!];
    expect(a.errorCode).toBe(ErrorCode.NONE);
    await syncAll(h, [a, b]);
    const follower = a.members.length === 0 ? a : b;
    const followerInstance = follower === a ? "i-1" : "i-2";
    const rejoin = await h.mgr.join(joinReq({ groupInstanceId: followerInstance }));
    await flush();
    expect(rejoin.errorCode).toBe(ErrorCode.NONE);
    expect(rejoin.generationId).toBe(1);
    expect(rejoin.memberId).not.toBe(follower.memberId);
    expect(h.groups.get("g")!.state).toBe("Stable");
    // The old incarnation is fenced.
    expect(h.mgr.heartbeat("g", follower.memberId, followerInstance, 1)).toBe(ErrorCode.FENCED_INSTANCE_ID);
    expect(h.mgr.heartbeat("g", rejoin.memberId, followerInstance, 1)).toBe(ErrorCode.NONE);
    const s = await h.mgr.sync({ groupId: "g", memberId: rejoin.memberId, groupInstanceId: followerInstance, generationId: 1, protocolType: null, protocolName: null, assignments: [] });
    expect(new TextDecoder().decode(s.assignment)).toBe(`for-${follower.memberId}`);
  });

  test("a rejoining static leader is told it leads and to skip the assignment (v9)", async () => {
    const h = setup();
    const ja = await staticJoin(h, "i-1");
    h.clock.advance(0);
    await flush();
    await syncAll(h, [ja.value!]);
    const r = await h.mgr.join(joinReq({ groupInstanceId: "i-1" }));
    expect(r.leader).toBe(r.memberId);
    expect(r.skipAssignment).toBe(true);
    expect(r.members.length).toBe(1);
    expect(h.groups.get("g")!.state).toBe("Stable");
  });

  test("a static member that does not rejoin keeps its place through a rebalance", async () => {
    const h = setup();
    const ja = await staticJoin(h, "i-1");
    const jb = await staticJoin(h, "i-2");
    h.clock.advance(0);
    await flush();
    await syncAll(h, [ja.value!, jb.value!]);
    // i-1 rejoins with new metadata -> rebalance; i-2 is silent but heartbeats
    const r1 = track(h.mgr.join(joinReq({ groupInstanceId: "i-1", memberId: ja.value!.memberId, protocols: [{ name: "range", metadata: enc("v2") }] })));
    for (let i = 0; i < 5; i++) {
      h.clock.advance(5000);
      expect(h.mgr.heartbeat("g", jb.value!.memberId, "i-2", 1)).toBe(ErrorCode.REBALANCE_IN_PROGRESS);
    }
    h.clock.advance(5001);
    await flush();
    // The silent static member stays in the new generation; its next heartbeat learns the generation moved.
    expect(h.mgr.heartbeat("g", jb.value!.memberId, "i-2", 1)).toBe(ErrorCode.ILLEGAL_GENERATION);
    expect(r1.value!.generationId).toBe(2);
    expect(r1.value!.members.map((m) => m.groupInstanceId).sort()).toEqual(["i-1", "i-2"]);
    expect(h.groups.get("g")!.staticMemberId("i-2")).toBe(jb.value!.memberId);
  });

  test("LeaveGroup by instance id; a wrong member id for an instance is fenced", async () => {
    const h = setup();
    const ja = await staticJoin(h, "i-1");
    h.clock.advance(0);
    await flush();
    await syncAll(h, [ja.value!]);
    expect(h.mgr.leave("g", [{ memberId: "other", groupInstanceId: "i-1" }])).toEqual([ErrorCode.FENCED_INSTANCE_ID]);
    expect(h.mgr.leave("g", [{ memberId: "", groupInstanceId: "i-1" }])).toEqual([ErrorCode.NONE]);
    await flush();
    expect(h.groups.get("g")!.state).toBe("Empty");
  });
});
