// OAUTHBEARER with Kafka's secured validator (OAuthBearerValidatorCallbackHandler / BrokerJwtValidator):
// RS256 and ES256 tokens verified with a JWKS file, and each refusal (expired, not yet valid, wrong
// issuer or audience, unknown key, bad signature, "none", missing claims) answered as Kafka answers:
// {"status":"invalid_token"}, then the failure on the client's ^A.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { OAuthBearerSecuredConfig } from "../../../src/config/oauthbearer-config.ts";
import { JwksFileVerificationKeyResolver, parseJwks, selectKey } from "../../../src/server/security/oauthbearer-jwks.ts";
import { BrokerJwtValidator } from "../../../src/server/security/oauthbearer-jwt-validator.ts";
import { OAuthBearerSaslServer } from "../../../src/server/security/oauthbearer-sasl-server.ts";
import { OAuthBearerIllegalTokenError } from "../../../src/server/security/oauthbearer-unsecured-jws.ts";
import { SaslAuthenticationError } from "../../../src/server/security/sasl-errors.ts";
import { jwksJson, signJwt, testSigningKey } from "../../support/jwt-signer.ts";

const NOW = 1_800_000_000_000;
const NOW_S = NOW / 1000;
const rsa = testSigningKey("rsa-1", "RS256");
const ec = testSigningKey("ec-1", "ES256");
const stranger = testSigningKey("rsa-1", "RS256"); // same kid, another key: a forged signature
const unknown = testSigningKey("rsa-unknown", "RS256");
let dir = "";
let jwksUrl: URL;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "strand-oauth-"));
  const path = join(dir, "jwks.json");
  writeFileSync(path, jwksJson([rsa, ec]));
  jwksUrl = pathToFileURL(path);
}, 30_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

function config(over: Partial<OAuthBearerSecuredConfig> = {}): OAuthBearerSecuredConfig {
  return {
    jwksEndpointUrl: jwksUrl, jwksRefreshMs: 3_600_000, jwksRetryBackoffMs: 100, jwksRetryBackoffMaxMs: 10_000,
    expectedIssuer: "https://issuer.test", expectedAudiences: ["strand"], scopeClaimName: "scope", subClaimName: "sub", clockSkewSeconds: 30,
    ...over,
  };
}
const validator = (over: Partial<OAuthBearerSecuredConfig> = {}) => new BrokerJwtValidator(config(over), new JwksFileVerificationKeyResolver(jwksUrl));
const good = (extra: Record<string, unknown> = {}) => ({ sub: "alice", iss: "https://issuer.test", aud: "strand", iat: NOW_S - 10, exp: NOW_S + 3600, ...extra });
const initial = (token: string) => new TextEncoder().encode(`n,,\u0001auth=Bearer ${token}\u0001\u0001`);

test("RS256 and ES256 tokens verify with the JWKS file: principal from sub, lifetime from exp", () => {
  for (const key of [rsa, ec]) {
    const t = validator().validate(signJwt(key, good()), NOW);
    expect(t).toEqual({ principalName: "alice", lifetimeMs: NOW + 3_600_000 });
  }
  // aud as a list, one of several expected audiences
  expect(validator({ expectedAudiences: ["x", "strand"] }).validate(signJwt(rsa, good({ aud: ["y", "strand"] })), NOW).principalName).toBe("alice");
  // sasl.oauthbearer.sub.claim.name
  expect(validator({ subClaimName: "client_id" }).validate(signJwt(rsa, good({ client_id: "svc" })), NOW).principalName).toBe("svc");
  // unverified issuer / audience (allow.unverified.*)
  expect(validator({ expectedIssuer: null, expectedAudiences: null }).validate(signJwt(rsa, good({ iss: undefined, aud: undefined })), NOW).principalName).toBe("alice");
});

test("clock skew: exp within sasl.oauthbearer.clock.skew.seconds is still valid", () => {
  const t = signJwt(rsa, good({ exp: NOW_S - 20 }));
  expect(validator().validate(t, NOW).principalName).toBe("alice");
  expect(() => validator({ clockSkewSeconds: 0 }).validate(t, NOW)).toThrow(OAuthBearerIllegalTokenError);
});

