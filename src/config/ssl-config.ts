// Kafka's SslFactory / DefaultSslEngineFactory configuration for one listener: the ssl.* keys (each
// also as listener.name.<listener>.ssl.*, which wins, as Kafka's per-listener configs do) turned into
// the TLS options Bun listens or connects with. Everything is validated at start-up; a bad value is a
// ConfigError naming the key and the value (passwords shown as [hidden]).
//
// Mapping to Bun/BoringSSL:
// - ssl.enabled.protocols and ssl.protocol: protocols not enabled (or above ssl.protocol's version,
//   which caps Java's SSLContext) are switched off with SSL_OP_NO_* bits.
// - ssl.cipher.suites: Java's (IANA) names, mapped to OpenSSL's for TLS 1.2. BoringSSL's TLS 1.3 suites
//   cannot be restricted; a list naming no TLS 1.3 suite turns TLS 1.3 off, as it does in Java (a
//   protocol without an enabled suite is not negotiated).
// - ssl.client.auth: required = requestCert + rejectUnauthorized; requested = requestCert, and a client
//   certificate that does not verify fails after the handshake (Java's trust manager fails it too).
// - ssl.endpoint.identification.algorithm (client side): "https" checks the broker's host name against
//   its certificate (Bun's default), "" does not.

import { constants } from "node:crypto";
import type { TLSOptions } from "bun";
import type { SslClientAuth, SslClientEngine, SslServerEngine } from "../network/ssl/ssl-engine.ts";
import { InvalidRuleError, SslPrincipalMapper } from "../network/ssl/ssl-principal-mapper.ts";
import { ConfigError } from "./def.ts";
import { HIDDEN, loadKeystore, loadTruststore, type SslValues } from "./ssl-keystore.ts";

const PROTOCOL_BITS: ReadonlyMap<string, number> = new Map([
  ["TLSv1", constants.SSL_OP_NO_TLSv1],
  ["TLSv1.1", constants.SSL_OP_NO_TLSv1_1],
  ["TLSv1.2", constants.SSL_OP_NO_TLSv1_2],
  ["TLSv1.3", constants.SSL_OP_NO_TLSv1_3],
]);
const PROTOCOL_ORDER = ["TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"];
/** ssl.protocol: the SSLContext protocol; its version caps the ones that can be enabled. */
const CONTEXT_PROTOCOLS: ReadonlyMap<string, string> = new Map([
  ["TLS", "TLSv1.3"],
  ["TLSv1", "TLSv1"],
  ["TLSv1.1", "TLSv1.1"],
  ["TLSv1.2", "TLSv1.2"],
  ["TLSv1.3", "TLSv1.3"],
]);

const TLS13_SUITES = new Set(["TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256"]);
/** Java/IANA TLS 1.2 suite names to OpenSSL's, for the suites BoringSSL implements. */
const TLS12_SUITES: ReadonlyMap<string, string> = new Map([
  ["TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", "ECDHE-ECDSA-AES128-GCM-SHA256"],
  ["TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256", "ECDHE-RSA-AES128-GCM-SHA256"],
  ["TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384", "ECDHE-ECDSA-AES256-GCM-SHA384"],
  ["TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384", "ECDHE-RSA-AES256-GCM-SHA384"],
  ["TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256", "ECDHE-ECDSA-CHACHA20-POLY1305"],
  ["TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256", "ECDHE-RSA-CHACHA20-POLY1305"],
  ["TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256", "ECDHE-ECDSA-AES128-SHA256"],
  ["TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256", "ECDHE-RSA-AES128-SHA256"],
  ["TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA384", "ECDHE-ECDSA-AES256-SHA384"],
  ["TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA384", "ECDHE-RSA-AES256-SHA384"],
  ["TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA", "ECDHE-ECDSA-AES128-SHA"],
  ["TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA", "ECDHE-RSA-AES128-SHA"],
  ["TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA", "ECDHE-ECDSA-AES256-SHA"],
  ["TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA", "ECDHE-RSA-AES256-SHA"],
  ["TLS_RSA_WITH_AES_128_GCM_SHA256", "AES128-GCM-SHA256"],
  ["TLS_RSA_WITH_AES_256_GCM_SHA384", "AES256-GCM-SHA384"],
  ["TLS_RSA_WITH_AES_128_CBC_SHA256", "AES128-SHA256"],
  ["TLS_RSA_WITH_AES_128_CBC_SHA", "AES128-SHA"],
  ["TLS_RSA_WITH_AES_256_CBC_SHA", "AES256-SHA"],
]);

