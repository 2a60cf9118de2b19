// A SASL_PLAINTEXT listener end to end over TCP, with Kafka's answers (Kafka 4.4.0's
// SaslServerAuthenticator; interop with real clients and Kafka itself is in test/interop/sasl-*.test.ts):
// SCRAM users from `strand storage format --add-scram` and from AlterUserScramCredentials, PLAIN users
// from the JAAS config; a wrong password and an unknown user get SASL_AUTHENTICATION_FAILED with Kafka's
// generic message and are closed; a client that skips SASL and sends Produce is closed with no answer;
// a 100 MB pre-auth frame is closed before its body is read; the pre-auth frame limit
// (sasl.server.max.receive.size) is lifted once authenticated; a bounded brute-force loop leaves the
// broker up, its memory bounded, and another client served meanwhile.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir } from "../support/strand.ts";
import { startSaslStrand, type SaslStrand } from "../support/sasl-strand.ts";
import { TestScramClient } from "../support/scram-client.ts";
import { saltedPassword, SCRAM_SHA_256, SCRAM_SHA_512, type ScramMechanism } from "../../src/metadata/scram-mechanism.ts";
import { until } from "../support/until.ts";

const enc = new TextEncoder();
const GENERIC_512 = "Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512";

let node: SaslStrand;
beforeAll(async () => {
  node = await startSaslStrand({ "sasl.server.max.receive.size": "65536" });
}, 120_000);
afterAll(async () => {
  if (!node) return;
  await node.strand.stop();
  removeDataDir(node.strand.dataDir);
}, 120_000);

async function connect(): Promise<KafkaTestClient> {
  return KafkaTestClient.connect(node.saslPort);
}

type AuthResult = { errorCode: number; errorMessage: string | null; authBytes: Uint8Array; sessionLifetimeMs: bigint };

/** Handshake v1 + the SCRAM exchange; returns the last SaslAuthenticate answer. */
async function scramLogin(c: KafkaTestClient, m: ScramMechanism, user: string, password: string): Promise<AuthResult> {
  const h = await c.request<{ errorCode: number; mechanisms: string[] }>(17, 1, { mechanism: m.mechanismName });
  expect(h.errorCode).toBe(0);
  const sc = new TestScramClient(m, user, password, `nonce${Math.floor(Math.random() * 1e9)}`);
  const first = await c.request<AuthResult>(36, 2, { authBytes: sc.first() });
  if (first.errorCode !== 0) return first;
  const final = await c.request<AuthResult>(36, 2, { authBytes: sc.final(first.authBytes) });
  if (final.errorCode === 0) expect(new TextDecoder().decode(final.authBytes)).toBe(sc.expectedServerFinal());
  return final;
}

async function closedSoon(c: KafkaTestClient): Promise<void> {
  await until("the broker to close the connection", async () => c.isClosed, 15_000, 20);
}

function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) * 1024 : 0;
}

