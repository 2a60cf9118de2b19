// The time the group coordinator reads and the keyed timeouts it arms (join, sync, session expiry),
// behind a small interface so unit tests drive time by hand. In the broker the timeouts sit on the
// purgatory's hierarchical timing wheel (wheelGroupClock: O(1) add and cancel, one wake-up armed for
// the earliest bucket), while nowMs() stays wall-clock time because it goes into stored records.
// Unit tests pass either a hand-driven GroupClock or a wheel driven by the purgatory's FakeClock.
//
// GroupTimers keeps at most one pending timeout per key ("join:<group>", "hb:<group>:<member>"):
// scheduling a key again replaces the earlier timeout, as Kafka's coordinator timer does.

import { Timer, TimerTask } from "../../util/purgatory/index.ts";

export interface GroupClock {
  /** Whole milliseconds (wall clock in production: it is stored in records). */
  nowMs(): number;
  schedule(callback: () => void, delayMs: number): { cancel(): void };
}

class GroupTimeoutTask extends TimerTask {
  constructor(
    deadlineMs: number,
    private readonly callback: () => void,
  ) {
    super(deadlineMs);
  }
  run(): void {
    this.callback();
  }
}

/**
 * A GroupClock whose timeouts are TimerTasks on `timer` (deadlines on the timer's monotonic clock, so
 * a stepped wall clock does not move them) and whose nowMs() is `wallNowMs` (stored in records).
 */
export function wheelGroupClock(timer: Timer, wallNowMs: () => number = Date.now): GroupClock {
  return {
    nowMs: wallNowMs,
    schedule(callback, delayMs) {
      // group.max.session.timeout.ms and friends are ints: a clamp to 2^31-1 ms changes nothing.
      const task = new GroupTimeoutTask(timer.clock.deadlineAfterMs(Math.min(Math.max(0, Math.floor(delayMs)), 2 ** 31 - 1)), callback);
      timer.add(task);
      return { cancel: () => task.cancel() };
    },
  };
}

let systemWheel: GroupClock | null = null;

/** The broker's group clock: wall-clock nowMs, timeouts on a timing wheel with the system clock. */
export function systemGroupClock(): GroupClock {
  systemWheel ??= wheelGroupClock(new Timer());
  return systemWheel;
}

export class GroupTimers {
  private readonly pending = new Map<string, { cancel(): void }>();

  constructor(readonly clock: GroupClock) {}

  nowMs(): number {
    return this.clock.nowMs();
  }

  /** Run `fn` after `delayMs`, replacing any timeout pending under `key`. */
  schedule(key: string, delayMs: number, fn: () => void): void {
    this.cancel(key);
    const handle = this.clock.schedule(() => {
      if (this.pending.get(key) !== handle) return;
      this.pending.delete(key);
      fn();
    }, Math.max(0, delayMs));
    this.pending.set(key, handle);
  }

  cancel(key: string): void {
    const h = this.pending.get(key);
    if (h) {
      this.pending.delete(key);
      h.cancel();
    }
  }

  isScheduled(key: string): boolean {
    return this.pending.has(key);
  }

  get size(): number {
    return this.pending.size;
  }

  cancelAll(): void {
    for (const h of this.pending.values()) h.cancel();
    this.pending.clear();
  }
}
