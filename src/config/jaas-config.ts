// The JAAS configuration string Kafka reads from sasl.jaas.config (Kafka's JaasConfig, which tokenizes
// with java.io.StreamTokenizer): one or more entries "LoginModuleClass flag key=value ... ;", values
// bare words or quoted strings, // and /* */ comments. The same inputs are refused as in Kafka, with
// Kafka's messages; a value that is a bare number is refused too (StreamTokenizer reads it as a number,
// so Kafka finds no string value). Errors never repeat option values (they may be passwords).

export type LoginModuleControlFlag = "REQUIRED" | "REQUISITE" | "SUFFICIENT" | "OPTIONAL";

export interface JaasEntry {
  readonly loginModule: string;
  readonly controlFlag: LoginModuleControlFlag;
  readonly options: ReadonlyMap<string, string>;
}

export class JaasConfigError extends Error {
  override readonly name = "JaasConfigError";
}

/** More than any real JAAS string holds; the tokenizer stops there. */
const MAX_TOKENS = 100_000;

type Token = { kind: "word" | "string"; text: string } | { kind: "number" } | { kind: "char"; ch: string } | { kind: "eof" };

function isWordStart(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0xa0 && c <= 0xff) || c === 0x5f || c === 0x24;
}

function isNumeric(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2e;
}

function* tokens(s: string): Generator<Token> {
  let i = 0;
  let count = 0;
  while (i < s.length) {
    if (++count > MAX_TOKENS) throw new JaasConfigError("JAAS config too long");
    const c = s.charCodeAt(i);
    if (c <= 0x20) {
      i++;
    } else if (c === 0x2f && s[i + 1] === "/") {
      while (i < s.length && s[i] !== "\n" && s[i] !== "\r") i++;
    } else if (c === 0x2f && s[i + 1] === "*") {
      const end = s.indexOf("*/", i + 2);
      i = end < 0 ? s.length : end + 2;
    } else if (c === 0x2f) {
      // A lone '/' is StreamTokenizer's comment character: the rest of the line is skipped.
      while (i < s.length && s[i] !== "\n" && s[i] !== "\r") i++;
    } else if (c === 0x22 || c === 0x27) {
      const quote = s[i]!;
      let out = "";
      i++;
      while (i < s.length && s[i] !== quote && s[i] !== "\n" && s[i] !== "\r") {
        if (s[i] === "\\" && i + 1 < s.length) {
          const e = s[i + 1]!;
          const map: Record<string, string> = { a: "\x07", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" };
          out += map[e] ?? e;
          i += 2;
        } else {
          out += s[i++];
        }
      }
      if (s[i] === quote) i++;
      yield { kind: "string", text: out };
    } else if (isNumeric(c) || (c === 0x2d && i + 1 < s.length && isNumeric(s.charCodeAt(i + 1)))) {
      i++;
      while (i < s.length && isNumeric(s.charCodeAt(i))) i++;
      yield { kind: "number" };
    } else if (isWordStart(c) || c === 0x2d) {
      const start = i;
      i++;
      while (i < s.length) {
        const d = s.charCodeAt(i);
        if (isWordStart(d) || isNumeric(d) || d === 0x2d) i++;
        else break;
      }
      yield { kind: "word", text: s.slice(start, i) };
    } else {
      i++;
      yield { kind: "char", ch: String.fromCharCode(c) };
    }
  }
  yield { kind: "eof" };
}

function textOf(t: Token): string | null {
  return t.kind === "word" || t.kind === "string" ? t.text : null;
}

function controlFlagOf(flag: string | null): LoginModuleControlFlag {
  if (flag === null) throw new JaasConfigError("Login module control flag is not available in the JAAS config");
  const f = flag.toUpperCase();
  if (f === "REQUIRED" || f === "REQUISITE" || f === "SUFFICIENT" || f === "OPTIONAL") return f;
  throw new JaasConfigError(`Invalid login module control flag '${flag}' in JAAS config`);
}

/** Parse a sasl.jaas.config value; throws JaasConfigError with Kafka's message. */
export function parseJaasConfig(value: string): JaasEntry[] {
  const it = tokens(value);
  const next = (): Token => it.next().value as Token;
  const entries: JaasEntry[] = [];
  for (let t = next(); t.kind !== "eof"; t = next()) {
    const loginModule = textOf(t) ?? (t.kind === "char" ? t.ch : "");
    const flagToken = next();
    if (flagToken.kind === "eof") throw new JaasConfigError("Login module control flag not specified in JAAS config");
    const controlFlag = controlFlagOf(textOf(flagToken));
    const options = new Map<string, string>();
    let u = next();
    while (u.kind !== "eof" && !(u.kind === "char" && u.ch === ";")) {
      const key = textOf(u) ?? "null";
      const eq = next();
      const v = eq.kind === "char" && eq.ch === "=" ? next() : null;
      const text = v === null ? null : textOf(v);
      if (text === null) throw new JaasConfigError(`Value not specified for key '${key}' in JAAS config`);
      options.set(key, text);
      u = next();
    }
    if (u.kind === "eof") throw new JaasConfigError("JAAS config entry not terminated by semi-colon");
    entries.push({ loginModule, controlFlag, options });
  }
  if (entries.length === 0) throw new JaasConfigError("Login module not specified in JAAS config");
  return entries;
}

export const PLAIN_LOGIN_MODULE = "org.apache.kafka.common.security.plain.PlainLoginModule";
export const SCRAM_LOGIN_MODULE = "org.apache.kafka.common.security.scram.ScramLoginModule";
export const OAUTHBEARER_LOGIN_MODULE = "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule";
