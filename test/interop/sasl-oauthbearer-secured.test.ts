// OAUTHBEARER with Kafka's secured validator (OAuthBearerValidatorCallbackHandler: RS256/ES256 tokens
// verified with a JWKS file, expected issuer and audience), against Strand and
// (STRAND_INTEROP_TARGET=kafka) Apache Kafka 4.4.0 with the same listener keys and the same
// -Dorg.apache.kafka.sasl.oauthbearer.allowed.urls (Kafka's JVM flag; Strand reads it from KAFKA_OPTS):
// - confluent-kafka-python (oauth_cb), franz-go (sasl/oauth) and KafkaJS (oauthBearerProvider) produce
//   and consume with a token the test signs;
// - over raw TCP: an expired token, a token signed by a key the JWKS does not hold, a token for another
//   audience and an unsigned ("none") token each get {"status":"invalid_token"}, then, on the
//   client's ^A, SASL_AUTHENTICATION_FAILED with that JSON, as from Kafka;
// - a JWKS served over http by the test on loopback: a token it verifies logs in, one signed by another
//   key is refused;
// - a JWKS served over https with a certificate from the test's private CA, trusted through the
//   OAUTHBEARER JAAS options' ssl.truststore.* (a PKCS12 store, as Kafka's JaasOptionsUtils reads them):
//   a token it verifies logs in.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { makeCerts, STORE_PASSWORD, type CertPaths } from "../support/tls-certs.ts";
import { readFileSync } from "node:fs";
import { ensurePythonClient } from "../support/clients/python.ts";
import { ensureGoClient } from "../support/clients/go.ts";
import { ensureKafkaJs } from "../support/clients/kafkajs.ts";
import { probeInstall } from "../support/clients/cache.ts";
import { jwksJson, signJwt, testSigningKey } from "../support/jwt-signer.ts";
import { until } from "../support/until.ts";
import { collect, eventOf } from "./driver-output.ts";
import { freshT0 } from "./spec.ts";
import { createTopics } from "./topics.ts";
import { interopTarget } from "./targets.ts";
import { startSaslTarget, type SaslTarget } from "./sasl-target.ts";

const ISSUER = "https://issuer.strand.test";
const AUDIENCE = "strand-cluster";
const rsa = testSigningKey("rsa-1", "RS256");
const ec = testSigningKey("ec-1", "ES256");
const stranger = testSigningKey("rsa-1", "RS256");
const nowS = () => Math.floor(Date.now() / 1000);
const claims = (extra: Record<string, unknown> = {}) => ({ sub: "alice", iss: ISSUER, aud: AUDIENCE, iat: nowS() - 5, exp: nowS() + 3600, ...extra });
const initial = (token: string) => new TextEncoder().encode(`n,,\u0001auth=Bearer ${token}\u0001\u0001`);
type AuthResult = { errorCode: number; errorMessage: string | null; authBytes: Uint8Array; sessionLifetimeMs: bigint };

const py = await probeInstall("confluent-kafka", ensurePythonClient);
const go = await probeInstall("franz-go", ensureGoClient);
const js = await probeInstall("kafkajs", ensureKafkaJs);

