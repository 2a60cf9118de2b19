// Topic configuration: validating overrides (CreateTopics, AlterConfigs), resolving each key's effective
// value and source through the broker layers (as DescribeConfigs reports it); the parsed settings and
// storage's LogConfig a topic runs with come from topic-config-resolved.ts, over resolveTopicKey.
//
// Layers, most specific first: topic override (DYNAMIC_TOPIC_CONFIG); then, for each broker synonym in
// Kafka's order, the dynamic per-broker value (DYNAMIC_BROKER_CONFIG), the dynamic cluster default
// (DYNAMIC_DEFAULT_BROKER_CONFIG), server.properties (STATIC_BROKER_CONFIG) and Kafka's default
// (DEFAULT_CONFIG); then the topic key's own default.

import { ErrorCode } from "../protocol/errors.ts";
import type { LogConfig } from "../storage/log-config.ts";
import { brokerDef, brokerSynonymNames } from "./broker-keys.ts";
import { checkValue, ConfigError, type ConfigValue } from "./def.ts";
import { resolveTopicConfig } from "./topic-config-resolved.ts";
import { DESCRIBED_TOPIC_KEYS, TOPIC_DEFS_BY_NAME, type SynonymUnit, type TopicConfigDef } from "./topic-defs.ts";

export type ConfigSourceName =
  | "DYNAMIC_TOPIC_CONFIG"
  | "DYNAMIC_BROKER_CONFIG"
  | "DYNAMIC_DEFAULT_BROKER_CONFIG"
  | "STATIC_BROKER_CONFIG"
  | "DEFAULT_CONFIG";

/** DescribeConfigs' ConfigSource ids. */
export const CONFIG_SOURCE_ID: Readonly<Record<ConfigSourceName, number>> = {
  DYNAMIC_TOPIC_CONFIG: 1,
  DYNAMIC_BROKER_CONFIG: 2,
  DYNAMIC_DEFAULT_BROKER_CONFIG: 3,
  STATIC_BROKER_CONFIG: 4,
  DEFAULT_CONFIG: 5,
};

/** The broker-side layers a value is looked up in. */
export interface BrokerLayers {
  /** Dynamic configs of this broker (image.configs "broker:ID"). */
  readonly dynamicBroker: ReadonlyMap<string, string>;
  /** Dynamic cluster-wide defaults (image.configs "broker:"). */
  readonly dynamicDefault: ReadonlyMap<string, string>;
  /** server.properties plus --override pairs, as given. */
  readonly staticConfig: ReadonlyMap<string, string>;
}

export const EMPTY_LAYERS: BrokerLayers = { dynamicBroker: new Map(), dynamicDefault: new Map(), staticConfig: new Map() };

export interface ConfigSynonymEntry {
  readonly name: string;
  readonly value: string | null;
  readonly source: ConfigSourceName;
}

export interface ResolvedConfig {
  readonly name: string;
  /** The effective value as Kafka prints it. */
  readonly value: string | null;
  readonly source: ConfigSourceName;
  /** Every layer holding a value for the key or its synonyms, most specific first (the first is the source). */
  readonly synonyms: readonly ConfigSynonymEntry[];
}

export type ValidationResult = { ok: true; values: Map<string, ConfigValue> } | { ok: false; errorCode: number; message: string };

const invalid = (message: string): ValidationResult => ({ ok: false, errorCode: ErrorCode.INVALID_CONFIG, message });

export interface TopicValidationOptions {
  /** remote.log.storage.system.enable of the broker (Strand: always false, no tiered storage). */
  readonly remoteStorageSystemEnabled?: boolean;
}

/**
 * Validate a topic's overrides as Kafka's controller does: unknown keys, null values, types and ranges
 * are INVALID_CONFIG naming key, value and what is allowed; then the checks across keys.
 */
export function validateTopicConfigs(pairs: ReadonlyArray<{ name: string; value: string | null }>, opts: TopicValidationOptions = {}): ValidationResult {
  const values = new Map<string, ConfigValue>();
  for (const { name, value } of pairs) {
    const def = TOPIC_DEFS_BY_NAME.get(name);
    if (!def) return invalid(`Unknown topic config name: ${name}`);
    if (value === null) return invalid(`Null value not supported for topic configs: ${name}`);
    try {
      values.set(name, checkValue(def, value));
    } catch (e) {
      if (e instanceof ConfigError) return invalid(`Invalid value ${e.value} for configuration ${e.key}: ${e.allowed}`);
      throw e;
    }
  }
  const minLag = values.get("min.compaction.lag.ms");
  const maxLag = values.get("max.compaction.lag.ms");
  if (typeof minLag === "number" && typeof maxLag === "number" && minLag > maxLag) {
    return invalid(`conflict topic config setting min.compaction.lag.ms (${minLag}) > max.compaction.lag.ms (${maxLag})`);
  }
  if (values.get("remote.storage.enable") === true && !opts.remoteStorageSystemEnabled) {
    return invalid("Tiered Storage functionality is disabled in the broker. Topic cannot be configured with remote log storage.");
  }
  return { ok: true, values };
}

/**
 * The synonyms Kafka reports for the broker keys `names` (one family, e.g. log.retention.ms, .minutes,
 * .hours): layer by layer (dynamic per-broker, dynamic default, static, default), each layer in name
 * order, then everything before the first entry named `head` is dropped, as Kafka's ConfigHelper does.
 * So log.retention.ms has no synonyms at all until log.retention.ms itself is set somewhere.
 */
