// Test helpers for the group coordinator: a hand-driven clock and a ClassicGroupManager with an
// in-memory store whose writes can be made to fail.
import { ClassicGroup } from "../../../src/coordinator/group/classic-group.ts";
import { ClassicGroupManager, type ClassicGroupConfig, type JoinRequest } from "../../../src/coordinator/group/classic-manager.ts";
import type { GroupClock } from "../../../src/coordinator/group/timer.ts";
import { GroupTimers } from "../../../src/coordinator/group/timer.ts";

export class ManualClock implements GroupClock {
  private t = 1_000_000;
  private seq = 0;
  private wakeups: Array<{ at: number; seq: number; fn: () => void; dead: boolean }> = [];
  nowMs(): number {
    return this.t;
  }
  schedule(fn: () => void, delayMs: number): { cancel(): void } {
    const w = { at: this.t + delayMs, seq: this.seq++, fn, dead: false };
    this.wakeups.push(w);
    return { cancel: () => void (w.dead = true) };
  }
  /** Advance time, firing due callbacks in order (bounded: a test never needs more). */
  advance(ms: number): void {
    const target = this.t + ms;
    for (let i = 0; i < 100_000; i++) {
      const due = this.wakeups.filter((w) => !w.dead && w.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      due.dead = true;
      this.t = Math.max(this.t, due.at);
      due.fn();
    }
    this.wakeups = this.wakeups.filter((w) => !w.dead);
    this.t = target;
  }
}

export function setup(config: Partial<ClassicGroupConfig> = {}) {
  const clock = new ManualClock();
  const timers = new GroupTimers(clock);
  const groups = new Map<string, ClassicGroup>();
  const stored: Array<{ groupId: string; generation: number; state: string; members: string[] }> = [];
  let failStores = false;
  const mgr = new ClassicGroupManager(
    {
      classicGroup(id, create) {
        let g = groups.get(id);
        if (!g && create) groups.set(id, (g = new ClassicGroup(id, clock.nowMs())));
        return g;
      },
      storeGroup(g) {
        if (failStores) return Promise.reject(new Error("store failed"));
        stored.push({ groupId: g.groupId, generation: g.generationId, state: g.state, members: [...g.members.keys()] });
        return Promise.resolve();
      },
    },
    timers,
    { initialRebalanceDelayMs: 0, minSessionTimeoutMs: 10, maxSessionTimeoutMs: 600_000, maxGroupSize: 1000, newMemberJoinTimeoutMs: 300_000, ...config },
  );
  return {
    clock,
    timers,
    groups,
    stored,
    mgr,
    setFailStores: (f: boolean) => void (failStores = f),
  };
}

export function joinReq(over: Partial<JoinRequest> = {}): JoinRequest {
  return {
    groupId: "g",
    memberId: "",
    groupInstanceId: null,
    clientId: "c",
    clientHost: "/127.0.0.1",
    sessionTimeoutMs: 10_000,
    rebalanceTimeoutMs: 30_000,
    protocolType: "consumer",
    protocols: [{ name: "range", metadata: new Uint8Array([1]) }],
    requireKnownMemberId: true,
    supportsSkipAssignment: true,
    reason: null,
    ...over,
  };
}

/** Let resolved promises run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}
