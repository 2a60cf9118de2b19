// Delegation tokens end to end on a SASL_PLAINTEXT listener (Kafka 4.4.0's KafkaApis,
// DelegationTokenControlManager and ScramSaslServer's tokenauth): a SCRAM user creates a token; a
// client logs in over SCRAM-SHA-256 and -512 with username = token id, password = base64(HMAC) and the
// extension tokenauth=true and is served as the owner; token requests over that connection and over
// PLAINTEXT are refused (DELEGATION_TOKEN_REQUEST_NOT_ALLOWED); Describe lists the token with its HMAC;
// a renewal moves the expiry; someone else's renewal is DELEGATION_TOKEN_OWNER_MISMATCH; after Expire
// (now) the token login fails with SASL_AUTHENTICATION_FAILED and Renew answers DELEGATION_TOKEN_NOT_FOUND;
// the controller's periodic sweep removes a token past its max lifetime; without
// delegation.token.secret.key the APIs answer DELEGATION_TOKEN_AUTH_DISABLED; with StandardAuthorizer,
// a token for another owner needs CREATE_TOKENS on that User (else DELEGATION_TOKEN_AUTHORIZATION_FAILED)
// and someone else's tokens are described only with DESCRIBE_TOKENS on the owner's User resource.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir } from "../support/strand.ts";
import { startSaslStrand, type SaslStrand } from "../support/sasl-strand.ts";
import { TestScramClient } from "../support/scram-client.ts";
import { SCRAM_SHA_256, SCRAM_SHA_512, type ScramMechanism } from "../../src/metadata/scram-mechanism.ts";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { until } from "../support/until.ts";

let node: SaslStrand;
beforeAll(async () => {
  node = await startSaslStrand({ "delegation.token.secret.key": "dtoken-test-secret", "delegation.token.expiry.check.interval.ms": "300" }, [
    "SCRAM-SHA-256=[name=alice,password=alice-secret]",
    "SCRAM-SHA-512=[name=alice,password=alice-secret]",
    "SCRAM-SHA-512=[name=bob,password=bob-secret]",
  ]);
}, 120_000);
afterAll(async () => {
  if (!node) return;
  await node.strand.stop();
  removeDataDir(node.strand.dataDir);
}, 120_000);

type AuthResult = { errorCode: number; errorMessage: string | null; authBytes: Uint8Array; sessionLifetimeMs: bigint };

async function scramLogin(m: ScramMechanism, user: string, password: string, extensions = ""): Promise<{ c: KafkaTestClient; r: AuthResult }> {
  const c = await KafkaTestClient.connect(node.saslPort);
  const h = await c.request<{ errorCode: number }>(17, 1, { mechanism: m.mechanismName });
  expect(h.errorCode).toBe(0);
  const sc = new TestScramClient(m, user, password, `nonce${Math.floor(Math.random() * 1e9)}`, "", extensions);
  const first = await c.request<AuthResult>(36, 2, { authBytes: sc.first() });
  if (first.errorCode !== 0) return { c, r: first };
  const final = await c.request<AuthResult>(36, 2, { authBytes: sc.final(first.authBytes) });
  if (final.errorCode === 0) expect(new TextDecoder().decode(final.authBytes)).toBe(sc.expectedServerFinal());
  return { c, r: final };
}

type Created = { errorCode: number; principalType: string; principalName: string; tokenRequesterPrincipalName: string; tokenId: string; hmac: Uint8Array; issueTimestampMs: bigint; expiryTimestampMs: bigint; maxTimestampMs: bigint };
const createReq = { ownerPrincipalType: null, ownerPrincipalName: null, renewers: [], maxLifetimeMs: -1n };