test("every refusal is an OAuthBearerIllegalTokenError with Kafka's reason", () => {
  const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify(good())).toString("base64url")}.x`;
  const cases: Array<[string, string, Partial<OAuthBearerSecuredConfig>?]> = [
    [signJwt(rsa, good({ exp: NOW_S - 3600 })), "no longer valid"],
    [signJwt(rsa, good({ nbf: NOW_S + 3600 })), "not yet valid"],
    [signJwt(rsa, good({ iss: "https://evil.test" })), "Issuer (iss) claim value (https://evil.test) doesn't match"],
    [signJwt(rsa, good({ aud: "other" })), "doesn't contain an acceptable identifier"],
    [signJwt(rsa, good({ aud: undefined })), "No Audience (aud) claim present"],
    [signJwt(stranger, good()), "JWS signature is invalid"],
    [signJwt(unknown, good()), "Unable to find a suitable verification key"],
    [signJwt(rsa, good({ exp: undefined })), "No Expiration Time (exp) claim present"],
    [signJwt(rsa, good({ iat: undefined })), "No Issued At (iat) claim present"],
    [signJwt(rsa, good({ sub: undefined })), "sub value must be non-null"],
    [signJwt(rsa, good({ sub: "  " })), "sub value must not contain only whitespace"],
    [signJwt(rsa, good({ sub: 7 })), "Could not extract the 'sub' claim"],
    [none, "'none' is not a permitted algorithm"],
    ["a.b", "expected three sections"],
    [signJwt(rsa, good()).replace(/\.[^.]*$/, ". "), "signature section missing"],
  ];
  for (const [token, reason, over] of cases) {
    let err: unknown = null;
    try {
      validator(over).validate(token, NOW);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(OAuthBearerIllegalTokenError);
    expect((err as Error).message).toContain(reason);
  }
});

test("the SASL exchange: a refused token gets {\"status\":\"invalid_token\"}, then fails on ^A", () => {
  const ok = new OAuthBearerSaslServer(validator(), () => NOW);
  expect(ok.evaluateResponse(initial(signJwt(ec, good()))).length).toBe(0);
  expect(ok.authorizationId()).toBe("alice");
  expect(ok.credentialExpirationMs()).toBe(NOW + 3_600_000);
  for (const token of [signJwt(rsa, good({ exp: NOW_S - 3600 })), signJwt(unknown, good())]) {
    const s = new OAuthBearerSaslServer(validator(), () => NOW);
    const challenge = new TextDecoder().decode(s.evaluateResponse(initial(token)));
    expect(challenge).toBe('{"status":"invalid_token"}');
    expect(() => s.evaluateResponse(new Uint8Array([1]))).toThrow(new SaslAuthenticationError(challenge));
  }
});

test("JWKS key choice: by kid; without kid only when exactly one key fits; non-signing keys skipped", () => {
  const keys = parseJwks(JSON.stringify({ keys: [rsa.jwk, ec.jwk, { ...unknown.jwk, use: "enc" }, { kty: "oct", k: "AAAA" }] }));
  expect(keys.map((k) => k.kid)).toEqual(["rsa-1", "ec-1"]);
  expect(selectKey(keys, null, "ES256").kid).toBe("ec-1");
  expect(selectKey(keys, "rsa-1", "RS256").kid).toBe("rsa-1");
  expect(() => selectKey(keys, "rsa-unknown", "RS256")).toThrow("Unable to find a suitable verification key");
  expect(() => selectKey(keys, "rsa-1", "ES256")).toThrow("Unable to find a suitable verification key");
  const two = parseJwks(jwksJson([rsa, unknown]));
  expect(() => selectKey(two, null, "RS256")).toThrow("Unable to find a suitable verification key");
});

test("an http JWKS endpoint (loopback): fetched at start, refreshed early for a missing kid", async () => {
  const { RefreshingHttpsJwksVerificationKeyResolver } = await import("../../../src/server/security/oauthbearer-jwks.ts");
  let served = jwksJson([rsa]);
  let requests = 0;
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => { requests++; return new Response(served, { headers: { "content-type": "application/json" } }); } });
  const resolver = new RefreshingHttpsJwksVerificationKeyResolver(new URL(`http://127.0.0.1:${server.port}/jwks`), { refreshMs: 3_600_000, retryBackoffMs: 10, retryBackoffMaxMs: 100 });
  try {
    await resolver.init();
    expect(requests).toBe(1);
    const v = new BrokerJwtValidator(config(), resolver);
    expect(v.validate(signJwt(rsa, good()), NOW).principalName).toBe("alice");
    // ec-1 is not served yet: refused, and an early refresh is started.
    served = jwksJson([rsa, ec]);
    expect(() => v.validate(signJwt(ec, good()), NOW)).toThrow("Unable to find a suitable verification key");
    await resolver.refresh();
    expect(requests).toBe(2);
    expect(v.validate(signJwt(ec, good()), NOW).principalName).toBe("alice");
  } finally {
    resolver.close();
    server.stop(true);
  }
}, 60_000);
