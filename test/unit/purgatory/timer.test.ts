// The timing wheel and its Timer on a FakeClock: tasks run at exactly their deadline across every level
// (ms, seconds, minutes, hours), in deadline order, never early; cancel is O(1) and final; one wake-up
// is armed for the earliest bucket and none when idle; late wake-ups catch up in order.

import { describe, expect, test } from "bun:test";
import { FakeClock } from "../../../src/util/purgatory/fake-clock.ts";
import { Timer } from "../../../src/util/purgatory/timer.ts";
import { CountingClock, RecordingTask, rng } from "./helpers.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

function setup(startMs = 1_000_000) {
  const fake = new FakeClock(startMs);
  const clock = new CountingClock(fake);
  const timer = new Timer({ clock });
  const log: RecordingTask[] = [];
  const task = (deadlineMs: number, onRun?: () => void) => new RecordingTask(deadlineMs, clock, log, onRun);
  return { fake, clock, timer, log, task };
}

function expectInDeadlineOrder(log: RecordingTask[]): void {
  for (let i = 1; i < log.length; i++) expect(log[i].deadlineMs).toBeGreaterThanOrEqual(log[i - 1].deadlineMs);
}

describe("Timer ordering across wheel levels", () => {
  test("tasks from 1 ms to 40 hours each run exactly at their deadline, in deadline order", () => {
    const { fake, timer, log, task } = setup();
    const now = fake.nowMs();
    const r = rng(42);
    const spans = [20, 400, 10 * SECOND, 3 * MINUTE, 50 * MINUTE, 40 * HOUR];
    const tasks: RecordingTask[] = [];
    for (const span of spans) {
      for (let i = 0; i < 300; i++) tasks.push(task(now + 1 + Math.floor(r() * span)));
    }
    for (const t of tasks) timer.add(t);
    expect(timer.size).toBe(tasks.length);
    expect(timer.levels).toBeGreaterThanOrEqual(7); // 1 ms .. 53 min ticks: 40 h needs the 7th level
    fake.advance(40 * HOUR + 1);
    expect(log.length).toBe(tasks.length);
    for (const t of tasks) {
      expect(t.runs).toBe(1);
      expect(t.ranAtMs).toBe(t.deadlineMs);
    }
    expectInDeadlineOrder(log);
    expect(timer.size).toBe(0);
  });

  test("named deadlines in ms, seconds, minutes and hours run in that order, none early", () => {
    const { fake, timer, log, task } = setup(7); // an unaligned start
    const now = fake.nowMs();
    const hour = task(now + 2 * HOUR + 17);
    const minute = task(now + 5 * MINUTE + 3);
    const second = task(now + 3 * SECOND + 1);
    const ms = task(now + 5);
    for (const t of [hour, minute, second, ms]) timer.add(t);
    fake.advance(4);
    expect(log).toEqual([]);
    fake.advance(1);
    expect(log).toEqual([ms]);
    fake.advance(3 * SECOND - 5);
    expect(log).toEqual([ms]); // 1 ms before the seconds task
    fake.advance(1);
    expect(log).toEqual([ms, second]);
    fake.advanceTo(now + 5 * MINUTE + 2);
    expect(log.length).toBe(2);
    fake.advanceTo(now + 2 * HOUR + 16);
    expect(log).toEqual([ms, second, minute]);
    fake.advance(1);
    expect(log).toEqual([ms, second, minute, hour]);
    for (const t of log) expect(t.ranAtMs).toBe(t.deadlineMs);
  });

  test("tasks added while time passes (from inside other tasks too) keep exact deadlines", () => {
    const { fake, timer, log, task } = setup();
    const r = rng(7);
    let added = 0;
    const addSome = () => {
      // Each run adds up to 2 more tasks, bounded by the total below.
      for (let k = 0; k < 2 && added < 3000; k++, added++) {
        const delay = [3, 70, 900, 20 * SECOND, 10 * MINUTE][Math.floor(r() * 5)] + Math.floor(r() * 50);
        timer.add(task(fake.nowMs() + delay, addSome));
      }
    };
    addSome();
    for (let step = 0; step < 2000 && timer.size > 0; step++) fake.advance(1 + Math.floor(r() * 5000));
    expect(timer.size).toBe(0);
    expect(log.length).toBe(added);
    for (const t of log) expect(t.ranAtMs).toBe(t.deadlineMs);
    expectInDeadlineOrder(log);
  });

  test("a wake-up that comes late runs everything due, in deadline order", () => {
    const { fake, timer, log, task } = setup();
    const now = fake.nowMs();
    const deadlines = [now + 500, now + 3, now + 30 * SECOND, now + 45, now + 2 * MINUTE, now + 46];
    for (const d of deadlines) timer.add(task(d));
    // The clock jumps (a stalled event loop) without firing wake-ups; then one wake-up arrives.
    fake.stallTo(now + 10 * MINUTE);
    expect(log).toEqual([]);
    fake.advance(0);
    expect(log.map((t) => t.deadlineMs)).toEqual([...deadlines].sort((a, b) => a - b));
    for (const t of log) expect(t.ranAtMs).toBe(now + 10 * MINUTE);
  });

  test("after a long stall, one wake-up does a bounded amount of work and re-arms at once for the rest", () => {
    const { fake, timer, log, task } = setup(0);
    for (let i = 1; i <= 30_000; i++) timer.add(task(i)); // 30k distinct ms: 30k level-0 buckets to flush
    fake.stallTo(MINUTE);
    timer.advance(); // as a wake-up would
    expect(log.length).toBeGreaterThan(0);
    expect(log.length).toBeLessThan(30_000);
    expect(timer.nextWakeupMs).not.toBeNull();
    expect(timer.nextWakeupMs!).toBeLessThanOrEqual(fake.nowMs()); // due now: delay 0
    fake.advance(0);
    expect(log.length).toBe(30_000);
    expectInDeadlineOrder(log);
    expect(timer.nextWakeupMs).toBeNull();
  });

  test("a task whose deadline has passed runs inside add()", () => {
    const { fake, timer, log, task } = setup();
    const t = task(fake.nowMs() - 5);
    timer.add(t);
    expect(log).toEqual([t]);
    const u = task(fake.nowMs());
    timer.add(u);
    expect(log).toEqual([t, u]);
    expect(timer.size).toBe(0);
    expect(timer.nextWakeupMs).toBeNull();
  });

  test("an exception in one task does not stop the others in its bucket", () => {
    const fake = new FakeClock(0);
    const errors: unknown[] = [];
    const timer = new Timer({ clock: fake, onTaskError: (e) => errors.push(e) });
    const log: RecordingTask[] = [];
    const a = new RecordingTask(10, fake, log, () => {
      throw new Error("boom");
    });
    const b = new RecordingTask(10, fake, log);
    timer.add(a);
    timer.add(b);
    fake.advance(10);
    expect(log).toEqual([a, b]);
    expect(errors.length).toBe(1);
    expect(timer.size).toBe(0);
  });
});

