// The broker's own SASL client sessions (inter-broker and controller logins) against Strand's servers,
// and their refusal of a server that does not know the password (a bad server signature).
import { expect, test } from "bun:test";
import { PlainSaslClient, ScramSaslClient } from "../../../src/server/security/sasl-client.ts";
import { PlainSaslServer } from "../../../src/server/security/plain-sasl-server.ts";
import { ScramSaslServer } from "../../../src/server/security/scram-sasl-server.ts";
import { credentialFromPassword, SCRAM_SHA_256, SCRAM_SHA_512 } from "../../../src/metadata/scram-mechanism.ts";

function run(client: { evaluate(c: Uint8Array | null): Uint8Array | null; isComplete(): boolean }, server: { evaluateResponse(r: Uint8Array): Uint8Array; isComplete(): boolean }): void {
  let token = client.evaluate(null);
  // Bounded: SCRAM takes two rounds, PLAIN one.
  for (let i = 0; i < 4 && !client.isComplete(); i++) {
    const challenge = server.evaluateResponse(token!);
    token = client.evaluate(challenge);
  }
}

test("SCRAM-SHA-256/512 client and server agree, both ways (server signature checked)", () => {
  for (const m of [SCRAM_SHA_256, SCRAM_SHA_512]) {
    const cred = credentialFromPassword(m, "admin-secret", new TextEncoder().encode("s"), 4096);
    const server = new ScramSaslServer(m, (_m, u) => (u === "admin" ? cred : undefined));
    const client = new ScramSaslClient(m, "admin", "admin-secret");
    run(client, server);
    expect(server.isComplete()).toBe(true);
    expect(client.isComplete()).toBe(true);
  }
});

test("a server that does not hold the user's keys fails the client's server-signature check", () => {
  const m = SCRAM_SHA_512;
  const real = credentialFromPassword(m, "admin-secret", new TextEncoder().encode("s"), 4096);
  const other = credentialFromPassword(m, "other", new TextEncoder().encode("s"), 4096);
  // Accepts any proof by holding the real stored key but signs with another server key.
  const server = new ScramSaslServer(m, () => ({ ...real, serverKey: other.serverKey }));
  const client = new ScramSaslClient(m, "admin", "admin-secret");
  expect(() => run(client, server)).toThrow("Invalid server signature in server final message");
});

test("PLAIN client: one token, complete after the server's answer", () => {
  const server = new PlainSaslServer((u) => (u === "admin" ? "admin-secret" : undefined));
  const client = new PlainSaslClient("admin", "admin-secret");
  run(client, server);
  expect(server.authorizationId()).toBe("admin");
  expect(client.isComplete()).toBe(true);
});
