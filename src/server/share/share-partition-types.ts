// The types a SharePartition is built from and answers with (share-partition.ts).

export interface SharePartitionConfig {
  recordLockDurationMs: number;
  deliveryCountLimit: number;
  maxInFlightRecords: number;
  /** share.auto.offset.reset: earliest, latest, or by_duration:<ISO-8601 duration> resolved to ms. */
  autoOffsetReset: { type: "earliest" } | { type: "latest" } | { type: "by_duration"; durationMs: number };
}

/** Where share.auto.offset.reset reads the log (Kafka's PartitionMetadataProvider). */
export interface PartitionOffsets {
  logStartOffset(): number;
  logEndOffset(): number;
  /** The first offset with a timestamp >= timestampMs, or the log end. */
  offsetForTimestamp(timestampMs: number): number;
}

/** A log batch the fetch read: its offsets (the bytes are not looked at here). */
export interface BatchSpan {
  baseOffset: number;
  lastOffset: number;
  /** read_committed: a batch of an aborted transaction, archived instead of acquired. */
  archive?: boolean;
}

export interface AcquiredRange {
  firstOffset: number;
  lastOffset: number;
  deliveryCount: number;
}

export interface ShareResult {
  errorCode: number;
  errorMessage: string | null;
}
