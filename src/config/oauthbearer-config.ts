// The broker's secured OAUTHBEARER settings of one listener, read as Kafka 4.4.0 reads them
// (OAuthBearerValidatorCallbackHandler, BrokerJwtValidator, VerificationKeyResolverFactory,
// ConfigurationUtils): listener.name.<l>.oauthbearer.sasl.server.callback.handler.class names Kafka's
// OAuthBearerValidatorCallbackHandler (any other class is refused: Strand loads no Java classes); then
// sasl.oauthbearer.jwks.endpoint.url is required (http, https or file), and must be listed in the JVM
// system property org.apache.kafka.sasl.oauthbearer.allowed.urls (empty by default: nothing is allowed,
// as in Kafka 4.x); a file:// URL must name a readable file. sasl.oauthbearer.expected.audience and
// .expected.issuer are required unless allow.unverified.audience / allow.unverified.issuer is true.
// Each key may carry the listener prefix "listener.name.<l>.oauthbearer." (Kafka's per-mechanism prefix).
// Strand has no JVM: system properties are read from -D options in the KAFKA_OPTS environment
// variable, where Kafka's start scripts put them.

import { accessSync, constants as fsConstants, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ConfigError } from "./def.ts";

export const OAUTHBEARER_VALIDATOR_CALLBACK_HANDLER = "org.apache.kafka.common.security.oauthbearer.OAuthBearerValidatorCallbackHandler";
/** Kafka's default handler named explicitly (the 3.x name ...oauthbearer.secured.* is gone in 4.x). */
const OAUTHBEARER_UNSECURED_VALIDATOR_CALLBACK_HANDLER = "org.apache.kafka.common.security.oauthbearer.internals.unsecured.OAuthBearerUnsecuredValidatorCallbackHandler";
export const ALLOWED_URLS_PROPERTY = "org.apache.kafka.sasl.oauthbearer.allowed.urls";
const MAX_SYSTEM_PROPERTIES = 1000;

export interface OAuthBearerSecuredConfig {
  /** The JWKS endpoint: a file:// path is read at start-up, http(s) is fetched and refreshed. */
  readonly jwksEndpointUrl: URL;
  readonly jwksRefreshMs: number;
  readonly jwksRetryBackoffMs: number;
  readonly jwksRetryBackoffMaxMs: number;
  /** null: not verified (allow.unverified.issuer=true). */
  readonly expectedIssuer: string | null;
  /** null: not verified (allow.unverified.audience=true). */
  readonly expectedAudiences: readonly string[] | null;
  readonly scopeClaimName: string;
  readonly subClaimName: string;
  readonly clockSkewSeconds: number;
  /** For an https JWKS: the certificates to trust (oauthbearer-jwks-trust.ts); null: the default CAs. */
  readonly jwksTrustedCertsPem?: readonly string[] | null;
}

/** What this file needs of BrokerConfig. */
export interface OAuthBearerConfigSource {
  readonly given: ReadonlyMap<string, string>;
}

/** The -Dname=value options of a KAFKA_OPTS-style string (bounded). */
export function javaSystemProperties(opts: string | undefined): Map<string, string> {
  const props = new Map<string, string>();
  if (opts === undefined) return props;
  for (const word of opts.split(/\s+/)) {
    if (props.size >= MAX_SYSTEM_PROPERTIES) break;
    if (!word.startsWith("-D")) continue;
    const i = word.indexOf("=");
    if (i < 0) props.set(word.slice(2), "");
    else props.set(word.slice(2, i), word.slice(i + 1));
  }
  return props;
}

const DEFAULTS: ReadonlyMap<string, string> = new Map([
  ["sasl.oauthbearer.jwks.endpoint.refresh.ms", "3600000"],
  ["sasl.oauthbearer.jwks.endpoint.retry.backoff.ms", "100"],
  ["sasl.oauthbearer.jwks.endpoint.retry.backoff.max.ms", "10000"],
  ["sasl.oauthbearer.scope.claim.name", "scope"],
  ["sasl.oauthbearer.sub.claim.name", "sub"],
  ["sasl.oauthbearer.clock.skew.seconds", "30"],
  ["sasl.oauthbearer.allow.unverified.audience", "false"],
  ["sasl.oauthbearer.allow.unverified.issuer", "false"],
]);

