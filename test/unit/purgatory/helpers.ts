// Test helpers for the purgatory: a TimerTask that records when it ran, a DelayedOperation whose
// condition is a flag the test sets, and a counting clock wrapper.

import type { TimerClock, WakeupHandle } from "../../../src/util/purgatory/clock.ts";
import { DelayedOperation } from "../../../src/util/purgatory/delayed-operation.ts";
import { TimerTask } from "../../../src/util/purgatory/timer-task.ts";

export class RecordingTask extends TimerTask {
  ranAtMs = -1;
  runs = 0;
  constructor(
    deadlineMs: number,
    private readonly clock: TimerClock,
    private readonly log: RecordingTask[],
    private readonly onRun?: () => void,
  ) {
    super(deadlineMs);
  }
  run(): void {
    this.runs++;
    this.ranAtMs = this.clock.nowMs();
    this.log.push(this);
    this.onRun?.();
  }
}

/** Completes when `ready` is true; counts its callbacks; optional hooks run inside them. */
export class FlagOperation extends DelayedOperation {
  ready = false;
  completions = 0;
  expirations = 0;
  tries = 0;
  constructor(
    deadlineMs: number,
    readonly label = "",
    readonly hooks: { onComplete?: (op: FlagOperation) => void; tryComplete?: (op: FlagOperation) => void } = {},
  ) {
    super(deadlineMs);
  }
  tryComplete(): boolean {
    this.tries++;
    this.hooks.tryComplete?.(this);
    return this.ready;
  }
  onComplete(): void {
    this.completions++;
    this.hooks.onComplete?.(this);
  }
  override onExpiration(): void {
    this.expirations++;
  }
}

/** Wraps a clock and counts wake-ups scheduled. */
export class CountingClock implements TimerClock {
  scheduled = 0;
  constructor(readonly inner: TimerClock) {}
  nowMs(): number {
    return this.inner.nowMs();
  }
  deadlineAfterMs(timeoutMs: number): number {
    return this.inner.deadlineAfterMs(timeoutMs);
  }
  schedule(callback: () => void, delayMs: number): WakeupHandle {
    this.scheduled++;
    return this.inner.schedule(callback, delayMs);
  }
}

/** A small deterministic PRNG (mulberry32), so failures reproduce. */
export { seededRandom as rng } from "../../support/seeded-random.ts";
