// Group configs (ConfigResource type 32, KIP-848): the keys Kafka 4.4.0's GroupConfig lists in
// DescribeConfigs, each defaulting to a broker key (its synonym, shown as DEFAULT_CONFIG with the
// broker's current value, as Kafka shows it), with Kafka's validation of altered values: the type,
// and for the consumer.* and share.* ints the broker's group.consumer / group.share min/max.* range.
// A group's overrides live in the metadata image under "group:NAME" (ConfigRecord resource type 32);
// the group coordinator honours consumer.session.timeout.ms, consumer.heartbeat.interval.ms and
// consumer.assignment.interval.ms, of share groups share.session.timeout.ms,
// share.heartbeat.interval.ms and share.assignment.interval.ms, and of streams groups
// streams.session.timeout.ms, streams.heartbeat.interval.ms, streams.num.standby.replicas,
// streams.initial.rebalance.delay.ms and streams.assignment.interval.ms. Left out: the other share.*
// keys are for the share partitions (share-fetch); the errors.* keys (and streams.assignor.name,
// streams.rack.aware.assignment.tags) are stored and described but nothing in Strand uses them, and
// the streams.* ranges are not checked; GroupConfig's internal keys (the *.assignor.offload.enable, streams warm-up and task-offset
// keys), which Kafka does not list, are refused as unknown.

import type { DescribeConfigsResourceResult } from "../protocol/generated/messages/describe-configs-response.ts";
import { BROKER_DEFS_BY_NAME } from "./broker-config.ts";
import { currentBrokerValue, type ConfigHost, type DynamicConfigs } from "./broker-layers.ts";
import { ConfigError, parseValue, type ConfigDef, type ConfigType } from "./def.ts";

export interface GroupConfigKey {
  readonly name: string;
  readonly type: ConfigType;
  /** The broker key it defaults to (Kafka's synonym), or itself when the broker has none. */
  readonly brokerKey: string;
  /** Kafka 4.4.0's default when the broker key is not one Strand reads. */
  readonly kafkaDefault: string;
  /** Broker keys bounding the value (inclusive), as Kafka's GroupConfig.validate, with Kafka's defaults. */
  readonly range?: readonly [[string, number], [string, number]];
}

const k = (name: string, type: ConfigType, brokerKey: string, kafkaDefault: string, range?: readonly [[string, number], [string, number]]): GroupConfigKey => ({ name, type, brokerKey, kafkaDefault, range });

/** In Kafka's DescribeConfigs order (its GroupConfig's HashMap order). */
export const GROUP_CONFIG_KEYS: readonly GroupConfigKey[] = [
  k("consumer.session.timeout.ms", "int", "group.consumer.session.timeout.ms", "45000", [["group.consumer.min.session.timeout.ms", 45_000], ["group.consumer.max.session.timeout.ms", 60_000]]),
  k("streams.assignor.name", "string", "group.streams.assignors", "sticky"),
  k("consumer.assignment.interval.ms", "int", "group.consumer.assignment.interval.ms", "1000", [["group.consumer.min.assignment.interval.ms", 0], ["group.consumer.max.assignment.interval.ms", 15_000]]),
  k("errors.deadletterqueue.copy.record.enable", "boolean", "errors.deadletterqueue.copy.record.enable", "false"),
  k("share.auto.offset.reset", "string", "share.auto.offset.reset", "latest"),
  k("streams.rack.aware.assignment.tags", "list", "group.streams.rack.aware.assignment.tags", ""),
  k("share.renew.acknowledge.enable", "boolean", "share.renew.acknowledge.enable", "true"),
  k("streams.initial.rebalance.delay.ms", "int", "group.streams.initial.rebalance.delay.ms", "3000"),
  k("share.session.timeout.ms", "int", "group.share.session.timeout.ms", "45000", [["group.share.min.session.timeout.ms", 45_000], ["group.share.max.session.timeout.ms", 60_000]]),
  k("streams.assignment.interval.ms", "int", "group.streams.assignment.interval.ms", "1000"),
  k("share.heartbeat.interval.ms", "int", "group.share.heartbeat.interval.ms", "5000", [["group.share.min.heartbeat.interval.ms", 5_000], ["group.share.max.heartbeat.interval.ms", 15_000]]),
  k("streams.heartbeat.interval.ms", "int", "group.streams.heartbeat.interval.ms", "5000"),
  k("share.delivery.count.limit", "int", "group.share.delivery.count.limit", "5", [["group.share.min.delivery.count.limit", 2], ["group.share.max.delivery.count.limit", 10]]),
  k("errors.deadletterqueue.topic.name", "string", "errors.deadletterqueue.topic.name", ""),
  k("consumer.heartbeat.interval.ms", "int", "group.consumer.heartbeat.interval.ms", "5000", [["group.consumer.min.heartbeat.interval.ms", 5_000], ["group.consumer.max.heartbeat.interval.ms", 15_000]]),
  k("share.record.lock.duration.ms", "int", "group.share.record.lock.duration.ms", "30000", [["group.share.min.record.lock.duration.ms", 15_000], ["group.share.max.record.lock.duration.ms", 60_000]]),
  k("share.assignment.interval.ms", "int", "group.share.assignment.interval.ms", "1000", [["group.share.min.assignment.interval.ms", 0], ["group.share.max.assignment.interval.ms", 15_000]]),
  k("share.isolation.level", "string", "share.isolation.level", "read_uncommitted"),
  k("streams.session.timeout.ms", "int", "group.streams.session.timeout.ms", "45000"),
  k("share.partition.max.record.locks", "int", "group.share.partition.max.record.locks", "2000", [["group.share.min.partition.max.record.locks", 100], ["group.share.max.partition.max.record.locks", 4_000]]),
  k("streams.num.standby.replicas", "int", "group.streams.num.standby.replicas", "0"),
];

