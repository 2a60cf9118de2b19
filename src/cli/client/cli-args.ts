// Flags of the client commands, and the rule that makes every flag an environment variable too:
//
//   --foo-bar VALUE   is also   STRAND_FOO_BAR=VALUE   (upper case, dashes as underscores)
//
// A flag on the command line wins over its variable; booleans take true/false/1/0/yes/no. Positional
// arguments (a topic name) have no variable. So `STRAND_BROKERS=host:9092 STRAND_JSON=1 strand topic list`
// is `strand topic list --brokers host:9092 --json`.
//
// citty ignores flags it does not know and cannot say "a number from 1 to 10", so every client command
// checks its raw arguments here: an unknown flag or a bad value is a CliError (exit 2) naming the flag,
// the value and what is allowed.

import type { ArgsDef } from "citty";
import { CliError } from "../protocol-decode.ts";

export type ArgType = "string" | "boolean" | "positional";

export interface ArgDef {
  type: ArgType;
  description: string;
  alias?: string;
  /** Shown in --help; applied after the environment. */
  default?: string;
  /** Listed in the allowed values of the error message and checked. */
  options?: readonly string[];
  /** Repeatable (`-c a=1 -c b=2`): every value is kept. */
  repeatable?: boolean;
  required?: boolean;
  /** Flags only: true keeps it out of the environment (a password is better not in `env`). */
  noEnv?: boolean;
  /** The last positional only: it takes every remaining argument (`topic delete a b c`). */
  variadic?: boolean;
}

export type ArgDefs = Record<string, ArgDef>;

/** The parsed values: strings, booleans, and string lists for repeatable flags. */
export interface ParsedArgs {
  readonly values: ReadonlyMap<string, string | boolean | string[]>;
  string(name: string): string | undefined;
  bool(name: string): boolean;
  list(name: string): string[];
  /** Whether the value came from the command line or the environment (not a default). */
  given(name: string): boolean;
}

export function envName(flag: string): string {
  return `STRAND_${flag.toUpperCase().replace(/-/g, "_")}`;
}

const TRUE = new Set(["true", "1", "yes"]);
const FALSE = new Set(["false", "0", "no", ""]);

function boolOf(flag: string, raw: string, source: string): boolean {
  const v = raw.trim().toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  throw new CliError(source, raw, `a boolean for --${flag}: true, false, 1, 0, yes or no`);
}

/** citty's form of the definitions, for --help (citty's own checks are off: parseCliArgs does them). */
export function cittyArgs(defs: ArgDefs): ArgsDef {
  const out: ArgsDef = {};
  for (const [name, d] of Object.entries(defs)) {
    const env = d.type === "positional" || d.noEnv ? "" : ` [${envName(name)}]`;
    const opts = d.options ? ` (${d.options.join("|")})` : "";
    const description = `${d.description}${opts}${env}`;
    const dflt = d.default !== undefined ? { default: d.default } : {};
    if (d.type === "positional") out[name] = { type: "positional", description, required: false, ...dflt };
    else if (d.type === "boolean") out[name] = { type: "boolean", description, required: false, ...(d.alias ? { alias: d.alias } : {}) };
    else out[name] = { type: "string", description, required: false, ...(d.alias ? { alias: d.alias } : {}), ...dflt };
  }
  return out;
}

/**
 * Parse `rawArgs` against `defs`, then fill what is missing from the environment and the defaults.
 * Bounded by the argument count.
 */
