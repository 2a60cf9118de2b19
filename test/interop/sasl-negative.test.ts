// Kafka's answers on a SASL_PLAINTEXT listener to clients that get it wrong, checked the same way
// against Strand and (STRAND_INTEROP_TARGET=kafka) Apache Kafka 4.4.0, over raw TCP with Strand's test
// client: wrong password and unknown user (SASL_AUTHENTICATION_FAILED, one generic message, then
// closed), PLAIN's message, an unknown mechanism (UNSUPPORTED_SASL_MECHANISM with the enabled list), a
// client that skips SASL and sends Produce (closed, no answer), one that sends Produce or Metadata
// instead of SaslAuthenticate after SaslHandshake v1 (that request's error response with
// ILLEGAL_SASL_STATE, then closed), a 100 MB pre-auth frame (closed before
// its body), SaslAuthenticate after authentication (ILLEGAL_SASL_STATE), KIP-368 session expiry and
// re-authentication, and a bounded brute-force loop during which another client is served.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { TestScramClient } from "../support/scram-client.ts";
import { until } from "../support/until.ts";
import { saltedPassword, SCRAM_SHA_512, type ScramMechanism } from "../../src/metadata/scram-mechanism.ts";
import { interopTarget } from "./targets.ts";
import { KAFKA_MAIN, runKafkaClass } from "../support/kafka-dist.ts";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSaslTarget, type SaslTarget } from "./sasl-target.ts";

const enc = new TextEncoder();
const GENERIC_512 = "Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512";
const REAUTH_MS = 3000;
type AuthResult = { errorCode: number; errorMessage: string | null; authBytes: Uint8Array; sessionLifetimeMs: bigint };

let target: SaslTarget;
const saslPort = () => Number(target.saslBootstrap.split(":")[1]);

beforeAll(async () => {
  target = await startSaslTarget({ "listener.name.sasl_plaintext.scram-sha-512.connections.max.reauth.ms": String(REAUTH_MS) });
  const admin = await KafkaTestClient.connect(target.plaintextPort);
  const salt = enc.encode("alicesalt");
  const res = await admin.request<{ results: Array<{ errorCode: number }> }>(51, 0, {
    deletions: [],
    upsertions: [{ name: "alice", mechanism: 2, iterations: 4096, salt, saltedPassword: saltedPassword(SCRAM_SHA_512, "alice-secret", salt, 4096) }],
  }, 30_000);
  expect(res.results.map((r) => r.errorCode)).toEqual([0]);
  admin.close();
}, 240_000);

afterAll(async () => {
  await target?.remove();
}, 120_000);

async function scramLogin(c: KafkaTestClient, m: ScramMechanism, user: string, password: string): Promise<AuthResult> {
  const h = await c.request<{ errorCode: number }>(17, 1, { mechanism: m.mechanismName });
  expect(h.errorCode).toBe(0);
  const sc = new TestScramClient(m, user, password, `n${Math.floor(Math.random() * 1e9)}`);
  const first = await c.request<AuthResult>(36, 2, { authBytes: sc.first() });
  if (first.errorCode !== 0) return first;
  return c.request<AuthResult>(36, 2, { authBytes: sc.final(first.authBytes) });
}

/** A login that may race the user's creation reaching the broker (Kafka's brokers apply metadata asynchronously). */
async function goodLogin(): Promise<KafkaTestClient> {
  return until("alice to log in", async () => {
    const c = await KafkaTestClient.connect(saslPort());
    const r = await scramLogin(c, SCRAM_SHA_512, "alice", "alice-secret");
    if (r.errorCode === 0) return c;
    c.close();
    return null;
  }, 30_000, 200);
}

const closedSoon = (c: KafkaTestClient) => until("the broker to close the connection", async () => c.isClosed, 15_000, 20);

