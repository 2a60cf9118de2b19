import { describe, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import type { JoinResult } from "../../../src/coordinator/group/classic-member.ts";
import { flush, joinReq, setup } from "./harness.ts";

function track<T>(p: Promise<T>): { done: boolean; value?: T } {
  const s: { done: boolean; value?: T } = { done: false };
  p.then((v) => {
    s.done = true;
    s.value = v;
  });
  return s;
}

async function joinWithId(h: ReturnType<typeof setup>, over = {}): Promise<string> {
  const r = await h.mgr.join(joinReq(over));
  expect(r.errorCode).toBe(ErrorCode.MEMBER_ID_REQUIRED);
  expect(r.memberId).toStartWith("c-");
  return r.memberId;
}

describe("classic JoinGroup", () => {
  test("v4+: a new member first gets MEMBER_ID_REQUIRED, then joins; single member becomes leader", async () => {
    const h = setup();
    const id = await joinWithId(h);
    const j = track(h.mgr.join(joinReq({ memberId: id })));
    await flush();
    // Empty -> PreparingRebalance: completes by the initial delay timer (0 here), not at once.
    expect(h.groups.get("g")!.state).toBe("PreparingRebalance");
    h.clock.advance(0);
    await flush();
    expect(j.done).toBe(true);
    const r = j.value!;
    expect(r.errorCode).toBe(ErrorCode.NONE);
    expect(r.generationId).toBe(1);
    expect(r.leader).toBe(id);
    expect(r.protocolName).toBe("range");
    expect(r.members.map((m) => m.memberId)).toEqual([id]);
    expect(h.groups.get("g")!.state).toBe("CompletingRebalance");
  });

  test("pre-v4 joins are accepted without a member id round trip", async () => {
    const h = setup();
    const j = track(h.mgr.join(joinReq({ requireKnownMemberId: false })));
    h.clock.advance(0);
    await flush();
    expect(j.value!.errorCode).toBe(ErrorCode.NONE);
    expect(j.value!.memberId).toStartWith("c-");
  });

  test("a pending member id expires after the session timeout", async () => {
    const h = setup();
    const id = await joinWithId(h);
    h.clock.advance(10_001);
    const r = await h.mgr.join(joinReq({ memberId: id }));
    expect(r.errorCode).toBe(ErrorCode.UNKNOWN_MEMBER_ID);
  });

  test("initial rebalance delay waits for more members, bounded by the rebalance timeout", async () => {
    const h = setup({ initialRebalanceDelayMs: 3000 });
    const a = await joinWithId(h);
    const ja = track(h.mgr.join(joinReq({ memberId: a })));
    h.clock.advance(2000);
    const b = await joinWithId(h);
    const jb = track(h.mgr.join(joinReq({ memberId: b })));
    h.clock.advance(1000); // first delay ends; a member was added so wait another delay
    await flush();
    expect(ja.done).toBe(false);
    h.clock.advance(3000);
    await flush();
    expect(ja.value!.generationId).toBe(1);
    expect(jb.value!.generationId).toBe(1);
    expect(ja.value!.members.length + jb.value!.members.length).toBe(2);
  });

  test("invalid session timeout and empty group id", async () => {
    const h = setup();
    expect((await h.mgr.join(joinReq({ sessionTimeoutMs: 1 }))).errorCode).toBe(ErrorCode.INVALID_SESSION_TIMEOUT);
    expect((await h.mgr.join(joinReq({ groupId: "" }))).errorCode).toBe(ErrorCode.INVALID_GROUP_ID);
  });

  test("inconsistent protocol type or no common protocol", async () => {
    const h = setup();
    const a = await joinWithId(h);
    track(h.mgr.join(joinReq({ memberId: a })));
    h.clock.advance(0);
    await flush();
    expect((await h.mgr.join(joinReq({ protocolType: "connect" }))).errorCode).toBe(ErrorCode.INCONSISTENT_GROUP_PROTOCOL);
    expect((await h.mgr.join(joinReq({ protocols: [{ name: "roundrobin", metadata: new Uint8Array() }] }))).errorCode).toBe(
      ErrorCode.INCONSISTENT_GROUP_PROTOCOL,
    );
  });

  test("protocol selection by votes among protocols every member supports", async () => {
    const h = setup();
    const p = (n: string) => ({ name: n, metadata: new Uint8Array([n.length]) });
    const ja = track(h.mgr.join(joinReq({ requireKnownMemberId: false, protocols: [p("cooperative-sticky"), p("range")] })));
    const jb = track(h.mgr.join(joinReq({ requireKnownMemberId: false, protocols: [p("range"), p("cooperative-sticky")] })));
    const jc = track(h.mgr.join(joinReq({ requireKnownMemberId: false, protocols: [p("range"), p("roundrobin"), p("cooperative-sticky")] })));
    h.clock.advance(0);
    await flush();
    for (const j of [ja, jb, jc]) expect(j.value!.protocolName).toBe("range");
  });

  test("max group size", async () => {
    const h = setup({ maxGroupSize: 1 });
    track(h.mgr.join(joinReq({ requireKnownMemberId: false })));
    const r = await h.mgr.join(joinReq({ requireKnownMemberId: false }));
    expect(r.errorCode).toBe(ErrorCode.GROUP_MAX_SIZE_REACHED);
  });
});

export type { JoinResult };
