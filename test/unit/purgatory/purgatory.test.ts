// DelayedOperationPurgatory on a FakeClock: complete-now vs watch, checkAndComplete, expiry, onComplete
// exactly once under re-entry (expiry and satisfaction in one tick, checks from inside callbacks),
// cancelForKey, the pending bound, counts, and that nothing stays on a watch list or the timer.

import { describe, expect, test } from "bun:test";
import { FakeClock } from "../../../src/util/purgatory/fake-clock.ts";
import { DelayedOperationPurgatory, topicPartitionKey } from "../../../src/util/purgatory/purgatory.ts";
import { PurgatoryError } from "../../../src/util/purgatory/errors.ts";
import { Timer } from "../../../src/util/purgatory/timer.ts";
import { FlagOperation } from "./helpers.ts";

function setup(maxPending?: number) {
  const clock = new FakeClock(10_000);
  const timer = new Timer({ clock });
  const errors: unknown[] = [];
  const purgatory = new DelayedOperationPurgatory<FlagOperation>({ name: "Test", timer, maxPending, onError: (e) => errors.push(e) });
  const op = (timeoutMs: number, label = "", hooks: FlagOperation["hooks"] = {}) => new FlagOperation(purgatory.deadlineAfter(timeoutMs), label, hooks);
  return { clock, timer, purgatory, op, errors };
}

/** Nothing left behind: no watch entries, no keys, no timer tasks, no wake-up. */
function expectEmpty(p: DelayedOperationPurgatory<FlagOperation>, clock: FakeClock): void {
  const s = p.stats();
  expect(s.pending).toBe(0);
  expect(s.watchers).toBe(0);
  expect(s.watchedKeys).toBe(0);
  expect(p.timer.size).toBe(0);
  expect(clock.pendingWakeups).toBe(0);
}

