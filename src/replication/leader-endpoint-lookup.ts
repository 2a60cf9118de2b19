// Where a follower reaches its leader, and where it starts fetching: the leader's broker registration in the metadata image, on the
// inter-broker listener (Kafka's KafkaConfig.interBrokerListenerName and BrokerRegistration.node):
// inter.broker.listener.name when set, else the listener named after security.inter.broker.protocol
// (PLAINTEXT by default). A leader that registered no endpoint under that name is not fetched from, as
// in Kafka (start-up refuses a broker whose inter-broker listener is not advertised, so every broker of
// a well-configured cluster has it).

import type { BrokerConfig } from "../config/broker-config.ts";
import type { MetadataImage } from "../metadata/image.ts";
import type { Node } from "../network/network-client.ts";
import type { Logger } from "../util/log.ts";
import type { Partition } from "./partition.ts";
import type { FollowerFetchStart } from "./replica-fetcher-manager.ts";

export function interBrokerListenerName(config: BrokerConfig): string {
  const named = config.optionalString("inter.broker.listener.name");
  if (named !== null && named !== "") return named.toUpperCase();
  return config.string("security.inter.broker.protocol").toUpperCase();
}

/** The leader's endpoint on `listenerName`, or null (no leader, not registered, or no such listener). */
export function leaderEndpoint(image: MetadataImage, leaderId: number, listenerName: string): Node | null {
  if (leaderId < 0) return null;
  const reg = image.brokers.get(leaderId);
  const ep = reg?.endpoints.find((e) => e.name.toUpperCase() === listenerName);
  if (!ep) return null;
  // An empty host is every interface of that broker (Java resolves it to the local host).
  return { id: leaderId, host: ep.host === "" ? "localhost" : ep.host, port: ep.port };
}

/**
 * Where each follower partition starts fetching (Kafka's applyLocalFollowersDelta): from its leader's
 * endpoint, at the log end when a leader epoch is known locally (the fetch finds any divergence), else
 * at the high watermark (truncated to first: initialFetchOffset). A leader without an endpoint on the
 * listener is skipped until the metadata gives it one; a partition with no leader is not fetched.
 */
export function followerFetchStarts(image: MetadataImage, partitions: readonly Partition[], listenerName: string, logger: Logger): FollowerFetchStart[] {
  const starts: FollowerFetchStart[] = [];
  for (const p of partitions) {
    const leader = leaderEndpoint(image, p.leaderId, listenerName);
    if (leader === null) {
      if (p.leaderId >= 0) logger.warn("not fetching: the leader has no endpoint on the inter-broker listener", { partition: p.name, leader: p.leaderId, listener: listenerName });
      continue;
    }
    const initOffset = p.latestEpoch >= 0 ? p.logEndOffset : p.highWatermark;
    starts.push({ topic: p.topic, topicId: p.topicId, partition: p.partition, currentLeaderEpoch: p.leaderEpoch, initOffset, leader });
  }
  return starts;
}