export const GROUP_CONFIG_BY_NAME: ReadonlyMap<string, GroupConfigKey> = new Map(GROUP_CONFIG_KEYS.map((g) => [g.name, g]));

const CONFIG_TYPE_ID: Readonly<Record<ConfigType, number>> = { boolean: 1, string: 2, int: 3, short: 4, long: 5, double: 6, list: 7, class: 8, password: 9 };
const DYNAMIC_GROUP_CONFIG = 8;
const DEFAULT_CONFIG = 5;

/** A broker key's current value as text, or undefined when Strand does not define it. */
export type BrokerValueOf = (brokerKey: string) => string | undefined;

/** What a group key is when the group does not override it: the broker's value, else Kafka's default. */
export function groupDefault(key: GroupConfigKey, brokerValue: BrokerValueOf): string {
  return brokerValue(key.brokerKey) ?? key.kafkaDefault;
}

function asDef(key: GroupConfigKey): ConfigDef {
  return { name: key.name, type: key.type, default: key.kafkaDefault, doc: "", scope: "cluster-wide" };
}

/** java.time.Duration.parse's text form (PnDTnHnMn.nS, an optional sign), as Kafka's by_duration takes it. */
const JAVA_DURATION = /^[-+]?P(?:[-+]?\d+D)?(?:T(?:[-+]?\d+H)?(?:[-+]?\d+M)?(?:[-+]?\d+(?:[.,]\d{0,9})?S)?)?$/i;

/** The string keys Kafka's GroupConfig validates beyond their type (texts from Kafka 4.4.0's validators). */
const STRING_CHECKS: Readonly<Record<string, (v: string) => string | null>> = {
  // ShareGroupAutoOffsetResetStrategy's validator: earliest, latest or by_duration:<a Java Duration>.
  "share.auto.offset.reset": (v) => {
    const lower = v.toLowerCase();
    if (lower === "earliest" || lower === "latest") return null;
    if (lower.startsWith("by_duration:")) {
      const d = v.slice("by_duration:".length);
      if (JAVA_DURATION.test(d) && d !== "P" && !/T$/i.test(d) && !d.startsWith("-")) return null;
    }
    return `Invalid value \`${v}\` for configuration share.auto.offset.reset. The value must be either 'earliest', 'latest' or of the format 'by_duration:<PnDTnHnMn.nS>'.`;
  },
  // ConfigDef.ValidString.in("read_committed", "read_uncommitted").
  "share.isolation.level": (v) => (v === "read_committed" || v === "read_uncommitted" ? null : "String must be one of: read_committed, read_uncommitted"),
};

/**
 * Why a SET of `raw` is refused, in Kafka's words (INVALID_CONFIG), or null. `brokerValue` supplies
 * the bounds of a ranged key.
 */
export function groupConfigValueError(name: string, raw: string, brokerValue: BrokerValueOf): string | null {
  const key = GROUP_CONFIG_BY_NAME.get(name);
  if (!key) return `Unknown group config name: ${name}`;
  let v;
  try {
    v = parseValue(asDef(key), raw);
  } catch (e) {
    if (e instanceof ConfigError) return `Invalid value ${raw} for configuration ${name}: ${e.allowed}`;
    throw e;
  }
  const stringError = STRING_CHECKS[name]?.(raw.trim());
  if (stringError) return `Invalid value ${raw} for configuration ${name}: ${stringError}`;
  if (key.range && typeof v === "number") {
    const bound = ([name, dflt]: [string, number]) => {
      const b = Number(brokerValue(name) ?? dflt);
      return Number.isFinite(b) ? b : dflt;
    };
    const lo = bound(key.range[0]);
    const hi = bound(key.range[1]);
    if (v < lo || v > hi) return `${name} must be in the range ${lo} to ${hi} inclusive.`;
  }
  return null;
}

/** A group's int key as the coordinator uses it: the group's override when it parses, else the default. */
export function groupIntConfig(name: string, overrides: ReadonlyMap<string, string> | undefined, brokerValue: BrokerValueOf): number {
  const key = GROUP_CONFIG_BY_NAME.get(name);
  if (!key || key.type !== "int") throw new RangeError(`no int group configuration named ${name}`);
  const raw = overrides?.get(name);
  if (raw !== undefined && /^\d+$/.test(raw.trim())) return Number(raw.trim());
  return Number(groupDefault(key, brokerValue));
}

