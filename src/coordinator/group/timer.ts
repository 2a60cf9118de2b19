// The time the group coordinator reads and the keyed timeouts it arms (join, sync, session expiry),
// behind a small interface so unit tests drive time by hand. The broker passes its own GroupClock
// (src/server/group-clock.ts: timeouts on a purgatory timing wheel owned by that broker, nowMs() wall
// clock because it goes into stored records); nothing here is a module singleton, so brokers in one
// process keep their own timers. Unit tests pass a hand-driven GroupClock or a FakeClock-driven wheel.
// Each expiry runs through `run` (the runtime makes it a write operation of the shard).
//
// GroupTimers keeps at most one pending timeout per key ("join:<group>", "hb:<group>:<member>"):
// scheduling a key again replaces the earlier timeout, as Kafka's coordinator timer does.

export interface GroupClock {
  /** Whole milliseconds (wall clock in production: it is stored in records). */
  nowMs(): number;
  schedule(callback: () => void, delayMs: number): { cancel(): void };
}

export class GroupTimers {
  private readonly pending = new Map<string, { cancel(): void }>();

  constructor(
    readonly clock: GroupClock,
    private readonly run: (name: string, fn: () => void) => void = (_name, fn) => fn(),
  ) {}

  nowMs(): number {
    return this.clock.nowMs();
  }

  /** Run `fn` after `delayMs`, replacing any timeout pending under `key`. */
  schedule(key: string, delayMs: number, fn: () => void): void {
    this.cancel(key);
    const handle = this.clock.schedule(() => {
      if (this.pending.get(key) !== handle) return;
      this.pending.delete(key);
      this.run(`timeout ${key.split("\u0000")[0]}`, fn);
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
