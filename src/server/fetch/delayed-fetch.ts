// Delayed fetches (long polling on max_wait_ms / min_bytes): a fetch that cannot be answered at once
// waits, watched under each of its partitions, until an append to one of them makes it complete
// (checkAndComplete), or its wait expires.
//
// This is a small stand-in with the Purgatory's shape (tryCompleteElseWatch / checkAndComplete /
// expiry) so the handler does not change when src/server/purgatory/ lands: swap FetchWaiters for a
// Purgatory<DelayedFetch> there. Expiry uses one setTimeout per waiting fetch until then.
//
// Bound: each waiting fetch is an in-flight request of its connection, so the number waiting is at
// most connections x strand.max.inflight.requests.per.connection.

export interface DelayedOperation {
  /** True when the operation can complete now (it is then completed by the caller). */
  tryComplete(): boolean;
  /** Called exactly once: completed (true) or expired (false). */
  onComplete(expired: boolean): void;
}

interface Entry {
  op: DelayedOperation;
  keys: readonly string[];
  timer: ReturnType<typeof setTimeout> | null;
  done: boolean;
}

export class FetchWaiters {
  private readonly byKey = new Map<string, Set<Entry>>();
  private count = 0;

  get waiting(): number {
    return this.count;
  }

  /** Completes `op` now if it can; otherwise watches it under `keys` until completed or `timeoutMs` passes. */
  tryCompleteElseWatch(op: DelayedOperation, keys: readonly string[], timeoutMs: number): void {
    if (op.tryComplete()) {
      op.onComplete(false);
      return;
    }
    const e: Entry = { op, keys, timer: null, done: false };
    for (const k of keys) {
      let set = this.byKey.get(k);
      if (!set) this.byKey.set(k, (set = new Set()));
      set.add(e);
    }
    this.count++;
    e.timer = setTimeout(() => this.finish(e, true), Math.max(0, timeoutMs));
  }

  /** Re-checks every operation watching `key` (an append happened there). */
  checkAndComplete(key: string): number {
    const set = this.byKey.get(key);
    if (!set) return 0;
    let completed = 0;
    for (const e of [...set]) {
      if (!e.done && e.op.tryComplete()) {
        this.finish(e, false);
        completed++;
      }
    }
    return completed;
  }

  /** Completes every watched operation now (shutdown). */
  completeAll(): void {
    const all = new Set<Entry>();
    for (const set of this.byKey.values()) for (const e of set) all.add(e);
    for (const e of all) this.finish(e, false);
  }

  private finish(e: Entry, expired: boolean): void {
    if (e.done) return;
    e.done = true;
    if (e.timer) clearTimeout(e.timer);
    for (const k of e.keys) {
      const set = this.byKey.get(k);
      if (!set) continue;
      set.delete(e);
      if (set.size === 0) this.byKey.delete(k);
    }
    this.count--;
    e.op.onComplete(expired);
  }
}

export function partitionWatchKey(topic: string, partition: number): string {
  return `${topic}\u0000${partition}`;
}