/** ssl.* keys that hold secrets: shown as [hidden]. */
const PASSWORD_KEYS = new Set(["ssl.keystore.password", "ssl.key.password", "ssl.truststore.password", "ssl.keystore.key", "ssl.keystore.certificate.chain", "ssl.truststore.certificates"]);

/** A listener's view of the broker's keys: listener.name.<listener lower case>.<key> first, then <key>. */
export function listenerSslValues(given: ReadonlyMap<string, string>, listenerName: string): SslValues {
  const prefix = `listener.name.${listenerName.toLowerCase()}.`;
  return {
    get: (key) => given.get(prefix + key) ?? given.get(key) ?? null,
    keyName: (key) => (given.has(prefix + key) ? prefix + key : key),
  };
}

function list(v: SslValues, key: string, dflt: string): string[] {
  return (v.get(key) ?? dflt).split(",").map((s) => s.trim()).filter((s) => s !== "");
}

function protocolOptions(v: SslValues): { secureOptions: number; tls13: boolean } {
  const ctx = v.get("ssl.protocol") ?? "TLSv1.3";
  const max = CONTEXT_PROTOCOLS.get(ctx);
  if (!max) throw new ConfigError(v.keyName("ssl.protocol"), ctx, `one of ${[...CONTEXT_PROTOCOLS.keys()].join(", ")}`);
  const enabled = list(v, "ssl.enabled.protocols", "TLSv1.2,TLSv1.3");
  for (const p of enabled) {
    if (!PROTOCOL_BITS.has(p)) throw new ConfigError(v.keyName("ssl.enabled.protocols"), enabled.join(","), `protocols among ${PROTOCOL_ORDER.join(", ")} (${p} is not supported)`);
  }
  const usable = enabled.filter((p) => PROTOCOL_ORDER.indexOf(p) <= PROTOCOL_ORDER.indexOf(max));
  if (usable.length === 0) throw new ConfigError(v.keyName("ssl.enabled.protocols"), enabled.join(","), `at least one protocol that ssl.protocol=${ctx} allows`);
  let bits = constants.SSL_OP_NO_SSLv3;
  for (const [p, bit] of PROTOCOL_BITS) if (!usable.includes(p)) bits |= bit;
  return { secureOptions: bits, tls13: usable.includes("TLSv1.3") };
}

function cipherOptions(v: SslValues): { ciphers?: string; noTls13: boolean; noTls12: boolean } {
  const suites = list(v, "ssl.cipher.suites", "");
  if (suites.length === 0) return { noTls13: false, noTls12: false };
  const tls12: string[] = [];
  let any13 = false;
  for (const s of suites) {
    if (TLS13_SUITES.has(s)) any13 = true;
    else if (TLS12_SUITES.has(s)) tls12.push(TLS12_SUITES.get(s)!);
    else throw new ConfigError(v.keyName("ssl.cipher.suites"), suites.join(","), `cipher suites Strand's TLS implements (${s} is not one): ${[...TLS13_SUITES, ...TLS12_SUITES.keys()].join(", ")}`);
  }
  return { ...(tls12.length > 0 ? { ciphers: tls12.join(":") } : {}), noTls13: !any13, noTls12: tls12.length === 0 };
}

function clientAuth(v: SslValues, protocol: "SSL" | "SASL_SSL"): SslClientAuth {
  // Kafka's ChannelBuilders: on a SASL_SSL listener only the listener-prefixed ssl.client.auth applies.
  if (protocol === "SASL_SSL" && v.keyName("ssl.client.auth") === "ssl.client.auth") return "none";
  const raw = v.get("ssl.client.auth") ?? "none";
  const a = raw.trim().toLowerCase();
  if (a !== "required" && a !== "requested" && a !== "none") throw new ConfigError(v.keyName("ssl.client.auth"), raw, "String must be one of: required, requested, none");
  return a;
}

