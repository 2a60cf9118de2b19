// DescribeConfigs entries for topics and brokers, as Kafka 4.4.0's ConfigHelper builds them (checked
// against a running Kafka 4.4.0): values, sources, synonyms in Kafka's order, read-only flags,
// sensitive values hidden, config types and documentation.
//
// Broker "ID" (this broker): every broker key, its value from the most specific layer, synonyms over its
// family (log.retention.ms/.minutes/.hours). Broker "" (cluster default): only the keys set as dynamic
// cluster defaults. Topic: every topic key, with the topic override first and the broker synonyms after.
// Broker logger "ID": the named loggers and their levels (src/util/log-levels.ts). This broker's
// listener-prefixed keys (listener.name.*): describe-listener.ts.

import type { DescribeConfigsResourceResult } from "../protocol/generated/messages/describe-configs-response.ts";
import { ALL_BROKER_DEFS, brokerSynonymNames } from "./broker-keys.ts";
import type { ConfigType } from "./def.ts";
import { brokerLayerValue, brokerSynonymEntries, CONFIG_SOURCE_ID, effectiveTopicConfig, type BrokerLayers, type ConfigSynonymEntry } from "./topic-config.ts";
import { TOPIC_DEFS_BY_NAME } from "./topic-defs.ts";
import { KAFKA_BROKER_KEYS, type KafkaBrokerKeyRow } from "./kafka-broker-keys.ts";
import { KAFKA_BROKER_DOCS, KAFKA_TOPIC_DOCS } from "./kafka-config-docs.ts";
import { javaHashMapOrder } from "../util/java-hash-order.ts";
import { describeListenerConfigs } from "./describe-listener.ts";

/**
 * Kafka's own row for a broker key: DescribeConfigs takes read_only (not in DynamicBrokerConfig's
 * dynamic keys), config_type and the default synonym from it, as Kafka's ConfigHelper does, even where
 * Strand parses the key differently (log.dir as one path) or lets it change (Strand's own keys).
 */
const KAFKA_ROW: ReadonlyMap<string, KafkaBrokerKeyRow> = new Map(KAFKA_BROKER_KEYS.map((r) => [r[0], r]));

/** DescribeConfigsResponse ConfigType ids. */
const CONFIG_TYPE_ID: Readonly<Record<ConfigType, number>> = { boolean: 1, string: 2, int: 3, short: 4, long: 5, double: 6, list: 7, class: 8, password: 9 };

export interface DescribeOptions {
  readonly includeSynonyms: boolean;
  readonly includeDocumentation: boolean;
}

function wanted(keys: readonly string[] | null): (name: string) => boolean {
  if (keys === null) return () => true;
  const set = new Set(keys);
  return (name) => set.has(name);
}

const synonymsOut = (list: readonly ConfigSynonymEntry[], opts: DescribeOptions) =>
  opts.includeSynonyms ? list.map((s) => ({ name: s.name, value: s.value, source: CONFIG_SOURCE_ID[s.source] })) : [];

export function describeTopicConfigs(layers: BrokerLayers, overrides: ReadonlyMap<string, string>, keys: readonly string[] | null, opts: DescribeOptions): DescribeConfigsResourceResult[] {
  const want = wanted(keys);
  const out: DescribeConfigsResourceResult[] = [];
  for (const [name, r] of effectiveTopicConfig(layers, overrides)) {
    if (!want(name)) continue;
    const def = TOPIC_DEFS_BY_NAME.get(name)!;
    out.push({
      name,
      value: r.value,
      readOnly: false,
      configSource: CONFIG_SOURCE_ID[r.source],
      isSensitive: false,
      synonyms: synonymsOut(r.synonyms, opts),
      configType: CONFIG_TYPE_ID[def.type],
      documentation: opts.includeDocumentation ? (KAFKA_TOPIC_DOCS.get(name) ?? def.doc) : null,
    });
  }
  return out;
}

/**
 * server.properties as Kafka's KafkaConfig sees it: in KRaft mode broker.id is node.id when not given,
 * so broker.id=<node id> shows as STATIC_BROKER_CONFIG, as Kafka 4.4.0 describes it.
 */
function kraftStatic(given: ReadonlyMap<string, string>): ReadonlyMap<string, string> {
  const nodeId = given.get("node.id");
  if (nodeId === undefined || given.has("broker.id")) return given;
  return new Map([...given, ["broker.id", nodeId]]);
}

