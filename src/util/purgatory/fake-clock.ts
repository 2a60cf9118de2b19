// A hand-driven TimerClock for deterministic tests: time moves only when the test calls advance(), which
// fires due wake-ups in deadline order (ties in scheduling order), synchronously, at their due time.
// Exported from src/ so every subsystem's unit tests can drive its timeouts the same way.

import type { TimerClock, WakeupHandle } from "./clock.ts";

interface FakeWakeup {
  dueMs: number;
  seq: number;
  callback: () => void;
  cancelled: boolean;
}

/** advance() fires at most this many wake-ups: a callback that keeps re-arming at delay 0 is a bug. */
const MAX_WAKEUPS_PER_ADVANCE = 1_000_000;

export class FakeClock implements TimerClock {
  private now: number;
  private seq = 0;
  private wakeups: FakeWakeup[] = [];

  constructor(startMs = 0) {
    if (!Number.isSafeInteger(startMs) || startMs < 0) throw new RangeError(`FakeClock startMs must be a non-negative integer, got ${startMs}`);
    this.now = startMs;
  }

  nowMs(): number {
    return this.now;
  }

  deadlineAfterMs(timeoutMs: number): number {
    return this.now + Math.max(0, Math.ceil(timeoutMs));
  }

  schedule(callback: () => void, delayMs: number): WakeupHandle {
    if (!Number.isSafeInteger(delayMs) || delayMs < 0) throw new RangeError(`FakeClock delayMs must be a non-negative integer, got ${delayMs}`);
    const w: FakeWakeup = { dueMs: this.now + delayMs, seq: this.seq++, callback, cancelled: false };
    // Cancelled wake-ups are dropped once they outnumber a small constant, so re-arming stays amortised O(1).
    if (this.wakeups.length >= 64) this.wakeups = this.wakeups.filter((x) => !x.cancelled);
    this.wakeups.push(w);
    return {
      cancel: () => {
        w.cancelled = true;
      },
    };
  }

  /** Wake-ups scheduled and neither fired nor cancelled. */
  get pendingWakeups(): number {
    this.wakeups = this.wakeups.filter((w) => !w.cancelled);
    return this.wakeups.length;
  }

  /** Due time of the earliest live wake-up, or null. */
  get nextWakeupMs(): number | null {
    let best: number | null = null;
    for (const w of this.wakeups) if (!w.cancelled && (best === null || w.dueMs < best)) best = w.dueMs;
    return best;
  }

  /** Move time forward by `ms`, firing every wake-up due on the way at its own due time. */
  advance(ms: number): void {
    if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`FakeClock.advance takes a non-negative integer, got ${ms}`);
    this.advanceTo(this.now + ms);
  }

  /**
   * Move time forward WITHOUT firing wake-ups, as when the event loop is blocked: the wake-ups due
   * meanwhile fire late, on the next advance()/advanceTo() (advance(0) fires them at once).
   */
  stallTo(targetMs: number): void {
    if (targetMs < this.now) throw new RangeError(`FakeClock cannot go back from ${this.now} to ${targetMs}`);
    this.now = targetMs;
  }

  advanceTo(targetMs: number): void {
    if (targetMs < this.now) throw new RangeError(`FakeClock cannot go back from ${this.now} to ${targetMs}`);
    for (let fired = 0; ; fired++) {
      if (fired >= MAX_WAKEUPS_PER_ADVANCE) throw new Error(`FakeClock.advanceTo(${targetMs}) fired ${fired} wake-ups: a callback re-arms without end`);
      const next = this.popDue(targetMs);
      if (next === null) break;
      this.now = Math.max(this.now, next.dueMs);
      next.callback();
    }
    this.now = targetMs;
  }

  private popDue(targetMs: number): FakeWakeup | null {
    let bestIdx = -1;
    for (let i = 0; i < this.wakeups.length; i++) {
      const w = this.wakeups[i];
      if (w.cancelled || w.dueMs > targetMs) continue;
      const b = bestIdx < 0 ? null : this.wakeups[bestIdx];
      if (b === null || w.dueMs < b.dueMs || (w.dueMs === b.dueMs && w.seq < b.seq)) bestIdx = i;
    }
    if (bestIdx < 0) {
      this.wakeups = this.wakeups.filter((w) => !w.cancelled);
      return null;
    }
    const [w] = this.wakeups.splice(bestIdx, 1);
    w.cancelled = true;
    return w;
  }
}