describe(`SASL negative cases vs ${interopTarget()}`, () => {
  test("AlterUserScramCredentials and DescribeUserScramCredentials refusals: Kafka's codes, messages and order", async () => {
    const admin = await KafkaTestClient.connect(target.plaintextPort);
    try {
      const salt = enc.encode("s");
      const salted = new Uint8Array(64);
      const alter = await admin.request<{ results: unknown[] }>(51, 0, {
        deletions: [{ name: "nobody", mechanism: 2 }, { name: "", mechanism: 1 }, { name: "twice", mechanism: 1 }],
        upsertions: [
          { name: "few", mechanism: 2, iterations: 100, salt, saltedPassword: salted },
          { name: "many", mechanism: 1, iterations: 20000, salt, saltedPassword: new Uint8Array(32) },
          { name: "odd", mechanism: 9, iterations: 4096, salt, saltedPassword: salted },
          { name: "twice", mechanism: 1, iterations: 4096, salt, saltedPassword: new Uint8Array(32) },
        ],
      }, 30_000);
      // Kafka 4.4.0's answer, as observed: a user whose deletion failed is not looked at again for its
      // upsertion, and the errors come in HashMap order.
      const pick = (rs: unknown[]) => rs.map((r) => { const { user, errorCode, errorMessage } = r as Record<string, unknown>; return { user, errorCode, errorMessage }; });
      expect(pick(alter.results)).toEqual([
        { user: "", errorCode: 93, errorMessage: "Username must not be empty" },
        { user: "twice", errorCode: 91, errorMessage: "Attempt to delete a user credential that does not exist" },
        { user: "few", errorCode: 93, errorMessage: "Too few iterations" },
        { user: "nobody", errorCode: 91, errorMessage: "Attempt to delete a user credential that does not exist" },
        { user: "many", errorCode: 93, errorMessage: "Too many iterations" },
        { user: "odd", errorCode: 33, errorMessage: "Unknown SCRAM mechanism" },
      ]);
      const d = await admin.request<{ errorCode: number; results: unknown[] }>(50, 0, { users: [{ name: "alice" }, { name: "ghost" }, { name: "alice" }] });
      expect(d.errorCode).toBe(0);
      expect(d.results.map((r) => ({ ...(r as object), _unknownTaggedFields: undefined }))).toEqual([
        { user: "ghost", errorCode: 91, errorMessage: "Attempt to describe a user credential that does not exist: ghost", credentialInfos: [], _unknownTaggedFields: undefined },
        { user: "alice", errorCode: 92, errorMessage: "Cannot describe SCRAM credentials for the same user twice in a single request: alice", credentialInfos: [], _unknownTaggedFields: undefined },
      ] as never);
    } finally {
      admin.close();
    }
  }, 60_000);

  test("the right password logs in; SaslAuthenticate afterwards is ILLEGAL_SASL_STATE", async () => {
    const c = await goodLogin();
    const r = await c.request<AuthResult>(36, 2, { authBytes: new Uint8Array(0) });
    expect(r).toMatchObject({ errorCode: 34, errorMessage: "SaslAuthenticate request received after successful authentication" });
    c.close();
  }, 60_000);

  test("wrong password and unknown user: SASL_AUTHENTICATION_FAILED with the same message, then closed", async () => {
    await goodLogin().then((c) => c.close());
    for (const [user, password] of [["alice", "wrong"], ["mallory", "x"]] as const) {
      const c = await KafkaTestClient.connect(saslPort());
      expect(await scramLogin(c, SCRAM_SHA_512, user, password)).toMatchObject({ errorCode: 58, errorMessage: GENERIC_512 });
      await closedSoon(c);
    }
  }, 60_000);

  test("PLAIN wrong password: Kafka's PLAIN message", async () => {
    const c = await KafkaTestClient.connect(saslPort());
    await c.request(17, 1, { mechanism: "PLAIN" });
    expect(await c.request<AuthResult>(36, 2, { authBytes: enc.encode("\u0000alice\u0000nope") })).toMatchObject({ errorCode: 58, errorMessage: "Authentication failed: Invalid username or password" });
    await closedSoon(c);
  });

  test("unknown mechanism: UNSUPPORTED_SASL_MECHANISM with the enabled mechanisms", async () => {
    const c = await KafkaTestClient.connect(saslPort());
    // Kafka lists them in HashSet order, not as configured.
    expect(await c.request(17, 1, { mechanism: "GSSAPI" })).toEqual({ errorCode: 33, mechanisms: ["SCRAM-SHA-512", "PLAIN", "SCRAM-SHA-256"] } as never);
    await closedSoon(c);
  });

  test("Produce before authentication: closed without an answer", async () => {
    const c = await KafkaTestClient.connect(saslPort());
    await expect(c.request(0, 9, { acks: -1, timeoutMs: 1000, topicData: [] }, 15_000)).rejects.toThrow("connection closed by the broker");
  });

  test("a wrong request after SaslHandshake v1: its own error response with ILLEGAL_SASL_STATE, then closed", async () => {
    // Kafka's SaslServerAuthenticator: the request's getErrorResponse(IllegalSaslStateException), sent
    // after the failed-authentication delay, then the close; acks=0 Produce has none (closed at once).
    const records = new Uint8Array(0);
    const produce = { transactionalId: null, acks: -1, timeoutMs: 1000, topicData: [{ name: "t", partitionData: [{ index: 0, records }, { index: 2, records }] }, { name: "u", partitionData: [{ index: 1, records }] }] };
    const afterHandshake = async () => {
      const c = await KafkaTestClient.connect(saslPort());
      expect((await c.request<{ errorCode: number }>(17, 1, { mechanism: "SCRAM-SHA-512" })).errorCode).toBe(0);
      return c;
    };
    type Part = { index: number };
    type Produced = { responses: Array<{ name: string; topicId: string; partitionResponses: Part[] }>; throttleTimeMs: number };
    const c = await afterHandshake();
    const r = await c.request<Produced>(0, 9, produce, 15_000);
    const message = "Unexpected Kafka request of type PRODUCE during SASL authentication.";
    const part = (index: number) => ({ index, errorCode: 34, baseOffset: -1n, logAppendTimeMs: -1n, logStartOffset: -1n, recordErrors: [], errorMessage: message, currentLeader: { leaderId: -1, leaderEpoch: -1 } });
    // Kafka lists the partitions in HashMap order: compared sorted.
    const sorted = r.responses.map((t) => ({ ...t, partitionResponses: [...t.partitionResponses].sort((a, b) => a.index - b.index) })).sort((a, b) => a.name.localeCompare(b.name));
    expect(sorted).toEqual([
      { name: "t", topicId: "AAAAAAAAAAAAAAAAAAAAAA", partitionResponses: [part(0), part(2)] },
      { name: "u", topicId: "AAAAAAAAAAAAAAAAAAAAAA", partitionResponses: [part(1)] },
    ] as never);
    await closedSoon(c);
    const m = await afterHandshake();
    const mr = await m.request(3, 12, { topics: [{ name: "t", topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], allowAutoTopicCreation: false, includeTopicAuthorizedOperations: false }, 15_000);
    expect(mr).toEqual({
      throttleTimeMs: 0,
      brokers: [],
      clusterId: null,
      controllerId: -1,
      topics: [{ errorCode: 34, name: "t", topicId: "AAAAAAAAAAAAAAAAAAAAAA", isInternal: false, partitions: [], topicAuthorizedOperations: -2147483648 }],
      clusterAuthorizedOperations: -2147483648,
      errorCode: 0,
    } as never);
    await closedSoon(m);
    const z = await afterHandshake();
    await expect(z.request(0, 9, { ...produce, acks: 0 }, 15_000)).rejects.toThrow("connection closed by the broker");
  }, 60_000);

  test("a 100 MB pre-auth frame: closed before its body is sent", async () => {
    const c = await KafkaTestClient.connect(saslPort());
    const header = new Uint8Array(12);
    const v = new DataView(header.buffer);
    v.setInt32(0, 100 * 1024 * 1024);
    v.setInt16(4, 36);
    v.setInt16(6, 2);
    v.setInt32(8, 7);
    await expect(c.sendFrame(header, 7, 15_000)).rejects.toThrow("connection closed by the broker");
  });

  test("KIP-368: the session lifetime is sent; re-authentication works; an expired session is closed on its next request", async () => {
    const c = await goodLogin();
    // Re-authenticate on the same connection (at least a second after the first login, Kafka's minimum interval).
    await Bun.sleep(1100);
    const again = await scramLogin(c, SCRAM_SHA_512, "alice", "alice-secret");
    expect(again.errorCode).toBe(0);
    expect(again.sessionLifetimeMs).toBe(BigInt(REAUTH_MS));
    const md = await c.request<{ brokers: unknown[] }>(3, 12, { topics: [] });
    expect(md.brokers.length).toBe(1);
    // Past the lifetime, a request that is not a re-authentication closes the connection.
    await Bun.sleep(REAUTH_MS + 500);
    await expect(c.request(3, 12, { topics: [] }, 15_000)).rejects.toThrow("connection closed by the broker");
  }, 60_000);

  test("KIP-368 with the Java producer: it re-authenticates on its connections while producing past the session lifetime", async () => {
    await goodLogin().then((c) => c.close());
    const dir = mkdtempSync(join(tmpdir(), "strand-reauth-"));
    try {
      const props = join(dir, "producer.properties");
      writeFileSync(props, [
        `bootstrap.servers=${target.saslBootstrap}`,
        "security.protocol=SASL_PLAINTEXT",
        "sasl.mechanism=SCRAM-SHA-512",
        'sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="alice" password="alice-secret";',
        "acks=all",
      ].join("\n") + "\n");
      // 10 s at 40 records/s: past three session lifetimes of 3 s.
      const r = await runKafkaClass(KAFKA_MAIN.producerPerf, ["--topic", "sasl-reauth", "--num-records", "400", "--throughput", "40", "--record-size", "100", "--producer.config", props, "--print-metrics"], { timeoutMs: 120_000 });
      expect(r.exitCode).toBe(0);
      const metric = (name: string) => {
        const m = new RegExp(`producer-metrics:${name}:\\{client-id=[^}]*\\}\\s*:\\s*([0-9.]+)`).exec(r.stdout);
        return m ? Number(m[1]) : NaN;
      };
      expect(r.stdout).toContain("400 records sent");
      expect(metric("successful-reauthentication-total")).toBeGreaterThan(0);
      expect(metric("failed-reauthentication-total")).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  test("a bounded brute-force loop: the broker stays up and another client is served meanwhile", async () => {
    await goodLogin().then((c) => c.close());
    let served = 0;
    for (let round = 0; round < 5; round++) {
      const attempts = Array.from({ length: 20 }, async (_, i) => {
        const c = await KafkaTestClient.connect(saslPort());
        expect((await scramLogin(c, SCRAM_SHA_512, "alice", `guess-${round}-${i}`)).errorCode).toBe(58);
        await closedSoon(c);
      });
      const good = goodLogin().then(async (c) => {
        await c.request(3, 12, { topics: [] });
        served++;
        c.close();
      });
      await Promise.all([...attempts, good]);
    }
    expect(served).toBe(5);
  }, 120_000);
});