/**
 * This broker's configs (`perBroker`), or the cluster-wide dynamic defaults (resource name "").
 * Keys neither Strand nor Kafka defines are not listed, as Kafka lists only defined keys.
 */
export function describeBrokerConfigs(given: BrokerLayers, keys: readonly string[] | null, opts: DescribeOptions & { perBroker: boolean }): DescribeConfigsResourceResult[] {
  const want = wanted(keys);
  const layers = { ...given, staticConfig: kraftStatic(given.staticConfig) };
  // Internal keys (Kafka's defineInternal) are not listed, as Kafka lists only its non-internal values.
  const names = (opts.perBroker ? [...ALL_BROKER_DEFS.keys()] : [...layers.dynamicDefault.keys()].filter((k) => ALL_BROKER_DEFS.has(k))).filter((k) => ALL_BROKER_DEFS.get(k)!.internal !== true);
  const out: DescribeConfigsResourceResult[] = [];
  for (const name of names) {
    if (!want(name)) continue;
    const def = ALL_BROKER_DEFS.get(name)!;
    const sensitive = def.sensitive === true || def.type === "password";
    const kafka = KAFKA_ROW.get(name);
    let found = brokerLayerValue(name, layers, { perBroker: opts.perBroker });
    let synonyms = brokerSynonymEntries(brokerSynonymNames(name), layers, name, { perBroker: opts.perBroker });
    // The cluster default resource lists only dynamic-default synonyms, as Kafka's ConfigHelper does
    // (perBrokerConfig = false): no static or default layer under them.
    if (!opts.perBroker) synonyms = synonyms.filter((s) => s.source === "DYNAMIC_DEFAULT_BROKER_CONFIG");
    // A key without a default in Kafka (node.id) has no DEFAULT_CONFIG synonym there, whatever Strand assumes.
    if (kafka && kafka[2] === null) {
      synonyms = synonyms.filter((s) => !(s.name === name && s.source === "DEFAULT_CONFIG"));
      if (found?.source === "DEFAULT_CONFIG") found = null;
    }
    out.push({
      name,
      value: sensitive || !found ? null : found.value,
      readOnly: kafka ? kafka[3] === "r" : def.scope === "read-only",
      configSource: CONFIG_SOURCE_ID[synonyms[0]?.source ?? "DEFAULT_CONFIG"],
      isSensitive: sensitive,
      synonyms: synonymsOut(synonyms, opts),
      configType: CONFIG_TYPE_ID[(kafka?.[1] as ConfigType | undefined) ?? def.type] ?? CONFIG_TYPE_ID[def.type],
      documentation: opts.includeDocumentation ? (KAFKA_BROKER_DOCS.get(name) ?? def.doc) : null,
    });
  }
  // This broker's listener-prefixed keys (server.properties and dynamic), as Kafka lists its originals.
  if (opts.perBroker) out.push(...describeListenerConfigs(layers, want, opts.includeSynonyms));
  return out;
}

/**
 * The HashMap Kafka answers BROKER_LOGGER from holds every logger its classes created (about 170 on a
 * fresh broker: 256 buckets). Strand's loggers are listed in the order that map iterates them, so they
 * come in the same relative order as in Kafka's answer.
 */
const KAFKA_LOGGER_MAP_CAPACITY = 256;

/**
 * The broker-logger resource: every logger with its current level, as Kafka's ConfigHelper reports log4j
 * loggers (source DYNAMIC_BROKER_LOGGER_CONFIG, never read-only, no synonyms, no config type, empty
 * documentation), filtered by the keys asked for.
 */
export function describeBrokerLoggers(keys: readonly string[] | null, loggers: ReadonlyArray<readonly [string, string]>): DescribeConfigsResourceResult[] {
  const want = wanted(keys && keys.length > 0 ? keys : null);
  const level = new Map(loggers);
  // Kafka puts root into the map after the loggers its classes created.
  const names = [...level.keys()].filter((n) => n !== "root");
  if (level.has("root")) names.push("root");
  return javaHashMapOrder(names, KAFKA_LOGGER_MAP_CAPACITY)
    .filter(want)
    .map((name) => ({ name, value: level.get(name)!, readOnly: false, configSource: 6, isSensitive: false, synonyms: [], configType: 0, documentation: "" }));
}
