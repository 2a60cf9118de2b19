// OAUTHBEARER with Kafka's unsecured-JWS default (development set-ups), against Strand and
// (STRAND_INTEROP_TARGET=kafka) Apache Kafka 4.4.0 with the same listener keys: the Java producer and a
// consumer group log in with OAuthBearerLoginModule's unsecured login (unsecuredLoginStringClaim_sub);
// over raw TCP, an expired token is answered with Kafka's JSON challenge and, after the client's ^A,
// SASL_AUTHENTICATION_FAILED carrying that JSON; a valid token's exp bounds the session (KIP-368
// session lifetime sent to the client).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { consumeConsole, produceConsole } from "../support/kafka-tools.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { until } from "../support/until.ts";
import { createTopics } from "./topics.ts";
import { interopTarget } from "./targets.ts";
import { startSaslTarget, type SaslTarget } from "./sasl-target.ts";

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
});
