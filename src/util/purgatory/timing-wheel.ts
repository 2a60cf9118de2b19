// TimingWheel: one level of a hierarchical timing wheel (Varghese & Lauck; the design of Kafka's
// TimingWheel). A level has `wheelSize` buckets of `tickMs` each and covers `tickMs * wheelSize` ms from
// its currentTimeMs; a deadline beyond that goes to the overflow level, whose tick is this level's whole
// span. Levels are created on demand, so with 1 ms x 20 the levels tick 1 ms, 20 ms, 400 ms, 8 s,
// 160 s, 53 min, 17.8 h, ... and a task is placed in O(levels) = O(1) without touching other tasks.
//
// When a bucket of an upper level expires, its tasks are re-added and fall into finer levels (or run).
// Invariants: a level's currentTimeMs is a multiple of its tick, never above the
// finer level's, and every queued bucket of a level expires in (currentTimeMs, currentTimeMs + span).

import type { BucketHeap } from "./bucket-heap.ts";
import { TimerBucket, type BucketOwner } from "./timer-bucket.ts";
import type { TimerTask } from "./timer-task.ts";

/**
 * Levels are bounded by the largest deadline: each level multiplies the span by wheelSize, so a span of
 * 2^53 ms needs at most log2(2^53) = 53 levels even with wheelSize 2 (13 with 20). Going past this means
 * a deadline that is not a safe integer slipped through.
 */
const MAX_LEVELS = 64;

export class TimingWheel {
  readonly intervalMs: number;
  currentTimeMs: number;
  private readonly buckets: TimerBucket[];
  private overflow: TimingWheel | null = null;

  constructor(
    readonly tickMs: number,
    readonly wheelSize: number,
    startMs: number,
    private readonly owner: BucketOwner,
    private readonly queue: BucketHeap,
    readonly level = 0,
  ) {
    if (!Number.isSafeInteger(tickMs) || tickMs < 1) throw new RangeError(`TimingWheel tickMs must be a positive integer, got ${tickMs}`);
    if (!Number.isSafeInteger(wheelSize) || wheelSize < 2) throw new RangeError(`TimingWheel wheelSize must be an integer >= 2, got ${wheelSize}`);
    if (level >= MAX_LEVELS) throw new RangeError(`TimingWheel would need more than ${MAX_LEVELS} levels (tick ${tickMs} ms)`);
    this.intervalMs = tickMs * wheelSize;
    this.currentTimeMs = startMs - (startMs % tickMs);
    this.buckets = Array.from({ length: wheelSize }, () => new TimerBucket(owner, level));
  }

  /** Number of levels from this one up (for diagnostics and tests). */
  get levels(): number {
    let n = 1;
    for (let w = this.overflow; w !== null; w = w.overflow) n++;
    return n;
  }

  /**
   * Place a task. Returns false when it is cancelled (drop it) or already due within this level's first
   * tick (the caller runs it now).
   */
  add(task: TimerTask): boolean {
    const expirationMs = task.deadlineMs;
    if (task.isCancelled) return false;
    if (expirationMs < this.currentTimeMs + this.tickMs) return false;
    if (expirationMs < this.currentTimeMs + this.intervalMs) {
      const virtualId = Math.floor(expirationMs / this.tickMs);
      const bucket = this.buckets[virtualId % this.wheelSize];
      bucket.add(task);
      // A bucket is reused for a later span only after it expired and was flushed (expiration -1), so a
      // change of expiration means "not queued yet": queue it once.
      if (bucket.setExpiration(virtualId * this.tickMs)) this.queue.push(bucket);
      return true;
    }
    return this.overflowWheel().add(task);
  }

  /** Move this level (and the levels above) to `timeMs`, rounded down to each level's tick. */
  advanceClock(timeMs: number): void {
    if (timeMs >= this.currentTimeMs + this.tickMs) {
      this.currentTimeMs = timeMs - (timeMs % this.tickMs);
      this.overflow?.advanceClock(this.currentTimeMs);
    }
  }

  private overflowWheel(): TimingWheel {
    if (this.overflow === null) {
      this.overflow = new TimingWheel(this.intervalMs, this.wheelSize, this.currentTimeMs, this.owner, this.queue, this.level + 1);
    }
    return this.overflow;
  }
}
