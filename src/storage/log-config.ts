// Per-log settings, with Kafka's topic-level names and defaults. The broker maps topic configs and
// their server.properties synonyms onto this.
import { InvalidConfigError } from "./errors.ts";

export type TimestampType = "CreateTime" | "LogAppendTime";

export interface LogConfig {
  /** segment.bytes */
  segmentBytes: number;
  /** segment.ms */
  segmentMs: number;
  /** segment.index.bytes: preallocated size of .index and .timeindex */
  segmentIndexBytes: number;
  /** index.interval.bytes */
  indexIntervalBytes: number;
  /** retention.ms, -1 for unlimited */
  retentionMs: number;
  /** retention.bytes, -1 for unlimited */
  retentionBytes: number;
  /** flush.messages: fsync after this many messages (Infinity: never forced) */
  flushMessages: number;
  /** flush.ms: fsync when the oldest unflushed append is this old (Infinity: never forced) */
  flushMs: number;
  /** file.delete.delay.ms: how long `.deleted` files wait before removal */
  fileDeleteDelayMs: number;
  /** max.message.bytes: largest batch accepted */
  maxMessageBytes: number;
  /** message.timestamp.type */
  timestampType: TimestampType;
  /** Strand: fsync before a produce is acknowledged (group commit). */
  fsyncBeforeAck: boolean;
  /** cleanup.policy contains compact: the log cleaner keeps the latest record per key. */
  compact: boolean;
  /** cleanup.policy contains delete: retention.ms / retention.bytes apply. */
  delete: boolean;
  /** delete.retention.ms: how long tombstones and removable transaction markers survive cleaning. */
  deleteRetentionMs: number;
  /** min.compaction.lag.ms */
  minCompactionLagMs: number;
  /** max.compaction.lag.ms (Infinity: never forced) */
  maxCompactionLagMs: number;
  /** min.cleanable.dirty.ratio */
  minCleanableDirtyRatio: number;
}

export const DEFAULT_LOG_CONFIG: Readonly<LogConfig> = Object.freeze({
  segmentBytes: 1073741824,
  segmentMs: 604800000,
  segmentIndexBytes: 10485760,
  indexIntervalBytes: 4096,
  retentionMs: 604800000,
  retentionBytes: -1,
  flushMessages: Infinity,
  flushMs: Infinity,
  fileDeleteDelayMs: 60000,
  maxMessageBytes: 1048588,
  timestampType: "CreateTime",
  fsyncBeforeAck: false,
  compact: false,
  delete: true,
  deleteRetentionMs: 86400000,
  minCompactionLagMs: 0,
  maxCompactionLagMs: Infinity,
  minCleanableDirtyRatio: 0.5,
});

export function makeLogConfig(overrides: Partial<LogConfig> = {}): LogConfig {
  const c: LogConfig = { ...DEFAULT_LOG_CONFIG, ...overrides };
  // Kafka's own lower bounds (LogConfig): a segment holds at least one batch header, an index at
  // least one entry.
  if (!(c.segmentBytes >= 14 && c.segmentBytes <= 0x7fffffff)) throw new InvalidConfigError("segment.bytes", c.segmentBytes, "must be in [14, 2^31-1]");
  if (!(c.segmentIndexBytes >= 12)) throw new InvalidConfigError("segment.index.bytes", c.segmentIndexBytes, "must be >= 12");
  if (!(c.indexIntervalBytes >= 0)) throw new InvalidConfigError("index.interval.bytes", c.indexIntervalBytes, "must be >= 0");
  if (!(c.segmentMs >= 1)) throw new InvalidConfigError("segment.ms", c.segmentMs, "must be >= 1");
  if (!(c.flushMessages >= 1)) throw new InvalidConfigError("flush.messages", c.flushMessages, "must be >= 1");
  if (!(c.flushMs >= 0)) throw new InvalidConfigError("flush.ms", c.flushMs, "must be >= 0");
  if (!(c.maxMessageBytes >= 0)) throw new InvalidConfigError("max.message.bytes", c.maxMessageBytes, "must be >= 0");
  return c;
}
