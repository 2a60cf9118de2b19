// Topic-level configuration keys of Apache Kafka 4.4.0 (LogConfig / TopicConfig), with Kafka's types,
// defaults (as Kafka prints them in DescribeConfigs), ranges, and the broker keys each falls back to
// (ServerTopicConfigSynonyms), in Kafka's order. Checked against kafka-storage / kafka-server-common
// 4.4.0 by dumping their ConfigDef (names, types, defaults, validators) and synonym table.
//
// A topic value resolves as: topic override, then for each broker synonym in order its dynamic
// per-broker value, dynamic cluster default, static server.properties value, Kafka default; then the
// topic key's own default. A synonym with a unit (log.retention.hours) is converted to the topic's unit.

import { atLeast, between, listOf, oneOf, type ConfigDef, type ConfigValue } from "./def.ts";

export type SynonymUnit = "hours" | "minutes";

export interface BrokerSynonym {
  readonly name: string;
  /** The synonym's value is in this unit; the topic key is in milliseconds. */
  readonly unit?: SynonymUnit;
}

export interface TopicConfigDef extends ConfigDef {
  /** Broker keys this topic key falls back to, in Kafka's order (empty: none). */
  readonly synonyms: readonly BrokerSynonym[];
  /** Internal keys (internal.segment.bytes) are accepted but not described. */
  readonly internal?: boolean;
}

/** Kafka's validator of the replication throttle lists: "*" or partition:broker pairs. */
/** Kafka's ThrottledReplicaListValidator, with its message. */
const throttledReplicas = (v: ConfigValue, name: string): string | null => {
  if (!Array.isArray(v)) return null;
  if (v.length === 1 && v[0] === "*") return null;
  return v.every((x) => /^\d+:\d+$/.test(x)) ? null : `${name} must be the literal '*' or a list of replicas in the following format: [partitionId]:[brokerId],[partitionId]:[brokerId],...`;
};

/** compression.gzip.level: 1..9 or -1 (the codec's default). */
const gzipLevel = (v: ConfigValue): string | null => (typeof v === "number" && v !== -1 && (v < 1 || v > 9) ? "Value must be between 1 and 9 or equal to -1" : null);

const s = (name: string, unit?: SynonymUnit): BrokerSynonym => (unit ? { name, unit } : { name });

const t = (def: Omit<TopicConfigDef, "scope">): TopicConfigDef => ({ ...def, scope: "cluster-wide" });

const LONG_MAX = "9223372036854775807";

