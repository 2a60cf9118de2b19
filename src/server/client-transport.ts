// The transport the broker's own clients use towards a listener (Kafka's ChannelBuilders.clientChannelBuilder
// with the listener's prefixed configs): plain sockets for PLAINTEXT, TLS for SSL and SASL_SSL, with the
// listener's ssl.* keys (the broker's keystore as its client certificate, its truststore for the peer).
// Replica fetchers use the inter-broker listener; the raft client, the controller channel and
// forwarding use the first controller listener.

import type { BrokerConfig } from "../config/broker-config.ts";
import { sslClientEngine } from "../config/ssl-config.ts";
import { socketTransport, tlsSocketTransport, type Transport } from "../network/transport.ts";

export function clientTransportFor(config: BrokerConfig, listenerName: string): Transport {
  const protocol = config.protocolMap.get(listenerName) ?? "PLAINTEXT";
  if (protocol !== "SSL" && protocol !== "SASL_SSL") return socketTransport;
  return tlsSocketTransport(sslClientEngine(config.given, listenerName));
}
