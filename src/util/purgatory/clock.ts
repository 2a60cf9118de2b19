// The clock a Timer reads and the one-shot wake-up it arms, behind an interface so unit tests drive time
// by hand (FakeClock in fake-clock.ts) instead of sleeping.
//
// Time is whole milliseconds from a monotonic source: deadlines must not move when the wall clock is
// stepped (NTP, a VM resumed), so the system clock reads performance.now(), not Date.now().

/** A pending wake-up; cancel() is idempotent. */
export interface WakeupHandle {
  cancel(): void;
}

export interface TimerClock {
  /** Monotonic time in whole milliseconds (a safe integer, never decreasing). */
  nowMs(): number;
  /**
   * The deadline `timeoutMs` from now, rounded UP to whole ms: with nowMs() rounded down, a task due at
   * it never runs before `timeoutMs` has really elapsed.
   */
  deadlineAfterMs(timeoutMs: number): number;
  /**
   * Call `callback` once, no earlier than `delayMs` from now (delayMs is a non-negative integer). The
   * wake-up keeps the process alive until it fires or is cancelled: the Timer only arms one while
   * operations are pending, so an idle broker (or a finished test) holds no timer at all.
   */
  schedule(callback: () => void, delayMs: number): WakeupHandle;
}

/** setTimeout's largest delay (a signed 32-bit count of ms); longer delays are re-armed on wake-up. */
export const MAX_WAKEUP_DELAY_MS = 2 ** 31 - 1;

/** The real clock: performance.now() floored to ms (deadlines ceiled), and setTimeout. */
export const systemClock: TimerClock = {
  nowMs: () => Math.floor(performance.now()),
  deadlineAfterMs: (timeoutMs) => Math.ceil(performance.now() + Math.max(0, timeoutMs)),
  schedule(callback, delayMs) {
    const handle = setTimeout(callback, Math.min(Math.max(0, delayMs), MAX_WAKEUP_DELAY_MS));
    return { cancel: () => clearTimeout(handle) };
  },
};
