// The time the group coordinator reads and the keyed timeouts it arms (join, sync, session expiry),
// behind a small interface so unit tests drive time by hand. The shape matches the purgatory's
// TimerClock (src/server/purgatory/clock.ts), so its clocks can be passed in.
//
// GroupTimers keeps at most one pending timeout per key ("join:<group>", "hb:<group>:<member>"):
// scheduling a key again replaces the earlier timeout, as Kafka's coordinator timer does.

export interface GroupClock {
  /** Whole milliseconds (wall clock in production: it is stored in records). */
  nowMs(): number;
  schedule(callback: () => void, delayMs: number): { cancel(): void };
}

export const systemGroupClock: GroupClock = {
  // Wall-clock ms: the same value goes into stored records (commit timestamps, state timestamps); the
  // timeouts themselves are setTimeout delays, so a stepped clock does not move them.
  nowMs: () => Date.now(),
  schedule(callback, delayMs) {
    // setTimeout's largest delay is a signed 32-bit count; longer timeouts never matter for groups
    // (group.max.session.timeout.ms is an int), so clamp.
    const h = setTimeout(callback, Math.min(Math.max(0, Math.floor(delayMs)), 2 ** 31 - 1));
    return { cancel: () => clearTimeout(h) };
  },
};

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
