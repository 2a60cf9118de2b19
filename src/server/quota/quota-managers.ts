// Kafka's QuotaManagers for clients: produce (producer_byte_rate, bytes of each Produce request),
// fetch (consumer_byte_rate, bytes of each consumer Fetch response), request (request_percentage, the
// share of one thread's time the client's requests take) and controller mutation
// (controller_mutation_rate, partitions created or deleted per second). The windows come from
// server.properties (quota.window.num × quota.window.size.seconds; controller.quota.window.* for the
// mutations), read at start-up as Kafka does; the bounds from the metadata image's client quotas.
//
// Throttling (Kafka's ThrottledChannel): the response goes out at once carrying throttle_time_ms, and
// the connection is then muted (not read) for that time; `throttleConnection` does the muting.

import type { BrokerConfig } from "../../config/broker-config.ts";
import type { MetadataImage } from "../../metadata/image.ts";
import type { ConnectionInfo } from "../../network/connection.ts";
import { ClientQuotaManager } from "./client-quota-manager.ts";
import { IpConnectionRateQuota } from "./ip-connection-quota.ts";

export interface QuotaManagers {
  readonly produce: ClientQuotaManager;
  readonly fetch: ClientQuotaManager;
  readonly request: ClientQuotaManager;
  readonly controllerMutation: ClientQuotaManager;
}

export function quotaManagersOf(config: BrokerConfig, image: () => MetadataImage, nowMs?: () => number): QuotaManagers {
  const numSamples = config.int("quota.window.num");
  const windowMs = config.int("quota.window.size.seconds") * 1000;
  const clock = nowMs ? { nowMs } : {};
  const make = (quotaKey: string, extra: { maxThrottleMs?: number } = {}) => new ClientQuotaManager({ quotaKey, numSamples, windowMs, image, ...clock, ...extra });
  return {
    produce: make("producer_byte_rate"),
    fetch: make("consumer_byte_rate"),
    // ClientRequestQuotaManager: at most one window of throttle.
    request: make("request_percentage", { maxThrottleMs: windowMs }),
    controllerMutation: new ClientQuotaManager({
      quotaKey: "controller_mutation_rate",
      numSamples: config.int("controller.quota.window.num"),
      windowMs: config.int("controller.quota.window.size.seconds") * 1000,
      image,
      ...clock,
    }),
  };
}

/** Kafka's ClientQuotaManager.throttle: mute the connection for `throttleMs` once its response is out. */
export function throttleConnection(conn: ConnectionInfo, throttleMs: number): void {
  if (throttleMs > 0) conn.throttle?.(throttleMs);
}

/**
 * The socket server's connection_creation_rate check (ip-connection-quota.ts) for the broker listeners;
 * the inter-broker listener is exempt when there are several (Kafka's protectedListener).
 */
export function ipConnectionThrottle(config: BrokerConfig, listeners: ReadonlyArray<{ name: string }>, image: () => MetadataImage): (listenerName: string, address: string) => number {
  const quota = new IpConnectionRateQuota(config.int("quota.window.num"), config.int("quota.window.size.seconds") * 1000, image);
  const interBroker = config.optionalString("inter.broker.listener.name") ?? config.optionalString("security.inter.broker.protocol") ?? "PLAINTEXT";
  const protectedListener = listeners.length > 1 ? interBroker : null;
  return (listenerName, address) => (listenerName === protectedListener ? 0 : quota.throttleMs(address));
}
