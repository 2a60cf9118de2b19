// What the metadata layer (RaftMetadata) builds on top of its createTopics: internal topics for the
// coordinators, Metadata's auto-creation, and the topic-config snapshot every new image carries.

import type { BrokerConfig } from "../config/broker-config.ts";
import { ErrorCode } from "../protocol/errors.ts";
import type { Logger } from "../util/log.ts";
import type { MetadataImage, TopicImage } from "./image.ts";
import type { CreatedTopic, TopicToCreate } from "./layer.ts";
import { TopicConfigSnapshot } from "./topic-config-snapshot.ts";

export class InternalTopicError extends Error {
  constructor(
    readonly topic: string,
    readonly errorCode: number,
    readonly reason: string,
  ) {
    super(`could not create internal topic ${topic}: ${reason}`);
    this.name = "InternalTopicError";
  }
}

interface TopicCreator {
  readonly image: MetadataImage;
  createTopics(topics: TopicToCreate[], opts: { validateOnly: boolean }): Promise<CreatedTopic[]>;
}

/** The topic, created first if missing; throws InternalTopicError when it cannot be created. */
export async function ensureInternalTopicOn(md: TopicCreator, name: string, partitions: number, configs: Record<string, string>, replicationFactor: number): Promise<TopicImage> {
  const existing = md.image.topicsByName.get(name);
  if (existing) return existing;
  const [r] = await md.createTopics(
    [{ name, numPartitions: partitions, replicationFactor, assignments: [], configs: Object.entries(configs).map(([k, v]) => ({ name: k, value: v })) }],
    { validateOnly: false },
  );
  const t = md.image.topicsByName.get(name);
  if (t) return t;
  throw new InternalTopicError(name, r?.errorCode ?? ErrorCode.UNKNOWN_SERVER_ERROR, r?.errorMessage ?? "not created");
}

/**
 * Metadata's auto-creation: creates the topics that do not exist and returns each name's error code for
 * the Metadata response (UNKNOWN_TOPIC_OR_PARTITION for one just created, as Kafka 4.4.0 answers).
 */
export async function autoCreateTopicsOn(md: TopicCreator, names: readonly string[], logger: Logger): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const missing = [...new Set(names)].filter((n) => !md.image.topicsByName.has(n));
  if (missing.length === 0) return out;
  const results = await md.createTopics(
    missing.map((name) => ({ name, numPartitions: -1, replicationFactor: -1, assignments: [], configs: [] })),
    { validateOnly: false },
  );
  for (const r of results) {
    const created = r.errorCode === 0 || r.errorCode === ErrorCode.TOPIC_ALREADY_EXISTS;
    out.set(r.name, created ? ErrorCode.UNKNOWN_TOPIC_OR_PARTITION : r.errorCode);
    if (!created) logger.info("topic auto-creation refused", { topic: r.name, errorCode: r.errorCode, error: r.errorMessage });
  }
  return out;
}

/** The image with its topic-config snapshot, carried over from `previous` where inputs did not change. */
export function withTopicConfigs(image: MetadataImage, previous: TopicConfigSnapshot | undefined, config: BrokerConfig, nodeId: number, logger: Logger): MetadataImage {
  const topicConfigs = new TopicConfigSnapshot(
    {
      configs: image.configs,
      staticConfig: config.given,
      nodeId,
      onError: (topic, e) => logger.error("topic config value could not be parsed: using the next layer's", { topic, key: e.key, value: e.value, error: e.message }),
    },
    previous,
  );
  return { ...image, topicConfigs };
}