test("create, log in with the token, describe, renew, expire: the login then fails", async () => {
  const alice = await scramLogin(SCRAM_SHA_512, "alice", "alice-secret");
  expect(alice.r.errorCode).toBe(0);
  const t = await alice.c.request<Created>(38, 3, createReq);
  expect(t).toMatchObject({ errorCode: 0, principalType: "User", principalName: "alice", tokenRequesterPrincipalName: "alice" });
  expect(t.hmac.length).toBe(64);
  expect(t.maxTimestampMs - t.issueTimestampMs).toBe(604_800_000n);
  expect(t.expiryTimestampMs - t.issueTimestampMs).toBe(86_400_000n);
  const password = Buffer.from(t.hmac).toString("base64");

  for (const m of [SCRAM_SHA_256, SCRAM_SHA_512]) {
    const tok = await scramLogin(m, t.tokenId, password, "tokenauth=true");
    expect(tok.r.errorCode).toBe(0);
    // The session ends no later than the token's expiry (KIP-368's lifetime from the credential).
    expect(tok.r.sessionLifetimeMs > 0n && tok.r.sessionLifetimeMs <= 86_400_000n).toBe(true);
    const md = await tok.c.request<{ brokers: unknown[] }>(3, 12, { topics: [] });
    expect(md.brokers.length).toBe(1);
    // No token requests over a token-authenticated connection.
    expect((await tok.c.request<Created>(38, 3, createReq)).errorCode).toBe(ErrorCode.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED);
    expect((await tok.c.request<{ errorCode: number }>(41, 3, { owners: null })).errorCode).toBe(ErrorCode.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED);
    tok.c.close();
  }
  // Without tokenauth the token id is an unknown user; a wrong HMAC fails too.
  expect((await scramLogin(SCRAM_SHA_512, t.tokenId, password)).r.errorCode).toBe(ErrorCode.SASL_AUTHENTICATION_FAILED);
  expect((await scramLogin(SCRAM_SHA_512, t.tokenId, "bm90LXRoZS1obWFj", "tokenauth=true")).r.errorCode).toBe(ErrorCode.SASL_AUTHENTICATION_FAILED);

  // Not over PLAINTEXT.
  const plain = await KafkaTestClient.connect(node.plaintextPort);
  expect((await plain.request<Created>(38, 3, createReq)).errorCode).toBe(ErrorCode.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED);
  expect((await plain.request<{ errorCode: number }>(39, 2, { hmac: t.hmac, renewPeriodMs: -1n })).errorCode).toBe(ErrorCode.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED);
  plain.close();

  const described = await alice.c.request<{ errorCode: number; tokens: Array<{ tokenId: string; principalName: string; hmac: Uint8Array }> }>(41, 3, { owners: null });
  expect(described.errorCode).toBe(0);
  expect(described.tokens.map((x) => [x.tokenId, x.principalName, Buffer.from(x.hmac).toString("base64")])).toEqual([[t.tokenId, "alice", password]]);
  expect((await alice.c.request<{ tokens: unknown[] }>(41, 3, { owners: [] })).tokens).toEqual([]);

  // bob is neither owner nor renewer: he cannot renew it and does not see it (no authorizer: ACLs do not apply).
  const bob = await scramLogin(SCRAM_SHA_512, "bob", "bob-secret");
  expect((await bob.c.request<{ errorCode: number }>(39, 2, { hmac: t.hmac, renewPeriodMs: 1000n })).errorCode).toBe(ErrorCode.DELEGATION_TOKEN_OWNER_MISMATCH);
  bob.c.close();

  const renewed = await alice.c.request<{ errorCode: number; expiryTimestampMs: bigint }>(39, 2, { hmac: t.hmac, renewPeriodMs: 60_000n });
  expect(renewed.errorCode).toBe(0);
  expect(renewed.expiryTimestampMs > t.issueTimestampMs && renewed.expiryTimestampMs < t.expiryTimestampMs).toBe(true);
  await until("the renewal to reach the broker's image", async () => {
    const d = await alice.c.request<{ tokens: Array<{ expiryTimestamp: bigint }> }>(41, 3, { owners: null });
    return d.tokens[0]?.expiryTimestamp === renewed.expiryTimestampMs;
  }, 15_000, 50);

  const expired = await alice.c.request<{ errorCode: number; expiryTimestampMs: bigint }>(40, 2, { hmac: t.hmac, expiryTimePeriodMs: -1n });
  expect(expired.errorCode).toBe(0);
  await until("the token login to fail", async () => {
    const tok = await scramLogin(SCRAM_SHA_512, t.tokenId, password, "tokenauth=true");
    tok.c.close();
    return tok.r.errorCode === ErrorCode.SASL_AUTHENTICATION_FAILED;
  }, 15_000, 100);
  expect((await alice.c.request<{ errorCode: number }>(39, 2, { hmac: t.hmac, renewPeriodMs: -1n })).errorCode).toBe(ErrorCode.DELEGATION_TOKEN_NOT_FOUND);
  expect((await alice.c.request<{ tokens: unknown[] }>(41, 3, { owners: null })).tokens).toEqual([]);
  alice.c.close();
  // The secret key and the token's password are never logged.
  expect(node.strand.output()).not.toContain("dtoken-test-secret");
  expect(node.strand.output()).not.toContain(password);
}, 120_000);

test("the controller's sweep removes a token past its max lifetime", async () => {
  const alice = await scramLogin(SCRAM_SHA_512, "alice", "alice-secret");
  const t = await alice.c.request<Created>(38, 3, { ...createReq, maxLifetimeMs: 200n });
  expect(t.errorCode).toBe(0);
  expect(t.maxTimestampMs - t.issueTimestampMs).toBe(200n);
  await until("the expired token to be swept", async () => {
    const d = await alice.c.request<{ tokens: Array<{ tokenId: string }> }>(41, 3, { owners: null });
    return !d.tokens.some((x) => x.tokenId === t.tokenId);
  }, 30_000, 100);
  const tok = await scramLogin(SCRAM_SHA_512, t.tokenId, Buffer.from(t.hmac).toString("base64"), "tokenauth=true");
  expect(tok.r.errorCode).toBe(ErrorCode.SASL_AUTHENTICATION_FAILED);
  tok.c.close();
  alice.c.close();
}, 120_000);