/**
 * The secured settings of `listenerName` when its OAUTHBEARER server callback handler is Kafka's
 * validator; null when none is set (Kafka's unsecured default). Throws ConfigError as Kafka refuses.
 */
export function oauthBearerSecuredConfig(config: OAuthBearerConfigSource, listenerName: string, systemProperties: ReadonlyMap<string, string>): OAuthBearerSecuredConfig | null {
  const lp = `listener.name.${listenerName.toLowerCase()}.`;
  const mp = `${lp}oauthbearer.`;
  const handlerKey = [`${mp}sasl.server.callback.handler.class`, "sasl.server.callback.handler.class"].find((k) => (config.given.get(k) ?? "").trim() !== "");
  if (handlerKey === undefined) return null;
  const handler = config.given.get(handlerKey)!.trim();
  if (handler === OAUTHBEARER_UNSECURED_VALIDATOR_CALLBACK_HANDLER) return null;
  if (handler !== OAUTHBEARER_VALIDATOR_CALLBACK_HANDLER) {
    throw new ConfigError(handlerKey, handler, `unset (Kafka's unsecured validator) or ${OAUTHBEARER_VALIDATOR_CALLBACK_HANDLER}: Strand loads no other classes`);
  }
  const lookup = (key: string): { key: string; value: string | undefined } => {
    for (const k of [mp + key, lp + key, key]) {
      const v = config.given.get(k);
      if (v !== undefined) return { key: k, value: v };
    }
    return { key, value: DEFAULTS.get(key) };
  };
  const str = (key: string): string | null => {
    const v = lookup(key).value?.trim();
    return v === undefined || v === "" ? null : v;
  };
  const num = (key: string, min: number): number => {
    const { key: k, value } = lookup(key);
    const raw = (value ?? "").trim();
    const n = Number(raw);
    if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(n)) throw new ConfigError(k, raw, "a whole number");
    if (n < min) throw new ConfigError(k, raw, `The OAuth configuration option ${key} value must be at least ${min}`);
    return n;
  };
  const bool = (key: string): boolean => {
    const { key: k, value } = lookup(key);
    const raw = (value ?? "").trim().toLowerCase();
    if (raw !== "true" && raw !== "false") throw new ConfigError(k, raw, "true or false");
    return raw === "true";
  };

  const validatorClass = lookup("sasl.oauthbearer.jwt.validator.class");
  const DEFAULT_VALIDATOR = "org.apache.kafka.common.security.oauthbearer.DefaultJwtValidator";
  if (validatorClass.value !== undefined && validatorClass.value.trim() !== "" && validatorClass.value.trim() !== DEFAULT_VALIDATOR) {
    throw new ConfigError(validatorClass.key, validatorClass.value, `${DEFAULT_VALIDATOR} (Strand serves Kafka's JWKS validator only)`);
  }
  const urlKey = "sasl.oauthbearer.jwks.endpoint.url";
  const rawUrl = str(urlKey);
  if (rawUrl === null) {
    throw new ConfigError(lookup(urlKey).key, "", `The OAuth validator for the broker requires "${urlKey}" to be configured so that JWT signatures can be verified, but it was not set. Set "${urlKey}" to the OAuth/OIDC provider's JWKS endpoint URL for this listener`);
  }
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch (e) {
    throw new ConfigError(lookup(urlKey).key, rawUrl, `The OAuth configuration option ${urlKey} contains a URL (${rawUrl}) that is malformed: ${(e as Error).message}`);
  }
  const protocol = url.protocol.replace(/:$/, "").toLowerCase();
  if (protocol !== "http" && protocol !== "https" && protocol !== "file") {
    throw new ConfigError(lookup(urlKey).key, rawUrl, `The OAuth configuration option ${urlKey} contains a URL (${rawUrl}) that contains an invalid protocol (${protocol}); only "http", "https", and "file" protocol are supported`);
  }
  const allowed = new Set((systemProperties.get(ALLOWED_URLS_PROPERTY) ?? "").split(",").map((s) => s.trim()));
  if (!allowed.has(rawUrl)) {
    throw new ConfigError(lookup(urlKey).key, rawUrl, `The URL cannot be accessed due to restrictions. Update the system property '${ALLOWED_URLS_PROPERTY}' to allow the URL to be accessed (Strand reads -D${ALLOWED_URLS_PROPERTY}=... from KAFKA_OPTS)`);
  }
  if (protocol === "file") {
    const path = fileURLToPath(url);
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      throw new ConfigError(lookup(urlKey).key, rawUrl, `The OAuth configuration option ${urlKey} contains a file (${path}) that doesn't exist`);
    }
    if (isDir) throw new ConfigError(lookup(urlKey).key, rawUrl, `The OAuth configuration option ${urlKey} references a directory (${path}), not a file`);
    try {
      accessSync(path, fsConstants.R_OK);
    } catch {
      throw new ConfigError(lookup(urlKey).key, rawUrl, `The OAuth configuration option ${urlKey} contains a file (${path}) that doesn't have read permission`);
    }
    // Kafka reads the file at start-up and fails to start on a malformed JWKS; so does Strand, here.
    let doc: unknown;
    try {
      doc = JSON.parse(readFileSync(path, "utf8"));
    } catch (e) {
      throw new ConfigError(lookup(urlKey).key, rawUrl, `a JWKS file (${path}) holding JSON: ${(e as Error).message}`);
    }
    if (doc === null || typeof doc !== "object" || !Array.isArray((doc as { keys?: unknown }).keys)) {
      throw new ConfigError(lookup(urlKey).key, rawUrl, `a JWKS file (${path}): a JSON object with a "keys" array`);
    }
  }

  const audKey = "sasl.oauthbearer.expected.audience";
  const audiences = (str(audKey) ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "");
  const allowAud = bool("sasl.oauthbearer.allow.unverified.audience");
  if (audiences.length === 0 && !allowAud) {
    throw new ConfigError(lookup(audKey).key, "", `The OAuth validator for the broker requires "${audKey}" to be configured so that the token's audience ("aud") claim can be verified, but it was not set. Set "${audKey}" to the audience(s) that identify this cluster, or set "sasl.oauthbearer.allow.unverified.audience" to true to accept tokens regardless of their audience.`);
  }
  const issKey = "sasl.oauthbearer.expected.issuer";
  const issuer = str(issKey);
  const allowIss = bool("sasl.oauthbearer.allow.unverified.issuer");
  if (issuer === null && !allowIss) {
    throw new ConfigError(lookup(issKey).key, "", `The OAuth validator for the broker requires "${issKey}" to be configured so that the token's issuer ("iss") claim can be verified, but it was not set. Set "${issKey}" to the issuer URL of the OAuth/OIDC provider that signs the tokens, or set "sasl.oauthbearer.allow.unverified.issuer" to true to accept tokens regardless of their issuer.`);
  }
  const scopeClaimName = str("sasl.oauthbearer.scope.claim.name");
  const subClaimName = str("sasl.oauthbearer.sub.claim.name");
  if (scopeClaimName === null) throw new ConfigError(lookup("sasl.oauthbearer.scope.claim.name").key, "", "a claim name");
  if (subClaimName === null) throw new ConfigError(lookup("sasl.oauthbearer.sub.claim.name").key, "", "a claim name");
  return {
    jwksEndpointUrl: url,
    jwksRefreshMs: num("sasl.oauthbearer.jwks.endpoint.refresh.ms", 0),
    jwksRetryBackoffMs: num("sasl.oauthbearer.jwks.endpoint.retry.backoff.ms", 0),
    jwksRetryBackoffMaxMs: num("sasl.oauthbearer.jwks.endpoint.retry.backoff.max.ms", 0),
    expectedIssuer: issuer,
    expectedAudiences: audiences.length > 0 ? audiences : null,
    scopeClaimName,
    subClaimName,
    clockSkewSeconds: num("sasl.oauthbearer.clock.skew.seconds", 0),
  };
}
