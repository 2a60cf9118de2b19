// Where a follower reaches its leader: the leader's broker registration in the metadata image, on the
// inter-broker listener (Kafka's KafkaConfig.interBrokerListenerName and BrokerRegistration.node):
// inter.broker.listener.name when set, else the listener named after security.inter.broker.protocol
// (PLAINTEXT by default). A leader that registered no endpoint under that name is not fetched from, as
// in Kafka (start-up refuses a broker whose inter-broker listener is not advertised, so every broker of
// a well-configured cluster has it).

import type { BrokerConfig } from "../config/broker-config.ts";
import type { MetadataImage } from "../metadata/image.ts";
import type { Node } from "../network/network-client.ts";

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
