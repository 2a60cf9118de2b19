// Client-metrics configs (ConfigResource type 16, KIP-714): a named subscription of telemetry metric
// prefixes, a push interval and client match criteria, as Kafka 4.4.0's ClientMetricsConfigs defines
// them (metrics, interval.ms, match), with its validation and error texts (compared against a running
// Kafka 4.4.0):
//   - an empty name: INVALID_REQUEST "Subscription name can't be empty"
//   - a key other than the three: INVALID_REQUEST "Unknown client metrics configuration: KEY"
//   - a value that does not parse (ConfigDef INT / LIST): INVALID_CONFIG, ConfigDef's text
//   - interval.ms outside 100..3600000: INVALID_REQUEST
//   - a match entry that is not `PARAM=REGEX` with PARAM one of the six client attributes and a regex
//     that compiles: INVALID_CONFIG "Illegal client matching pattern: ENTRY"
// Values are stored as ConfigDef re-serializes them after parsing (Kafka stores "0200" as "200" and
// " a. , b. ,a." as "a.,b."), so what DescribeConfigs shows is what Kafka shows.
// A subscription lives in the metadata image under "client-metrics:NAME"; the telemetry manager
// (src/server/telemetry/) reads subscriptions from there.

import type { DescribeConfigsResourceResult } from "../protocol/generated/messages/describe-configs-response.ts";
import { ConfigError, parseValue, type ConfigDef } from "./def.ts";

export const METRICS_CONFIG = "metrics";
export const INTERVAL_MS_CONFIG = "interval.ms";
export const MATCH_CONFIG = "match";

/** The client attributes a match entry may name (ClientMetricsConfigs.ALLOWED_MATCH_PARAMS). */
export const MATCH_PARAMS: readonly string[] = ["client_instance_id", "client_id", "client_software_name", "client_software_version", "client_source_address", "client_source_port"];

/** "*" in metrics subscribes every metric. */
export const ALL_SUBSCRIBED_METRICS = "*";
export const DEFAULT_INTERVAL_MS = 300_000;
const MIN_INTERVAL_MS = 100;
const MAX_INTERVAL_MS = 3_600_000;

const INVALID_REQUEST = 42;
const INVALID_CONFIG = 40;

interface ClientMetricsKey {
  readonly name: string;
  readonly type: "int" | "list";
  readonly default: string;
  readonly doc: string;
}

/** In Kafka's DescribeConfigs order. */
export const CLIENT_METRICS_KEYS: readonly ClientMetricsKey[] = [
  { name: INTERVAL_MS_CONFIG, type: "int", default: String(DEFAULT_INTERVAL_MS), doc: "Metrics push interval in milliseconds" },
  { name: MATCH_CONFIG, type: "list", default: "", doc: "Client match criteria" },
  { name: METRICS_CONFIG, type: "list", default: "", doc: "Telemetry metric name prefix list" },
];
const KEY_BY_NAME: ReadonlyMap<string, ClientMetricsKey> = new Map(CLIENT_METRICS_KEYS.map((k) => [k.name, k]));

export interface ClientMetricsConfigError {
  readonly errorCode: number;
  readonly errorMessage: string;
}

export function isClientMetricsKey(name: string): boolean {
  return KEY_BY_NAME.has(name);
}

/**
 * A LIST value as ConfigDef parses it for these keys (ValidList.anyNonDuplicateValues(true, false)):
 * blank is the empty list, elements are trimmed, an empty element is refused, duplicates are dropped
 * (Kafka keeps the first).
 */
function parseList(name: string, raw: string): string[] | ClientMetricsConfigError {
  const s = raw.trim();
  if (s === "") return [];
  const parts = s.split(/\s*,\s*/);
  if (parts.some((p) => p === "")) return { errorCode: INVALID_CONFIG, errorMessage: `Configuration '${name}' values must not be empty.` };
  return [...new Set(parts)];
}

