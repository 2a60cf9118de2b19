// The broker's two replication quotas (Kafka's QuotaManagers.leader / .follower, the reassignment
// throttles): replication.quota.window.num × replication.quota.window.size.seconds from
// server.properties (read at start-up, as Kafka), the throttled rates from the dynamic broker configs
// of the current metadata image (Kafka's BrokerConfigHandler: this broker's value, else the cluster
// default, else Long.MAX; server.properties is not read for them), and the throttled replicas from
// each topic's own config. Both are read on every check, so an AlterConfigs applies at the next fetch.

import type { BrokerConfig } from "../config/broker-config.ts";
import type { DynamicConfigs } from "../config/broker-layers.ts";
import { ReplicationQuotaManager, UNLIMITED_RATE } from "../replication/replication-quota.ts";

export interface ReplicationQuotas {
  leader: ReplicationQuotaManager;
  follower: ReplicationQuotaManager;
}

/** Kafka's getOrDefault(...).toLong of a dynamic rate; a value that does not parse falls through. */
export function throttledRateOf(image: DynamicConfigs | null, nodeId: number, key: string): number {
  for (const layer of [image?.configs.get(`broker:${nodeId}`), image?.configs.get("broker:")]) {
    const raw = layer?.get(key)?.trim();
    if (raw === undefined || !/^-?\d+$/.test(raw)) continue;
    return Number(raw);
  }
  return UNLIMITED_RATE;
}

export function replicationQuotasOf(config: BrokerConfig, nodeId: number, image: () => DynamicConfigs | null, nowMs: () => number): ReplicationQuotas {
  // Typed keys (broker-defs.ts): a value below 1 or not an int stops the start naming the key.
  const windowNum = config.int("replication.quota.window.num");
  const windowSizeMs = config.int("replication.quota.window.size.seconds") * 1000;
  const make = (side: "leader" | "follower"): ReplicationQuotaManager =>
    new ReplicationQuotaManager({
      replicationType: side,
      brokerId: nodeId,
      windowNum,
      windowSizeMs,
      nowMs,
      rateBytesPerSec: () => throttledRateOf(image(), nodeId, `${side}.replication.throttled.rate`),
      throttledReplicas: (topic) => image()?.configs.get(`topic:${topic}`)?.get(`${side}.replication.throttled.replicas`) ?? "",
    });
  return { leader: make("leader"), follower: make("follower") };
}
