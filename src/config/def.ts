// Typed configuration keys, modelled on Kafka's ConfigDef: each key has a type, a default (as Kafka
// prints it), a validator that says what is allowed, and where it may be changed. Values are parsed
// once; a bad value is a ConfigError naming the key, the value and what is allowed.

export type ConfigType = "boolean" | "string" | "int" | "short" | "long" | "double" | "list" | "class" | "password";

/** Where a key may be changed at run time, as Kafka's DynamicBrokerConfig classifies them. */
export type ConfigScope = "read-only" | "per-broker" | "cluster-wide";

export type ConfigValue = string | number | boolean | string[] | null;

export interface ConfigDef {
  readonly name: string;
  readonly type: ConfigType;
  /** The default as Kafka prints it (DescribeConfigs), or null for none. */
  readonly default: string | null;
  /** Returns null when the parsed value is allowed, else what is allowed (e.g. "a value of at least 1"). */
  readonly validate?: (v: ConfigValue) => string | null;
  readonly doc: string;
  readonly scope: ConfigScope;
  /** Keys whose value this one falls back to, in order (e.g. log.retention.ms <- log.retention.hours). */
  readonly fallbacks?: readonly string[];
  /** Converts a fallback key's value into this key's unit (e.g. hours -> ms). */
  readonly fromFallback?: (key: string, v: ConfigValue) => ConfigValue;
  readonly sensitive?: boolean;
  /** Kafka defines it with defineInternal: read from server.properties but not listed by DescribeConfigs. */
  readonly internal?: boolean;
}

export class ConfigError extends Error {
  readonly key: string;
  readonly value: string;
  readonly allowed: string;
  constructor(key: string, value: string, allowed: string) {
    super(`invalid value "${value}" for configuration ${key}: ${allowed}`);
    this.name = "ConfigError";
    this.key = key;
    this.value = value;
    this.allowed = allowed;
  }
}

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/** Parse a raw string as the key's type. Longs beyond 2^53 are kept only if exact (Kafka's Long.MAX_VALUE is common). */
export function parseValue(def: ConfigDef, raw: string): ConfigValue {
  const s = raw.trim();
  switch (def.type) {
    case "boolean":
      if (/^(true|false)$/i.test(s)) return s.toLowerCase() === "true";
      throw new ConfigError(def.name, raw, "true or false");
    case "int":
    case "short":
    case "long": {
      if (!/^[-+]?\d+$/.test(s)) throw new ConfigError(def.name, raw, `a whole number (${def.type})`);
      const b = BigInt(s);
      const [lo, hi] = def.type === "int" ? [BigInt(INT_MIN), BigInt(INT_MAX)] : def.type === "short" ? [-32768n, 32767n] : [LONG_MIN, LONG_MAX];
      if (b < lo || b > hi) throw new ConfigError(def.name, raw, `a ${def.type} between ${lo} and ${hi}`);
      // Values beyond 2^53 (e.g. Long.MAX_VALUE meaning "never") are clamped to MAX_SAFE_INTEGER: every
      // time or size in Strand treats anything that large as unlimited.
      if (b > BigInt(Number.MAX_SAFE_INTEGER)) return Number.MAX_SAFE_INTEGER;
      if (b < BigInt(Number.MIN_SAFE_INTEGER)) return Number.MIN_SAFE_INTEGER;
      return Number(b);
    }
    case "double": {
      const n = Number(s);
      if (s === "" || !Number.isFinite(n)) throw new ConfigError(def.name, raw, "a number");
      return n;
    }
    case "list":
      return s === "" ? [] : s.split(",").map((x) => x.trim()).filter((x) => x !== "");
    case "string":
    case "class":
    case "password":
      return raw;
  }
}

export function checkValue(def: ConfigDef, raw: string): ConfigValue {
  const v = parseValue(def, raw);
  const why = def.validate?.(v);
  if (why) throw new ConfigError(def.name, raw, why);
  return v;
}

// Validators, named as Kafka's ConfigDef validators.
export const atLeast = (min: number) => (v: ConfigValue) => (typeof v === "number" && v < min ? `a value of at least ${min}` : null);
export const between = (min: number, max: number) => (v: ConfigValue) =>
  typeof v === "number" && (v < min || v > max) ? `a value between ${min} and ${max}` : null;
export const oneOf = (...allowed: string[]) => (v: ConfigValue) =>
  typeof v === "string" && !allowed.includes(v) ? `one of ${allowed.join(", ")}` : null;
export const listOf = (...allowed: string[]) => (v: ConfigValue) => {
  if (!Array.isArray(v)) return null;
  const bad = v.find((x) => !allowed.includes(x));
  return bad === undefined ? null : `a list of ${allowed.join(", ")} (not "${bad}")`;
};
export const nonEmptyString = (v: ConfigValue) => (typeof v === "string" && v.trim() === "" ? "a non-empty string" : null);
