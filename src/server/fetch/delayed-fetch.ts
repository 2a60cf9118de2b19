// Delayed fetches (long polling on max_wait_ms / min_bytes): a fetch that cannot be answered at once
// waits, watched under each of its partitions, until an append to one of them makes it complete
// (checkAndComplete), or its wait expires. The waiting happens in the broker's purgatory
// (src/util/purgatory/: a hierarchical timing wheel with one wake-up for the earliest deadline).
//
// Bound: each waiting fetch is an in-flight request of its connection, so the number waiting is at
// most connections x strand.max.inflight.requests.per.connection; the purgatory's maxPending bound
// answers a fetch at once (with what it has) beyond that.

import { DelayedOperation as PurgatoryOperation, DelayedOperationPurgatory, Timer } from "../../util/purgatory/index.ts";

export interface DelayedOperation {
  /** True when the operation can complete now (it is then completed by the caller). */
  tryComplete(): boolean;
  /** Called exactly once: completed (true) or expired (false). */
  onComplete(expired: boolean): void;
}

/** Adapts a fetch's callbacks to the purgatory's operation class. */
class DelayedFetch extends PurgatoryOperation {
  private readonly op: DelayedOperation;
  constructor(op: DelayedOperation, deadlineMs: number) {
    super(deadlineMs);
    this.op = op;
  }
  tryComplete(): boolean {
    return this.op.tryComplete();
  }
  onComplete(): void {
    this.op.onComplete(this.completionReason === "expired" || this.completionReason === "overflow");
  }
}

export class FetchWaiters {
  private readonly purgatory: DelayedOperationPurgatory<DelayedFetch>;

  constructor(timer: Timer = new Timer()) {
    this.purgatory = new DelayedOperationPurgatory<DelayedFetch>({ name: "Fetch", timer });
  }

  get waiting(): number {
    return this.purgatory.pendingCount;
  }

  /** Completes `op` now if it can; otherwise watches it under `keys` until completed or `timeoutMs` passes. */
  tryCompleteElseWatch(op: DelayedOperation, keys: readonly string[], timeoutMs: number): void {
    const delayed = new DelayedFetch(op, this.purgatory.deadlineAfter(Math.max(0, timeoutMs)));
    this.purgatory.tryCompleteElseWatch(delayed, keys);
  }

  /** Re-checks every operation watching `key` (an append happened there). */
  checkAndComplete(key: string): number {
    return this.purgatory.checkAndComplete(key);
  }

  /** Completes every watched operation now (shutdown). */
  completeAll(): void {
    this.purgatory.forceCompleteAll();
  }
}

export function partitionWatchKey(topic: string, partition: number): string {
  return `${topic}\u0000${partition}`;
}
