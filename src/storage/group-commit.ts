// Group commit: callers ask for "every offset below N is on disk"; one round of fdatasync on the
// thread pool covers every append made before the round started, and requests arriving while a
// round runs are covered by the next one. The event loop never waits on the disk.

export interface SyncTarget {
  /** Offsets below this are written to the page cache (the log end offset). */
  readonly writtenOffset: number;
  /** Syncs everything written so far; resolves when it is on disk. */
  syncWritten(): Promise<void>;
}

interface Waiter {
  offset: number;
  resolve: () => void;
  reject: (e: Error) => void;
}

export class GroupCommit {
  private durableOffset: number;
  private running = false;
  /** Bounded by the broker's in-flight produce requests (each waits on at most one entry). */
  private waiters: Waiter[] = [];
  private failure: Error | null = null;
  private kickQueued = false;
  /** Number of fdatasync rounds run, for tests and metrics. */
  rounds = 0;

  constructor(
    private readonly target: SyncTarget,
    initialDurableOffset: number,
  ) {
    this.durableOffset = initialDurableOffset;
  }

  get durable(): number {
    return this.durableOffset;
  }

  /** Resolves once every offset below `offset` is durable. */
  waitFor(offset: number): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (offset <= this.durableOffset) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ offset, resolve, reject });
      // Start on a microtask, so that every append made in the same tick shares the round.
      if (!this.kickQueued) {
        this.kickQueued = true;
        queueMicrotask(() => {
          this.kickQueued = false;
          this.kick();
        });
      }
    });
  }

  /** The log was truncated below what was durable; offsets above `offset` are gone. */
  lowerTo(offset: number): void {
    if (this.durableOffset > offset) this.durableOffset = offset;
  }

  private kick(): void {
    if (this.running || this.waiters.length === 0) return;
    this.running = true;
    const covered = this.target.writtenOffset;
    this.rounds++;
    this.target.syncWritten().then(
      () => {
        this.running = false;
        if (covered > this.durableOffset) this.durableOffset = covered;
        const still: Waiter[] = [];
        for (const w of this.waiters) (w.offset <= this.durableOffset ? w.resolve() : still.push(w));
        this.waiters = still;
        this.kick();
      },
      (err: unknown) => {
        this.running = false;
        // A failed fsync means the page cache may have dropped the data: fail every waiter and
        // every later request (Kafka takes the log dir offline on such an error).
        this.failure = err instanceof Error ? err : new Error(String(err));
        const ws = this.waiters;
        this.waiters = [];
        for (const w of ws) w.reject(this.failure);
      },
    );
  }
}
