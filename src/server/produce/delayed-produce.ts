// Delayed produces: a produce that must wait before it is answered (on a single node, for its batches
// to be on disk under strand.log.fsync.before.ack, or for a forced flush.messages / flush.ms flush) waits in the purgatory, watched under each
// partition it wrote, as Kafka's DelayedProduce waits for the high watermark. It completes as soon as
// every partition's durable offset reaches what it appended (checkAndComplete after each group
// commit), or expires after the request's timeout (REQUEST_TIMED_OUT for the partitions).

import type { Log } from "../../storage/log.ts";
import { partitionWatchKey } from "../fetch/delayed-fetch.ts";
import { DelayedOperation, DelayedOperationPurgatory, type Timer } from "../../util/purgatory/index.ts";

export interface DurableTarget {
  log: Log;
  /** The offset after the last appended record: done when log.durableOffset >= endOffset. */
  endOffset: number;
}

class DelayedProduce extends DelayedOperation {
  failed = false;
  constructor(
    deadlineMs: number,
    private readonly targets: readonly DurableTarget[],
    private readonly done: (ok: boolean) => void,
  ) {
    super(deadlineMs);
  }
  tryComplete(): boolean {
    return this.failed || this.targets.every((t) => t.log.durableOffset >= t.endOffset);
  }
  onComplete(): void {
    const satisfied = !this.failed && this.completionReason !== "expired" && this.targets.every((t) => t.log.durableOffset >= t.endOffset);
    this.done(satisfied);
  }
}

export class ProduceWaiters {
  private readonly purgatory: DelayedOperationPurgatory<DelayedProduce>;

  constructor(timer?: Timer) {
    // Bound: each waiting produce is an in-flight request of its connection; beyond maxPending the
    // purgatory completes at once and the answer reports what is not yet durable as timed out.
    this.purgatory = new DelayedOperationPurgatory<DelayedProduce>({ name: "Produce", timer });
  }

  get waiting(): number {
    return this.purgatory.pendingCount;
  }

  /**
   * Resolves true once every target is durable, false when `timeoutMs` passes first or a sync fails.
   * `syncs` are the logs' group-commit promises; each one's settling re-checks its partition.
   */
  wait(targets: readonly DurableTarget[], syncs: ReadonlyArray<Promise<void>>, timeoutMs: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const op = new DelayedProduce(this.purgatory.deadlineAfter(Math.max(0, timeoutMs)), targets, resolve);
      const keys = targets.map((t) => partitionWatchKey(t.log.tp.topic, t.log.tp.partition));
      if (this.purgatory.tryCompleteElseWatch(op, keys)) return;
      syncs.forEach((p, i) => {
        p.then(
          () => this.purgatory.checkAndComplete(keys[i]!),
          () => {
            op.failed = true;
            this.purgatory.checkAndComplete(keys[i]!);
          },
        );
      });
    });
  }

  /** Completes every waiting produce now (shutdown); what is not durable is answered as timed out. */
  completeAll(): void {
    this.purgatory.forceCompleteAll();
  }
}
