// Timer: runs TimerTasks at their deadlines on one event loop (the role of Kafka's SystemTimer).
//
// Tasks sit in a hierarchical TimingWheel (O(1) add and cancel); the wheel's non-empty buckets are
// queued in a small BucketHeap ordered by expiration. Exactly ONE wake-up is armed, for the earliest
// queued bucket, not a periodic tick: an idle broker does no work, and a broker with a thousand waiting
// fetches wakes only when some bucket is due. When no task is pending the wake-up is cancelled, so the
// Timer never keeps a process (a test, a stopped broker) alive.
//
// Ordering: tasks run in deadline order to the wheel's resolution (tickMs); the order of tasks sharing
// one tick is unspecified. A task is never run before its deadline on the clock, and at most a tick plus
// the event loop's delay after it. A task added with a deadline already reached runs inside add().
//
// Errors thrown by a task's run() are caught and reported (onTaskError) so one faulty task cannot stop
// the others in its bucket from running or leave tasks stranded.

import { BucketHeap } from "./bucket-heap.ts";
import { systemClock, type TimerClock, type WakeupHandle } from "./clock.ts";
import type { BucketOwner } from "./timer-bucket.ts";
import type { TimerTask } from "./timer-task.ts";
import { TimingWheel } from "./timing-wheel.ts";

/** Buckets flushed per wake-up before yielding to the event loop (each holds any number of tasks). */
const MAX_BUCKETS_PER_ADVANCE = 10_000;

export interface TimerOptions {
  clock?: TimerClock;
  /** Resolution of the finest level; 1 ms as in Kafka. */
  tickMs?: number;
  /** Buckets per level; 20 as in Kafka. */
  wheelSize?: number;
  /** Where exceptions from TimerTask.run() go; default: console.error. */
  onTaskError?: (error: unknown, task: TimerTask) => void;
}

export class Timer implements BucketOwner {
  readonly clock: TimerClock;
  private readonly queue = new BucketHeap();
  private readonly wheel: TimingWheel;
  private readonly onTaskError: (error: unknown, task: TimerTask) => void;
  private pending = 0;
  private wakeup: WakeupHandle | null = null;
  /** Expiration the armed wake-up is for (-1 when none is armed). */
  private wakeupAtMs = -1;
  private advancing = false;

  constructor(opts: TimerOptions = {}) {
    this.clock = opts.clock ?? systemClock;
    this.wheel = new TimingWheel(opts.tickMs ?? 1, opts.wheelSize ?? 20, this.clock.nowMs(), this, this.queue);
    this.onTaskError = opts.onTaskError ?? ((error, task) => console.error(`Timer: task with deadline ${task.deadlineMs} threw`, error));
  }

  /** Tasks added and neither run nor cancelled. */
  get size(): number {
    return this.pending;
  }

  /** Levels the wheel has grown to (1 = only the finest). */
  get levels(): number {
    return this.wheel.levels;
  }

  /** When the armed wake-up is due, or null when none is armed (nothing pending). */
  get nextWakeupMs(): number | null {
    return this.wakeupAtMs < 0 ? null : this.wakeupAtMs;
  }

  /** Schedule `task` to run at task.deadlineMs; runs it now (synchronously) if that has passed. */
  add(task: TimerTask): void {
    if (task.isCancelled) throw new Error(`Timer.add: task with deadline ${task.deadlineMs} was cancelled; tasks are single-use`);
    if (task.isScheduled) throw new Error(`Timer.add: task with deadline ${task.deadlineMs} is already scheduled`);
    this.syncWheel();
    if (!this.wheel.add(task)) {
      this.runTask(task);
      return;
    }
    this.arm();
  }

  /**
   * Run every task whose deadline has been reached by the clock. Called by the wake-up; tests driving a
   * FakeClock get it through the clock's advance(), but may call it directly.
   */
  advance(): void {
    if (this.advancing) return; // a task's run() called advance(): the outer loop picks up the rest
    this.advancing = true;
    try {
      const nowMs = this.clock.nowMs();
      // Bounded per wake-up: after MAX_BUCKETS_PER_ADVANCE buckets (e.g. after a long stall with very
      // many tasks due), stop and let arm() schedule the rest at delay 0, so network I/O gets a turn.
      let caughtUp = false;
      for (let popped = 0; popped < MAX_BUCKETS_PER_ADVANCE; popped++) {
        const bucket = this.queue.peek();
        if (bucket === null || bucket.expirationMs > nowMs) {
          caughtUp = true;
          break;
        }
        this.queue.pop();
        this.wheel.advanceClock(bucket.expirationMs);
        bucket.flush((task) => this.reinsert(task));
      }
      // Only once nothing due is left queued may the wheel jump to now (it must not pass a queued bucket).
      if (caughtUp) this.wheel.advanceClock(nowMs);
    } finally {
      this.advancing = false;
    }
    this.arm();
  }

  // BucketOwner: every task entering or leaving a bucket.
  taskAdded(): void {
    this.pending++;
  }

  taskRemoved(): void {
    this.pending--;
    if (this.pending === 0 && !this.advancing) this.arm();
  }

  private reinsert(task: TimerTask): void {
    if (!this.wheel.add(task) && !task.isCancelled) this.runTask(task);
  }

  private runTask(task: TimerTask): void {
    try {
      task.run();
    } catch (error) {
      this.onTaskError(error, task);
    }
  }

  /**
   * Bring an idle wheel's clock up to now, when that skips no queued bucket, so a task added after a
   * long idle period lands in a fine level at once instead of cascading down from coarse ones.
   */
  private syncWheel(): void {
    // Not during advance(): the bucket being flushed is out of the heap but still holds tasks, and moving
    // the wheel past it could hand its slot to a new span while the flush is still emptying it.
    if (this.advancing) return;
    const top = this.queue.peek();
    const nowMs = this.clock.nowMs();
    if (top === null || top.expirationMs > nowMs) this.wheel.advanceClock(nowMs);
  }

  /** Arm the one wake-up for the earliest non-empty bucket, or disarm when nothing is pending. */
  private arm(): void {
    if (this.pending === 0) {
      // Every bucket is empty: forget them all (they re-queue when a task arrives) and hold no timer.
      for (const b of this.queue.drain()) b.expirationMs = -1;
      this.disarm();
      return;
    }
    // Empty buckets (all their tasks cancelled) at the top would cost a useless wake-up: drop them. A
    // dropped bucket is re-queued by the wheel if a task lands in it again. Bounded by the heap size.
    for (let top = this.queue.peek(); top !== null && top.size === 0; top = this.queue.peek()) {
      this.queue.pop();
      top.expirationMs = -1;
    }
    const top = this.queue.peek();
    if (top === null) throw new Error(`Timer: ${this.pending} tasks pending but no bucket queued`);
    if (this.wakeup !== null && this.wakeupAtMs === top.expirationMs) return;
    this.disarm();
    this.wakeupAtMs = top.expirationMs;
    const delayMs = Math.max(0, top.expirationMs - this.clock.nowMs());
    this.wakeup = this.clock.schedule(() => {
      this.wakeup = null;
      this.wakeupAtMs = -1;
      this.advance();
    }, delayMs);
  }

  private disarm(): void {
    this.wakeup?.cancel();
    this.wakeup = null;
    this.wakeupAtMs = -1;
  }
}
