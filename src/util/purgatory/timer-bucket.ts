// TimerBucket: one slot of one timing-wheel level, a doubly linked list of the TimerTasks whose
// deadlines fall in [expirationMs, expirationMs + tickMs) of that level. Insert and remove are O(1).
//
// expirationMs is -1 while the bucket is not queued in the Timer's bucket heap; setExpiration() says
// when it changes, which is when the Timer must queue it (a bucket is queued at most once at a time).

import type { TimerTask } from "./timer-task.ts";

/** Told about every task entering or leaving any bucket, so the Timer knows how many are pending. */
export interface BucketOwner {
  taskAdded(): void;
  taskRemoved(): void;
}

export class TimerBucket {
  expirationMs = -1;
  /** Position in the Timer's bucket heap, -1 when not queued (maintained by BucketHeap). */
  heapIndex = -1;
  private head: TimerTask | null = null;
  private tail: TimerTask | null = null;
  private count = 0;

  constructor(
    private readonly owner: BucketOwner,
    /** Which wheel level this bucket belongs to (0 = finest), for diagnostics. */
    readonly level: number,
  ) {}

  get size(): number {
    return this.count;
  }

  /** Set the expiration; true when it changed (the caller then queues the bucket). */
  setExpiration(expirationMs: number): boolean {
    if (this.expirationMs === expirationMs) return false;
    this.expirationMs = expirationMs;
    return true;
  }

  add(task: TimerTask): void {
    if (task.bucket !== null) throw new Error(`TimerBucket.add: task with deadline ${task.deadlineMs} is already in a bucket`);
    task.bucket = this;
    task.bucketNext = null;
    task.bucketPrev = this.tail;
    if (this.tail === null) this.head = task;
    else this.tail.bucketNext = task;
    this.tail = task;
    this.count++;
    this.owner.taskAdded();
  }

  remove(task: TimerTask): void {
    if (task.bucket !== this) return;
    const { bucketPrev: prev, bucketNext: next } = task;
    if (prev === null) this.head = next;
    else prev.bucketNext = next;
    if (next === null) this.tail = prev;
    else next.bucketPrev = prev;
    task.bucket = null;
    task.bucketPrev = null;
    task.bucketNext = null;
    this.count--;
    this.owner.taskRemoved();
  }

  /**
   * Remove the tasks one at a time from the head and hand each to `reinsert`, then mark the bucket
   * unqueued. One at a time (not detach-all) so a task cancelled by an earlier task's callback is
   * already gone when its turn would come. The loop ends because `reinsert` never puts a task back
   * into this bucket (the wheel has moved past it); the bound below turns a violation into an error.
   */
  flush(reinsert: (task: TimerTask) => void): void {
    for (let guard = this.count + 1; this.head !== null; guard--) {
      if (guard === 0) throw new Error(`TimerBucket.flush: level ${this.level} bucket ${this.expirationMs} keeps refilling`);
      const task = this.head;
      this.remove(task);
      reinsert(task);
    }
    this.expirationMs = -1;
  }
}
