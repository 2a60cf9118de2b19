// TimerTask: something to run at a deadline, and at the same time the node of the doubly linked list
// of the timing-wheel bucket that holds it, so cancel() unlinks it in O(1) with no search.
//
// Kafka keeps a separate TimerTaskEntry because its tasks move between buckets on several threads; on
// one event loop a task is in at most one bucket at a time, so the task is its own list node.

import type { TimerBucket } from "./timer-bucket.ts";

export abstract class TimerTask {
  /** Absolute deadline on the Timer's clock, whole milliseconds. */
  readonly deadlineMs: number;

  /** @internal list links, owned by TimerBucket. */
  bucketPrev: TimerTask | null = null;
  /** @internal */
  bucketNext: TimerTask | null = null;
  /** @internal the bucket holding this task, null when not scheduled. */
  bucket: TimerBucket | null = null;
  /** @internal set by cancel(); a cancelled task is never scheduled again. */
  cancelledFlag = false;

  constructor(deadlineMs: number) {
    if (!Number.isSafeInteger(deadlineMs) || deadlineMs < 0) {
      throw new RangeError(`TimerTask deadlineMs must be a non-negative safe integer, got ${deadlineMs}`);
    }
    this.deadlineMs = deadlineMs;
  }

  /** Called once by the Timer when the deadline has passed (never if cancelled first). */
  abstract run(): void;

  /** Whether the task is waiting in a Timer. */
  get isScheduled(): boolean {
    return this.bucket !== null;
  }

  get isCancelled(): boolean {
    return this.cancelledFlag;
  }

  /** Remove the task from its Timer, O(1). Idempotent; a cancelled task cannot be added again. */
  cancel(): void {
    this.cancelledFlag = true;
    this.bucket?.remove(this);
  }
}
