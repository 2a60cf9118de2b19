// The purgatory at scale and on the real clock: 100k timer inserts and cancels, 100k operations over
// 1000 keys completed by checks, expiry and cancels, and a 50 ms operation expiring on the system
// clock between 50 and 150 ms. Time limits are generous multiples of what this machine measures
// (printed), so they catch an accidental O(n^2), not a slow CI runner.

import { describe, expect, test } from "bun:test";
import { systemClock } from "../../../src/util/purgatory/clock.ts";
import { FakeClock } from "../../../src/util/purgatory/fake-clock.ts";
import { DelayedOperationPurgatory } from "../../../src/util/purgatory/purgatory.ts";
import { Timer } from "../../../src/util/purgatory/timer.ts";
import { FlagOperation, RecordingTask, rng } from "./helpers.ts";

const N = 100_000;

describe("scale", () => {
  test("100k timer inserts then 100k cancels stay fast and leave nothing armed", () => {
    const clock = new FakeClock(0);
    const timer = new Timer({ clock });
    const log: RecordingTask[] = [];
    const r = rng(11);
    const tasks = Array.from({ length: N }, () => new RecordingTask(1 + Math.floor(r() * 3_600_000), clock, log));
    const t0 = performance.now();
    for (const t of tasks) timer.add(t);
    const t1 = performance.now();
    for (const t of tasks) t.cancel();
    const t2 = performance.now();
    console.log(`timer: ${N} adds ${(t1 - t0).toFixed(1)} ms, ${N} cancels ${(t2 - t1).toFixed(1)} ms`);
    expect(timer.size).toBe(0);
    expect(clock.pendingWakeups).toBe(0);
    expect(t1 - t0).toBeLessThan(2000);
    expect(t2 - t1).toBeLessThan(2000);
    clock.advance(3_600_000);
    expect(log.length).toBe(0);
  });

  test("100k operations on 1000 keys: a third satisfied, a third cancelled, a third expire; no leak", () => {
    const clock = new FakeClock(0);
    const timer = new Timer({ clock });
    const purgatory = new DelayedOperationPurgatory<FlagOperation>({ name: "Fetch", timer, maxPending: N });
    const r = rng(5);
    const keys = Array.from({ length: 1000 }, (_, i) => `topic-${i}`);
    const ops: FlagOperation[] = [];
    const t0 = performance.now();
    for (let i = 0; i < N; i++) {
      const op = new FlagOperation(purgatory.deadlineAfter(1 + Math.floor(r() * 30_000)), String(i));
      ops.push(op);
      purgatory.tryCompleteElseWatch(op, [keys[i % 1000], keys[(i * 7 + 3) % 1000]]);
    }
    const t1 = performance.now();
    expect(purgatory.stats()).toMatchObject({ pending: N, watchers: 2 * N });
    for (let i = 0; i < N; i += 3) ops[i].ready = true;
    let satisfied = 0;
    for (const k of keys) satisfied += purgatory.checkAndComplete(k);
    const t2 = performance.now();
    for (let i = 1; i < N; i += 3) ops[i].cancel();
    const t3 = performance.now();
    clock.advance(30_001);
    const t4 = performance.now();
    console.log(
      `purgatory: ${N} watches ${(t1 - t0).toFixed(1)} ms, checks of 1000 keys ${(t2 - t1).toFixed(1)} ms, ` +
        `cancels ${(t3 - t2).toFixed(1)} ms, expiries ${(t4 - t3).toFixed(1)} ms`,
    );
    expect(satisfied).toBe(Math.ceil(N / 3));
    const s = purgatory.stats();
    expect(s.completed.satisfied).toBe(Math.ceil(N / 3));
    expect(s.cancelled).toBe(Math.ceil((N - 1) / 3));
    expect(s.completed.expired).toBe(N - s.completed.satisfied - s.cancelled);
    expect([s.pending, s.watchers, s.watchedKeys, timer.size, clock.pendingWakeups]).toEqual([0, 0, 0, 0, 0]);
    for (const op of ops) expect(op.completions).toBe(op.state === "cancelled" ? 0 : 1);
    expect(t4 - t0).toBeLessThan(10_000);
  });
});

describe("real clock", () => {
  test("a 50 ms operation expires no earlier than 50 ms, and the timer is disarmed after", async () => {
    const timer = new Timer({ clock: systemClock });
    const purgatory = new DelayedOperationPurgatory<FlagOperation>({ name: "Real", timer });
    const startMs = systemClock.nowMs();
    const startPrecise = performance.now();
    let firedMs = -1;
    let firedPrecise = -1;
    const done = new Promise<void>((resolve) => {
      const op = new FlagOperation(purgatory.deadlineAfter(50), "real", {
        onComplete: () => {
          firedMs = systemClock.nowMs();
          firedPrecise = performance.now();
          resolve();
        },
      });
      expect(purgatory.tryCompleteElseWatch(op, ["k"])).toBe(false);
    });
    await done;
    const elapsed = firedPrecise - startPrecise;
    console.log(`real clock: 50 ms operation expired after ${elapsed.toFixed(2)} ms`);
    // Never early: deadlines round up and the clock rounds down.
    expect(firedMs - startMs).toBeGreaterThanOrEqual(50);
    expect(elapsed).toBeGreaterThanOrEqual(50);
    // Late is not asserted beyond "it fired": on a busy machine a timer may run seconds late.
    expect(elapsed).toBeLessThan(30_000);
    expect(timer.nextWakeupMs).toBeNull();
    expect(purgatory.stats().completed.expired).toBe(1);
  });

  test("an operation satisfied early on the real clock never expires later", async () => {
    const timer = new Timer({ clock: systemClock });
    const purgatory = new DelayedOperationPurgatory<FlagOperation>({ name: "Real", timer });
    const op = new FlagOperation(purgatory.deadlineAfter(20));
    purgatory.tryCompleteElseWatch(op, ["k"]);
    op.ready = true;
    expect(purgatory.checkAndComplete("k")).toBe(1);
    expect(timer.nextWakeupMs).toBeNull();
    await Bun.sleep(40);
    expect([op.completions, op.expirations, op.completionReason]).toEqual([1, 0, "satisfied"]);
  });
});
