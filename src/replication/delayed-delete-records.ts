// Delayed DeleteRecords (Kafka's DelayedDeleteRecords): once the leader has moved a partition's log
// start, the request is answered only when the partition's low watermark (the least log start of the
// leader and of its followers on live brokers, Partition.lowWatermarkIfLeader) has reached the
// requested offset, so every replica has dropped the records. Watched under each partition's key and
// re-checked when a follower's fetch raises the low watermark. Each partition settles on its own:
// satisfied (error 0, the low watermark then), failed (the partition is no longer led here, or went
// offline: the error, low watermark -1), or, when the request's timeout passes first, REQUEST_TIMED_OUT
// with the low watermark the leader's deletion answered.

import { ErrorCode } from "../protocol/errors.ts";
import { DelayedOperation, DelayedOperationPurgatory, type Timer } from "../util/purgatory/index.ts";

export interface DeleteRecordsPartitionStatus {
  readonly topic: string;
  readonly partition: number;
  /** The log start every replica must reach (the offset the request named, -1 resolved to the HW). */
  readonly requiredOffset: number;
  acksPending: boolean;
  /** REQUEST_TIMED_OUT while pending; the settled error code (0 when satisfied) once not. */
  errorCode: number;
  /** The low watermark answered: the deletion's at first, the one that satisfied it, or -1 on an error. */
  lowWatermark: number;
}

/**
 * Where the partition stands now: `lowWatermark` (the partition's, when led here) or `errorCode` (no
 * longer led here / offline / gone, as ReplicaManager.getPartitionOrError answers).
 */
export type LowWatermarkCheck = (s: DeleteRecordsPartitionStatus) => { lowWatermark: number } | { errorCode: number };

export function pendingDeleteStatus(topic: string, partition: number, requiredOffset: number, lowWatermark: number): DeleteRecordsPartitionStatus {
  return { topic, partition, requiredOffset, acksPending: true, errorCode: ErrorCode.REQUEST_TIMED_OUT, lowWatermark };
}

/** Settles what can settle now; true when no partition is pending any more. */
export function settleDeletes(statuses: readonly DeleteRecordsPartitionStatus[], check: LowWatermarkCheck): boolean {
  let pending = false;
  // Bounded by the request's partitions.
  for (const s of statuses) {
    if (!s.acksPending) continue;
    const now = check(s);
    if ("errorCode" in now) {
      s.acksPending = false;
      s.errorCode = now.errorCode;
      s.lowWatermark = -1;
    } else if (now.lowWatermark >= s.requiredOffset) {
      s.acksPending = false;
      s.errorCode = 0;
      s.lowWatermark = now.lowWatermark;
    } else {
      pending = true;
    }
  }
  return !pending;
}

class DelayedDeleteRecords extends DelayedOperation {
  constructor(
    deadlineMs: number,
    private readonly statuses: readonly DeleteRecordsPartitionStatus[],
    private readonly check: LowWatermarkCheck,
    private readonly done: (statuses: readonly DeleteRecordsPartitionStatus[]) => void,
  ) {
    super(deadlineMs);
  }
  tryComplete(): boolean {
    return settleDeletes(this.statuses, this.check);
  }
  onComplete(): void {
    // Expired or forced (shutdown): partitions still pending keep REQUEST_TIMED_OUT.
    this.done(this.statuses);
  }
}

export class DelayedDeleteRecordsPurgatory {
  private readonly purgatory: DelayedOperationPurgatory<DelayedDeleteRecords>;

  constructor(timer: Timer) {
    // Bound: each waiting request is an in-flight request of its connection; beyond the purgatory's
    // maxPending it completes at once and what is still pending answers REQUEST_TIMED_OUT.
    this.purgatory = new DelayedOperationPurgatory<DelayedDeleteRecords>({ name: "DeleteRecords", timer });
  }

  get waiting(): number {
    return this.purgatory.pendingCount;
  }

  /** Resolves with `statuses` settled, once none is pending or `timeoutMs` has passed. */
  wait(statuses: readonly DeleteRecordsPartitionStatus[], keys: readonly string[], check: LowWatermarkCheck, timeoutMs: number): Promise<readonly DeleteRecordsPartitionStatus[]> {
    return new Promise((resolve) => {
      const op = new DelayedDeleteRecords(this.purgatory.deadlineAfter(Math.max(0, timeoutMs)), statuses, check, resolve);
      this.purgatory.tryCompleteElseWatch(op, keys);
    });
  }

  /** Re-checks the requests watching `key` (the partition's low watermark moved, or it went). */
  checkAndComplete(key: string): number {
    return this.purgatory.checkAndComplete(key);
  }

  /** Completes every waiting request now (shutdown): what is still pending answers REQUEST_TIMED_OUT. */
  completeAll(): void {
    this.purgatory.forceCompleteAll();
  }
}
