// What the metadata layer sees of Raft (Kafka's raft RaftClient and RaftClient.Listener). The metadata
// image is built only from what a Listener is handed: committed batches (handleCommit) and snapshots
// (handleLoadSnapshot), on the leader exactly as on followers and observers; a leader's append becomes
// visible only when the quorum has committed it.

import type { LeaderAndEpoch, SnapshotId } from "./types.ts";

/** One committed batch: its records' values (metadata records are keyless), and where it sits. */
export interface Batch {
  readonly baseOffset: number;
  readonly lastOffset: number;
  readonly epoch: number;
  readonly appendTimestampMs: number;
  /**
   * The records' value bytes in offset order. A control batch (LeaderChange, voters, snapshot markers)
   * has none: it is delivered, as Kafka's Batch with controlRecords, so that listeners know how far
   * the committed log they have read goes.
   */
  readonly records: readonly Uint8Array[];
  /** A control batch (no data records). */
  readonly control?: boolean;
  /** Bytes of the batch on disk. */
  readonly sizeInBytes: number;
}

export interface SnapshotReader {
  readonly snapshotId: SnapshotId;
  readonly lastContainedLogTimestampMs: number;
  /** The snapshot's data batches, in order (header and footer control records left out). */
  batches(): Iterable<Batch>;
}

export interface RaftListener {
  handleCommit(batches: readonly Batch[]): void;
  handleLoadSnapshot(reader: SnapshotReader): void;
  handleLeaderChange(leader: LeaderAndEpoch): void;
  beginShutdown?(): void;
}

export class NotLeaderException extends Error {
  constructor(readonly epoch: number, message: string) {
    super(message);
    this.name = "NotLeaderException";
  }
}

export interface SnapshotWriter {
  readonly snapshotId: SnapshotId;
  /** Append data records (values), batched as the log's batches are. */
  append(records: readonly Uint8Array[]): void;
  /** Write the footer, make it durable; the log may then be trimmed behind it. */
  freeze(): Promise<void>;
  close(): void;
}

export interface RaftClient {
  register(listener: RaftListener): void;
  leaderAndEpoch(): LeaderAndEpoch;
  /**
   * Append records (values) in the current epoch if this node leads in `epoch`: returns the offset of
   * the last record. Throws NotLeaderException otherwise. Atomic: all records land in one batch, or none.
   */
  scheduleAtomicAppend(epoch: number, records: readonly Uint8Array[]): number;
  /** The offset the next appended record gets (the log end plus records waiting to be appended). */
  logEndOffset(): number;
  /**
   * The high watermark this node knows, -1 while it knows none (a leader that has not committed in its
   * epoch yet, a follower before its first fetch). Kafka's RaftClient.highWatermark.
   */
  highWatermark(): number;
  /** Give up leadership of `epoch` (EndQuorumEpoch to the others). */
  resign(epoch: number): void;
  /** A writer for a snapshot of everything committed before `snapshotId.offset`; null when one exists. */
  createSnapshot(snapshotId: SnapshotId, lastContainedLogTimestampMs: number): SnapshotWriter | null;
  latestSnapshotId(): SnapshotId | null;
  /** Stop: resign if leading, finish in-flight work, close the log. */
  shutdown(timeoutMs: number): Promise<void>;
}
