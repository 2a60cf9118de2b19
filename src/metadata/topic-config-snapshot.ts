// One topic-config snapshot per metadata image: each topic's effective settings (produce validation)
// and LogConfig (its logs), resolved once per (image, topic) by the one resolver
// (config/topic-config-resolved.ts) from the image's dynamic configs ("topic:NAME", "broker:ID",
// "broker:") over server.properties. Produce reads `settings` on every request without parsing a
// string; the metadata layer hands `logConfig` to the logs when an image changes a topic's or a
// broker-level config (Kafka's ConfigAdminManager / DynamicLogConfig update the live LogConfig).
//
// A new image's snapshot starts from its predecessor's: an entry whose inputs (the topic's override
// map and the two broker maps, replaced, never mutated, by the image builder) are the same objects is
// carried over, so an image that changes nothing of a topic's config resolves nothing for it again.
// Entries are made on first use and bounded by MAX_TOPIC_CONFIGS; beyond it the snapshot starts over
// (each later topic is resolved again once), so a flood of names cannot grow memory.

import type { BrokerLayers } from "../config/topic-config.ts";
import { resolveTopicConfig, type ResolvedTopicConfig, type TopicConfigResolver } from "../config/topic-config-resolved.ts";
import type { ConfigError } from "../config/def.ts";
import { configKey } from "./image.ts";

/** Entries one snapshot keeps (one per topic used): far above any topic count a single node serves. */
export const MAX_TOPIC_CONFIGS = 200_000;

const NONE: ReadonlyMap<string, string> = new Map();

export interface TopicConfigSnapshotInputs {
  /** The image's config overrides (MetadataImage.configs). */
  readonly configs: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** server.properties plus --override pairs, as given. */
  readonly staticConfig: ReadonlyMap<string, string>;
  readonly nodeId: number;
  /** Told when a stored value does not parse (it falls back to the next layer). */
  readonly onError?: (topic: string, e: ConfigError) => void;
  /** The resolver (tests count its calls). */
  readonly resolve?: TopicConfigResolver;
  /** Bound on the entries (default MAX_TOPIC_CONFIGS). */
  readonly maxEntries?: number;
}

interface Entry {
  readonly overrides: ReadonlyMap<string, string>;
  readonly config: ResolvedTopicConfig;
}

export class TopicConfigSnapshot {
  readonly layers: BrokerLayers;
  private readonly entries = new Map<string, Entry>();
  private readonly resolve: TopicConfigResolver;

  constructor(
    private readonly inputs: TopicConfigSnapshotInputs,
    previous?: TopicConfigSnapshot,
  ) {
    this.resolve = inputs.resolve ?? resolveTopicConfig;
    const dynamicBroker = inputs.configs.get(configKey("broker", String(inputs.nodeId))) ?? NONE;
    const dynamicDefault = inputs.configs.get(configKey("broker", "")) ?? NONE;
    const p = previous?.layers;
    // Same broker layers (as objects) as the predecessor: reuse its layers object, and its entries whose
    // topic overrides did not change. Bounded by the predecessor's size (<= MAX_TOPIC_CONFIGS).
    if (p && previous.inputs.staticConfig === inputs.staticConfig && p.dynamicBroker === dynamicBroker && p.dynamicDefault === dynamicDefault) {
      this.layers = p;
      for (const [topic, e] of previous.entries) {
        if (this.overridesOf(topic) === e.overrides) this.entries.set(topic, e);
      }
    } else {
      this.layers = { staticConfig: inputs.staticConfig, dynamicBroker, dynamicDefault };
    }
  }

  /** The topic's resolved config (a topic with no overrides, or not in the image, gets the broker's). */
  get(topic: string): ResolvedTopicConfig {
    const e = this.entries.get(topic);
    if (e) return e.config;
    const overrides = this.overridesOf(topic);
    const onError = this.inputs.onError;
    const config = this.resolve(this.layers, overrides, onError ? (err) => onError(topic, err) : undefined);
    if (this.entries.size >= (this.inputs.maxEntries ?? MAX_TOPIC_CONFIGS)) this.entries.clear();
    this.entries.set(topic, { overrides, config });
    return config;
  }

  /** Topics resolved so far (tests, the bound). */
  get size(): number {
    return this.entries.size;
  }

  private overridesOf(topic: string): ReadonlyMap<string, string> {
    return this.inputs.configs.get(configKey("topic", topic)) ?? NONE;
  }
}
