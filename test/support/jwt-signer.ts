// Test JWTs signed with node:crypto (RS256 / ES256) and the JWKS that verifies them, for the secured
// OAUTHBEARER tests. Keys are generated per test run; nothing is written outside the caller's temp dir.
import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";

export interface TestSigningKey {
  readonly kid: string;
  readonly alg: "RS256" | "ES256";
  readonly privateKey: KeyObject;
  /** The public JWK (with kid, alg, use). */
  readonly jwk: Record<string, unknown>;
}

export function testSigningKey(kid: string, alg: "RS256" | "ES256" = "RS256"): TestSigningKey {
  const { privateKey, publicKey } = alg === "RS256" ? generateKeyPairSync("rsa", { modulusLength: 2048 }) : generateKeyPairSync("ec", { namedCurve: "P-256" });
  return { kid, alg, privateKey, jwk: { ...publicKey.export({ format: "jwk" }), kid, alg, use: "sig" } };
}

export function jwksJson(keys: readonly TestSigningKey[]): string {
  return JSON.stringify({ keys: keys.map((k) => k.jwk) });
}

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");

/** A compact JWS of `claims` signed by `key` (header overrides merged in). */
export function signJwt(key: TestSigningKey, claims: Record<string, unknown>, header: Record<string, unknown> = {}): string {
  const input = `${b64({ alg: key.alg, typ: "JWT", kid: key.kid, ...header })}.${b64(claims)}`;
  const sig = key.alg === "RS256" ? sign("sha256", Buffer.from(input), key.privateKey) : sign("sha256", Buffer.from(input), { key: key.privateKey, dsaEncoding: "ieee-p1363" });
  return `${input}.${sig.toString("base64url")}`;
}