function parseInt32(name: string, raw: string): number | ClientMetricsConfigError {
  const def: ConfigDef = { name, type: "int", default: String(DEFAULT_INTERVAL_MS), doc: "", scope: "cluster-wide" };
  try {
    return parseValue(def, raw) as number;
  } catch (e) {
    if (e instanceof ConfigError) return { errorCode: INVALID_CONFIG, errorMessage: `Invalid value ${raw} for configuration ${name}: ${e.allowed}` };
    throw e;
  }
}

const isError = (v: unknown): v is ClientMetricsConfigError => typeof v === "object" && v !== null && "errorCode" in v;

/** A match entry's parameter and pattern, or null when Kafka calls it illegal. */
function parseMatchEntry(entry: string): { param: string; pattern: RegExp } | null {
  // Java's String.split("=") drops trailing empty strings: "a=" is one part, "a=b=c" three.
  const parts = entry.split("=");
  while (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  if (parts.length !== 2) return null;
  const param = parts[0]!.trim();
  if (!MATCH_PARAMS.includes(param)) return null;
  const pattern = compileJavaRegex(parts[1]!.trim());
  return pattern ? { param, pattern } : null;
}

/**
 * A java.util.regex pattern as a JavaScript RegExp anchored for Matcher.matches() (the whole attribute
 * must match), or null when it does not compile. The two dialects agree on the patterns match entries
 * use (`.*`, classes, alternation, quantifiers); Java-only syntax (possessive quantifiers, \p{javaX})
 * does not compile here and is refused.
 */
export function compileJavaRegex(source: string): RegExp | null {
  try {
    return new RegExp(`^(?:${source})$`);
  } catch {
    return null;
  }
}

/** ClientMetricsConfigs.parseMatchingPatterns: PARAM -> pattern (a later entry for the same PARAM wins). */
export function parseMatchingPatterns(entries: readonly string[]): Map<string, RegExp> | ClientMetricsConfigError {
  const out = new Map<string, RegExp>();
  for (const entry of entries) {
    const m = parseMatchEntry(entry);
    if (!m) return { errorCode: INVALID_CONFIG, errorMessage: `Illegal client matching pattern: ${entry}` };
    out.set(m.param, m.pattern);
  }
  return out;
}

/**
 * ClientMetricsConfigs.validate of a subscription's configs after a change, in Kafka's order: the name,
 * unknown keys, each value's type (ConfigDef order: metrics, interval.ms, match), the interval's range,
 * the match patterns. Returns the values as Kafka stores them, or the error.
 */
export function validateClientMetricsConfigs(name: string, configs: ReadonlyMap<string, string>): Map<string, string> | ClientMetricsConfigError {
  if (name === "") return { errorCode: INVALID_REQUEST, errorMessage: "Subscription name can't be empty" };
  for (const key of configs.keys()) {
    if (!KEY_BY_NAME.has(key)) return { errorCode: INVALID_REQUEST, errorMessage: `Unknown client metrics configuration: ${key}` };
  }
  const normalized = new Map<string, string>();
  let interval: number | undefined;
  let match: string[] | undefined;
  const rawMetrics = configs.get(METRICS_CONFIG);
  if (rawMetrics !== undefined) {
    const v = parseList(METRICS_CONFIG, rawMetrics);
    if (isError(v)) return v;
    normalized.set(METRICS_CONFIG, v.join(","));
  }
  const rawInterval = configs.get(INTERVAL_MS_CONFIG);
  if (rawInterval !== undefined) {
    const v = parseInt32(INTERVAL_MS_CONFIG, rawInterval);
    if (isError(v)) return v;
    interval = v;
    normalized.set(INTERVAL_MS_CONFIG, String(v));
  }
  const rawMatch = configs.get(MATCH_CONFIG);
  if (rawMatch !== undefined) {
    const v = parseList(MATCH_CONFIG, rawMatch);
    if (isError(v)) return v;
    match = v;
    normalized.set(MATCH_CONFIG, v.join(","));
  }
  if (interval !== undefined && (interval < MIN_INTERVAL_MS || interval > MAX_INTERVAL_MS)) {
    return { errorCode: INVALID_REQUEST, errorMessage: `Invalid value ${interval} for interval.ms, interval must be between 100 and 3600000 (1 hour)` };
  }
  if (match !== undefined) {
    const patterns = parseMatchingPatterns(match);
    if (isError(patterns)) return patterns;
  }
  return normalized;
}

/** A subscription as the telemetry manager uses it (ClientMetricsManager.SubscriptionInfo). */
export interface ClientMetricsSubscription {
  readonly name: string;
  /** Metric name prefixes, in the order stored (duplicates already dropped). */
  readonly metrics: readonly string[];
  readonly intervalMs: number;
  /** Client attribute -> pattern; every entry must match (an empty map matches every client). */
  readonly match: ReadonlyMap<string, RegExp>;
}

/**
 * The subscription a stored resource describes. Stored values were validated when written; a value
 * that no longer parses (a metadata log written by another tool) falls back to the key's default.
 */
export function subscriptionOf(name: string, configs: ReadonlyMap<string, string>): ClientMetricsSubscription {
  const metricsRaw = configs.get(METRICS_CONFIG);
  const metrics = metricsRaw === undefined ? [] : parseList(METRICS_CONFIG, metricsRaw);
  const intervalRaw = configs.get(INTERVAL_MS_CONFIG);
  const interval = intervalRaw === undefined ? DEFAULT_INTERVAL_MS : parseInt32(INTERVAL_MS_CONFIG, intervalRaw);
  const matchRaw = configs.get(MATCH_CONFIG);
  const matchList = matchRaw === undefined ? [] : parseList(MATCH_CONFIG, matchRaw);
  const match = isError(matchList) ? new Map<string, RegExp>() : parseMatchingPatterns(matchList);
  return {
    name,
    metrics: isError(metrics) ? [] : metrics,
    intervalMs: isError(interval) ? DEFAULT_INTERVAL_MS : interval,
    match: isError(match) ? new Map() : match,
  };
}

const CONFIG_TYPE_INT = 3;
const CONFIG_TYPE_LIST = 7;
const CLIENT_METRICS_CONFIG_SOURCE = 7;
const DEFAULT_CONFIG_SOURCE = 5;

/**
 * DescribeConfigs of a client-metrics resource, as Kafka 4.4.0 answers it for any name (existing or
 * not): the three keys, each the stored value (source CLIENT_METRICS_CONFIG, itself its only synonym)
 * or the default (DEFAULT_CONFIG, no synonyms).
 */
export function describeClientMetricsConfigs(
  overrides: ReadonlyMap<string, string>,
  keys: readonly string[] | null,
  opts: { includeSynonyms: boolean; includeDocumentation: boolean },
): DescribeConfigsResourceResult[] {
  const want = keys === null || keys.length === 0 ? null : new Set(keys);
  const out: DescribeConfigsResourceResult[] = [];
  for (const key of CLIENT_METRICS_KEYS) {
    if (want && !want.has(key.name)) continue;
    const own = overrides.get(key.name);
    out.push({
      name: key.name,
      value: own ?? key.default,
      readOnly: false,
      configSource: own !== undefined ? CLIENT_METRICS_CONFIG_SOURCE : DEFAULT_CONFIG_SOURCE,
      isSensitive: false,
      synonyms: opts.includeSynonyms && own !== undefined ? [{ name: key.name, value: own, source: CLIENT_METRICS_CONFIG_SOURCE }] : [],
      configType: key.type === "int" ? CONFIG_TYPE_INT : CONFIG_TYPE_LIST,
      documentation: opts.includeDocumentation ? key.doc : null,
    });
  }
  return out;
}

/** The "client-metrics:NAME" image keys' names. */
export const CLIENT_METRICS_IMAGE_PREFIX = "client-metrics:";