describe("successful logins", () => {
  test("SCRAM-SHA-256 and -512 users from --add-scram, then requests are served", async () => {
    for (const m of [SCRAM_SHA_256, SCRAM_SHA_512]) {
      const c = await connect();
      const r = await scramLogin(c, m, "alice", "alice-secret");
      expect(r.errorCode).toBe(0);
      const md = await c.request<{ brokers: unknown[] }>(3, 12, { topics: [] });
      expect(md.brokers.length).toBe(1);
      c.close();
    }
  });

  test("PLAIN from the JAAS config, with SaslHandshake v0 and raw tokens", async () => {
    const c = await connect();
    const h = await c.request<{ errorCode: number; mechanisms: string[] }>(17, 0, { mechanism: "PLAIN" });
    expect(h).toMatchObject({ errorCode: 0, mechanisms: ["SCRAM-SHA-512", "PLAIN", "SCRAM-SHA-256"] });
    // v0: the token goes unframed by a Kafka header; the answer is an empty size-prefixed token.
    const token = enc.encode("\u0000admin\u0000admin-secret");
    const frame = new Uint8Array(4 + token.length);
    new DataView(frame.buffer).setInt32(0, token.length);
    frame.set(token, 4);
    const got: Uint8Array[] = [];
    const raw = await Bun.connect({ hostname: "127.0.0.1", port: node.saslPort, socket: { data: (_s, d) => void got.push(d) } });
    raw.write(encodeHandshakeV0());
    await until("the handshake answer", async () => got.length > 0, 10_000, 10);
    got.length = 0;
    raw.write(frame);
    await until("the empty token", async () => Buffer.concat(got).length >= 4, 10_000, 10);
    expect([...Buffer.concat(got)]).toEqual([0, 0, 0, 0]);
    raw.end();
    c.close();
  });

  test("a user made with AlterUserScramCredentials logs in; DescribeUserScramCredentials lists the users", async () => {
    const admin = await KafkaTestClient.connect(node.plaintextPort);
    const salt = enc.encode("bobsalt");
    const res = await admin.request<{ results: Array<{ user: string; errorCode: number }> }>(51, 0, {
      deletions: [],
      upsertions: [{ name: "bob", mechanism: 2, iterations: 8192, salt, saltedPassword: saltedPassword(SCRAM_SHA_512, "bob-secret", salt, 8192) }],
    });
    expect(res.results).toEqual([{ user: "bob", errorCode: 0, errorMessage: null } as never]);
    const d = await admin.request<{ results: Array<{ user: string; errorCode: number; credentialInfos: Array<{ mechanism: number; iterations: number }> }> }>(50, 0, { users: null });
    const byUser = Object.fromEntries(d.results.map((r) => [r.user, r.credentialInfos]));
    expect(byUser).toEqual({ alice: [{ mechanism: 1, iterations: 4096 }, { mechanism: 2, iterations: 4096 }], bob: [{ mechanism: 2, iterations: 8192 }] } as never);
    admin.close();
    const c = await connect();
    expect((await scramLogin(c, SCRAM_SHA_512, "bob", "bob-secret")).errorCode).toBe(0);
    c.close();
  });
});

function encodeHandshakeV0(): Uint8Array {
  const mech = enc.encode("PLAIN");
  const client = enc.encode("t");
  const body = new Uint8Array(2 + 2 + 4 + 2 + client.length + 2 + mech.length);
  const v = new DataView(body.buffer);
  let o = 0;
  v.setInt16(o, 17); o += 2;
  v.setInt16(o, 0); o += 2;
  v.setInt32(o, 99); o += 4;
  v.setInt16(o, client.length); o += 2;
  body.set(client, o); o += client.length;
  v.setInt16(o, mech.length); o += 2;
  body.set(mech, o);
  const frame = new Uint8Array(4 + body.length);
  new DataView(frame.buffer).setInt32(0, body.length);
  frame.set(body, 4);
  return frame;
}

