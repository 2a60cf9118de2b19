// Every broker key Strand knows: its own typed keys (broker-defs.ts, which Strand acts on) first, then
// the rest of Kafka 4.4.0's broker keys (kafka-broker-defs.ts), so DescribeConfigs and AlterConfigs
// see the whole of Kafka's broker surface.

import { BROKER_CONFIG_DEFS } from "./broker-defs.ts";
import type { ConfigDef } from "./def.ts";
import { KAFKA_BROKER_DEFS } from "./kafka-broker-defs.ts";

const all = new Map<string, ConfigDef>();
for (const d of BROKER_CONFIG_DEFS) all.set(d.name, d);
for (const [name, d] of KAFKA_BROKER_DEFS) {
  const own = all.get(name);
  // Strand's def wins (its validator and doc), but a key Kafka changes at run time stays dynamic.
  if (!own) all.set(name, d);
}

export const ALL_BROKER_DEFS: ReadonlyMap<string, ConfigDef> = all;

/** The broker key's def, or undefined for a key neither Strand nor Kafka has. */
export function brokerDef(name: string): ConfigDef | undefined {
  return all.get(name);
}

/**
 * Broker keys that stand for the same setting, in Kafka's order (DynamicBrokerConfig.brokerConfigSynonyms):
 * the key in ms, then minutes, then hours; log.flush.interval.ms then log.flush.scheduler.interval.ms.
 */
const FAMILIES: readonly (readonly string[])[] = [
  ["log.roll.ms", "log.roll.hours"],
  ["log.roll.jitter.ms", "log.roll.jitter.hours"],
  ["log.retention.ms", "log.retention.minutes", "log.retention.hours"],
  ["log.flush.interval.ms", "log.flush.scheduler.interval.ms"],
];

export function brokerSynonymNames(name: string): readonly string[] {
  // log.flush.scheduler.interval.ms is its own family head in Kafka: it is not a synonym of the other.
  if (name === "log.flush.scheduler.interval.ms") return [name];
  return FAMILIES.find((f) => f.includes(name)) ?? [name];
}