export function brokerSynonymEntries(names: readonly string[], layers: BrokerLayers, head: string, opts: { perBroker?: boolean } = {}): ConfigSynonymEntry[] {
  const out: ConfigSynonymEntry[] = [];
  const shown = (name: string, v: string) => (brokerDef(name)?.sensitive === true || brokerDef(name) === undefined ? null : v);
  const add = (map: ReadonlyMap<string, string>, source: ConfigSourceName) => {
    for (const name of names) {
      const v = map.get(name);
      if (v !== undefined) out.push({ name, value: shown(name, v), source });
    }
  };
  if (opts.perBroker !== false) add(layers.dynamicBroker, "DYNAMIC_BROKER_CONFIG");
  add(layers.dynamicDefault, "DYNAMIC_DEFAULT_BROKER_CONFIG");
  add(layers.staticConfig, "STATIC_BROKER_CONFIG");
  for (const name of names) {
    const def = brokerDef(name);
    if (def && def.default !== null) out.push({ name, value: shown(name, def.default), source: "DEFAULT_CONFIG" });
  }
  const first = out.findIndex((e) => e.name === head);
  return first < 0 ? [] : out.slice(first);
}

/** A broker key's value in the most specific layer holding it, or its default. */
export function brokerLayerValue(name: string, layers: BrokerLayers, opts: { perBroker?: boolean } = {}): { value: string; source: ConfigSourceName } | null {
  const dyn = opts.perBroker === false ? undefined : layers.dynamicBroker.get(name);
  if (dyn !== undefined) return { value: dyn, source: "DYNAMIC_BROKER_CONFIG" };
  const dflt = layers.dynamicDefault.get(name);
  if (dflt !== undefined) return { value: dflt, source: "DYNAMIC_DEFAULT_BROKER_CONFIG" };
  const stat = layers.staticConfig.get(name);
  if (stat !== undefined) return { value: stat, source: "STATIC_BROKER_CONFIG" };
  const d = brokerDef(name)?.default;
  return d === undefined || d === null ? null : { value: d, source: "DEFAULT_CONFIG" };
}

const UNIT_MS: Record<SynonymUnit, bigint> = { hours: 3_600_000n, minutes: 60_000n };

/** A broker synonym's value in the topic key's unit (log.retention.hours=1 -> "3600000"; negative stays -1). */
export function convertSynonymValue(def: TopicConfigDef, synonymName: string, raw: string): string {
  const unit = def.synonyms.find((s) => s.name === synonymName)?.unit;
  const trimmed = raw.trim();
  if (!unit || !/^[-+]?\d+$/.test(trimmed)) return trimmed;
  const n = BigInt(trimmed);
  return n < 0n ? "-1" : String(n * UNIT_MS[unit]);
}

/**
 * Resolve one topic key through the layers. The value follows Kafka's KafkaConfig: the topic override,
 * else the first synonym (in Kafka's order: ms, then minutes, then hours) set in any layer, converted
 * to ms, else the key's default. The source is the first reported synonym's, or DEFAULT_CONFIG.
 */
export function resolveTopicKey(def: TopicConfigDef, layers: BrokerLayers, overrides: ReadonlyMap<string, string>): ResolvedConfig {
  const brokerNames = brokerNamesOf(def);
  const synonyms = brokerNames.length === 0 ? [] : brokerSynonymEntries(brokerNames, layers, brokerNames[0]!);
  const own = overrides.get(def.name);
  if (own !== undefined) {
    return { name: def.name, value: own, source: "DYNAMIC_TOPIC_CONFIG", synonyms: [{ name: def.name, value: own, source: "DYNAMIC_TOPIC_CONFIG" }, ...synonyms] };
  }
  return { name: def.name, value: brokerValueOf(def, brokerNames, layers), source: synonyms[0]?.source ?? "DEFAULT_CONFIG", synonyms };
}

/**
 * resolveTopicKey's value alone (no synonyms, which only DescribeConfigs reports): what the topic runs
 * with, as its raw string, or null when neither a layer nor the key has one.
 */
export function resolveTopicValue(def: TopicConfigDef, layers: BrokerLayers, overrides: ReadonlyMap<string, string>): string | null {
  return overrides.get(def.name) ?? brokerValueOf(def, brokerNamesOf(def), layers);
}

/** The broker keys a topic key falls back to, in Kafka's order (memoised per definition: a fixed set). */
const BROKER_NAMES = new Map<TopicConfigDef, readonly string[]>();
function brokerNamesOf(def: TopicConfigDef): readonly string[] {
  let names = BROKER_NAMES.get(def);
  if (!names) {
    names = def.synonyms.flatMap((s) => (s.unit ? [s.name] : brokerSynonymNames(s.name))).filter((n, i, a) => a.indexOf(n) === i);
    BROKER_NAMES.set(def, names);
  }
  return names;
}

/** The first broker synonym set in any layer, converted to the topic key's unit, else the key's default. */
function brokerValueOf(def: TopicConfigDef, brokerNames: readonly string[], layers: BrokerLayers): string | null {
  for (const name of brokerNames) {
    const found = brokerLayerValue(name, layers);
    if (found) return convertSynonymValue(def, name, found.value);
  }
  return def.default;
}

/** Every described topic key's effective value, source and synonyms. */
export function effectiveTopicConfig(layers: BrokerLayers, overrides: ReadonlyMap<string, string>): Map<string, ResolvedConfig> {
  const out = new Map<string, ResolvedConfig>();
  for (const name of DESCRIBED_TOPIC_KEYS) out.set(name, resolveTopicKey(TOPIC_DEFS_BY_NAME.get(name)!, layers, overrides));
  return out;
}

/**
 * Storage's LogConfig for a topic, through the one resolver (topic-config-resolved.ts). A value that
 * does not parse throws ConfigError (a bad server.properties value was already refused at start-up).
 */
export function logConfigFor(layers: BrokerLayers, overrides: ReadonlyMap<string, string>): LogConfig {
  return resolveTopicConfig(layers, overrides, (e) => {
    throw e;
  }).logConfig;
}
