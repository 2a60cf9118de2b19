// Kafka's SnapshotGenerator: the metadata image is written to a KIP-630 snapshot
// (<offset>-<epoch>.checkpoint, through the Raft client) once enough has been committed since the last
// one — metadata.log.max.record.bytes.between.snapshots bytes of batches, or
// metadata.log.max.snapshot.interval.ms since the first batch not in a snapshot. Each node snapshots
// its own committed image (leader, followers and observers alike, as Kafka's); the Raft log then lets
// its retention (metadata.max.retention.*) delete segments behind the newest snapshot, and a node that
// fell behind the log start catches up with FetchSnapshot.
//
// One snapshot at a time; a failure is logged and the next commit tries again.

import type { RaftClient } from "../raft/raft-client.ts";
import type { Logger } from "../util/log.ts";
import type { MetadataImage } from "./image.ts";
import { writeImageSnapshot } from "./image-snapshot.ts";

export interface SnapshotGeneratorOptions {
  readonly raft: Pick<RaftClient, "createSnapshot" | "latestSnapshotId">;
  /** metadata.log.max.record.bytes.between.snapshots */
  readonly maxBytesSinceLastSnapshot: number;
  /** metadata.log.max.snapshot.interval.ms (0: by size only) */
  readonly maxTimeSinceLastSnapshotMs: number;
  readonly nowMs: () => number;
  readonly logger: Logger;
}

export class SnapshotGenerator {
  private bytesSinceLast = 0;
  /** When the first batch not in a snapshot was committed; -1 when everything is. */
  private firstUnsnapshottedAtMs = -1;
  private writing = false;
  /** Snapshots written by this process (for tests and logs). */
  written = 0;

  constructor(private readonly opts: SnapshotGeneratorOptions) {}

  /** A committed change of `batchBytes` was applied: `image` holds it; `epoch` is its last batch's epoch. */
  publishLogDelta(image: MetadataImage, epoch: number, batchBytes: number): void {
    this.bytesSinceLast += batchBytes;
    const now = this.opts.nowMs();
    if (this.firstUnsnapshottedAtMs < 0) this.firstUnsnapshottedAtMs = now;
    const bySize = this.bytesSinceLast >= this.opts.maxBytesSinceLastSnapshot;
    const byTime = this.opts.maxTimeSinceLastSnapshotMs > 0 && now - this.firstUnsnapshottedAtMs >= this.opts.maxTimeSinceLastSnapshotMs;
    if (bySize || byTime) this.maybeWrite(image, epoch, bySize ? "size" : "time");
  }

  /** A snapshot was loaded (from the leader): nothing since it needs writing. */
  publishSnapshot(): void {
    this.bytesSinceLast = 0;
    this.firstUnsnapshottedAtMs = -1;
  }

  private maybeWrite(image: MetadataImage, epoch: number, reason: string): void {
    if (this.writing || image.offset < 0n) return;
    const id = { offset: Number(image.offset) + 1, epoch };
    const latest = this.opts.raft.latestSnapshotId();
    if (latest && latest.offset >= id.offset) return;
    this.writing = true;
    let writer;
    try {
      writer = this.opts.raft.createSnapshot(id, this.opts.nowMs());
    } catch (e) {
      this.writing = false;
      this.opts.logger.warn("metadata snapshot not started", { offset: id.offset, error: (e as Error).message });
      return;
    }
    if (!writer) {
      this.writing = false;
      return;
    }
    const w = writer;
    let records = 0;
    try {
      records = writeImageSnapshot(image, w);
    } catch (e) {
      w.close();
      this.writing = false;
      this.opts.logger.error("metadata snapshot failed", { offset: id.offset, error: (e as Error).message });
      return;
    }
    this.bytesSinceLast = 0;
    this.firstUnsnapshottedAtMs = -1;
    w.freeze().then(
      () => {
        this.writing = false;
        this.written++;
        this.opts.logger.info("metadata snapshot written", { offset: id.offset, epoch: id.epoch, records, reason });
      },
      (e: unknown) => {
        this.writing = false;
        this.opts.logger.error("metadata snapshot could not be made durable", { offset: id.offset, error: String(e) });
      },
    );
  }
}
