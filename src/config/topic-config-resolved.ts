// One topic's effective configuration, resolved once from plain data (the broker layers and the topic's
// overrides) into what its users read without parsing: the settings produce validation checks
// (max.message.bytes, timestamps, compression, cleanup.policy, min.insync.replicas, segment.bytes) and
// storage's LogConfig. Kafka does the same: a topic's LogConfig is built when its config changes
// (ConfigAdminManager / DynamicLogConfig), and every append reads the built object.
//
// Layers, most specific first (topic-config.ts resolveTopicValue, resolveTopicKey's value): topic override, per-broker dynamic,
// cluster-wide dynamic default, server.properties, Kafka's default. A value that does not parse (the
// controller validated it when it was set, so only a hand-edited metadata log gets here) falls back to
// the next layer and is reported through onError, once per resolution instead of once per request.
// Values are parsed as their type only: ranges are the controller's check (validateTopicConfigs) and
// storage's own bounds are makeLogConfig's.

import type { LogConfig } from "../storage/log-config.ts";
import { ConfigError, parseValue, type ConfigValue } from "./def.ts";
import { resolveTopicValue, type BrokerLayers } from "./topic-config.ts";
import { TOPIC_DEFS_BY_NAME } from "./topic-defs.ts";

export type TopicCompression = "producer" | "uncompressed" | "gzip" | "snappy" | "lz4" | "zstd";

export interface TopicSettings {
  /** max.message.bytes: largest batch accepted (after any recompression). */
  readonly maxMessageBytes: number;
  /** message.timestamp.type */
  readonly logAppendTime: boolean;
  /** message.timestamp.before.max.ms */
  readonly timestampBeforeMaxMs: number;
  /** message.timestamp.after.max.ms */
  readonly timestampAfterMaxMs: number;
  /** compression.type */
  readonly compression: TopicCompression;
  /** cleanup.policy contains compact (records need keys). */
  readonly compact: boolean;
  /** cleanup.policy contains delete (DeleteRecords allowed). */
  readonly delete: boolean;
  /** segment.bytes (or internal.segment.bytes): a produced message set larger than this is RECORD_LIST_TOO_LARGE. */
  readonly segmentBytes: number;
  /** min.insync.replicas (acks=all needs this many in-sync replicas). */
  readonly minInsyncReplicas: number;
}

/** Everything resolved for one topic: what produce validation reads and what its logs run with. */
export interface ResolvedTopicConfig {
  readonly settings: TopicSettings;
  readonly logConfig: LogConfig;
}

export type TopicConfigResolver = (layers: BrokerLayers, overrides: ReadonlyMap<string, string>, onError?: (e: ConfigError) => void) => ResolvedTopicConfig;

/** Long.MAX_VALUE ("never") as storage's Infinity. */
const unlimited = (n: number): number => (n >= Number.MAX_SAFE_INTEGER ? Infinity : n);

const NONE: ReadonlyMap<string, string> = new Map();

/**
 * The parsed value of topic key `name`: the override, else the broker layers, else the key's default,
 * the first that parses winning (a value that does not is reported and skipped).
 */
function parsed(name: string, layers: BrokerLayers, overrides: ReadonlyMap<string, string>, onError: (e: ConfigError) => void): ConfigValue {
  const def = TOPIC_DEFS_BY_NAME.get(name)!;
  // Bounded: three attempts, each dropping one layer.
  const attempts: Array<() => string | null> = [
    () => resolveTopicValue(def, layers, overrides),
    () => (overrides.has(name) ? resolveTopicValue(def, layers, NONE) : null),
    () => def.default,
  ];
  for (const attempt of attempts) {
    const raw = attempt();
    if (raw === null) continue;
    try {
      return parseValue(def, raw);
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      onError(e);
    }
  }
  throw new ConfigError(name, "null", `a ${def.type} (the key has no default)`);
}

const COMPRESSIONS: readonly string[] = ["producer", "uncompressed", "gzip", "snappy", "lz4", "zstd"];

function strandFsyncBeforeAck(layers: BrokerLayers): boolean {
  const key = "strand.log.fsync.before.ack";
  const raw = layers.dynamicBroker.get(key) ?? layers.dynamicDefault.get(key) ?? layers.staticConfig.get(key) ?? "false";
  return raw.trim().toLowerCase() === "true";
}

/** The one resolver: a topic's settings and LogConfig from the same parsed values. */
// A function declaration (hoisted): topic-config.ts's logConfigFor calls it, and this file reads that
// one's resolveTopicKey.
export function resolveTopicConfig(layers: BrokerLayers, overrides: ReadonlyMap<string, string>, onError: (e: ConfigError) => void = () => undefined): ResolvedTopicConfig {
  const v = (name: string) => parsed(name, layers, overrides, onError);
  const n = (name: string) => v(name) as number;
  const policy = v("cleanup.policy") as string[];
  const compression = v("compression.type") as string;
  const timestampType = v("message.timestamp.type") === "LogAppendTime" ? "LogAppendTime" : "CreateTime";
  const maxMessageBytes = n("max.message.bytes");
  // Kafka's LogConfig.segmentSize(): internal.segment.bytes (tests' small segments) when set, for the
  // roll and for the RECORD_LIST_TOO_LARGE check alike.
  const segmentBytes = overrides.has("internal.segment.bytes") ? n("internal.segment.bytes") : n("segment.bytes");
  const settings: TopicSettings = {
    maxMessageBytes,
    logAppendTime: timestampType === "LogAppendTime",
    timestampBeforeMaxMs: n("message.timestamp.before.max.ms"),
    timestampAfterMaxMs: n("message.timestamp.after.max.ms"),
    compression: (COMPRESSIONS.includes(compression) ? compression : "producer") as TopicCompression,
    compact: policy.includes("compact"),
    delete: policy.includes("delete"),
    segmentBytes,
    minInsyncReplicas: n("min.insync.replicas"),
  };
  const logConfig: LogConfig = {
    segmentBytes,
    segmentMs: n("segment.ms"),
    segmentIndexBytes: n("segment.index.bytes"),
    indexIntervalBytes: n("index.interval.bytes"),
    retentionMs: n("retention.ms"),
    retentionBytes: n("retention.bytes"),
    flushMessages: unlimited(n("flush.messages")),
    flushMs: unlimited(n("flush.ms")),
    fileDeleteDelayMs: n("file.delete.delay.ms"),
    maxMessageBytes,
    timestampType,
    fsyncBeforeAck: strandFsyncBeforeAck(layers),
    compact: settings.compact,
    delete: settings.delete,
    deleteRetentionMs: n("delete.retention.ms"),
    minCompactionLagMs: n("min.compaction.lag.ms"),
    maxCompactionLagMs: unlimited(n("max.compaction.lag.ms")),
    minCleanableDirtyRatio: n("min.cleanable.dirty.ratio"),
  };
  return { settings: Object.freeze(settings), logConfig: Object.freeze(logConfig) };
}