describe("Kafka's answers to bad clients", () => {
  test("wrong password: SASL_AUTHENTICATION_FAILED (58) with the generic message, then closed", async () => {
    const c = await connect();
    const r = await scramLogin(c, SCRAM_SHA_512, "alice", "wrong");
    expect(r).toMatchObject({ errorCode: 58, errorMessage: GENERIC_512 });
    await closedSoon(c);
  });

  test("unknown user: the same answer as a wrong password", async () => {
    const c = await connect();
    const r = await scramLogin(c, SCRAM_SHA_512, "mallory", "x");
    expect(r).toMatchObject({ errorCode: 58, errorMessage: GENERIC_512 });
    await closedSoon(c);
  });

  test("PLAIN wrong password: Kafka's PLAIN message", async () => {
    const c = await connect();
    await c.request(17, 1, { mechanism: "PLAIN" });
    const r = await c.request<AuthResult>(36, 2, { authBytes: enc.encode("\u0000alice\u0000nope") });
    expect(r).toMatchObject({ errorCode: 58, errorMessage: "Authentication failed: Invalid username or password" });
    await closedSoon(c);
  });

  test("an unknown mechanism: UNSUPPORTED_SASL_MECHANISM (33) with the enabled list", async () => {
    const c = await connect();
    const h = await c.request<{ errorCode: number; mechanisms: string[] }>(17, 1, { mechanism: "GSSAPI" });
    expect(h).toEqual({ errorCode: 33, mechanisms: ["SCRAM-SHA-512", "PLAIN", "SCRAM-SHA-256"] } as never);
    await closedSoon(c);
  });

  test("a client that skips SASL and sends Produce: closed, no answer", async () => {
    const c = await connect();
    await expect(c.request(0, 9, { acks: -1, timeoutMs: 1000, topicData: [] }, 15_000)).rejects.toThrow("connection closed by the broker");
  });

  test("a 100 MB pre-auth frame: closed before its body is read", async () => {
    const c = await connect();
    const header = new Uint8Array(12);
    const v = new DataView(header.buffer);
    v.setInt32(0, 100 * 1024 * 1024);
    v.setInt16(4, 36);
    v.setInt16(6, 2);
    v.setInt32(8, 7);
    const before = rssBytes(node.strand.pid);
    await expect(c.sendFrame(header, 7, 15_000)).rejects.toThrow("connection closed by the broker");
    expect(rssBytes(node.strand.pid) - before).toBeLessThan(50 * 1024 * 1024);
  });

  test("pre-auth frames are capped at sasl.server.max.receive.size; the cap is lifted after authentication", async () => {
    const big = "a".repeat(100_000); // over the 65536 configured above
    const pre = await connect();
    await expect(pre.request(18, 3, { clientSoftwareName: big, clientSoftwareVersion: "1" }, 15_000)).rejects.toThrow("connection closed by the broker");
    const c = await connect();
    expect((await scramLogin(c, SCRAM_SHA_256, "alice", "alice-secret")).errorCode).toBe(0);
    // Answered, not closed: the frame was read.
    const r = await c.request<{ errorCode: number }>(18, 3, { clientSoftwareName: big, clientSoftwareVersion: "1" }, 15_000);
    expect(r.errorCode).toBe(0);
    expect(c.isClosed).toBe(false);
    c.close();
  });

  test("SaslAuthenticate after authentication: ILLEGAL_SASL_STATE (34) with Kafka's message", async () => {
    const c = await connect();
    expect((await scramLogin(c, SCRAM_SHA_512, "alice", "alice-secret")).errorCode).toBe(0);
    const r = await c.request<AuthResult>(36, 2, { authBytes: new Uint8Array(0) });
    expect(r).toMatchObject({ errorCode: 34, errorMessage: "SaslAuthenticate request received after successful authentication" });
    c.close();
  });
});

test("a bounded brute-force loop: the broker stays up, memory bounded, another client served meanwhile", async () => {
  const seed = 14;
  console.log(`brute-force seed ${seed}`);
  const before = rssBytes(node.strand.pid);
  const ROUNDS = 10;
  const PER_ROUND = 20;
  let served = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const attempts = Array.from({ length: PER_ROUND }, async (_, i) => {
      const c = await connect();
      const r = await scramLogin(c, SCRAM_SHA_512, "alice", `guess-${seed}-${round}-${i}`);
      expect(r.errorCode).toBe(58);
      await closedSoon(c);
    });
    const good = (async () => {
      const c = await connect();
      expect((await scramLogin(c, SCRAM_SHA_512, "alice", "alice-secret")).errorCode).toBe(0);
      await c.request(3, 12, { topics: [] });
      served++;
      c.close();
    })();
    await Promise.all([...attempts, good]);
  }
  expect(served).toBe(ROUNDS);
  expect(node.strand.output()).not.toContain("alice-secret");
  expect(rssBytes(node.strand.pid) - before).toBeLessThan(150 * 1024 * 1024);
}, 180_000);
