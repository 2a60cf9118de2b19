// The config layers of a running broker: server.properties (+ --override) as given, and the dynamic
// overrides the metadata image holds ("broker:ID" for this broker, "broker:" for the cluster default,
// "topic:NAME" per topic). Takes the image's config maps as plain data (config/ sits below metadata/
// and does not import it); read once per request from the current image, which is never mutated.

import { BROKER_DEFS_BY_NAME, type BrokerConfig } from "./broker-config.ts";
import { checkValue, ConfigError, type ConfigValue } from "./def.ts";
import type { BrokerLayers } from "./topic-config.ts";

const NONE: ReadonlyMap<string, string> = new Map();

/** What config reads of a metadata image: its dynamic config overrides, keyed "topic:NAME" / "broker:ID" / "broker:". */
export interface DynamicConfigs {
  readonly configs: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

/** What a handler has: the broker's static config and, once the metadata layer runs, its image. */
export interface ConfigHost {
  readonly config: BrokerConfig;
  readonly nodeId: number;
  readonly metadata?: { readonly image: DynamicConfigs };
}

export function brokerLayersOf(host: ConfigHost, image: DynamicConfigs | undefined = host.metadata?.image): BrokerLayers {
  return {
    staticConfig: host.config.given,
    dynamicDefault: image?.configs.get("broker:") ?? NONE,
    dynamicBroker: image?.configs.get(`broker:${host.nodeId}`) ?? NONE,
  };
}

export function topicOverridesOf(image: DynamicConfigs | undefined, topic: string): ReadonlyMap<string, string> {
  return image?.configs.get(`topic:${topic}`) ?? NONE;
}

/**
 * A dynamic broker key's value now (Kafka's DynamicBrokerConfig order): this broker's dynamic value,
 * the cluster-wide dynamic default, then server.properties / Kafka's default. A dynamic value that
 * does not parse (AlterConfigs validates, so only a hand-made record) falls through to the next layer.
 * Three map lookups and a parse of a short string: cheap enough for the produce path.
 */
export function currentBrokerValue(host: ConfigHost, name: string, image: DynamicConfigs | undefined = host.metadata?.image): ConfigValue {
  const def = BROKER_DEFS_BY_NAME.get(name);
  if (!def) throw new RangeError(`no broker configuration named ${name}`);
  for (const layer of [image?.configs.get(`broker:${host.nodeId}`), image?.configs.get("broker:")]) {
    const raw = layer?.get(name);
    if (raw === undefined) continue;
    try {
      return checkValue(def, raw);
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
    }
  }
  return host.config.resolved(name).value;
}

export function currentBrokerBool(host: ConfigHost, name: string, image?: DynamicConfigs): boolean {
  return currentBrokerValue(host, name, image ?? host.metadata?.image) as boolean;
}
