// DelayedOperation: a request that waits for a condition (a fetch for min.bytes, an acks=all produce for
// the high watermark, a join for members) or its deadline, whichever comes first. Kafka's
// DelayedOperation, for one event loop.
//
// Contract for subclasses:
// - tryComplete() is a PREDICATE: return true when the operation can complete now. It must not call
//   onComplete() itself; the purgatory completes the operation when it returns true.
// - onComplete() does the work of finishing (build and send the response). It is called exactly once
//   per operation that completes: after tryComplete() said yes, on forceComplete(), on expiry, or when a
//   full purgatory refuses to hold it. completionReason says which, and is set before onComplete() runs,
//   so onComplete() can answer differently on expiry. A cancelled operation (cancel(), cancelForKey) is
//   never completed: whoever cancels it owns the answer.
// - onExpiration() runs after onComplete() when the deadline completed the operation (metrics, logs).
//
// Completion is decided by one flag set before any callback runs, so re-entry (onComplete triggering a
// checkAndComplete that reaches this operation again, or expiry and satisfaction in the same tick) cannot
// complete it twice.

import { TimerTask } from "./timer-task.ts";
import type { WatchNode } from "./watch-list.ts";

export type CompletionReason =
  /** tryComplete() returned true, on watch or on checkAndComplete. */
  | "satisfied"
  /** The deadline passed first. */
  | "expired"
  /** forceComplete() by the owner (shutdown, partition deleted, leadership lost, ...). */
  | "forced"
  /** The purgatory was full, so the operation completed at once instead of waiting (see purgatory.ts). */
  | "overflow";

/** @internal What a purgatory learns from its operations; implemented by DelayedOperationPurgatory. */
export interface OperationOwner {
  operationDone(op: DelayedOperation, reason: CompletionReason | "cancelled"): void;
}

export type OperationState = "pending" | "completed" | "cancelled";

export abstract class DelayedOperation extends TimerTask {
  private stateValue: OperationState = "pending";
  private reason: CompletionReason | null = null;
  /** @internal the purgatory watching this operation, null before it is watched and once it is done. */
  owner: OperationOwner | null = null;
  /** @internal watch-list nodes, one per key (see watch-list.ts), for O(keys) eager removal. */
  watchNodes: WatchNode[] = [];

  /** Can the operation complete now? A predicate: see the contract above. */
  abstract tryComplete(): boolean;
  /** Finish the operation; called exactly once unless the operation is cancelled. */
  abstract onComplete(): void;
  /** Called after onComplete() when the operation completed by expiry. */
  onExpiration(): void {}

  get state(): OperationState {
    return this.stateValue;
  }

  /** True once completed or cancelled: nothing will call onComplete() any more. */
  get isCompleted(): boolean {
    return this.stateValue !== "pending";
  }

  /** Why the operation completed, or null while pending or when cancelled. */
  get completionReason(): CompletionReason | null {
    return this.reason;
  }

  /**
   * Complete the operation now if it is still pending: take it off the timer and every watch list, then
   * call onComplete(). Returns true when this call completed it, false if it was already done.
   */
  forceComplete(reason: CompletionReason = "forced"): boolean {
    if (this.stateValue !== "pending") return false;
    this.stateValue = "completed";
    this.reason = reason;
    this.detach(reason);
    this.onComplete();
    return true;
  }

  /**
   * Drop the operation without completing it: off the timer and every watch list, onComplete() never
   * called. Idempotent; a completed operation stays completed.
   */
  override cancel(): void {
    if (this.stateValue !== "pending") return;
    this.stateValue = "cancelled";
    this.detach("cancelled");
  }

  /** Timer expiry. */
  run(): void {
    if (this.forceComplete("expired")) this.onExpiration();
  }

  private detach(reason: CompletionReason | "cancelled"): void {
    super.cancel(); // off the timer, O(1)
    const owner = this.owner;
    this.owner = null;
    owner?.operationDone(this, reason);
  }
}
