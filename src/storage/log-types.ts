// Types at the Log's API boundary.
import type { BatchHeader } from "../protocol/records/batch-header.ts";
import type { LeaderEpochCache } from "./leader-epoch-cache.ts";
import type { LogConfig } from "./log-config.ts";
import type { ProducerStateManager } from "./producer-state.ts";
import type { LogSegment } from "./segment.ts";
import type { SegmentFile } from "./segment-file.ts";
import type { TopicPartition } from "./file-names.ts";

export interface AppendOptions {
  /** Leader: assign offsets from the log end (default). Follower/import: keep the batch offsets. */
  assignOffsets?: boolean;
  /** Stamped into each batch's partitionLeaderEpoch when assigning offsets. */
  leaderEpoch?: number;
  /** The caller already verified every batch CRC (the produce path does). */
  crcVerified?: boolean;
  /**
   * Skip the max.message.bytes check (Kafka's ignoreRecordSize): a follower appends what its leader
   * accepted, whatever this replica's limit is.
   */
  ignoreRecordSize?: boolean;
  /**
   * The parsed header of the one batch the records hold, already validated by the caller (produce
   * validation, which also verified the CRC): the append trusts it instead of parsing the header
   * again, and takes it over (its offsets and leader epoch are rewritten in place).
   */
  header?: BatchHeader;
  nowMs?: number;
}

export interface AppendResult {
  firstOffset: number;
  lastOffset: number;
  /** The LogAppendTime stamped, or -1 under CreateTime. */
  logAppendTimeMs: number;
  maxTimestamp: number;
  offsetOfMaxTimestamp: number;
  logStartOffset: number;
  batchCount: number;
  sizeBytes: number;
}

/**
 * Bytes [position, position + length) of an open segment file, ready for sendfile. `file.fd` may be
 * used at once; a holder that keeps the slice past the current call (a queued response) must
 * file.retain() it first, or the segment may close it meanwhile.
 */
export interface FileSlice {
  file: SegmentFile;
  path: string;
  position: number;
  length: number;
  /** Base offset of the first batch in the slice (may be below the fetch offset). */
  firstBatchBaseOffset: number;
}

export interface ReadResult {
  /** null when there is nothing to return at this offset (yet). */
  slice: FileSlice | null;
  highWatermark: number;
  logStartOffset: number;
  logEndOffset: number;
}

export type ReadUpperBound = "logEnd" | "highWatermark" | "lastStable";

/** One aborted transaction of a partition (Kafka's AbortedTxn in the .txnindex / FetchResponse). */
export interface AbortedTxnInfo {
  producerId: bigint;
  /** Offset of the transaction's first record. */
  firstOffset: number;
  /** Offset of its abort marker. */
  lastOffset: number;
  /** The partition's last stable offset when the abort marker was appended. */
  lastStableOffset: number;
}

export interface LogParts {
  dir: string;
  tp: TopicPartition;
  config: LogConfig;
  segments: LogSegment[];
  logStartOffset: number;
  logEndOffset: number;
  recoveryPoint: number;
  highWatermark: number;
  epochs: LeaderEpochCache;
  producers: ProducerStateManager;
}