export function parseCliArgs(defs: ArgDefs, rawArgs: readonly string[], env: Readonly<Record<string, string | undefined>> = process.env): ParsedArgs {
  const byFlag = new Map<string, string>();
  for (const [name, d] of Object.entries(defs)) {
    if (d.type === "positional") continue;
    byFlag.set(`--${name}`, name);
    if (d.alias) byFlag.set(d.alias.length === 1 ? `-${d.alias}` : `--${d.alias}`, name);
  }
  const positionals = Object.entries(defs).filter(([, d]) => d.type === "positional").map(([n]) => n);
  const values = new Map<string, string | boolean | string[]>();
  const set = (name: string, v: string | boolean) => {
    const d = defs[name]!;
    if (d.repeatable) values.set(name, [...((values.get(name) as string[] | undefined) ?? []), String(v)]);
    else values.set(name, v);
  };
  const rest: string[] = [];
  for (let i = 0; i < rawArgs.length; i++) {
    const a = rawArgs[i]!;
    if (a === "--") {
      rest.push(...rawArgs.slice(i + 1));
      break;
    }
    if (!a.startsWith("-") || a === "-") {
      rest.push(a);
      continue;
    }
    const eq = a.indexOf("=");
    const flag = eq > 0 && a.startsWith("--") ? a.slice(0, eq) : a;
    let name = byFlag.get(flag);
    let negated = false;
    if (name === undefined && flag.startsWith("--no-") && defs[flag.slice(5)]?.type === "boolean") {
      name = flag.slice(5);
      negated = true;
    }
    if (name === undefined) {
      const known = [...byFlag.keys()].filter((f) => f.startsWith("--")).sort();
      throw new CliError("flag", flag, `one of ${known.join(", ")}`);
    }
    const d = defs[name]!;
    if (d.type === "boolean") {
      set(name, negated ? false : eq > 0 && a.startsWith("--") ? boolOf(name, a.slice(eq + 1), `--${name}`) : true);
      continue;
    }
    let v: string | undefined;
    if (eq > 0 && a.startsWith("--")) v = a.slice(eq + 1);
    else if (i + 1 < rawArgs.length) v = rawArgs[++i];
    if (v === undefined) throw new CliError(`--${name}`, "", "a value after the flag");
    set(name, v);
  }
  const variadic = positionals.length > 0 && defs[positionals[positionals.length - 1]!]!.variadic === true;
  if (!variadic && rest.length > positionals.length) {
    throw new CliError("argument", rest[positionals.length]!, positionals.length === 0 ? "no positional arguments here" : `at most ${positionals.length}: ${positionals.map((p) => p.toUpperCase()).join(" ")}`);
  }
  positionals.forEach((p, i) => {
    if (variadic && i === positionals.length - 1) {
      if (rest.length > i) values.set(p, rest.slice(i));
    } else if (rest[i] !== undefined) values.set(p, rest[i]!);
  });
  const given = new Set(values.keys());
  for (const [name, d] of Object.entries(defs)) {
    if (d.type === "positional" || values.has(name) || d.noEnv) continue;
    const raw = env[envName(name)];
    if (raw === undefined) continue;
    if (d.type === "boolean") values.set(name, boolOf(name, raw, envName(name)));
    else values.set(name, d.repeatable ? raw.split(",").map((s) => s.trim()).filter((s) => s !== "") : raw);
    given.add(name);
  }
  for (const [name, d] of Object.entries(defs)) {
    if (!values.has(name) && d.default !== undefined) values.set(name, d.type === "boolean" ? d.default === "true" : d.default);
    if (d.required && !values.has(name)) {
      throw new CliError(d.type === "positional" ? name.toUpperCase() : `--${name}`, "", d.type === "positional" ? "required" : `required (or ${envName(name)})`);
    }
    const v = values.get(name);
    if (d.options && typeof v === "string" && !d.options.includes(v)) {
      throw new CliError(d.type === "positional" ? name.toUpperCase() : `--${name}`, v, `one of ${d.options.join(", ")}`);
    }
  }
  return {
    values,
    string: (n) => {
      const v = values.get(n);
      return typeof v === "string" ? v : Array.isArray(v) ? v[v.length - 1] : undefined;
    },
    bool: (n) => values.get(n) === true,
    list: (n) => {
      const v = values.get(n);
      return Array.isArray(v) ? v : typeof v === "string" ? [v] : [];
    },
    given: (n) => given.has(n),
  };
}

/** An integer flag value in [lo, hi]; the error names the flag, the value and the range. */
export function intArg(flag: string, raw: string, lo: number, hi: number): number {
  const n = Number(raw.trim());
  if (raw.trim() === "" || !Number.isSafeInteger(n) || n < lo || n > hi) throw new CliError(flag, raw, `an integer from ${lo} to ${hi}`);
  return n;
}

/** An int64 flag value (offsets): a bigint in [lo, hi]. */
export function longArg(flag: string, raw: string, lo: bigint, hi: bigint): bigint {
  if (!/^-?\d{1,19}$/.test(raw.trim())) throw new CliError(flag, raw, `an integer from ${lo} to ${hi}`);
  const n = BigInt(raw.trim());
  if (n < lo || n > hi) throw new CliError(flag, raw, `an integer from ${lo} to ${hi}`);
  return n;
}

/** `key=value` pairs of a repeatable flag (-c retention.ms=1000). */
export function keyValues(flag: string, raws: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of raws) {
    const eq = raw.indexOf("=");
    if (eq <= 0) throw new CliError(flag, raw, "key=value");
    out.set(raw.slice(0, eq).trim(), raw.slice(eq + 1));
  }
  return out;
}