describe("tryCompleteElseWatch", () => {
  test("an operation that can complete at once is completed and not watched", () => {
    const { clock, purgatory, op } = setup();
    const a = op(1000);
    a.ready = true;
    expect(purgatory.tryCompleteElseWatch(a, ["t-0"])).toBe(true);
    expect(a.completions).toBe(1);
    expect(a.completionReason).toBe("satisfied");
    expectEmpty(purgatory, clock);
  });

  test("otherwise it waits under every key until checkAndComplete on one of them completes it", () => {
    const { clock, purgatory, op } = setup();
    const a = op(1000);
    expect(purgatory.tryCompleteElseWatch(a, ["t-0", "t-1", "t-0"])).toBe(false);
    expect(purgatory.stats()).toMatchObject({ pending: 1, watchedKeys: 2, watchers: 2 });
    expect(purgatory.checkAndComplete("t-1")).toBe(0); // condition not met yet
    expect(purgatory.checkAndComplete("nobody")).toBe(0);
    a.ready = true;
    expect(purgatory.checkAndComplete("t-1")).toBe(1);
    expect(a.completions).toBe(1);
    expect(a.completionReason).toBe("satisfied");
    expect(purgatory.checkAndComplete("t-0")).toBe(0); // already gone from t-0's list too
    expect(a.tries).toBe(3);
    expectEmpty(purgatory, clock);
  });

  test("the deadline expires it: onComplete then onExpiration, once, at the deadline", () => {
    const { clock, purgatory, op } = setup();
    const start = clock.nowMs();
    let completedAtMs = -1;
    const a = op(250, "a", { onComplete: (o) => (completedAtMs = clock.nowMs()) && expect(o.completionReason).toBe("expired") });
    purgatory.tryCompleteElseWatch(a, ["k"]);
    clock.advance(249);
    expect(a.completions).toBe(0);
    clock.advance(1);
    expect(completedAtMs).toBe(start + 250);
    expect([a.completions, a.expirations]).toEqual([1, 1]);
    clock.advance(10_000);
    expect([a.completions, a.expirations]).toEqual([1, 1]);
    expect(purgatory.stats().completed).toEqual({ satisfied: 0, expired: 1, forced: 0, overflow: 0 });
    expectEmpty(purgatory, clock);
  });

  test("a zero timeout expires inside tryCompleteElseWatch; no keys means it only waits for the deadline", () => {
    const { clock, purgatory, op } = setup();
    const a = op(0);
    expect(purgatory.tryCompleteElseWatch(a, ["k"])).toBe(true);
    expect(a.completionReason).toBe("expired");
    const b = op(30);
    expect(purgatory.tryCompleteElseWatch(b, [])).toBe(false);
    clock.advance(30);
    expect(b.completionReason).toBe("expired");
    expectEmpty(purgatory, clock);
  });

  test("watching an operation twice is an error naming the purgatory", () => {
    const { purgatory, op } = setup();
    const a = op(100);
    purgatory.tryCompleteElseWatch(a, ["k"]);
    let err: unknown;
    try {
      purgatory.tryCompleteElseWatch(a, ["k"]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PurgatoryError);
    expect((err as PurgatoryError).code).toBe("ALREADY_WATCHED");
    expect((err as PurgatoryError).purgatory).toBe("Test");
  });

  test("topicPartitionKey is Kafka's topic-partition string", () => {
    expect(topicPartitionKey("orders-eu", 12)).toBe("orders-eu-12");
  });
});

describe("exactly-once completion under re-entry", () => {
  test("expiry and satisfaction in the same tick: whichever runs first wins, the other is a no-op", () => {
    for (const satisfierFirst of [true, false]) {
      const { clock, purgatory, op } = setup();
      // Both due at the same ms; the satisfier's expiry satisfies the victim from inside onComplete.
      const victim = op(100, "victim");
      const satisfier = op(100, "satisfier", {
        onComplete: () => {
          victim.ready = true;
          purgatory.checkAndComplete("k");
        },
      });
      const order = satisfierFirst ? [satisfier, victim] : [victim, satisfier];
      for (const o of order) purgatory.tryCompleteElseWatch(o, ["k"]);
      clock.advance(100);
      expect(victim.completions).toBe(1);
      expect(satisfier.completions).toBe(1);
      expect(victim.completionReason).toBe(satisfierFirst ? "satisfied" : "expired");
      expect(victim.expirations).toBe(satisfierFirst ? 0 : 1);
      expectEmpty(purgatory, clock);
    }
  });

  test("checkAndComplete from inside onComplete on the same key completes the others once and skips itself", () => {
    const { clock, purgatory, op } = setup();
    const ops: FlagOperation[] = [];
    for (let i = 0; i < 5; i++) {
      ops.push(
        op(1000, `op${i}`, {
          // Every completion re-checks the key (as a produce completing would re-check fetches).
          onComplete: () => {
            expect(purgatory.checkAndComplete("k")).toBeGreaterThanOrEqual(0);
          },
        }),
      );
    }
    for (const o of ops) purgatory.tryCompleteElseWatch(o, ["k"]);
    for (const o of ops) o.ready = true;
    expect(purgatory.checkAndComplete("k")).toBeGreaterThanOrEqual(1);
    for (const o of ops) expect(o.completions).toBe(1);
    expect(purgatory.stats().completed.satisfied).toBe(5);
    clock.advance(2000);
    for (const o of ops) expect([o.completions, o.expirations]).toEqual([1, 0]);
    expectEmpty(purgatory, clock);
  });

  test("forceComplete from inside its own onComplete, and from tryComplete, returns false", () => {
    const { clock, purgatory, op } = setup();
    const results: boolean[] = [];
    const a = op(1000, "a", { onComplete: (o) => results.push(o.forceComplete()) });
    purgatory.tryCompleteElseWatch(a, ["k"]);
    const b = op(1000, "b", {
      tryComplete: (o) => {
        if (o.ready) results.push(o.forceComplete("forced")); // a tryComplete that completes itself
      },
    });
    purgatory.tryCompleteElseWatch(b, ["k"]);
    a.ready = true;
    b.ready = true;
    purgatory.checkAndComplete("k");
    // a's inner forceComplete is refused; b's own forceComplete wins and the purgatory's is a no-op.
    expect(results).toEqual([false, true]);
    expect([a.completions, b.completions]).toEqual([1, 1]);
    expect([a.completionReason, b.completionReason]).toEqual(["satisfied", "forced"]);
    expect(b.forceComplete()).toBe(false);
    expectEmpty(purgatory, clock);
  });

  test("an operation on two keys checked from inside the other's tryComplete completes once", () => {
    const { clock, purgatory, op } = setup();
    // a's tryComplete checks k2, where a is also watching: recursion, bounded to 3 levels by the test.
    let depth = 0;
    const a = op(1000, "a", {
      tryComplete: () => {
        if (depth++ < 3) purgatory.checkAndComplete("k2");
      },
    });
    purgatory.tryCompleteElseWatch(a, ["k1", "k2"]);
    a.ready = true;
    purgatory.checkAndComplete("k1");
    expect(a.completions).toBe(1);
    expectEmpty(purgatory, clock);
  });

  test("an operation cancelled by a callback in the same tick never completes", () => {
    const { clock, purgatory, op } = setup();
    const victim = op(100, "victim");
    const killer = op(100, "killer", { onComplete: () => victim.cancel() });
    purgatory.tryCompleteElseWatch(killer, ["k"]);
    purgatory.tryCompleteElseWatch(victim, ["k"]);
    clock.advance(100);
    expect([killer.completions, victim.completions]).toEqual([1, 0]);
    expect(victim.state).toBe("cancelled");
    expect(purgatory.stats().cancelled).toBe(1);
    expectEmpty(purgatory, clock);
  });

  test("an exception in one operation's callbacks does not stop checkAndComplete for the others", () => {
    const { clock, purgatory, op, errors } = setup();
    const bad = op(100, "bad", {
      tryComplete: () => {
        throw new Error("bad tryComplete");
      },
    });
    const good = op(100, "good");
    purgatory.tryCompleteElseWatch(good, ["k"]);
    purgatory.tryCompleteElseWatch(op(100, "ok"), ["other"]);
    good.ready = true;
    // bad throws already in tryCompleteElseWatch: the caller's own call, so it propagates.
    expect(() => purgatory.tryCompleteElseWatch(bad, ["k"])).toThrow("bad tryComplete");
    const later = op(100, "later", {
      tryComplete: (o) => {
        if (o.tries > 1) throw new Error("later tryComplete");
      },
    });
    purgatory.tryCompleteElseWatch(later, ["k"]);
    expect(purgatory.checkAndComplete("k")).toBe(1);
    expect(good.completions).toBe(1);
    expect(errors.length).toBe(1);
    clock.advance(100);
    expect(later.completionReason).toBe("expired");
    expectEmpty(purgatory, clock);
  });
});

describe("cancelForKey and forceCompleteAll", () => {
  test("cancelForKey returns the key's operations, drops them from every key and the timer, completes none", () => {
    const { clock, purgatory, op } = setup();
    const a = op(500, "a");
    const b = op(500, "b");
    const c = op(500, "c");
    purgatory.tryCompleteElseWatch(a, ["t-0", "t-1"]);
    purgatory.tryCompleteElseWatch(b, ["t-0"]);
    purgatory.tryCompleteElseWatch(c, ["t-1"]);
    expect(purgatory.cancelForKey("t-0")).toEqual([a, b]);
    expect(purgatory.cancelForKey("t-0")).toEqual([]);
    expect(purgatory.watched("t-1")).toBe(1); // only c
    a.ready = true;
    expect(purgatory.checkAndComplete("t-1")).toBe(0);
    clock.advance(500);
    expect([a.completions, b.completions, c.completions]).toEqual([0, 0, 1]);
    expect([a.state, b.state, c.state]).toEqual(["cancelled", "cancelled", "completed"]);
    expect(purgatory.stats()).toMatchObject({ cancelled: 2, completed: { expired: 1 } });
    expectEmpty(purgatory, clock);
  });

  test("forceCompleteAll completes every waiting operation once with reason forced (shutdown)", () => {
    const { clock, purgatory, op } = setup();
    const ops = [op(100), op(1000), op(60_000)];
    ops.forEach((o, i) => purgatory.tryCompleteElseWatch(o, [`k${i % 2}`]));
    expect(purgatory.forceCompleteAll()).toBe(3);
    for (const o of ops) expect([o.completions, o.completionReason]).toEqual([1, "forced"]);
    expect(purgatory.forceCompleteAll()).toBe(0);
    expectEmpty(purgatory, clock);
  });
});

describe("the pending bound", () => {
  test("past maxPending a new operation completes at once with reason overflow; room frees as others finish", () => {
    const { clock, purgatory, op } = setup(3);
    const waiting = [op(100), op(100), op(200)];
    for (const o of waiting) expect(purgatory.tryCompleteElseWatch(o, ["k"])).toBe(false);
    const refused = op(100);
    expect(purgatory.tryCompleteElseWatch(refused, ["k"])).toBe(true);
    expect([refused.completions, refused.completionReason]).toEqual([1, "overflow"]);
    expect(purgatory.pendingCount).toBe(3);
    // An operation that can complete now is still satisfied normally when the purgatory is full.
    const ready = op(100);
    ready.ready = true;
    purgatory.tryCompleteElseWatch(ready, ["k"]);
    expect(ready.completionReason).toBe("satisfied");
    clock.advance(100); // two expire
    const admitted = op(100);
    expect(purgatory.tryCompleteElseWatch(admitted, ["k"])).toBe(false);
    expect(purgatory.stats()).toMatchObject({ pending: 2, completed: { overflow: 1, expired: 2, satisfied: 1 } });
    clock.advance(100);
    expectEmpty(purgatory, clock);
  });

  test("maxPending must be a non-negative integer", () => {
    expect(() => new DelayedOperationPurgatory({ name: "X", maxPending: -1 })).toThrow(PurgatoryError);
    expect(() => new DelayedOperationPurgatory({ name: "X", maxPending: 1.5 })).toThrow(/maxPending/);
  });
});

describe("shared timer", () => {
  test("two purgatories on one Timer share one wake-up and keep separate counts", () => {
    const clock = new FakeClock(0);
    const timer = new Timer({ clock });
    const fetch = new DelayedOperationPurgatory<FlagOperation>({ name: "Fetch", timer });
    const produce = new DelayedOperationPurgatory<FlagOperation>({ name: "Produce", timer });
    const f = new FlagOperation(fetch.deadlineAfter(500));
    const p = new FlagOperation(produce.deadlineAfter(30_000));
    fetch.tryCompleteElseWatch(f, ["t-0"]);
    produce.tryCompleteElseWatch(p, ["t-0"]);
    expect(clock.pendingWakeups).toBe(1);
    expect(timer.size).toBe(2);
    p.ready = true;
    expect(fetch.checkAndComplete("t-0")).toBe(0); // keys are per purgatory
    expect(produce.checkAndComplete("t-0")).toBe(1);
    clock.advance(500);
    expect([fetch.stats().completed.expired, produce.stats().completed.satisfied]).toEqual([1, 1]);
    expect(clock.pendingWakeups).toBe(0);
  });
});
