// An https JWKS endpoint whose certificate comes from a private CA: fetched when the CA is trusted
// through the OAUTHBEARER JAAS options' ssl.truststore.* (PEM or PKCS12) or the JVM's
// -Djavax.net.ssl.trustStore (read from KAFKA_OPTS), refused with the runtime's default CAs; a trust
// store that does not load names the JAAS option.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { jwksTrustedCerts } from "../../../src/config/oauthbearer-jwks-trust.ts";
import { fetchJwksText } from "../../../src/server/security/oauthbearer-jwks.ts";
import { makeCerts, STORE_PASSWORD, type CertPaths } from "../../support/tls-certs.ts";

const JAAS_KEY = "listener.name.sasl_ssl.oauthbearer.sasl.jaas.config";
const NO_PROPS: ReadonlyMap<string, string> = new Map();
let certs: CertPaths;
let server: ReturnType<typeof Bun.serve>;
let url = "";

beforeAll(() => {
  certs = makeCerts();
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    tls: { cert: readFileSync(certs.brokerCertPem, "utf8"), key: readFileSync(certs.brokerKeyPem, "utf8") },
    fetch: () => new Response('{"keys":[]}', { headers: { "content-type": "application/json" } }),
  });
  url = `https://127.0.0.1:${server.port}/jwks`;
}, 60_000);

afterAll(() => {
  server?.stop(true);
  certs?.cleanup();
}, 60_000);

test("the JAAS options' PEM or PKCS12 trust store lets the fetch through; the default CAs do not", async () => {
  const pem = jwksTrustedCerts(new Map([["ssl.truststore.type", "PEM"], ["ssl.truststore.location", certs.caPem]]), JAAS_KEY, NO_PROPS);
  expect(pem?.length).toBe(1);
  expect(await fetchJwksText(url, pem)).toBe('{"keys":[]}');
  const p12 = jwksTrustedCerts(new Map([["ssl.truststore.type", "PKCS12"], ["ssl.truststore.location", certs.truststoreP12], ["ssl.truststore.password", STORE_PASSWORD]]), JAAS_KEY, NO_PROPS);
  expect(await fetchJwksText(url, p12)).toBe('{"keys":[]}');
  expect(jwksTrustedCerts(new Map([["unsecuredLoginStringClaim_sub", "broker"]]), JAAS_KEY, NO_PROPS)).toBeNull();
  await expect(fetchJwksText(url, null)).rejects.toThrow();
});

test("without JAAS trust options, the JVM's javax.net.ssl.trustStore (PKCS12 by default)", async () => {
  const props = new Map([["javax.net.ssl.trustStore", certs.truststoreP12], ["javax.net.ssl.trustStorePassword", STORE_PASSWORD]]);
  expect(await fetchJwksText(url, jwksTrustedCerts(new Map(), JAAS_KEY, props))).toBe('{"keys":[]}');
});

test("a trust store that does not load names the JAAS option", () => {
  expect(() => jwksTrustedCerts(new Map([["ssl.truststore.type", "PEM"], ["ssl.truststore.location", "/nonexistent/ca.pem"]]), JAAS_KEY, NO_PROPS)).toThrow(`${JAAS_KEY} option ssl.truststore.location`);
});
