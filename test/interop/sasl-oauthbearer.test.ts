// OAUTHBEARER with Kafka's unsecured-JWS default (development set-ups), against Strand and
// (STRAND_INTEROP_TARGET=kafka) Apache Kafka 4.4.0 with the same listener keys: the Java producer and a
// consumer group log in with OAuthBearerLoginModule's unsecured login (unsecuredLoginStringClaim_sub);
// over raw TCP, an expired token is answered with Kafka's JSON challenge and, after the client's ^A,
// SASL_AUTHENTICATION_FAILED carrying that JSON; a valid token's exp bounds the session (KIP-368
// session lifetime sent to the client); confluent-kafka-python (oauth_cb), franz-go (sasl/oauth) and
// KafkaJS (oauthBearerProvider) produce and consume with an unsecured token.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { consumeConsole, produceConsole } from "../support/kafka-tools.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { until } from "../support/until.ts";
import { createTopics } from "./topics.ts";
import { interopTarget } from "./targets.ts";
import { startSaslTarget, type SaslTarget } from "./sasl-target.ts";
import { ensurePythonClient } from "../support/clients/python.ts";
import { ensureGoClient } from "../support/clients/go.ts";
import { ensureKafkaJs } from "../support/clients/kafkajs.ts";
import { probeInstall } from "../support/clients/cache.ts";
import { collect, eventOf } from "./driver-output.ts";
import { freshT0 } from "./spec.ts";

const py = await probeInstall("confluent-kafka", ensurePythonClient);
const go = await probeInstall("franz-go", ensureGoClient);
const js = await probeInstall("kafkajs", ensureKafkaJs);

const LOGIN = 'org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required unsecuredLoginStringClaim_sub="alice";';
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
const jws = (claims: Record<string, unknown>) => `${b64({ alg: "none" })}.${b64(claims)}.`;
const initial = (token: string) => new TextEncoder().encode(`n,,\u0001auth=Bearer ${token}\u0001\u0001`);
type AuthResult = { errorCode: number; errorMessage: string | null; authBytes: Uint8Array; sessionLifetimeMs: bigint };

describe(`OAUTHBEARER (unsecured JWS) vs ${interopTarget()}`, () => {
  let target: SaslTarget;
  const saslPort = () => Number(target.saslBootstrap.split(":")[1]);

  beforeAll(async () => {
    target = await startSaslTarget({
      "sasl.enabled.mechanisms": "OAUTHBEARER,SCRAM-SHA-512",
      "listener.name.sasl_plaintext.oauthbearer.sasl.jaas.config": 'org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required unsecuredLoginStringClaim_sub="admin";',
    });
  }, 240_000);

  afterAll(async () => {
    await target?.remove();
  }, 120_000);

  test("Java producer and consumer group log in with an unsecured token", async () => {
    const topic = "oauth-java";
    await createTopics(target.plaintextPort, [{ name: topic, partitions: 1 }]);
    const sasl = { "security.protocol": "SASL_PLAINTEXT", "sasl.mechanism": "OAUTHBEARER", "sasl.jaas.config": LOGIN };
    const values = Array.from({ length: 50 }, (_, i) => `o${i}`);
    await produceConsole(target.saslBootstrap, topic, values, sasl);
    const { lines } = await consumeConsole(target.saslBootstrap, topic, values.length, { consumerProps: { ...sasl, "group.id": "oauth-group" }, timeoutMs: 60_000 });
    expect(lines.sort()).toEqual([...values].sort());
  }, 240_000);

  test("an expired token: the JSON challenge, then SASL_AUTHENTICATION_FAILED with it", async () => {
    const c = await KafkaTestClient.connect(saslPort());
    expect((await c.request<{ errorCode: number }>(17, 1, { mechanism: "OAUTHBEARER" })).errorCode).toBe(0);
    const first = await c.request<AuthResult>(36, 2, { authBytes: initial(jws({ sub: "alice", exp: Math.floor(Date.now() / 1000) - 3600 })) });
    expect(first.errorCode).toBe(0);
    expect(new TextDecoder().decode(first.authBytes)).toBe('{"status":"invalid_token"}');
    const second = await c.request<AuthResult>(36, 2, { authBytes: new Uint8Array([1]) });
    expect(second).toMatchObject({ errorCode: 58, errorMessage: '{"status":"invalid_token"}' });
    await until("the broker to close the connection", async () => c.isClosed, 15_000, 20);
  }, 60_000);

  test("a valid token's exp bounds the session: its lifetime is sent to the client", async () => {
    const c = await KafkaTestClient.connect(saslPort());
    await c.request(17, 1, { mechanism: "OAUTHBEARER" });
    const r = await c.request<AuthResult>(36, 2, { authBytes: initial(jws({ sub: "alice", exp: Math.floor(Date.now() / 1000) + 600 })) });
    expect(r.errorCode).toBe(0);
    const lifetime = Number(r.sessionLifetimeMs);
    expect(lifetime).toBeGreaterThan(500_000);
    expect(lifetime).toBeLessThanOrEqual(600_000);
    const md = await c.request<{ brokers: unknown[] }>(3, 12, { topics: [] });
    expect(md.brokers.length).toBe(1);
    c.close();
  }, 60_000);

  async function driverRoundTrip(label: string, spawn: (args: string[]) => import("bun").Subprocess<"ignore", "pipe", "pipe">, topic: string, extraProduce: string[] = []) {
    await createTopics(target.plaintextPort, [{ name: topic, partitions: 3 }]);
    const token = jws({ sub: "alice", iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 3600 });
    const common = ["--bootstrap", target.saslBootstrap, "--topic", topic, "--partitions", "3", "--count", "1000", "--t0", `${freshT0()}`, "--sasl-mechanism", "OAUTHBEARER", "--sasl-oauth-token", token];
    const produced = eventOf(await collect(`${label} produce`, spawn(["produce", ...common, ...extraProduce]), { timeoutMs: 90_000 }), "produced");
    expect(produced.errors).toEqual([]);
    expect(produced.acked).toBe(1000);
    const consumed = eventOf(await collect(`${label} consume`, spawn(["consume", ...common]), { timeoutMs: 90_000 }), "consumed");
    expect(consumed.errors).toEqual([]);
    expect(consumed.count).toBe(1000);
  }

  test.skipIf(!py.ok)("confluent-kafka-python (librdkafka, oauth_cb) with an unsecured token", async () => {
    if (!py.ok) return;
    const c = py.value;
    await driverRoundTrip("python", (a) => c.spawn(a), "oauth-unsecured-python", ["--compression", "none"]);
  }, 240_000);

  test.skipIf(!go.ok)("franz-go (sasl/oauth) with an unsecured token", async () => {
    if (!go.ok) return;
    const c = go.value;
    await driverRoundTrip("franz-go", (a) => c.spawn(a), "oauth-unsecured-franz-go");
  }, 240_000);

  test.skipIf(!js.ok)("KafkaJS (oauthBearerProvider) with an unsecured token", async () => {
    if (!js.ok) return;
    const c = js.value;
    await driverRoundTrip("kafkajs", (a) => c.spawn(a), "oauth-unsecured-kafkajs");
  }, 240_000);
});
