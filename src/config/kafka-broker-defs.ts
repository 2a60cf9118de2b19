// Kafka 4.4.0's broker keys (kafka-broker-keys.ts, generated) as ConfigDefs: type, default, dynamic
// mode and a validator read from Kafka's printed validator ("[1,...]" is at least 1, "[0,...,1]" a
// range, "[a, b]" a choice). Keys Strand does not act on are still typed, described and validated, so
// server.properties files and AlterConfigs behave as they do against Kafka.

import { atLeast, between, listOf, nonEmptyList, nonEmptyString, oneOf, oneOfIgnoringCase, type ConfigDef, type ConfigScope, type ConfigType, type ConfigValue } from "./def.ts";
import { KAFKA_BROKER_KEYS, type KafkaBrokerKeyRow } from "./kafka-broker-keys.ts";

const MODE_SCOPE: Record<KafkaBrokerKeyRow[3], ConfigScope> = { r: "read-only", b: "per-broker", c: "cluster-wide" };

/** Turn Kafka's printed validator into a Strand validator; unknown forms validate nothing. */
export function validatorFromKafka(type: ConfigType, spec: string | undefined): ConfigDef["validate"] {
  if (spec === undefined) return undefined;
  let m = /^\[(-?[\d.E]+),\.\.\.\]$/.exec(spec);
  if (m) return atLeast(Number(m[1]));
  m = /^\[(-?[\d.E]+),\.\.\.,(-?[\d.E]+)\]$/.exec(spec);
  if (m) return between(Number(m[1]), Number(m[2]));
  m = /^\[(-?\d+),\.\.\.,(-?\d+)\] or (-?\d+)$/.exec(spec);
  if (m) {
    const [lo, hi, alt] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return (v: ConfigValue) => (typeof v === "number" && v !== alt && (v < lo || v > hi) ? `Value must be between ${lo} and ${hi} or equal to ${alt}` : null);
  }
  m = /^(\(case insensitive\) )?\[(.*)\]$/.exec(spec);
  if (m) {
    const choices = m[2]!.split(", ");
    if (type === "list") return listOf(...choices);
    if (m[1]) return oneOfIgnoringCase(...choices);
    return oneOf(...choices);
  }
  if (spec === "non-empty string" || spec === "non-null string") return nonEmptyString;
  if (spec === "non-empty list") return nonEmptyList;
  return undefined;
}

function toType(t: string): ConfigType {
  // Kafka's CLASS and PASSWORD keep their names; every other ConfigDef type maps one to one.
  const known: readonly ConfigType[] = ["boolean", "string", "int", "short", "long", "double", "list", "class", "password"];
  if (!(known as readonly string[]).includes(t)) throw new RangeError(`unknown Kafka config type ${t}`);
  return t as ConfigType;
}

export function defFromKafkaRow(row: KafkaBrokerKeyRow): ConfigDef {
  const [name, type, dflt, mode, spec] = row;
  const ct = toType(type);
  return {
    name,
    type: ct,
    default: dflt,
    validate: validatorFromKafka(ct, spec),
    doc: "Kafka broker configuration (accepted; Strand may not act on it).",
    scope: MODE_SCOPE[mode],
    sensitive: ct === "password" ? true : undefined,
  };
}

export const KAFKA_BROKER_DEFS: ReadonlyMap<string, ConfigDef> = new Map(KAFKA_BROKER_KEYS.map((r) => [r[0], defFromKafkaRow(r)]));
