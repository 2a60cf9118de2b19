// Delegation tokens on three Strand nodes: Create/Renew/Expire sent to every node (those that are not
// the active controller forward them in an Envelope, with the caller's principal, to the controller,
// which checks owner and renewers), every node then authenticates the token over SCRAM (tokenauth) from
// its own image, and an expired token stops authenticating on every node.
import { afterAll, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { saslListenerProps } from "../support/sasl-strand.ts";
import { StrandCluster } from "../support/strand-cluster.ts";
import { TestScramClient } from "../support/scram-client.ts";
import { until } from "../support/until.ts";
import { saltedPassword, SCRAM_SHA_512 } from "../../src/metadata/scram-mechanism.ts";
import { ErrorCode } from "../../src/protocol/errors.ts";

let cluster: StrandCluster | null = null;
afterAll(async () => {
  await cluster?.close();
}, 120_000);

type AuthResult = { errorCode: number; authBytes: Uint8Array };

async function login(port: number, user: string, password: string, extensions = ""): Promise<{ c: KafkaTestClient; errorCode: number }> {
  const c = await KafkaTestClient.connect(port);
  expect((await c.request<{ errorCode: number }>(17, 1, { mechanism: "SCRAM-SHA-512" })).errorCode).toBe(0);
  const sc = new TestScramClient(SCRAM_SHA_512, user, password, `n${Math.floor(Math.random() * 1e9)}`, "", extensions);
  const first = await c.request<AuthResult>(36, 2, { authBytes: sc.first() });
  if (first.errorCode !== 0) return { c, errorCode: first.errorCode };
  return { c, errorCode: (await c.request<AuthResult>(36, 2, { authBytes: sc.final(first.authBytes) })).errorCode };
}

test("tokens created, renewed and expired through every node; every node authenticates them", async () => {
  cluster = await StrandCluster.start({
    size: 3,
    listeners: (cport) => `PLAINTEXT://127.0.0.1:0,SASL_PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:${cport}`,
    overrides: { "advertised.listeners": "PLAINTEXT://127.0.0.1:0,SASL_PLAINTEXT://127.0.0.1:0", ...saslListenerProps({ "delegation.token.secret.key": "cluster-secret" }) },
  });
  const cl = cluster;
  const saslPort = (id: number): number => Number(/strand started .*advertised=.*SASL_PLAINTEXT:\/\/127\.0\.0\.1:(\d+)/.exec(cl.output(id))![1]);
  const salt = new TextEncoder().encode("alicesalt");
  await until("the SCRAM user alice", async () => {
    const c = await KafkaTestClient.connect(cl.portOf(1));
    try {
      const r = await c.request<{ results: Array<{ errorCode: number }> }>(51, 0, { deletions: [], upsertions: [{ name: "alice", mechanism: 2, iterations: 4096, salt, saltedPassword: saltedPassword(SCRAM_SHA_512, "alice-secret", salt, 4096) }] });
      return r.results[0]?.errorCode === 0;
    } finally {
      c.close();
    }
  }, 60_000, 500);

  const made: Array<{ tokenId: string; hmac: Uint8Array }> = [];
  for (const id of cl.ids) {
    const a = await until(`alice to log in on node ${id}`, async () => {
      const r = await login(saslPort(id), "alice", "alice-secret");
      if (r.errorCode === 0) return r.c;
      r.c.close();
      return null;
    }, 30_000, 200);
    const t = await until(`a token through node ${id}`, async () => {
      const r = await a.request<{ errorCode: number; tokenId: string; hmac: Uint8Array; principalName: string }>(38, 3, { ownerPrincipalType: null, ownerPrincipalName: null, renewers: [], maxLifetimeMs: -1n });
      return r.errorCode === 0 ? r : null;
    }, 30_000, 200);
    expect(t.principalName).toBe("alice");
    made.push(t);
    a.close();
  }
  for (const id of cl.ids) {
    for (const t of made) {
      await until(`token ${t.tokenId} to authenticate on node ${id}`, async () => {
        const r = await login(saslPort(id), t.tokenId, Buffer.from(t.hmac).toString("base64"), "tokenauth=true");
        r.c.close();
        return r.errorCode === 0;
      }, 30_000, 200);
    }
  }
  // Renew and expire through a node each; the controller answers for the token it knows.
  for (const [i, id] of cl.ids.entries()) {
    const a = await login(saslPort(id), "alice", "alice-secret");
    expect(a.errorCode).toBe(0);
    const renewed = await a.c.request<{ errorCode: number; expiryTimestampMs: bigint }>(39, 2, { hmac: made[i]!.hmac, renewPeriodMs: 60_000n });
    expect(renewed.errorCode).toBe(0);
    const expired = await a.c.request<{ errorCode: number }>(40, 2, { hmac: made[i]!.hmac, expiryTimePeriodMs: -1n });
    expect(expired.errorCode).toBe(0);
    a.c.close();
  }
  for (const id of cl.ids) {
    await until(`the expired tokens to fail on node ${id}`, async () => {
      for (const t of made) {
        const r = await login(saslPort(id), t.tokenId, Buffer.from(t.hmac).toString("base64"), "tokenauth=true");
        r.c.close();
        if (r.errorCode !== ErrorCode.SASL_AUTHENTICATION_FAILED) return false;
      }
      return true;
    }, 30_000, 200);
  }
  for (const id of cl.ids) expect(cl.output(id)).not.toContain("cluster-secret");
}, 240_000);
