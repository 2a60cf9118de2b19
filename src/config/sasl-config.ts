// The SASL settings of each SASL_PLAINTEXT / SASL_SSL listener, read as Kafka's broker reads them
// (SaslChannelBuilder, JaasContext.loadServerContext): a key prefixed "listener.name.<listener lower>."
// overrides the unprefixed one; the JAAS entry of mechanism M is
// listener.name.<listener lower>.<M lower>.sasl.jaas.config; connections.max.reauth.ms may also be
// prefixed with the mechanism (listener.name.<l>.<m>.connections.max.reauth.ms).
//
// Served mechanisms: PLAIN, SCRAM-SHA-256, SCRAM-SHA-512, OAUTHBEARER (Kafka's unsecured-JWS default
// validator, or Kafka's JWKS validator: oauthbearer-config.ts). A SASL listener that enables another one
// (GSSAPI is Kafka's default), has no JAAS entry for an enabled mechanism, or a JAAS string Kafka would
// refuse, is a ConfigError naming the key; a JAAS string is never repeated in an error (it holds passwords).

import { ConfigError } from "./def.ts";
import { javaSystemProperties, oauthBearerSecuredConfig, type OAuthBearerSecuredConfig } from "./oauthbearer-config.ts";
import { jwksTrustedCerts } from "./oauthbearer-jwks-trust.ts";
import { JaasConfigError, OAUTHBEARER_LOGIN_MODULE, parseJaasConfig, type JaasEntry } from "./jaas-config.ts";

export const SERVED_SASL_MECHANISMS: readonly string[] = ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "OAUTHBEARER"];

export interface ListenerSaslConfig {
  readonly listenerName: string;
  /** sasl.enabled.mechanisms for this listener, in the order given (SaslHandshake lists them so). */
  readonly enabledMechanisms: readonly string[];
  /** The parsed JAAS entries of each enabled mechanism. */
  readonly jaas: ReadonlyMap<string, readonly JaasEntry[]>;
  /** sasl.server.max.receive.size: the frame limit before (and during) authentication. */
  readonly maxReceiveBytes: number;
  /** connection.failed.authentication.delay.ms */
  readonly failedAuthenticationDelayMs: number;
  /** connections.max.reauth.ms by mechanism (0: sessions do not expire). */
  readonly maxReauthMs: ReadonlyMap<string, number>;
  /** OAUTHBEARER with Kafka's secured (JWKS) validator; null/absent: the unsecured default. */
  readonly oauthBearerSecured?: OAuthBearerSecuredConfig | null;
}

/** What this file needs of BrokerConfig (kept narrow so the config class does not import back). */
export interface SaslConfigSource {
  readonly given: ReadonlyMap<string, string>;
  int(name: string): number;
  long(name: string): number;
  list(name: string): string[];
}

/** Kafka prints passwords as [hidden]. */
const HIDDEN = "[hidden]";

export function listenerPrefix(listenerName: string): string {
  return `listener.name.${listenerName.toLowerCase()}.`;
}

function intOf(key: string, raw: string, min: number): number {
  const n = Number(raw.trim());
  if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(n)) throw new ConfigError(key, raw, "Not a number of type INT");
  if (n < min) throw new ConfigError(key, raw, `Value must be at least ${min}`);
  return n;
}

