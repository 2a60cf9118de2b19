// DelayedOperationPurgatory: holds DelayedOperations until their condition holds or their deadline
// passes, indexed by watch keys ("topic-partition", a group id, ...). Kafka's purgatory for one event
// loop: no locks, no reaper thread; completed operations leave their watch lists at once (watch-list.ts).
//
// Use: a handler creates an operation and calls tryCompleteElseWatch(op, keys). Whoever changes what a
// key's operations wait for (an append to a partition, a high-watermark move, a member joining) calls
// checkAndComplete(key), which completes each operation on that key whose tryComplete() now says yes.
// The deadline completes the rest (reason "expired"). Several purgatories can share one Timer, so the
// whole broker arms a single wake-up.
//
// Bound: at most maxPending operations wait at once. Past that, tryCompleteElseWatch completes the new
// operation at once with reason "overflow" instead of queueing it. Waiting is an optimisation, never a
// correctness need: a fetch answered early with what is there now (maybe nothing) is a valid answer that
// the client simply re-polls, and a produce answered early reports what it has (or a timeout error) as
// on expiry. Refusing to hold more keeps memory bounded when many connections park requests, instead of
// growing until the process dies.

import type { CompletionReason, DelayedOperation, OperationOwner } from "./delayed-operation.ts";
import { PurgatoryError } from "./errors.ts";
import { Timer } from "./timer.ts";
import { WatchList } from "./watch-list.ts";

export interface PurgatoryOptions {
  /** For logs and metrics: "Fetch", "Produce", "Rebalance", ... */
  name: string;
  /** The timer expiring operations; share one across purgatories. Default: a new Timer on the system clock. */
  timer?: Timer;
  /** Operations allowed to wait at once (see the bound above). Default DEFAULT_MAX_PENDING. */
  maxPending?: number;
  /** Where exceptions from tryComplete()/onComplete() during checkAndComplete go. Default: console.error. */
  onError?: (error: unknown, op: DelayedOperation) => void;
}

/** Default bound on waiting operations per purgatory: far above one fetch per consumer connection. */
export const DEFAULT_MAX_PENDING = 50_000;

export interface PurgatoryStats {
  name: string;
  /** Operations waiting now. */
  pending: number;
  /** Keys with at least one waiting operation. */
  watchedKeys: number;
  /** Entries over all watch lists (an operation on 3 keys counts 3): Kafka's PurgatorySize. */
  watchers: number;
  /** Operations completed since creation, by reason, and operations cancelled. */
  completed: Record<CompletionReason, number>;
  cancelled: number;
}

/** The watch key of a partition: "topic-partition", Kafka's TopicPartitionOperationKey. */
export function topicPartitionKey(topic: string, partition: number): string {
  return `${topic}-${partition}`;
}

export class DelayedOperationPurgatory<Op extends DelayedOperation = DelayedOperation> implements OperationOwner {
  readonly name: string;
  readonly timer: Timer;
  readonly maxPending: number;
  private readonly onError: (error: unknown, op: DelayedOperation) => void;
  private readonly lists = new Map<string, WatchList>();
  private readonly pending = new Set<DelayedOperation>();
  private watcherTotal = 0;
  private readonly completed: Record<CompletionReason, number> = { satisfied: 0, expired: 0, forced: 0, overflow: 0 };
  private cancelledTotal = 0;

  constructor(opts: PurgatoryOptions) {
    this.name = opts.name;
    this.timer = opts.timer ?? new Timer();
    this.maxPending = opts.maxPending ?? DEFAULT_MAX_PENDING;
    if (!Number.isSafeInteger(this.maxPending) || this.maxPending < 0) {
      throw new PurgatoryError("INVALID_OPTION", this.name, `maxPending must be a non-negative integer, got ${opts.maxPending}`);
    }
    this.onError = opts.onError ?? ((error, op) => console.error(`purgatory ${this.name}: operation with deadline ${op.deadlineMs} threw`, error));
  }

  /** The deadline `timeoutMs` from now on this purgatory's clock (never early), for an operation's constructor. */
  deadlineAfter(timeoutMs: number): number {
    return this.timer.clock.deadlineAfterMs(timeoutMs);
  }