/** TLS options common to both sides: protocols, suites, own certificate, trusted CAs. */
function commonTls(v: SslValues, needKeystore: string | null): { tls: TLSOptions; subject: string } {
  const { secureOptions, tls13 } = protocolOptions(v);
  const c = cipherOptions(v);
  let bits = secureOptions;
  if (c.noTls13) bits |= constants.SSL_OP_NO_TLSv1_3;
  if (c.noTls12) bits |= constants.SSL_OP_NO_TLSv1_2 | constants.SSL_OP_NO_TLSv1_1 | constants.SSL_OP_NO_TLSv1;
  if (c.noTls13 && c.noTls12) throw new ConfigError(v.keyName("ssl.cipher.suites"), v.get("ssl.cipher.suites") ?? "", "at least one suite");
  if (c.noTls12 && !tls13) throw new ConfigError(v.keyName("ssl.cipher.suites"), v.get("ssl.cipher.suites") ?? "", "a suite for an enabled protocol (only TLS 1.3 suites are listed, and TLSv1.3 is not enabled)");
  const keystore = loadKeystore(v);
  if (!keystore && needKeystore) {
    throw new ConfigError(v.keyName("ssl.keystore.location"), "", `a key store (ssl.keystore.location, or ssl.keystore.key and ssl.keystore.certificate.chain) for ${needKeystore}`);
  }
  const ca = loadTruststore(v);
  const tls: TLSOptions = {
    secureOptions: bits,
    ...(c.ciphers ? { ciphers: c.ciphers } : {}),
    ...(keystore ? { key: keystore.keyPem, cert: keystore.certChainPem.join("") } : {}),
    ...(ca ? { ca } : {}),
  };
  return { tls, subject: keystore?.subject ?? "" };
}

/** The server side of an SSL or SASL_SSL listener (Kafka's SslFactory in SERVER mode). */
export function sslServerEngine(given: ReadonlyMap<string, string>, listenerName: string, protocol: "SSL" | "SASL_SSL" = "SSL"): SslServerEngine {
  const v = listenerSslValues(given, listenerName);
  const auth = clientAuth(v, protocol);
  const { tls, subject } = commonTls(v, `the SSL listener ${listenerName}`);
  let mapper: SslPrincipalMapper;
  try {
    mapper = new SslPrincipalMapper(v.get("ssl.principal.mapping.rules") ?? "DEFAULT");
  } catch (e) {
    if (e instanceof InvalidRuleError) throw new ConfigError(v.keyName("ssl.principal.mapping.rules"), v.get("ssl.principal.mapping.rules") ?? "", `rules of the form RULE:pattern/replacement/[LU] or DEFAULT, comma-separated (${e.message})`);
    throw e;
  }
  return {
    tls: { ...tls, requestCert: auth !== "none", rejectUnauthorized: auth === "required" },
    clientAuth: auth,
    principalMapper: mapper,
    keystoreSubject: subject,
  };
}

/** The broker's own client side towards an SSL listener (replica fetchers, controller channel, forwarding). */
export function sslClientEngine(given: ReadonlyMap<string, string>, listenerName: string): SslClientEngine {
  const v = listenerSslValues(given, listenerName);
  const { tls } = commonTls(v, null);
  const algorithm = v.get("ssl.endpoint.identification.algorithm") ?? "https";
  if (algorithm !== "" && algorithm.toLowerCase() !== "https") {
    throw new ConfigError(v.keyName("ssl.endpoint.identification.algorithm"), algorithm, `"https" (check the host name) or empty (do not)`);
  }
  return {
    tls: { ...tls, rejectUnauthorized: true },
    verifyHostname: algorithm !== "",
  };
}

/** For logs: an ssl.* value as it may be shown. */
export function shownSslValue(key: string, value: string): string {
  return PASSWORD_KEYS.has(key.replace(/^listener\.name\.[^.]+\./, "")) ? HIDDEN : value;
}
