// What the log cleaner's main thread hands a cleaning (in the worker or inline) and gets back: plain,
// structured-clonable data. The cleaning reads the listed segment files (immutable: below the first
// uncleanable offset, never the active segment) and writes `.cleaned` segments next to them; the main
// thread alone changes the log (LogCleaner swaps the results in).
import type { AbortedTxnInfo } from "../log-types.ts";

export interface CleanerSegmentRef {
  baseOffset: number;
  logPath: string;
  /** Bytes of the `.log` when the task was made: the cleaning reads no further. */
  sizeBytes: number;
  offsetIndexBytes: number;
  timeIndexBytes: number;
  /** The next segment's base offset (the first uncleanable offset for the last one). */
  nextOffset: number;
  /** Aborted transactions overlapping [baseOffset, nextOffset) (Kafka's collectAbortedTransactions). */
  abortedTxns: AbortedTxnInfo[];
}

/** Kafka's LastRecord of an active producer: its last data batch's last offset (-1: none) and epoch. */
export interface LastRecordOfProducer {
  producerId: bigint;
  lastDataOffset: number;
  producerEpoch: number;
}

export interface CleanerLogSettings {
  segmentBytes: number;
  maxIndexBytes: number;
  indexIntervalBytes: number;
  deleteRetentionMs: number;
  maxMessageBytes: number;
}

export interface CleanerSettings {
  /** log.cleaner.dedupe.buffer.size / log.cleaner.threads */
  dedupeBufferBytes: number;
  /** log.cleaner.io.buffer.load.factor */
  loadFactor: number;
  /** log.cleaner.io.buffer.size */
  ioBufferBytes: number;
  /** log.cleaner.io.max.bytes.per.second (Infinity: unthrottled) */
  maxIoBytesPerSecond: number;
}

export interface CleanTask {
  id: number;
  partition: string;
  dir: string;
  firstDirtyOffset: number;
  firstUncleanableOffset: number;
  /** The log's segments below the first uncleanable offset, in order (Kafka's logSegments(0, firstUncleanable)). */
  segments: CleanerSegmentRef[];
  /** File position in the first dirty segment to start the offset map from (offset index lookup). */
  mapStartPosition: number;
  /** Aborted transactions overlapping the dirty range. */
  mapAbortedTxns: AbortedTxnInfo[];
  activeProducers: LastRecordOfProducer[];
  log: CleanerLogSettings;
  cleaner: CleanerSettings;
  nowMs: number;
}

export interface CleanerStats {
  mapBytesRead: number;
  mapMessagesRead: number;
  bytesRead: number;
  messagesRead: number;
  bytesWritten: number;
  messagesWritten: number;
  invalidMessagesRead: number;
  bufferUtilization: number;
  startMs: number;
  mapDoneMs: number;
  endMs: number;
}

export interface CleanedGroup {
  baseOffset: number;
  /** Base offsets of the segments it replaces. */
  sources: number[];
  sizeBytes: number;
}

export interface CleanResult {
  id: number;
  /** The first offset not cleaned: the log's new cleaner checkpoint. */
  endOffset: number;
  groups: CleanedGroup[];
  stats: CleanerStats;
}