  /**
   * Complete `op` now if tryComplete() says it can; otherwise watch it under every key until
   * checkAndComplete on one of them completes it or its deadline expires it. Returns true when the
   * operation is completed on return (satisfied, already expired, or refused because the purgatory is
   * full: completionReason says which), false when it is waiting.
   *
   * An operation with no keys just waits for its deadline. Duplicate keys are watched once.
   */
  tryCompleteElseWatch(op: Op, keys: readonly string[]): boolean {
    if (op.isCompleted) return op.state === "completed";
    if (op.owner !== null || op.isScheduled) {
      throw new PurgatoryError("ALREADY_WATCHED", this.name, `operation with deadline ${op.deadlineMs} is already being watched`);
    }
    op.owner = this; // from here on its completion is counted here, watched or not
    let canComplete: boolean;
    try {
      canComplete = op.tryComplete();
    } catch (error) {
      if (op.state === "pending") op.owner = null; // not taken: the caller may retry or drop it
      throw error;
    }
    if (canComplete) {
      op.forceComplete("satisfied");
      return true;
    }
    if (op.isCompleted) return op.state === "completed"; // tryComplete completed or cancelled it itself
    if (this.pending.size >= this.maxPending) {
      op.forceComplete("overflow");
      return true;
    }
    this.pending.add(op);
    const unique = keys.length > 1 ? new Set(keys) : keys;
    for (const key of unique) {
      let list = this.lists.get(key);
      if (list === undefined) {
        list = new WatchList(key);
        this.lists.set(key, list);
      }
      op.watchNodes.push(list.add(op));
      this.watcherTotal++;
    }
    this.timer.add(op); // runs op now (expired) if its deadline has already passed
    return op.isCompleted;
  }

  /**
   * Complete the operations watching `key` whose tryComplete() now returns true. Returns how many this
   * call completed. Safe to call from inside tryComplete()/onComplete() (for this key or another):
   * each call works on a snapshot and skips operations completed meanwhile. Exceptions from an
   * operation's callbacks are reported (onError) and do not stop the others.
   */
  checkAndComplete(key: string): number {
    const list = this.lists.get(key);
    if (list === undefined) return 0;
    let done = 0;
    for (const op of list.snapshot()) {
      if (op.isCompleted) continue;
      try {
        if (op.tryComplete() && op.forceComplete("satisfied")) done++;
      } catch (error) {
        this.onError(error, op);
      }
    }
    return done;
  }

  /**
   * Cancel every operation watching `key`: each leaves the timer and ALL its watch lists and is never
   * completed; the caller gets them back and owns their answers. (Kafka's cancelForKey only unhooks the
   * key's list; here a cancelled operation is gone everywhere, so nothing can complete it later.)
   */
  cancelForKey(key: string): Op[] {
    const list = this.lists.get(key);
    if (list === undefined) return [];
    const out: Op[] = [];
    for (const op of list.snapshot()) {
      if (op.isCompleted) continue;
      op.cancel();
      out.push(op as Op);
    }
    return out;
  }

  /** Force-complete every waiting operation (reason "forced"), e.g. at shutdown. Returns how many. */
  forceCompleteAll(): number {
    let done = 0;
    for (const op of [...this.pending]) {
      try {
        if (op.forceComplete("forced")) done++;
      } catch (error) {
        this.onError(error, op);
      }
    }
    return done;
  }

  /** Operations waiting now (Kafka's NumDelayedOperations). */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** Waiting operations on `key`. */
  watched(key: string): number {
    return this.lists.get(key)?.size ?? 0;
  }

  stats(): PurgatoryStats {
    return {
      name: this.name,
      pending: this.pending.size,
      watchedKeys: this.lists.size,
      watchers: this.watcherTotal,
      completed: { ...this.completed },
      cancelled: this.cancelledTotal,
    };
  }

  /** @internal OperationOwner: an operation completed or was cancelled; unlink it everywhere. */
  operationDone(op: DelayedOperation, reason: CompletionReason | "cancelled"): void {
    // Called once per operation (the operation forgets its owner first). One completed before it was
    // watched has no watch nodes and was never in `pending`; it is only counted.
    this.pending.delete(op);
    for (const node of op.watchNodes) {
      node.list.remove(node);
      this.watcherTotal--;
      if (node.list.size === 0 && this.lists.get(node.list.key) === node.list) this.lists.delete(node.list.key);
    }
    op.watchNodes = [];
    if (reason === "cancelled") this.cancelledTotal++;
    else this.completed[reason]++;
  }
}
