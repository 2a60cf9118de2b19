// The config layers of a running broker: server.properties (+ --override) as given, and the dynamic
// overrides held in the metadata image ("broker:ID" for this broker, "broker:" for the cluster default,
// "topic:NAME" per topic). Read once per request from the current image, which is never mutated.

import type { BrokerConfig } from "./broker-config.ts";
import type { MetadataImage } from "../metadata/image.ts";
import type { BrokerLayers } from "./topic-config.ts";

const NONE: ReadonlyMap<string, string> = new Map();

/** What a handler has: the broker's static config and, once the metadata layer runs, its image. */
export interface ConfigHost {
  readonly config: BrokerConfig;
  readonly nodeId: number;
  readonly metadata?: { readonly image: MetadataImage };
}

export function brokerLayersOf(host: ConfigHost, image: MetadataImage | undefined = host.metadata?.image): BrokerLayers {
  return {
    staticConfig: host.config.given,
    dynamicDefault: image?.configs.get("broker:") ?? NONE,
    dynamicBroker: image?.configs.get(`broker:${host.nodeId}`) ?? NONE,
  };
}

export function topicOverridesOf(image: MetadataImage | undefined, topic: string): ReadonlyMap<string, string> {
  return image?.configs.get(`topic:${topic}`) ?? NONE;
}
