// The per-topic settings the data path needs, resolved as Kafka does: the topic's override (from the
// metadata image's config records), else the broker's dynamic cluster default, else server.properties.
//
// Left out: src/config/topic-config.ts is the general resolver (being written); once it lands this file
// should read through it. Values that fail to parse fall back to the broker value (the controller
// validated them when they were set).

import type { BrokerConfig } from "../../config/broker-config.ts";
import type { MetadataImage } from "../../metadata/image.ts";

export type TopicCompression = "producer" | "uncompressed" | "gzip" | "snappy" | "lz4" | "zstd";

export interface TopicSettings {
  /** max.message.bytes: largest batch accepted (after any recompression). */
  maxMessageBytes: number;
  /** message.timestamp.type */
  logAppendTime: boolean;
  /** message.timestamp.before.max.ms */
  timestampBeforeMaxMs: number;
  /** message.timestamp.after.max.ms */
  timestampAfterMaxMs: number;
  /** compression.type */
  compression: TopicCompression;
  /** cleanup.policy contains compact (records need keys). */
  compact: boolean;
  /** cleanup.policy contains delete (DeleteRecords allowed). */
  delete: boolean;
  /** segment.bytes: a produced message set larger than this is RECORD_LIST_TOO_LARGE. */
  segmentBytes: number;
}

/** Topic key -> broker synonym. */
const SYNONYMS = {
  "max.message.bytes": "message.max.bytes",
  "message.timestamp.type": "log.message.timestamp.type",
  "message.timestamp.before.max.ms": "log.message.timestamp.before.max.ms",
  "message.timestamp.after.max.ms": "log.message.timestamp.after.max.ms",
  "compression.type": "compression.type",
  "cleanup.policy": "log.cleanup.policy",
  "segment.bytes": "log.segment.bytes",
} as const;

type TopicKey = keyof typeof SYNONYMS;

function raw(image: MetadataImage | undefined, config: BrokerConfig, topic: string, key: TopicKey): string {
  const override = image?.configs.get(`topic:${topic}`)?.get(key);
  if (override !== undefined) return override;
  const brokerKey = SYNONYMS[key];
  const dynamic = image?.configs.get("broker:")?.get(brokerKey);
  if (dynamic !== undefined) return dynamic;
  const v = config.resolved(brokerKey).value;
  return Array.isArray(v) ? v.join(",") : String(v);
}

function num(image: MetadataImage | undefined, config: BrokerConfig, topic: string, key: TopicKey): number {
  const n = Number(raw(image, config, topic, key));
  if (Number.isFinite(n)) return n;
  return Number(config.resolved(SYNONYMS[key]).value);
}

const COMPRESSIONS: readonly string[] = ["producer", "uncompressed", "gzip", "snappy", "lz4", "zstd"];

export function resolveTopicSettings(image: MetadataImage | undefined, config: BrokerConfig, topic: string): TopicSettings {
  const compression = raw(image, config, topic, "compression.type");
  const policy = raw(image, config, topic, "cleanup.policy").split(",").map((s) => s.trim());
  return {
    maxMessageBytes: num(image, config, topic, "max.message.bytes"),
    logAppendTime: raw(image, config, topic, "message.timestamp.type") === "LogAppendTime",
    timestampBeforeMaxMs: num(image, config, topic, "message.timestamp.before.max.ms"),
    timestampAfterMaxMs: num(image, config, topic, "message.timestamp.after.max.ms"),
    compression: (COMPRESSIONS.includes(compression) ? compression : "producer") as TopicCompression,
    compact: policy.includes("compact"),
    delete: policy.includes("delete"),
    segmentBytes: num(image, config, topic, "segment.bytes"),
  };
}

/** Kafka compression id of a topic's compression.type, or -1 for "producer" (keep what was sent). */
export function targetCompressionId(c: TopicCompression): number {
  switch (c) {
    case "producer":
      return -1;
    case "uncompressed":
      return 0;
    case "gzip":
      return 1;
    case "snappy":
      return 2;
    case "lz4":
      return 3;
    case "zstd":
      return 4;
  }
}
