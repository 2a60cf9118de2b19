// Delayed fetches (Kafka's DelayedFetch; long polling on max_wait_ms / min_bytes): a fetch that cannot
// be answered at once waits in the ReplicaManager's purgatory, watched under each of its partitions,
// until an append or a high-watermark move there makes it complete (checkAndComplete), or its wait
// expires. The purgatory (src/util/purgatory/) is a hierarchical timing wheel with
// one wake-up for the earliest deadline, shared by the broker's delayed produces and fetches.
//
// Bound: each waiting fetch is an in-flight request of its connection, so the number waiting is at
// most connections x strand.max.inflight.requests.per.connection; the purgatory's maxPending bound
// answers a fetch at once (with what it has) beyond that.

import { DelayedOperation, DelayedOperationPurgatory, type Timer } from "../util/purgatory/index.ts";

/** What a waiting fetch does: re-read (true when it can answer now), then answer once. */
export interface FetchWait {
  /** True when the fetch can complete now (it is then completed by the purgatory). */
  tryComplete(): boolean;
  /** Called exactly once: completed (false) or expired / overflowed (true). */
  onComplete(expired: boolean): void;
}

class DelayedFetch extends DelayedOperation {
  constructor(
    private readonly wait: FetchWait,
    deadlineMs: number,
  ) {
    super(deadlineMs);
  }
  tryComplete(): boolean {
    return this.wait.tryComplete();
  }
  onComplete(): void {
    this.wait.onComplete(this.completionReason === "expired" || this.completionReason === "overflow");
  }
}

export class DelayedFetchPurgatory {
  private readonly purgatory: DelayedOperationPurgatory<DelayedFetch>;

  constructor(timer: Timer) {
    this.purgatory = new DelayedOperationPurgatory<DelayedFetch>({ name: "Fetch", timer });
  }

  get waiting(): number {
    return this.purgatory.pendingCount;
  }

  /** Completes `wait` now if it can; otherwise watches it under `keys` until completed or `timeoutMs` passes. */
  tryCompleteElseWatch(wait: FetchWait, keys: readonly string[], timeoutMs: number): void {
    this.purgatory.tryCompleteElseWatch(new DelayedFetch(wait, this.purgatory.deadlineAfter(Math.max(0, timeoutMs))), keys);
  }

  /** Re-checks every fetch watching `key` (an append or a high-watermark move happened there). */
  checkAndComplete(key: string): number {
    return this.purgatory.checkAndComplete(key);
  }

  /** Completes every waiting fetch now (shutdown). */
  completeAll(): void {
    this.purgatory.forceCompleteAll();
  }
}

/** The purgatory key of a partition (delayed produces and fetches watch the same keys). */
export function partitionWatchKey(topic: string, partition: number): string {
  return `${topic}\u0000${partition}`;
}