describe("Timer cancellation", () => {
  test("cancelled tasks never run; the others still run on time", () => {
    const { fake, timer, log, task } = setup();
    const r = rng(3);
    const now = fake.nowMs();
    const tasks = Array.from({ length: 2000 }, () => task(now + 1 + Math.floor(r() * 10 * MINUTE)));
    for (const t of tasks) timer.add(t);
    const cancelled = new Set(tasks.filter((_, i) => i % 3 === 0));
    for (const t of cancelled) t.cancel();
    expect(timer.size).toBe(tasks.length - cancelled.size);
    fake.advance(10 * MINUTE);
    expect(log.length).toBe(tasks.length - cancelled.size);
    for (const t of tasks) expect(t.runs).toBe(cancelled.has(t) ? 0 : 1);
    for (const t of log) expect(t.ranAtMs).toBe(t.deadlineMs);
  });

  test("a task cancelled by another task due in the same tick does not run", () => {
    const { fake, timer, log, task } = setup();
    const now = fake.nowMs();
    const victim = task(now + 100);
    const killer = task(now + 100, () => victim.cancel());
    timer.add(killer);
    timer.add(victim);
    fake.advance(100);
    expect(log).toEqual([killer]);
    expect(victim.runs).toBe(0);
  });

  test("cancel is idempotent and a cancelled task cannot be added again", () => {
    const { fake, timer, task } = setup();
    const t = task(fake.nowMs() + 50);
    timer.add(t);
    t.cancel();
    t.cancel();
    expect(timer.size).toBe(0);
    expect(() => timer.add(t)).toThrow(/cancelled/);
    const u = task(fake.nowMs() + 50);
    timer.add(u);
    expect(() => timer.add(u)).toThrow(/already scheduled/);
  });
});

describe("Timer wake-ups", () => {
  test("one wake-up, armed for the earliest bucket; none while idle", () => {
    const { fake, clock, timer, task } = setup(0);
    expect(timer.nextWakeupMs).toBeNull();
    const late = task(5 * SECOND);
    timer.add(late);
    expect(fake.pendingWakeups).toBe(1);
    // 5000 ms sits in the 400 ms level's bucket [4800, 5200): the wake-up is at the bucket's start.
    expect(timer.nextWakeupMs).toBe(4800);
    const soon = task(7);
    timer.add(soon);
    expect(fake.pendingWakeups).toBe(1);
    expect(timer.nextWakeupMs).toBe(7);
    // Adding a later task does not re-arm.
    const before = clock.scheduled;
    timer.add(task(3 * SECOND));
    expect(clock.scheduled).toBe(before);
    fake.advance(10 * SECOND);
    expect(timer.size).toBe(0);
    expect(fake.pendingWakeups).toBe(0);
    expect(timer.nextWakeupMs).toBeNull();
  });

  test("cancelling the last pending task disarms the wake-up", () => {
    const { fake, timer, task } = setup(0);
    const a = task(HOUR);
    const b = task(2 * HOUR);
    timer.add(a);
    timer.add(b);
    a.cancel();
    expect(fake.pendingWakeups).toBe(1);
    b.cancel();
    expect(fake.pendingWakeups).toBe(0);
    expect(timer.nextWakeupMs).toBeNull();
  });

  test("emptied buckets cost no wake-up: the next wake-up is for a non-empty bucket", () => {
    const { fake, timer, task } = setup(0);
    const early = Array.from({ length: 10 }, (_, i) => task(10 + i));
    for (const t of early) timer.add(t);
    const keep = task(500);
    timer.add(keep);
    for (const t of early) t.cancel();
    // The armed wake-up (for 10) may still fire once, but it re-arms straight for keep's bucket.
    fake.advance(10);
    expect(timer.nextWakeupMs).toBe(400);
    fake.advance(490);
    expect(keep.runs).toBe(1);
  });

  test("wake-ups scale with distinct buckets, not with tasks", () => {
    const { fake, clock, timer, task } = setup(0);
    for (let i = 0; i < 10_000; i++) timer.add(task(100 + (i % 10)));
    fake.advance(200);
    expect(timer.size).toBe(0);
    // 10 distinct ms, reached through at most a few cascades: far fewer wake-ups than tasks.
    expect(clock.scheduled).toBeLessThan(30);
  });
});