describe(`OAUTHBEARER (secured, JWKS file) vs ${interopTarget()}`, () => {
  let target: SaslTarget;
  let dir = "";
  const saslPort = () => Number(target.saslBootstrap.split(":")[1]);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "strand-oauth-interop-"));
    const path = join(dir, "jwks.json");
    writeFileSync(path, jwksJson([rsa, ec]));
    const url = pathToFileURL(path).href;
    const p = "listener.name.sasl_plaintext.oauthbearer.";
    target = await startSaslTarget({
      "sasl.enabled.mechanisms": "OAUTHBEARER,SCRAM-SHA-512",
      [`${p}sasl.jaas.config`]: "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required;",
      [`${p}sasl.server.callback.handler.class`]: "org.apache.kafka.common.security.oauthbearer.OAuthBearerValidatorCallbackHandler",
      "sasl.oauthbearer.jwks.endpoint.url": url,
      "sasl.oauthbearer.expected.issuer": ISSUER,
      "sasl.oauthbearer.expected.audience": AUDIENCE,
    }, { "org.apache.kafka.sasl.oauthbearer.allowed.urls": url });
  }, 240_000);

  afterAll(async () => {
    await target?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  async function driverRoundTrip(label: string, spawn: (args: string[]) => import("bun").Subprocess<"ignore", "pipe", "pipe">, topic: string, token: string, extraProduce: string[] = []) {
    await createTopics(target.plaintextPort, [{ name: topic, partitions: 3 }]);
    const common = ["--bootstrap", target.saslBootstrap, "--topic", topic, "--partitions", "3", "--count", "1000", "--t0", `${freshT0()}`, "--sasl-mechanism", "OAUTHBEARER", "--sasl-oauth-token", token];
    const produced = eventOf(await collect(`${label} produce`, spawn(["produce", ...common, ...extraProduce]), { timeoutMs: 90_000 }), "produced");
    expect(produced.errors).toEqual([]);
    expect(produced.acked).toBe(1000);
    const consumed = eventOf(await collect(`${label} consume`, spawn(["consume", ...common]), { timeoutMs: 90_000 }), "consumed");
    expect(consumed.errors).toEqual([]);
    expect(consumed.count).toBe(1000);
  }

  test.skipIf(!py.ok)("confluent-kafka-python (librdkafka, oauth_cb): an RS256 token", async () => {
    if (!py.ok) return;
    const c = py.value;
    await driverRoundTrip("python", (a) => c.spawn(a), "oauth-python", signJwt(rsa, claims()), ["--compression", "none"]);
  }, 240_000);

  test.skipIf(!go.ok)("franz-go (sasl/oauth): an ES256 token", async () => {
    if (!go.ok) return;
    const c = go.value;
    await driverRoundTrip("franz-go", (a) => c.spawn(a), "oauth-franz-go", signJwt(ec, claims()));
  }, 240_000);

  test.skipIf(!js.ok)("KafkaJS (oauthBearerProvider): an RS256 token", async () => {
    if (!js.ok) return;
    const c = js.value;
    await driverRoundTrip("kafkajs", (a) => c.spawn(a), "oauth-kafkajs", signJwt(rsa, claims()));
  }, 240_000);

  test("a valid token logs in over raw TCP; its exp bounds the session", async () => {
    const c = await KafkaTestClient.connect(saslPort());
    expect((await c.request<{ errorCode: number }>(17, 1, { mechanism: "OAUTHBEARER" })).errorCode).toBe(0);
    const r = await c.request<AuthResult>(36, 2, { authBytes: initial(signJwt(rsa, claims({ exp: nowS() + 600 }))) });
    expect(r.errorCode).toBe(0);
    expect(r.authBytes.length).toBe(0);
    expect(Number(r.sessionLifetimeMs)).toBeLessThanOrEqual(600_000);
    const md = await c.request<{ brokers: unknown[] }>(3, 12, { topics: [] });
    expect(md.brokers.length).toBe(1);
    c.close();
  }, 60_000);

  const unsigned = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify(claims())).toString("base64url")}.`;
  const refused: Array<[string, () => string]> = [
    ["an expired token", () => signJwt(rsa, claims({ iat: nowS() - 7200, exp: nowS() - 3600 }))],
    ["a token signed by a key the JWKS does not hold", () => signJwt(stranger, claims())],
    ["a token for another audience", () => signJwt(rsa, claims({ aud: "someone-else" }))],
    ["an unsigned token", () => unsigned],
  ];
  for (const [what, token] of refused) {
    test(`${what}: the JSON challenge, then SASL_AUTHENTICATION_FAILED with it`, async () => {
      const c = await KafkaTestClient.connect(saslPort());
      expect((await c.request<{ errorCode: number }>(17, 1, { mechanism: "OAUTHBEARER" })).errorCode).toBe(0);
      const first = await c.request<AuthResult>(36, 2, { authBytes: initial(token()) });
      expect(first.errorCode).toBe(0);
      expect(new TextDecoder().decode(first.authBytes)).toBe('{"status":"invalid_token"}');
      const second = await c.request<AuthResult>(36, 2, { authBytes: new Uint8Array([1]) });
      expect(second).toMatchObject({ errorCode: 58, errorMessage: '{"status":"invalid_token"}' });
      await until("the broker to close the connection", async () => c.isClosed, 15_000, 20);
    }, 60_000);
  }
});

describe(`OAUTHBEARER (secured, JWKS over loopback http) vs ${interopTarget()}`, () => {
  let target: SaslTarget;
  let jwksServer: ReturnType<typeof Bun.serve> | null = null;
  let jwksRequests = 0;
  const saslPort = () => Number(target.saslBootstrap.split(":")[1]);

  beforeAll(async () => {
    jwksServer = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => { jwksRequests++; return new Response(jwksJson([ec]), { headers: { "content-type": "application/json" } }); } });
    const url = `http://127.0.0.1:${jwksServer.port}/jwks`;
    const p = "listener.name.sasl_plaintext.oauthbearer.";
    target = await startSaslTarget({
      "sasl.enabled.mechanisms": "OAUTHBEARER",
      [`${p}sasl.jaas.config`]: "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required;",
      [`${p}sasl.server.callback.handler.class`]: "org.apache.kafka.common.security.oauthbearer.OAuthBearerValidatorCallbackHandler",
      [`${p}sasl.oauthbearer.jwks.endpoint.url`]: url,
      "sasl.oauthbearer.expected.issuer": ISSUER,
      "sasl.oauthbearer.expected.audience": AUDIENCE,
    }, { "org.apache.kafka.sasl.oauthbearer.allowed.urls": url });
  }, 240_000);

  afterAll(async () => {
    await target?.remove();
    jwksServer?.stop(true);
  }, 120_000);

  async function login(token: string): Promise<{ first: AuthResult; c: KafkaTestClient }> {
    const c = await KafkaTestClient.connect(saslPort());
    expect((await c.request<{ errorCode: number }>(17, 1, { mechanism: "OAUTHBEARER" })).errorCode).toBe(0);
    return { first: await c.request<AuthResult>(36, 2, { authBytes: initial(token) }), c };
  }

  test("a token the served JWKS verifies logs in", async () => {
    // The broker fetches the JWKS at start-up or, at the latest, for the first token.
    await until("a login with the served key", async () => {
      const { first, c } = await login(signJwt(ec, claims()));
      c.close();
      return first.errorCode === 0 && first.authBytes.length === 0;
    }, 60_000, 500);
    expect(jwksRequests).toBeGreaterThan(0);
  }, 120_000);

  test("a token signed by a key the endpoint does not serve is refused", async () => {
    const { first, c } = await login(signJwt(rsa, claims()));
    expect(new TextDecoder().decode(first.authBytes)).toBe('{"status":"invalid_token"}');
    const second = await c.request<AuthResult>(36, 2, { authBytes: new Uint8Array([1]) });
    expect(second).toMatchObject({ errorCode: 58, errorMessage: '{"status":"invalid_token"}' });
    c.close();
  }, 60_000);
});