export const TOPIC_CONFIG_DEFS: readonly TopicConfigDef[] = [
  t({ name: "segment.bytes", type: "int", default: "1073741824", validate: atLeast(1048576), doc: "Size of one segment file of the log.", synonyms: [s("log.segment.bytes")] }),
  t({ name: "segment.ms", type: "long", default: "604800000", validate: atLeast(1), doc: "Time after which a segment is rolled even if not full.", synonyms: [s("log.roll.ms"), s("log.roll.hours", "hours")] }),
  t({ name: "segment.jitter.ms", type: "long", default: "0", validate: atLeast(0), doc: "Largest random jitter subtracted from segment.ms.", synonyms: [s("log.roll.jitter.ms"), s("log.roll.jitter.hours", "hours")] }),
  t({ name: "segment.index.bytes", type: "int", default: "10485760", validate: atLeast(4), doc: "Size of the offset and time indexes of a segment.", synonyms: [s("log.index.size.max.bytes")] }),
  t({ name: "flush.messages", type: "long", default: LONG_MAX, validate: atLeast(1), doc: "Messages written before the log is fsynced.", synonyms: [s("log.flush.interval.messages")] }),
  t({ name: "flush.ms", type: "long", default: LONG_MAX, validate: atLeast(0), doc: "Time a message stays unflushed before the log is fsynced.", synonyms: [s("log.flush.interval.ms"), s("log.flush.scheduler.interval.ms")] }),
  t({ name: "retention.bytes", type: "long", default: "-1", doc: "Largest size of a partition before old segments are deleted; -1 for no limit.", synonyms: [s("log.retention.bytes")] }),
  t({ name: "retention.ms", type: "long", default: "604800000", validate: atLeast(-1), doc: "How long a segment is kept before deletion; -1 for no limit.", synonyms: [s("log.retention.ms"), s("log.retention.minutes", "minutes"), s("log.retention.hours", "hours")] }),
  t({ name: "max.message.bytes", type: "int", default: "1048588", validate: atLeast(0), doc: "Largest record batch the topic accepts.", synonyms: [s("message.max.bytes")] }),
  t({ name: "max.decompressed.message.bytes", type: "int", default: "2147483639", validate: between(1, 2147483639), doc: "Largest decompressed size of a batch the broker decompresses.", synonyms: [s("max.decompressed.message.bytes")] }),
  t({ name: "index.interval.bytes", type: "int", default: "4096", validate: atLeast(0), doc: "Bytes between two offset index entries.", synonyms: [s("log.index.interval.bytes")] }),
  t({ name: "delete.retention.ms", type: "long", default: "86400000", validate: atLeast(0), doc: "How long tombstones are kept in a compacted topic.", synonyms: [s("log.cleaner.delete.retention.ms")] }),
  t({ name: "min.compaction.lag.ms", type: "long", default: "0", validate: atLeast(0), doc: "Least time a message stays uncompacted.", synonyms: [s("log.cleaner.min.compaction.lag.ms")] }),
  t({ name: "max.compaction.lag.ms", type: "long", default: LONG_MAX, validate: atLeast(1), doc: "Most time a message stays ineligible for compaction.", synonyms: [s("log.cleaner.max.compaction.lag.ms")] }),
  t({ name: "file.delete.delay.ms", type: "long", default: "60000", validate: atLeast(0), doc: "Delay before a deleted segment's files are removed.", synonyms: [s("log.segment.delete.delay.ms")] }),
  t({ name: "min.cleanable.dirty.ratio", type: "double", default: "0.5", validate: between(0, 1), doc: "Dirty share of the log above which the cleaner compacts it.", synonyms: [s("log.cleaner.min.cleanable.ratio")] }),
  t({ name: "cleanup.policy", type: "list", default: "delete", validate: listOf("compact", "delete"), doc: "delete, compact, or both; empty for neither.", synonyms: [s("log.cleanup.policy")] }),
  t({ name: "unclean.leader.election.enable", type: "boolean", default: "false", doc: "Allow an out-of-sync replica to become leader.", synonyms: [s("unclean.leader.election.enable")] }),
  t({ name: "min.insync.replicas", type: "int", default: "1", validate: atLeast(1), doc: "Least in-sync replicas for an acks=all produce to succeed.", synonyms: [s("min.insync.replicas")] }),
  t({ name: "compression.type", type: "string", default: "producer", validate: oneOf("uncompressed", "zstd", "lz4", "snappy", "gzip", "producer"), doc: "Final compression of the topic's data; producer keeps the producer's.", synonyms: [s("compression.type")] }),
  t({ name: "compression.gzip.level", type: "int", default: "-1", validate: gzipLevel, doc: "gzip level when compression.type is gzip.", synonyms: [s("compression.gzip.level")] }),
  t({ name: "compression.lz4.level", type: "int", default: "9", validate: between(1, 17), doc: "lz4 level when compression.type is lz4.", synonyms: [s("compression.lz4.level")] }),
  t({ name: "compression.zstd.level", type: "int", default: "3", validate: between(-131072, 22), doc: "zstd level when compression.type is zstd.", synonyms: [s("compression.zstd.level")] }),
  t({ name: "preallocate", type: "boolean", default: "false", doc: "Preallocate segment files.", synonyms: [s("log.preallocate")] }),
  t({ name: "message.timestamp.type", type: "string", default: "CreateTime", validate: oneOf("CreateTime", "LogAppendTime"), doc: "CreateTime keeps the producer's timestamp, LogAppendTime stamps the broker's.", synonyms: [s("log.message.timestamp.type")] }),
  t({ name: "message.timestamp.before.max.ms", type: "long", default: LONG_MAX, validate: atLeast(0), doc: "Largest age of a CreateTime timestamp relative to the broker's clock.", synonyms: [s("log.message.timestamp.before.max.ms")] }),
  t({ name: "message.timestamp.after.max.ms", type: "long", default: "3600000", validate: atLeast(0), doc: "Largest lead of a CreateTime timestamp over the broker's clock.", synonyms: [s("log.message.timestamp.after.max.ms")] }),
  t({ name: "leader.replication.throttled.replicas", type: "list", default: "", validate: throttledReplicas, doc: "Replicas throttled on the leader side.", synonyms: [] }),
  t({ name: "follower.replication.throttled.replicas", type: "list", default: "", validate: throttledReplicas, doc: "Replicas throttled on the follower side.", synonyms: [] }),
  t({ name: "remote.storage.enable", type: "boolean", default: "false", doc: "Tiered storage for the topic (not served by Strand).", synonyms: [] }),
  t({ name: "local.retention.ms", type: "long", default: "-2", validate: atLeast(-2), doc: "Local retention time with tiered storage; -2 follows retention.ms.", synonyms: [s("log.local.retention.ms")] }),
  t({ name: "local.retention.bytes", type: "long", default: "-2", validate: atLeast(-2), doc: "Local retention size with tiered storage; -2 follows retention.bytes.", synonyms: [s("log.local.retention.bytes")] }),
  t({ name: "remote.log.copy.disable", type: "boolean", default: "false", doc: "Stop copying segments to remote storage.", synonyms: [] }),
  t({ name: "remote.copy.lag.ms", type: "long", default: "0", validate: atLeast(-1), doc: "Delay before a rolled segment is copied to remote storage.", synonyms: [s("log.remote.copy.lag.ms")] }),
  t({ name: "remote.copy.lag.bytes", type: "long", default: "-1", validate: atLeast(-1), doc: "Bytes of rolled segments kept before copying to remote storage.", synonyms: [s("log.remote.copy.lag.bytes")] }),
  t({ name: "remote.log.delete.on.disable", type: "boolean", default: "false", doc: "Delete remote data when tiered storage is disabled.", synonyms: [] }),
  t({ name: "errors.deadletterqueue.group.enable", type: "boolean", default: "false", doc: "Streams groups may use this topic as a dead-letter queue.", synonyms: [] }),
  t({ name: "internal.segment.bytes", type: "int", default: null, validate: atLeast(14), doc: "Testing only: segment size below segment.bytes' minimum.", synonyms: [], internal: true }),
];

export const TOPIC_DEFS_BY_NAME: ReadonlyMap<string, TopicConfigDef> = new Map(TOPIC_CONFIG_DEFS.map((d) => [d.name, d]));

/** Topic keys that DescribeConfigs lists (every non-internal key). */
export const DESCRIBED_TOPIC_KEYS: readonly string[] = TOPIC_CONFIG_DEFS.filter((d) => !d.internal).map((d) => d.name);

/** Broker key -> the topic key it is a synonym of (log.retention.hours -> retention.ms). */
export const TOPIC_KEY_OF_BROKER_KEY: ReadonlyMap<string, string> = new Map(TOPIC_CONFIG_DEFS.flatMap((d) => d.synonyms.map((syn) => [syn.name, d.name] as const)));
