// Delayed produces (Kafka's DelayedProduce): a produce whose partitions are appended but may not be
// answered yet waits in the ReplicaManager's purgatory, watched under each partition it wrote.
// acks=-1 waits for the partition's high watermark to pass the appended batch (on a single node that
// is when the batch is on disk under fsync-before-ack, or once a pending forced flush has returned);
// acks 1 and -1 also wait for a forced flush (flush.messages / flush.ms) the append is behind, as Kafka
// flushes inside its append before it answers. Each partition's status settles on its own: satisfied
// (error 0), failed (the partition went offline: KAFKA_STORAGE_ERROR, as Kafka's getPartitionOrError),
// or, when the request's timeout passes first, REQUEST_TIMED_OUT for the ones still pending.

import { ErrorCode } from "../protocol/errors.ts";
import { DelayedOperation, DelayedOperationPurgatory, type Timer } from "../util/purgatory/index.ts";

export interface ProducePartitionStatus {
  readonly topic: string;
  readonly partition: number;
  /** acks=-1: the high watermark must reach this (the appended end offset); -1 when not waited for. */
  readonly requiredOffset: number;
  /** A forced flush must have made offsets below this durable; -1 when none is pending. */
  readonly flushOffset: number;
  acksPending: boolean;
  /** REQUEST_TIMED_OUT while pending; the settled error code (0 when satisfied) once not. */
  errorCode: number;
}

/** -1 while the partition must still wait, else the error code it settles with (0: satisfied). */
export type ProduceStatusCheck = (s: ProducePartitionStatus) => number;

export function pendingStatus(topic: string, partition: number, requiredOffset: number, flushOffset: number): ProducePartitionStatus {
  return { topic, partition, requiredOffset, flushOffset, acksPending: true, errorCode: ErrorCode.REQUEST_TIMED_OUT };
}

/** Settles what can settle now; true when no partition is pending any more. */
export function settle(statuses: readonly ProducePartitionStatus[], check: ProduceStatusCheck): boolean {
  let pending = false;
  // Bounded by the request's partitions.
  for (const s of statuses) {
    if (!s.acksPending) continue;
    const code = check(s);
    if (code < 0) pending = true;
    else {
      s.acksPending = false;
      s.errorCode = code;
    }
  }
  return !pending;
}

class DelayedProduce extends DelayedOperation {
  constructor(
    deadlineMs: number,
    private readonly statuses: readonly ProducePartitionStatus[],
    private readonly check: ProduceStatusCheck,
    private readonly done: (statuses: readonly ProducePartitionStatus[]) => void,
  ) {
    super(deadlineMs);
  }
  tryComplete(): boolean {
    return settle(this.statuses, this.check);
  }
  onComplete(): void {
    // Expired or forced (shutdown): partitions still pending keep REQUEST_TIMED_OUT.
    this.done(this.statuses);
  }
}

export class DelayedProducePurgatory {
  private readonly purgatory: DelayedOperationPurgatory<DelayedProduce>;

  constructor(timer: Timer) {
    // Bound: each waiting produce is an in-flight request of its connection; beyond maxPending the
    // purgatory completes at once and the partitions still pending answer REQUEST_TIMED_OUT.
    this.purgatory = new DelayedOperationPurgatory<DelayedProduce>({ name: "Produce", timer });
  }

  get waiting(): number {
    return this.purgatory.pendingCount;
  }

  /** Resolves with `statuses` settled, once none is pending or `timeoutMs` has passed. */
  wait(statuses: readonly ProducePartitionStatus[], keys: readonly string[], check: ProduceStatusCheck, timeoutMs: number): Promise<readonly ProducePartitionStatus[]> {
    return new Promise((resolve) => {
      const op = new DelayedProduce(this.purgatory.deadlineAfter(Math.max(0, timeoutMs)), statuses, check, resolve);
      this.purgatory.tryCompleteElseWatch(op, keys);
    });
  }

  /** Re-checks the produces watching `key` (the partition's high watermark or durability moved). */
  checkAndComplete(key: string): number {
    return this.purgatory.checkAndComplete(key);
  }

  /** Completes every waiting produce now (shutdown): what is still pending answers REQUEST_TIMED_OUT. */
  completeAll(): void {
    this.purgatory.forceCompleteAll();
  }
}