/** DescribeConfigs of a group resource: every listed key, the override (DYNAMIC_GROUP_CONFIG) or the default. */
export function describeGroupConfigs(
  overrides: ReadonlyMap<string, string>,
  keys: readonly string[] | null,
  brokerValue: BrokerValueOf,
  opts: { includeSynonyms: boolean },
): DescribeConfigsResourceResult[] {
  const want = keys === null || keys.length === 0 ? null : new Set(keys);
  const out: DescribeConfigsResourceResult[] = [];
  for (const key of GROUP_CONFIG_KEYS) {
    if (want && !want.has(key.name)) continue;
    const dflt = groupDefault(key, brokerValue);
    const own = overrides.get(key.name);
    const synonyms = [
      ...(own !== undefined ? [{ name: key.name, value: own, source: DYNAMIC_GROUP_CONFIG }] : []),
      { name: key.brokerKey, value: dflt, source: DEFAULT_CONFIG },
    ];
    out.push({
      name: key.name,
      value: own ?? dflt,
      readOnly: false,
      configSource: own !== undefined ? DYNAMIC_GROUP_CONFIG : DEFAULT_CONFIG,
      isSensitive: false,
      synonyms: opts.includeSynonyms ? synonyms : [],
      configType: CONFIG_TYPE_ID[key.type],
      documentation: null,
    });
  }
  return out;
}

/**
 * The broker's current value of a key as text (dynamic layers, server.properties, default), for group
 * defaults; a key Strand does not type is read from server.properties as given, else undefined.
 */
export function brokerValueOf(host: ConfigHost, image?: DynamicConfigs): BrokerValueOf {
  return (name) => {
    if (!BROKER_DEFS_BY_NAME.has(name)) return host.config.given.get(name);
    const v = currentBrokerValue(host, name, image ?? host.metadata?.image);
    return Array.isArray(v) ? v.join(",") : String(v);
  };
}

/**
 * What the group coordinator uses of a streams group's configs now: its overrides (streams.session.timeout.ms,
 * streams.heartbeat.interval.ms, streams.num.standby.replicas, streams.initial.rebalance.delay.ms,
 * streams.assignment.interval.ms) over the broker's group.streams.* keys.
 */
export function streamsGroupSettings(host: ConfigHost & { readonly metadata?: { readonly image: DynamicConfigs } }, groupId: string): StreamsGroupSettings {
  const image = host.metadata?.image;
  const overrides = image?.configs.get(`group:${groupId}`);
  const broker = brokerValueOf(host, image);
  return {
    sessionTimeoutMs: groupIntConfig("streams.session.timeout.ms", overrides, broker),
    heartbeatIntervalMs: groupIntConfig("streams.heartbeat.interval.ms", overrides, broker),
    numStandbyReplicas: groupIntConfig("streams.num.standby.replicas", overrides, broker),
    initialRebalanceDelayMs: groupIntConfig("streams.initial.rebalance.delay.ms", overrides, broker),
    assignmentIntervalMs: groupIntConfig("streams.assignment.interval.ms", overrides, broker),
  };
}

/** The per-group settings of a streams group (GROUP config overrides over group.streams.*). */
export interface StreamsGroupSettings {
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  numStandbyReplicas: number;
  initialRebalanceDelayMs: number;
  assignmentIntervalMs: number;
}

/**
 * What the group coordinator uses of a consumer group's configs now: its overrides (metadata image
 * "group:NAME") over the broker's (dynamic) group.consumer.* keys.
 */
export function consumerGroupTimings(host: ConfigHost & { readonly metadata?: { readonly image: DynamicConfigs } }, groupId: string): { sessionTimeoutMs: number; heartbeatIntervalMs: number; assignmentIntervalMs: number } {
  const image = host.metadata?.image;
  const overrides = image?.configs.get(`group:${groupId}`);
  const broker = brokerValueOf(host, image);
  return {
    sessionTimeoutMs: groupIntConfig("consumer.session.timeout.ms", overrides, broker),
    heartbeatIntervalMs: groupIntConfig("consumer.heartbeat.interval.ms", overrides, broker),
    assignmentIntervalMs: groupIntConfig("consumer.assignment.interval.ms", overrides, broker),
  };
}

/**
 * What the group coordinator uses of a share group's configs now: its share.session.timeout.ms and
 * share.heartbeat.interval.ms overrides over the broker's group.share.* keys.
 */
export function shareGroupTimings(host: ConfigHost & { readonly metadata?: { readonly image: DynamicConfigs } }, groupId: string): { sessionTimeoutMs: number; heartbeatIntervalMs: number; assignmentIntervalMs: number } {
  const image = host.metadata?.image;
  const overrides = image?.configs.get(`group:${groupId}`);
  const broker = brokerValueOf(host, image);
  return {
    sessionTimeoutMs: groupIntConfig("share.session.timeout.ms", overrides, broker),
    heartbeatIntervalMs: groupIntConfig("share.heartbeat.interval.ms", overrides, broker),
    assignmentIntervalMs: groupIntConfig("share.assignment.interval.ms", overrides, broker),
  };
}