test("without delegation.token.secret.key: DELEGATION_TOKEN_AUTH_DISABLED", async () => {
  const off = await startSaslStrand();
  try {
    const c = await KafkaTestClient.connect(off.saslPort);
    expect((await c.request<{ errorCode: number }>(17, 1, { mechanism: "SCRAM-SHA-512" })).errorCode).toBe(0);
    const sc = new TestScramClient(SCRAM_SHA_512, "alice", "alice-secret", "nonce-off");
    const first = await c.request<AuthResult>(36, 2, { authBytes: sc.first() });
    expect((await c.request<AuthResult>(36, 2, { authBytes: sc.final(first.authBytes) })).errorCode).toBe(0);
    expect((await c.request<Created>(38, 3, createReq)).errorCode).toBe(ErrorCode.DELEGATION_TOKEN_AUTH_DISABLED);
    expect((await c.request<{ errorCode: number }>(39, 2, { hmac: new Uint8Array(64), renewPeriodMs: -1n })).errorCode).toBe(ErrorCode.DELEGATION_TOKEN_AUTH_DISABLED);
    expect((await c.request<{ errorCode: number }>(40, 2, { hmac: new Uint8Array(64), expiryTimePeriodMs: -1n })).errorCode).toBe(ErrorCode.DELEGATION_TOKEN_AUTH_DISABLED);
    expect((await c.request<{ errorCode: number }>(41, 3, { owners: null })).errorCode).toBe(ErrorCode.DELEGATION_TOKEN_AUTH_DISABLED);
    c.close();
  } finally {
    await off.strand.stop();
    removeDataDir(off.strand.dataDir);
  }
}, 120_000);

test("with StandardAuthorizer: CREATE_TOKENS and DESCRIBE_TOKENS on User resources", async () => {
  const az = await startSaslStrand({ "delegation.token.secret.key": "acl-secret", "authorizer.class.name": "org.apache.kafka.metadata.authorizer.StandardAuthorizer", "super.users": "User:admin;User:ANONYMOUS" }); // ANONYMOUS: the broker on the PLAINTEXT controller listener
  const clients: KafkaTestClient[] = [];
  try {
    const login = async (user: string, password: string, mechanism: string): Promise<KafkaTestClient> => {
      const c = await KafkaTestClient.connect(az.saslPort);
      clients.push(c);
      expect((await c.request<{ errorCode: number }>(17, 1, { mechanism })).errorCode).toBe(0);
      if (mechanism === "PLAIN") {
        expect((await c.request<AuthResult>(36, 2, { authBytes: new TextEncoder().encode(`\u0000${user}\u0000${password}`) })).errorCode).toBe(0);
        return c;
      }
      const sc = new TestScramClient(SCRAM_SHA_512, user, password, "nonce-acl");
      const first = await c.request<AuthResult>(36, 2, { authBytes: sc.first() });
      expect((await c.request<AuthResult>(36, 2, { authBytes: sc.final(first.authBytes) })).errorCode).toBe(0);
      return c;
    };
    const admin = await login("admin", "admin-secret", "PLAIN");
    const alice = await login("alice", "alice-secret", "SCRAM-SHA-512");
    const forCarol = { ...createReq, ownerPrincipalType: "User", ownerPrincipalName: "carol" };
    expect((await alice.request<Created>(38, 3, forCarol))).toMatchObject({ errorCode: ErrorCode.DELEGATION_TOKEN_AUTHORIZATION_FAILED, principalName: "carol", tokenRequesterPrincipalName: "alice", tokenId: "" });
    // Her own token needs no ACL.
    expect((await alice.request<Created>(38, 3, createReq)).errorCode).toBe(0);
    const carols = await admin.request<Created>(38, 3, forCarol);
    expect(carols).toMatchObject({ errorCode: 0, principalName: "carol", tokenRequesterPrincipalName: "admin" });
    const visible = async () => (await alice.request<{ tokens: Array<{ principalName: string }> }>(41, 3, { owners: null })).tokens.map((t) => t.principalName).sort();
    await until("alice's own token in the image", async () => (await visible()).includes("alice"), 15_000, 50);
    expect(await visible()).toEqual(["alice"]);
    const acl = (operation: number) => ({ resourceType: 7, resourceName: "User:carol", resourcePatternType: 3, principal: "User:alice", host: "*", operation, permissionType: 3 });
    const created = await admin.request<{ results: Array<{ errorCode: number }> }>(30, 3, { creations: [acl(13), acl(14)] });
    expect(created.results.map((r) => r.errorCode)).toEqual([0, 0]);
    await until("DESCRIBE_TOKENS to let alice see carol's token", async () => (await visible()).includes("carol"), 15_000, 50);
    expect((await alice.request<Created>(38, 3, forCarol)).errorCode).toBe(0);
  } finally {
    for (const c of clients) c.close();
    await az.strand.stop();
    removeDataDir(az.strand.dataDir);
  }
}, 120_000);
