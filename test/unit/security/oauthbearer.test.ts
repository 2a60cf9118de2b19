// OAUTHBEARER with Kafka's unsecured-JWS validator: a valid token, and each refusal answered with
// Kafka's JSON error challenge, then failed on the client's ^A with that JSON as the message.
import { expect, test } from "bun:test";
import { OAuthBearerSaslServer } from "../../../src/server/security/oauthbearer-sasl-server.ts";
import { unsecuredValidatorOptions } from "../../../src/server/security/oauthbearer-unsecured-jws.ts";
import { SaslAuthenticationError, SaslCredentialError } from "../../../src/server/security/sasl-errors.ts";

const NOW = 1_800_000_000_000;
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
const jws = (claims: Record<string, unknown>, header: Record<string, unknown> = { alg: "none" }) => `${b64(header)}.${b64(claims)}.`;
const initial = (token: string, authzid = "") => new TextEncoder().encode(`n,${authzid ? `a=${authzid}` : ""},\u0001auth=Bearer ${token}\u0001\u0001`);
const dec = new TextDecoder();

function server(options: Record<string, string> = {}): OAuthBearerSaslServer {
  return new OAuthBearerSaslServer(unsecuredValidatorOptions(new Map(Object.entries(options))), () => NOW);
}

test("a valid unsecured token: principal from sub, the credential expiry from exp", () => {
  const s = server();
  const out = s.evaluateResponse(initial(jws({ sub: "alice", iat: NOW / 1000 - 10, exp: NOW / 1000 + 3600, scope: "a b" })));
  expect(out.length).toBe(0);
  expect(s.isComplete()).toBe(true);
  expect(s.authorizationId()).toBe("alice");
  expect(s.credentialExpirationMs()).toBe(NOW + 3_600_000);
});

test("refused tokens: Kafka's JSON challenge, then the failure on ^A", () => {
  const cases: Array<[string, Record<string, string>, string]> = [
    [jws({ sub: "alice", exp: NOW / 1000 - 1 }), {}, '{"status":"invalid_token"}'],
    [jws({ exp: NOW / 1000 + 60 }), {}, '{"status":"invalid_token"}'],
    [jws({ sub: "alice", exp: NOW / 1000 + 60 }, { alg: "HS256" }), {}, '{"status":"invalid_token"}'],
    [jws({ sub: "alice", exp: NOW / 1000 + 60, scope: "a" }), { unsecuredValidatorRequiredScope: "a b" }, '{"status":"insufficient_scope", "scope":"b"}'],
  ];
  for (const [token, options, json] of cases) {
    const s = server(options);
    expect(dec.decode(s.evaluateResponse(initial(token)))).toBe(json);
    expect(() => s.evaluateResponse(new Uint8Array([1]))).toThrow(new SaslAuthenticationError(json));
  }
});

test("the clock skew option lets a just-expired token through", () => {
  const s = server({ unsecuredValidatorAllowableClockSkewMs: "5000" });
  s.evaluateResponse(initial(jws({ sub: "alice", exp: NOW / 1000 - 2 })));
  expect(s.isComplete()).toBe(true);
});

test("a malformed initial response is a credential failure; an authzid other than the principal Kafka's message", () => {
  expect(() => server().evaluateResponse(new TextEncoder().encode("garbage"))).toThrow(SaslCredentialError);
  expect(() => server().evaluateResponse(initial(jws({ sub: "alice", exp: NOW / 1000 + 60 }), "bob"))).toThrow(
    new SaslAuthenticationError("Authentication failed: Client requested an authorization id (bob) that is different from the token's principal name (alice)"),
  );
});
