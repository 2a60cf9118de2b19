// Typed configuration keys, modelled on Kafka's ConfigDef: each key has a type, a default (as Kafka
// prints it), a validator that says what is allowed, and where it may be changed. Values are parsed
// once; a bad value is a ConfigError naming the key, the value and what is allowed. The reasons are
// Kafka's ConfigDef texts ("Not a number of type LONG", "Value must be at least 1", "String must be
// one of: a, b"), which tools and users match on, with Strand's extra detail in parentheses after them.

export type ConfigType = "boolean" | "string" | "int" | "short" | "long" | "double" | "list" | "class" | "password";

/** Where a key may be changed at run time, as Kafka's DynamicBrokerConfig classifies them. */
export type ConfigScope = "read-only" | "per-broker" | "cluster-wide";

export type ConfigValue = string | number | boolean | string[] | null;

export interface ConfigDef {
  readonly name: string;
  readonly type: ConfigType;
  /** The default as Kafka prints it (DescribeConfigs), or null for none. */
  readonly default: string | null;
  /**
   * Returns null when the parsed value is allowed, else why not in Kafka's words (its ConfigDef
   * validators' messages, e.g. "Value must be at least 1"), Strand's extra detail after them.
   */
  readonly validate?: (v: ConfigValue, name: string) => string | ValidationFailure | null;
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

/** A refusal that names the value as Kafka shows it (a list's element, or the list as Java prints it). */
export interface ValidationFailure {
  readonly reason: string;
  readonly value: string;
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
      throw new ConfigError(def.name, raw, "Expected value to be either true or false");
    case "int":
    case "short":
    case "long": {
      // Kafka: Integer/Short/Long.parseLong fails, for a non-number and for one out of range alike.
      const kafkaType = def.type.toUpperCase();
      if (!/^[-+]?\d+$/.test(s)) throw new ConfigError(def.name, raw, `Not a number of type ${kafkaType} (expected a whole number)`);
      const b = BigInt(s);
      const [lo, hi] = def.type === "int" ? [BigInt(INT_MIN), BigInt(INT_MAX)] : def.type === "short" ? [-32768n, 32767n] : [LONG_MIN, LONG_MAX];
      if (b < lo || b > hi) throw new ConfigError(def.name, raw, `Not a number of type ${kafkaType} (a whole number between ${lo} and ${hi})`);
      // Values beyond 2^53 (e.g. Long.MAX_VALUE meaning "never") are clamped to MAX_SAFE_INTEGER: every
      // time or size in Strand treats anything that large as unlimited.
      if (b > BigInt(Number.MAX_SAFE_INTEGER)) return Number.MAX_SAFE_INTEGER;
      if (b < BigInt(Number.MIN_SAFE_INTEGER)) return Number.MIN_SAFE_INTEGER;
      return Number(b);
    }
    case "double": {
      const n = Number(s);
      if (s === "" || !Number.isFinite(n)) throw new ConfigError(def.name, raw, "Not a number of type DOUBLE");
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
  const why = def.validate?.(v, def.name);
  if (typeof why === "string") {
    // Kafka's ConfigException shows the parsed value: a list as Java's List.toString prints it.
    throw new ConfigError(def.name, Array.isArray(v) ? `[${v.join(", ")}]` : raw, why);
  }
  if (why) throw new ConfigError(def.name, why.value, why.reason);
  return v;
}

// Validators, named as Kafka's ConfigDef validators, with their messages.
export const atLeast = (min: number) => (v: ConfigValue) => (typeof v === "number" && v < min ? `Value must be at least ${min}` : null);
/** Kafka's Range.between: "Value must be at least min" / "... no more than max". */
export const between = (min: number, max: number) => (v: ConfigValue) => {
  if (typeof v !== "number") return null;
  if (v < min) return `Value must be at least ${min} (between ${min} and ${max})`;
  if (v > max) return `Value must be no more than ${max} (between ${min} and ${max})`;
  return null;
};
export const oneOf = (...allowed: string[]) => (v: ConfigValue) =>
  typeof v === "string" && !allowed.includes(v) ? `String must be one of: ${allowed.join(", ")}` : null;
/** Kafka's CaseInsensitiveValidString. */
export const oneOfIgnoringCase = (...allowed: string[]) => {
  const upper = allowed.map((c) => c.toUpperCase());
  return (v: ConfigValue) => (typeof v === "string" && !upper.includes(v.toUpperCase()) ? `String must be one of (case insensitive): ${allowed.join(", ")}` : null);
};
/** Kafka's ValidList: each element checked as a ValidString, which names the element as the value. */
export const listOf = (...allowed: string[]) => (v: ConfigValue): ValidationFailure | null => {
  if (!Array.isArray(v)) return null;
  const bad = v.find((x) => !allowed.includes(x));
  return bad === undefined ? null : { reason: `String must be one of: ${allowed.join(", ")}`, value: bad };
};
export const nonEmptyString = (v: ConfigValue) => (typeof v === "string" && v.trim() === "" ? "String must be non-empty" : null);
/** Kafka's ValidList with empty values not allowed. */
export const nonEmptyList = (v: ConfigValue, name: string) => (Array.isArray(v) && v.length === 0 ? `Configuration '${name}' must not be empty.` : null);
