// DescribeConfigs of this broker: the listener-prefixed keys (listener.name.<l>.<key>, and SASL's
// listener.name.<l>.<mechanism>.<key>) it holds in server.properties or as dynamic broker configs, as
// Kafka 4.4.0's ConfigHelper lists them from KafkaConfig.originals (checked against a running Kafka):
// - the config type and sensitivity of the unprefixed key (a key Kafka does not define: sensitive,
//   type UNKNOWN, as KafkaConfig.maybeSensitive); sensitive values (JAAS configs, passwords) null;
// - read-only (Kafka's dynamic key list names only unprefixed keys);
// - synonyms layer by layer (this broker's dynamic configs, the cluster defaults, server.properties,
//   then the unprefixed key's default), the prefixed name before the unprefixed one in a layer, from
//   the prefixed name's first entry on; the source is that first entry's.

import type { DescribeConfigsResourceResult } from "../protocol/generated/messages/describe-configs-response.ts";
import { KAFKA_BROKER_KEYS, type KafkaBrokerKeyRow } from "./kafka-broker-keys.ts";
import { CONFIG_SOURCE_ID, type BrokerLayers, type ConfigSourceName } from "./topic-config.ts";

const KAFKA_ROW: ReadonlyMap<string, KafkaBrokerKeyRow> = new Map(KAFKA_BROKER_KEYS.map((r) => [r[0], r]));
const LISTENER_KEY = /^listener\.name\.[^.]+\.(.+)$/;
/** DescribeConfigsResponse ConfigType ids by Kafka's type name. */
const TYPE_ID: Readonly<Record<string, number>> = { boolean: 1, string: 2, int: 3, short: 4, long: 5, double: 6, list: 7, class: 8, password: 9 };

/** The unprefixed key a listener-prefixed name overrides, or null when Kafka defines none. */
function baseKey(rest: string): string | null {
  if (KAFKA_ROW.has(rest)) return rest;
  // SASL keys may carry the mechanism too: <mechanism>.sasl.jaas.config, <mechanism>.connections.max.reauth.ms.
  const dot = rest.indexOf(".");
  const key = dot > 0 ? rest.slice(dot + 1) : "";
  return KAFKA_ROW.has(key) ? key : null;
}

interface Synonym {
  name: string;
  value: string | null;
  source: ConfigSourceName;
}

/** The listener-prefixed entries of this broker's DescribeConfigs answer (`want`: the keys asked for). */
export function describeListenerConfigs(layers: BrokerLayers, want: (name: string) => boolean, includeSynonyms: boolean): DescribeConfigsResourceResult[] {
  const names = new Set<string>();
  // Bounded by the layers' keys.
  for (const layer of [layers.dynamicBroker, layers.dynamicDefault, layers.staticConfig]) for (const k of layer.keys()) if (LISTENER_KEY.test(k) && want(k)) names.add(k);
  const out: DescribeConfigsResourceResult[] = [];
  for (const name of names) {
    const base = baseKey(LISTENER_KEY.exec(name)![1]!);
    const row = base === null ? undefined : KAFKA_ROW.get(base);
    const sensitive = row === undefined || row[1] === "password";
    const shown = (v: string): string | null => (sensitive ? null : v);
    const family = base === null ? [name] : [name, base];
    const all: Synonym[] = [];
    const add = (layer: ReadonlyMap<string, string>, source: ConfigSourceName) => {
      for (const n of family) {
        const v = layer.get(n);
        if (v !== undefined) all.push({ name: n, value: shown(v), source });
      }
    };
    add(layers.dynamicBroker, "DYNAMIC_BROKER_CONFIG");
    add(layers.dynamicDefault, "DYNAMIC_DEFAULT_BROKER_CONFIG");
    add(layers.staticConfig, "STATIC_BROKER_CONFIG");
    if (row && row[2] !== null) all.push({ name: base!, value: shown(row[2]), source: "DEFAULT_CONFIG" });
    // Kafka drops what comes before the prefixed name (an unprefixed value more specific than it).
    const from = all.findIndex((s) => s.name === name);
    const synonyms = from < 0 ? [] : all.slice(from);
    const first = synonyms[0];
    out.push({
      name,
      value: first ? first.value : null,
      readOnly: true,
      configSource: CONFIG_SOURCE_ID[first?.source ?? "DEFAULT_CONFIG"],
      isSensitive: sensitive,
      synonyms: includeSynonyms ? synonyms.map((s) => ({ name: s.name, value: s.value, source: CONFIG_SOURCE_ID[s.source] })) : [],
      configType: row ? (TYPE_ID[row[1]] ?? 0) : 0,
      documentation: null,
    });
  }
  return out;
}