export function listenerSaslConfig(config: SaslConfigSource, listenerName: string, systemProperties: ReadonlyMap<string, string> = javaSystemProperties(process.env.KAFKA_OPTS)): ListenerSaslConfig {
  const prefix = listenerPrefix(listenerName);
  const given = (key: string): string | undefined => config.given.get(prefix + key);
  const mechKey = `${prefix}sasl.enabled.mechanisms`;
  const rawMechs = given("sasl.enabled.mechanisms");
  const enabledMechanisms = rawMechs !== undefined ? rawMechs.split(",").map((s) => s.trim()).filter((s) => s !== "") : config.list("sasl.enabled.mechanisms");
  const keyShown = rawMechs !== undefined ? mechKey : "sasl.enabled.mechanisms";
  if (enabledMechanisms.length === 0) throw new ConfigError(keyShown, rawMechs ?? "", `at least one SASL mechanism for listener ${listenerName}`);
  for (const m of enabledMechanisms) {
    if (!SERVED_SASL_MECHANISMS.includes(m)) {
      throw new ConfigError(keyShown, enabledMechanisms.join(","), `SASL mechanisms Strand serves: ${SERVED_SASL_MECHANISMS.join(", ")} (${m} is not served; listener ${listenerName})`);
    }
  }
  const jaas = new Map<string, readonly JaasEntry[]>();
  for (const m of enabledMechanisms) {
    const key = `${prefix}${m.toLowerCase()}.sasl.jaas.config`;
    const raw = config.given.get(key);
    if (raw === undefined) {
      throw new ConfigError(key, "", `a JAAS configuration for ${m} on listener ${listenerName} (Strand reads no static JAAS file, only this key)`);
    }
    try {
      jaas.set(m, parseJaasConfig(raw));
    } catch (e) {
      if (e instanceof JaasConfigError) throw new ConfigError(key, HIDDEN, `a JAAS configuration Kafka accepts: ${e.message}`);
      throw e;
    }
  }
  let oauthBearerSecured: OAuthBearerSecuredConfig | null = null;
  if (enabledMechanisms.includes("OAUTHBEARER")) {
    oauthBearerSecured = oauthBearerSecuredConfig(config, listenerName, systemProperties);
    if (oauthBearerSecured && oauthBearerSecured.jwksEndpointUrl.protocol === "https:") {
      const entry = (jaas.get("OAUTHBEARER") ?? []).find((e) => e.loginModule === OAUTHBEARER_LOGIN_MODULE);
      oauthBearerSecured = { ...oauthBearerSecured, jwksTrustedCertsPem: jwksTrustedCerts(entry?.options ?? new Map(), `${prefix}oauthbearer.sasl.jaas.config`, systemProperties) };
    }
    const skew = jaasOption(jaas.get("OAUTHBEARER") ?? [], OAUTHBEARER_LOGIN_MODULE, "unsecuredValidatorAllowableClockSkewMs");
    if (skew !== undefined && skew.trim() !== "" && !/^\d+$/.test(skew.trim())) {
      throw new ConfigError(`${prefix}oauthbearer.sasl.jaas.config`, "[hidden]", `unsecuredValidatorAllowableClockSkewMs a non-negative number of milliseconds (got ${skew})`);
    }
  }
  const maxRaw = given("sasl.server.max.receive.size");
  const maxReceiveBytes = maxRaw !== undefined ? intOf(prefix + "sasl.server.max.receive.size", maxRaw, 1) : config.int("sasl.server.max.receive.size");
  const delayRaw = given("connection.failed.authentication.delay.ms");
  const failedAuthenticationDelayMs = delayRaw !== undefined ? intOf(prefix + "connection.failed.authentication.delay.ms", delayRaw, 0) : config.int("connection.failed.authentication.delay.ms");
  const maxReauthMs = new Map<string, number>();
  for (const m of enabledMechanisms) {
    const mk = `${prefix}${m.toLowerCase()}.connections.max.reauth.ms`;
    const lk = `${prefix}connections.max.reauth.ms`;
    const raw = config.given.get(mk) ?? config.given.get(lk);
    maxReauthMs.set(m, raw !== undefined ? intOf(config.given.has(mk) ? mk : lk, raw, Number.MIN_SAFE_INTEGER) : config.long("connections.max.reauth.ms"));
  }
  return { listenerName, enabledMechanisms, jaas, maxReceiveBytes, failedAuthenticationDelayMs, maxReauthMs, oauthBearerSecured };
}

/** The value of option `name` in the first entry of `loginModule` (Kafka's JaasContext.configEntryOption). */
export function jaasOption(entries: readonly JaasEntry[], loginModule: string, name: string): string | undefined {
  for (const e of entries) if (e.loginModule === loginModule) {
    const v = e.options.get(name);
    if (v !== undefined) return v;
  }
  return undefined;
}