describe(`OAUTHBEARER (secured, JWKS over https from a private CA) vs ${interopTarget()}`, () => {
  let target: SaslTarget;
  let certs: CertPaths;
  let jwksServer: ReturnType<typeof Bun.serve> | null = null;
  let jwksRequests = 0;
  const saslPort = () => Number(target.saslBootstrap.split(":")[1]);

  beforeAll(async () => {
    certs = makeCerts();
    jwksServer = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      tls: { cert: readFileSync(certs.brokerCertPem, "utf8"), key: readFileSync(certs.brokerKeyPem, "utf8") },
      fetch: () => {
        jwksRequests++;
        return new Response(jwksJson([ec]), { headers: { "content-type": "application/json" } });
      },
    });
    const url = `https://127.0.0.1:${jwksServer.port}/jwks`;
    const p = "listener.name.sasl_plaintext.oauthbearer.";
    // With any option in the JAAS config Kafka's broker-side login needs a subject (its unsecured login
    // handler makes the broker's own token); Strand ignores the option.
    target = await startSaslTarget({
      "sasl.enabled.mechanisms": "OAUTHBEARER",
      [`${p}sasl.jaas.config`]: `org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required unsecuredLoginStringClaim_sub="broker" ssl.truststore.location="${certs.truststoreP12}" ssl.truststore.password="${STORE_PASSWORD}" ssl.truststore.type="PKCS12";`,
      [`${p}sasl.server.callback.handler.class`]: "org.apache.kafka.common.security.oauthbearer.OAuthBearerValidatorCallbackHandler",
      [`${p}sasl.oauthbearer.jwks.endpoint.url`]: url,
      "sasl.oauthbearer.expected.issuer": ISSUER,
      "sasl.oauthbearer.expected.audience": AUDIENCE,
    }, { "org.apache.kafka.sasl.oauthbearer.allowed.urls": url });
  }, 240_000);

  afterAll(async () => {
    await target?.remove();
    jwksServer?.stop(true);
    certs?.cleanup();
  }, 120_000);

  test("a token the https JWKS verifies logs in", async () => {
    await until("a login with the key served over https", async () => {
      const c = await KafkaTestClient.connect(saslPort());
      expect((await c.request<{ errorCode: number }>(17, 1, { mechanism: "OAUTHBEARER" })).errorCode).toBe(0);
      const first = await c.request<AuthResult>(36, 2, { authBytes: initial(signJwt(ec, claims())) });
      c.close();
      return first.errorCode === 0 && first.authBytes.length === 0;
    }, 60_000, 500);
    expect(jwksRequests).toBeGreaterThan(0);
  }, 120_000);
});
