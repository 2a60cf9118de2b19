// The per-topic settings the produce path checks (max.message.bytes, timestamps, compression,
// cleanup.policy, segment.bytes, min.insync.replicas), read from the metadata image's topic-config
// snapshot (metadata/topic-config-snapshot.ts): resolved once per (image, topic) through every layer
// Kafka has (topic override, per-broker dynamic, cluster-wide dynamic default, server.properties,
// Kafka's default), so a request parses no config string. An image without a snapshot (one built by a
// test) is resolved on the spot by the same resolver.

import type { BrokerConfig } from "../../config/broker-config.ts";
import { brokerLayersOf, topicOverridesOf } from "../../config/broker-layers.ts";
import { resolveTopicConfig, type TopicCompression, type TopicSettings } from "../../config/topic-config-resolved.ts";
import type { MetadataImage } from "../../metadata/image.ts";

export type { TopicCompression, TopicSettings } from "../../config/topic-config-resolved.ts";

export function resolveTopicSettings(image: MetadataImage | undefined, config: BrokerConfig, topic: string, nodeId: number): TopicSettings {
  const snapshot = image?.topicConfigs;
  if (snapshot) return snapshot.get(topic).settings;
  return resolveTopicConfig(brokerLayersOf({ config, nodeId }, image), topicOverridesOf(image, topic)).settings;
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
