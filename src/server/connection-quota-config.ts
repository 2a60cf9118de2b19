// max.connections, max.connections.per.ip and max.connections.per.ip.overrides from the broker config,
// validated as Kafka's KafkaConfig does: a per-IP maximum of 0 only makes sense with overrides.
import type { BrokerConfig } from "../config/broker-config.ts";
import { ConfigError } from "../config/def.ts";
import { parsePerIpOverrides, type ConnectionQuotaConfig } from "../network/connection-quotas.ts";

export function connectionQuotaConfigOf(config: BrokerConfig): ConnectionQuotaConfig {
  const raw = config.string("max.connections.per.ip.overrides") ?? "";
  const perIpOverrides = parsePerIpOverrides(raw);
  if (typeof perIpOverrides === "string") throw new ConfigError("max.connections.per.ip.overrides", raw, perIpOverrides);
  const maxConnectionsPerIp = config.int("max.connections.per.ip");
  if (maxConnectionsPerIp === 0 && perIpOverrides.size === 0) {
    throw new ConfigError("max.connections.per.ip", "0", "a value of at least 1 when max.connections.per.ip.overrides is empty (0 admits no one)");
  }
  return { maxConnections: config.int("max.connections"), maxConnectionsPerIp, perIpOverrides };
}
