// What a share partition and the share sessions read of the configs: a share group's own keys
// (share.record.lock.duration.ms, share.delivery.count.limit, share.partition.max.record.locks,
// share.auto.offset.reset, share.isolation.level: ConfigResource GROUP, metadata image "group:NAME")
// over the broker's group.share.* keys, as Kafka's ShareGroupConfigProvider; the broker's
// group.share.max.share.sessions.

import type { BrokerConfig } from "../../config/broker-config.ts";
import type { ConfigHost, DynamicConfigs } from "../../config/broker-layers.ts";
import { brokerValueOf, groupDefault, groupIntConfig, GROUP_CONFIG_BY_NAME } from "../../config/group-config.ts";
import type { SharePartitionConfig } from "./share-partition.ts";

export interface ShareConfigHost extends ConfigHost {
  readonly config: BrokerConfig;
  readonly metadata?: { readonly image: DynamicConfigs };
}

/** ISO-8601 duration as Kafka's by_duration takes it (PnDTnHnMnS), in ms; null when it does not parse. */
export function parseDurationMs(text: string): number | null {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(text.trim().toUpperCase());
  if (m === null || text.trim().toUpperCase() === "P" || text.trim().toUpperCase().endsWith("T")) return null;
  const [, d, h, min, s] = m;
  return ((Number(d ?? 0) * 24 + Number(h ?? 0)) * 60 + Number(min ?? 0)) * 60_000 + Math.round(Number(s ?? 0) * 1000);
}

function autoOffsetReset(raw: string): SharePartitionConfig["autoOffsetReset"] {
  const v = raw.trim().toLowerCase();
  if (v === "earliest") return { type: "earliest" };
  if (v.startsWith("by_duration:")) {
    const ms = parseDurationMs(raw.trim().slice("by_duration:".length));
    if (ms !== null) return { type: "by_duration", durationMs: ms };
  }
  return { type: "latest" };
}

function groupString(host: ShareConfigHost, groupId: string, name: string): string {
  const image = host.metadata?.image;
  const own = image?.configs.get(`group:${groupId}`)?.get(name);
  return own ?? groupDefault(GROUP_CONFIG_BY_NAME.get(name)!, brokerValueOf(host, image));
}

export function sharePartitionConfig(host: ShareConfigHost, groupId: string): SharePartitionConfig {
  const image = host.metadata?.image;
  const overrides = image?.configs.get(`group:${groupId}`);
  const broker = brokerValueOf(host, image);
  return {
    recordLockDurationMs: groupIntConfig("share.record.lock.duration.ms", overrides, broker),
    deliveryCountLimit: groupIntConfig("share.delivery.count.limit", overrides, broker),
    maxInFlightRecords: groupIntConfig("share.partition.max.record.locks", overrides, broker),
    autoOffsetReset: autoOffsetReset(groupString(host, groupId, "share.auto.offset.reset")),
  };
}

/** share.isolation.level: read_committed reads up to the last stable offset. */
export function shareReadCommitted(host: ShareConfigHost, groupId: string): boolean {
  return groupString(host, groupId, "share.isolation.level").trim().toLowerCase() === "read_committed";
}

/** group.share.max.share.sessions (Kafka's default 2000). */
export function maxShareSessions(host: ShareConfigHost): number {
  const raw = brokerValueOf(host, host.metadata?.image)("group.share.max.share.sessions");
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(n) && n > 0 ? n : 2000;
}
