// Kafka's secured OAUTHBEARER validation on the broker (BrokerJwtValidator over jose4j's JwtConsumer):
// a compact JWS with three non-empty sections (SerializedJwt), an algorithm other than "none"
// (RS/PS/ES 256/384/512), a signature that verifies with the JWKS key the header names, "exp" and
// "iat" present, "exp" not passed and "nbf" (if any) reached, within sasl.oauthbearer.clock.skew.seconds,
// "iss" equal to sasl.oauthbearer.expected.issuer and "aud" holding one of
// sasl.oauthbearer.expected.audience (each unless allowed unverified), the subject claim
// (sasl.oauthbearer.sub.claim.name) a non-blank string. The scope claim is read as Kafka reads it (a
// string is one scope, a list is many) but not required: Kafka's broker validator has no required scope.
// Every refusal is an OAuthBearerIllegalTokenError; the client sees only {"status":"invalid_token"}, as
// from Kafka (whose message, here and there, goes to the broker's log).

import { constants, verify } from "node:crypto";
import type { OAuthBearerSecuredConfig } from "../../config/oauthbearer-config.ts";
import { UnresolvableKeyError, type VerificationKeyResolver } from "./oauthbearer-jwks.ts";
import { OAuthBearerIllegalTokenError, type ValidatedToken } from "./oauthbearer-unsecured-jws.ts";

const HASH: Readonly<Record<string, string>> = { "256": "sha256", "384": "sha384", "512": "sha512" };

function section(s: string, name: string): string {
  const t = s.trim();
  if (t === "") throw new OAuthBearerIllegalTokenError(`Malformed JWT provided; expected at least three sections (header, payload, and signature), but ${name} section missing`);
  return t;
}

function jsonObject(part: string, what: string): Record<string, unknown> {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    throw new OAuthBearerIllegalTokenError(`Could not validate the access token: Unable to parse the JWT ${what}`);
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) throw new OAuthBearerIllegalTokenError(`Could not validate the access token: the JWT ${what} is not a JSON object`);
  return v as Record<string, unknown>;
}

function fail(reason: string): never {
  throw new OAuthBearerIllegalTokenError(`Could not validate the access token: ${reason}`);
}

function numericDate(claims: Record<string, unknown>, name: string): number | null {
  const v = claims[name];
  if (v === undefined || v === null) return null;
  if (typeof v !== "number" || !Number.isFinite(v)) throw new OAuthBearerIllegalTokenError(`Could not extract the '${name}' claim from the access token`);
  return v;
}

export class BrokerJwtValidator {
  private readonly c: OAuthBearerSecuredConfig;
  private readonly keys: VerificationKeyResolver;

  constructor(config: OAuthBearerSecuredConfig, keys: VerificationKeyResolver) {
    this.c = config;
    this.keys = keys;
  }

  /** Validates `accessToken` at wall-clock `nowMs`; throws OAuthBearerIllegalTokenError. */
  validate(accessToken: string, nowMs: number): ValidatedToken {
    const splits = accessToken.split(".");
    if (splits.length !== 3) throw new OAuthBearerIllegalTokenError(`Malformed JWT provided (${accessToken.length} characters); expected three sections (header, payload, and signature), but ${splits.length} sections provided`);
    const [h, p, s] = [section(splits[0]!, "header"), section(splits[1]!, "payload"), section(splits[2]!, "signature")];
    const header = jsonObject(h, "header");
    const alg = header.alg;
    if (typeof alg !== "string") fail("the JWS header has no \"alg\"");
    if (alg === "none") fail("'none' is not a permitted algorithm");
    const m = /^(RS|PS|ES)(256|384|512)$/.exec(alg);
    if (!m) fail(`'${alg}' is not a supported algorithm`);
    const kid = typeof header.kid === "string" ? header.kid : null;
    let key;
    try {
      key = this.keys.resolveKey(kid, alg).key;
    } catch (e) {
      if (e instanceof UnresolvableKeyError) fail(e.message);
      throw e;
    }
    const data = Buffer.from(`${splits[0]}.${splits[1]}`, "ascii");
    const signature = Buffer.from(s, "base64url");
    const hash = HASH[m[2]!]!;
    let ok: boolean;
    try {
      if (m[1] === "RS") ok = verify(hash, data, key, signature);
      else if (m[1] === "PS") ok = verify(hash, data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: Number(m[2]) / 8 }, signature);
      else ok = verify(hash, data, { key, dsaEncoding: "ieee-p1363" }, signature);
    } catch {
      ok = false;
    }
    if (!ok) fail(`JWS signature is invalid (${alg}${kid !== null ? `, kid ${kid}` : ""})`);

    const claims = jsonObject(p, "claims");
    const skewMs = this.c.clockSkewSeconds * 1000;
    const exp = numericDate(claims, "exp");
    if (exp === null) fail("No Expiration Time (exp) claim present.");
    const iat = numericDate(claims, "iat");
    if (iat === null) fail("No Issued At (iat) claim present.");
    if (nowMs - skewMs >= exp * 1000) fail(`The JWT is no longer valid - the evaluation time is on or after the Expiration Time (exp=${exp}) claim value (even when providing ${this.c.clockSkewSeconds} seconds of leeway to account for clock skew).`);
    const nbf = numericDate(claims, "nbf");
    if (nbf !== null && nowMs + skewMs < nbf * 1000) fail(`The JWT is not yet valid as the evaluation time is before the Not Before (nbf=${nbf}) claim time (even when providing ${this.c.clockSkewSeconds} seconds of leeway to account for clock skew).`);
    if (this.c.expectedIssuer !== null) {
      const iss = claims.iss;
      if (iss === undefined) fail("No Issuer (iss) claim present but was expecting " + this.c.expectedIssuer);
      if (iss !== this.c.expectedIssuer) fail(`Issuer (iss) claim value (${String(iss)}) doesn't match expected value of ${this.c.expectedIssuer}`);
    }
    if (this.c.expectedAudiences !== null) {
      const aud = claims.aud;
      const auds = typeof aud === "string" ? [aud] : Array.isArray(aud) ? aud.filter((a): a is string => typeof a === "string") : null;
      if (auds === null) fail("No Audience (aud) claim present.");
      if (!auds.some((a) => this.c.expectedAudiences!.includes(a))) fail(`Audience (aud) claim ${JSON.stringify(aud)} doesn't contain an acceptable identifier. Expected ${this.c.expectedAudiences.join(",")} as an aud value.`);
    }
    const sub = claims[this.c.subClaimName];
    if (sub !== undefined && sub !== null && typeof sub !== "string") throw new OAuthBearerIllegalTokenError(`Could not extract the '${this.c.subClaimName}' claim from the access token`);
    if (sub === undefined || sub === null) throw new OAuthBearerIllegalTokenError(`${this.c.subClaimName} value must be non-null`);
    if (sub === "") throw new OAuthBearerIllegalTokenError(`${this.c.subClaimName} value must be non-empty`);
    if (sub.trim() === "") throw new OAuthBearerIllegalTokenError(`${this.c.subClaimName} value must not contain only whitespace`);
    if (exp < 0) throw new OAuthBearerIllegalTokenError(`exp value must be non-negative; value given was "${exp * 1000}"`);
    if (iat < 0) throw new OAuthBearerIllegalTokenError(`iat value must be null or non-negative; value given was "${iat * 1000}"`);
    return { principalName: sub.trim(), lifetimeMs: Math.trunc(exp * 1000) };
  }
}
