// The certificates a broker trusts when it fetches an https JWKS (sasl.oauthbearer.jwks.endpoint.url),
// as Kafka's VerificationKeyResolverFactory builds the fetch's SSLSocketFactory: from the ssl.* client
// options of the listener's OAUTHBEARER JAAS config (JaasOptionsUtils.createSSLSocketFactory:
// ssl.truststore.location / .password / .type / .certificates, JKS by default), and without them the
// JVM's default trust (its -Djavax.net.ssl.trustStore / .trustStorePassword / .trustStoreType, which
// Strand reads from KAFKA_OPTS; else the runtime's default CAs, as Java's cacerts). A store that does
// not load refuses the start with the option named, as Kafka fails to configure the SslFactory.

import { loadTruststore, type SslValues } from "./ssl-keystore.ts";

const TRUSTSTORE_OPTIONS = ["ssl.truststore.location", "ssl.truststore.password", "ssl.truststore.type", "ssl.truststore.certificates"];
/** The JVM's system properties for its default trust store, by the ssl.truststore.* key they stand for. */
const JVM_PROPERTIES: ReadonlyMap<string, string> = new Map([
  ["ssl.truststore.location", "javax.net.ssl.trustStore"],
  ["ssl.truststore.password", "javax.net.ssl.trustStorePassword"],
  ["ssl.truststore.type", "javax.net.ssl.trustStoreType"],
]);

/**
 * PEM certificates to trust for an https JWKS, or null for the runtime's default CAs. `jaasOptions`:
 * the OAUTHBEARER login module's options; `jaasKey`: the config key holding them (for errors).
 */
export function jwksTrustedCerts(jaasOptions: ReadonlyMap<string, string>, jaasKey: string, systemProperties: ReadonlyMap<string, string>): string[] | null {
  if (TRUSTSTORE_OPTIONS.some((k) => jaasOptions.has(k))) {
    const v: SslValues = { get: (k) => jaasOptions.get(k) ?? null, keyName: (k) => `${jaasKey} option ${k}` };
    return loadTruststore(v);
  }
  if (!systemProperties.has("javax.net.ssl.trustStore")) return null;
  const v: SslValues = {
    // The JVM's default store type is PKCS12 (keystore.type), not Kafka's JKS.
    get: (k) => (k === "ssl.truststore.type" ? (systemProperties.get("javax.net.ssl.trustStoreType") ?? "PKCS12") : (systemProperties.get(JVM_PROPERTIES.get(k) ?? "") ?? null)),
    keyName: (k) => `-D${JVM_PROPERTIES.get(k) ?? k}`,
  };
  return loadTruststore(v);
}
