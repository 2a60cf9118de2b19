// SCRAM logins with delegation tokens (Kafka's ScramSaslServer with the tokenauth extension and its
// DelegationTokenCache credentials): username = token id, password = base64(HmacSHA512(secret, id));
// the authorization id is the owner's name, the principal token-authenticated, the session bounded by
// the token's expiry; an unknown token, tokens disabled, a wrong HMAC and a plain login with a token id
// all fail as Kafka's do.
import { expect, test } from "bun:test";
import { tokenHmac, type DelegationTokenImage } from "../../../src/metadata/delegation-token-control.ts";
import { emptyImage } from "../../../src/metadata/image-builder.ts";
import type { MetadataImage } from "../../../src/metadata/image.ts";
import { SCRAM_SHA_256, SCRAM_SHA_512, type ScramMechanism } from "../../../src/metadata/scram-mechanism.ts";
import { delegationTokenCredentialLookup } from "../../../src/server/security/delegation-token-credentials.ts";
import { SaslCredentialError } from "../../../src/server/security/sasl-errors.ts";
import { ScramSaslServer } from "../../../src/server/security/scram-sasl-server.ts";
import { TestScramClient } from "../../support/scram-client.ts";

const SECRET = "unit-secret";
const token: DelegationTokenImage = { tokenId: "tok-A", owner: "User:alice", requester: "User:admin", renewers: [], issueTimestampMs: 1000n, maxTimestampMs: 9000n, expiryTimestampMs: 5000n };
const image: MetadataImage = { ...emptyImage("c", 1), delegationTokens: new Map([["tok-A", token]]) };
const password = Buffer.from(tokenHmac(SECRET, "tok-A")).toString("base64");

function login(m: ScramMechanism, server: ScramSaslServer, user: string, pw: string, ext: string): void {
  const c = new TestScramClient(m, user, pw, "cnonce", "", ext);
  const serverFirst = server.evaluateResponse(c.first());
  const serverFinal = server.evaluateResponse(c.final(serverFirst));
  expect(new TextDecoder().decode(serverFinal)).toBe(c.expectedServerFinal());
}

test("a token login: authorization id = owner name, token-authenticated, session ends at the expiry", () => {
  const lookup = delegationTokenCredentialLookup(() => image, SECRET)!;
  for (const m of [SCRAM_SHA_256, SCRAM_SHA_512]) {
    const s = new ScramSaslServer(m, () => undefined, undefined, lookup);
    login(m, s, "tok-A", password, "tokenauth=true");
    expect(s.isComplete()).toBe(true);
    expect(s.authorizationId()).toBe("alice");
    expect(s.tokenAuthenticated()).toBe(true);
    expect(s.credentialExpirationMs()).toBe(5000);
    // The token's credential uses the mechanism's minimum iterations, as Kafka's DelegationTokenCache.
    expect(lookup(m, "tok-A")!.credential.iterations).toBe(4096);
  }
});

test("refused: unknown token, tokens disabled, wrong HMAC, a token id without tokenauth", () => {
  const lookup = delegationTokenCredentialLookup(() => image, SECRET)!;
  expect(delegationTokenCredentialLookup(() => image, null)).toBeUndefined();
  const unknown = new ScramSaslServer(SCRAM_SHA_512, () => undefined, undefined, lookup);
  expect(() => login(SCRAM_SHA_512, unknown, "nope", password, "tokenauth=true")).toThrow(new SaslCredentialError("Token Authentication failed: Invalid tokenId : nope"));
  const disabled = new ScramSaslServer(SCRAM_SHA_512, () => undefined);
  expect(() => login(SCRAM_SHA_512, disabled, "tok-A", password, "tokenauth=true")).toThrow(SaslCredentialError);
  const wrong = new ScramSaslServer(SCRAM_SHA_512, () => undefined, undefined, lookup);
  expect(() => login(SCRAM_SHA_512, wrong, "tok-A", Buffer.from(tokenHmac("other", "tok-A")).toString("base64"), "tokenauth=true")).toThrow(SaslCredentialError);
  const plain = new ScramSaslServer(SCRAM_SHA_512, () => undefined, undefined, lookup);
  expect(() => login(SCRAM_SHA_512, plain, "tok-A", password, "")).toThrow(new SaslCredentialError("Authentication failed: Invalid user credentials"));
  expect(plain.tokenAuthenticated()).toBe(false);
});

test("a removed token can no longer log in", () => {
  let current: MetadataImage = image;
  const lookup = delegationTokenCredentialLookup(() => current, SECRET)!;
  login(SCRAM_SHA_512, new ScramSaslServer(SCRAM_SHA_512, () => undefined, undefined, lookup), "tok-A", password, "tokenauth=true");
  current = emptyImage("c", 1);
  expect(() => login(SCRAM_SHA_512, new ScramSaslServer(SCRAM_SHA_512, () => undefined, undefined, lookup), "tok-A", password, "tokenauth=true")).toThrow(SaslCredentialError);
});
