// The log Raft replicates (Kafka's raft ReplicatedLog): __cluster_metadata-0 on disk
// (KafkaMetadataLog, src/raft/kafka-metadata-log.ts) or in memory for tests (MockLog,
// src/raft/mock-log.ts). Records are whole v2 record batches as bytes; the log assigns offsets on a
// leader append and keeps a follower's. Snapshots are files beside the log (KIP-630:
// <20-digit offset>-<10-digit epoch>.checkpoint), each a sequence of record batches opened by a
// SnapshotHeaderRecord and closed by a SnapshotFooterRecord control batch.
//
// Every method is synchronous except flush(): writes go to the page cache at once and are made durable
// by flush(), whose promise resolves when everything appended before it is on disk. Raft's leader counts
// its own log toward the high watermark only up to lastFlushedOffset, as Kafka's does.

import type { OffsetAndEpoch, SnapshotId, ValidOffsetAndEpoch } from "./types.ts";

export interface LogAppendInfo {
  readonly firstOffset: number;
  readonly lastOffset: number;
}

export interface LogFetchInfo {
  /** Whole record batches starting at or before the requested offset (empty at the end). */
  readonly records: Uint8Array;
  /** The offset of the first batch in `records` (its base offset). */
  readonly startOffset: number;
}

export interface RawSnapshotWriter {
  readonly snapshotId: SnapshotId;
  /** Append whole record batches (the header batch first, the footer batch last). */
  append(batches: Uint8Array): void;
  /** Bytes appended so far. */
  readonly sizeInBytes: number;
  /** Make it durable and visible (renamed from its .part name); then readSnapshot() finds it. */
  freeze(): Promise<void>;
  /** Drop an unfrozen snapshot. */
  close(): void;
}

export interface RawSnapshotReader {
  readonly snapshotId: SnapshotId;
  readonly sizeInBytes: number;
  /** `maxBytes` bytes from `position` (fewer at the end); FetchSnapshot sends these unchanged. */
  slice(position: number, maxBytes: number): Uint8Array;
}

export interface ReplicatedLog {
  /** Append batches whose offsets the log assigns, all stamped with leader epoch `epoch`. */
  appendAsLeader(batches: Uint8Array, epoch: number): LogAppendInfo;
  /** Append batches fetched from the leader as they are (offsets and epochs kept). */
  appendAsFollower(batches: Uint8Array, epoch: number): LogAppendInfo;
  /** Record batches from `startOffset`, up to the high watermark when `committed`, at most about `maxBytes`. */
  read(startOffset: number, isolation: "UNCOMMITTED" | "COMMITTED", maxBytes: number): LogFetchInfo;

  /** The epoch of the last record (or of the latest snapshot when the log is empty past it). */
  lastFetchedEpoch(): number;
  /** Kafka's endOffsetForEpoch: the end of the largest epoch <= `epoch`, and that epoch. */
  endOffsetForEpoch(epoch: number): OffsetAndEpoch;
  /** Where a follower at (offset, epoch) stands against this log (see ValidOffsetAndEpoch). */
  validateOffsetAndEpoch(offset: number, epoch: number): ValidOffsetAndEpoch;

  endOffset(): OffsetAndEpoch;
  startOffset(): number;
  /** A new leader's epoch starts at the current end offset (the epoch cache gets the entry). */
  initializeLeaderEpoch(epoch: number): void;

  updateHighWatermark(offset: number): void;
  highWatermark(): number;

  /** Drop everything from `offset` on (a follower diverged). Never below the high watermark. */
  truncateTo(offset: number): void;
  /** Drop the whole log and restart it at the latest snapshot's end; false when no snapshot is newer. */
  truncateToLatestSnapshot(): boolean;

  flush(): Promise<void>;
  lastFlushedOffset(): number;

  /** A snapshot of this log's committed state: at most the high watermark (asserted), null below the log start or when it exists. */
  createNewSnapshot(snapshotId: SnapshotId): RawSnapshotWriter | null;
  /** A follower storing the leader's snapshot, which lies past its own high watermark (Kafka's createNewSnapshotUnchecked); null when it exists. */
  createNewSnapshotUnchecked(snapshotId: SnapshotId): RawSnapshotWriter | null;
  readSnapshot(snapshotId: SnapshotId): RawSnapshotReader | null;
  latestSnapshotId(): SnapshotId | null;
  earliestSnapshotId(): SnapshotId | null;
  /** Delete segments and older snapshots wholly before `snapshotId` (the log start moves up to it). */
  deleteBeforeSnapshot(snapshotId: SnapshotId): boolean;
  /** Apply the log's retention behind its snapshots (Kafka's maybeClean); true when something was deleted. */
  maybeClean?(): boolean;

  close(): Promise<void>;
}
