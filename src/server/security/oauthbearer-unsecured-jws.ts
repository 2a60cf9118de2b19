// Kafka's default OAUTHBEARER validation for development (OAuthBearerUnsecuredValidatorCallbackHandler
// with OAuthBearerUnsecuredJws and OAuthBearerValidationUtils): an unsecured JWS ("alg":"none", empty
// signature) whose principal claim (unsecuredValidatorPrincipalClaimName, default "sub") is a string,
// whose "exp" is in the future and "iat" (if any) not, both within unsecuredValidatorAllowableClockSkewMs,
// and whose scope claim (unsecuredValidatorScopeClaimName, default "scope") holds every element of
// unsecuredValidatorRequiredScope. A refused token is reported as Kafka reports it to the client:
// status invalid_token, or insufficient_scope with the missing scope element.

export interface UnsecuredValidatorOptions {
  readonly principalClaimName: string;
  readonly scopeClaimName: string;
  readonly requiredScope: readonly string[];
  readonly allowableClockSkewMs: number;
}

export interface ValidatedToken {
  readonly principalName: string;
  /** "exp" in milliseconds since the epoch. */
  readonly lifetimeMs: number;
}

export class OAuthBearerIllegalTokenError extends Error {
  override readonly name = "OAuthBearerIllegalTokenError";
  /** The scope element that was missing, for insufficient_scope. */
  readonly failureScope: string | null;
  constructor(message: string, failureScope: string | null = null) {
    super(message);
    this.failureScope = failureScope;
  }
}

/** Kafka's JAAS options of OAuthBearerLoginModule for the unsecured validator, with its defaults. */
export function unsecuredValidatorOptions(options: ReadonlyMap<string, string>): UnsecuredValidatorOptions {
  const principal = (options.get("unsecuredValidatorPrincipalClaimName") ?? "").trim();
  const scope = (options.get("unsecuredValidatorScopeClaimName") ?? "").trim();
  const required = (options.get("unsecuredValidatorRequiredScope") ?? "").trim();
  const skew = (options.get("unsecuredValidatorAllowableClockSkewMs") ?? "").trim();
  const skewMs = skew === "" ? 0 : Number(skew);
  if (!Number.isSafeInteger(skewMs) || skewMs < 0) throw new RangeError(`Invalid value for unsecuredValidatorAllowableClockSkewMs: ${skew}`);
  return {
    principalClaimName: principal === "" ? "sub" : principal,
    scopeClaimName: scope === "" ? "scope" : scope,
    requiredScope: required === "" ? [] : required.split(/\s+/),
    allowableClockSkewMs: skewMs,
  };
}

function jsonPart(part: string, what: string): Record<string, unknown> {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    throw new OAuthBearerIllegalTokenError(`malformed JWT ${what}`);
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) throw new OAuthBearerIllegalTokenError(`malformed JWT ${what}`);
  return v as Record<string, unknown>;
}

/** Validates the compact serialization `token` at wall-clock time `nowMs`; throws OAuthBearerIllegalTokenError. */
export function validateUnsecuredJws(token: string, o: UnsecuredValidatorOptions, nowMs: number): ValidatedToken {
  if (token.includes("..")) throw new OAuthBearerIllegalTokenError("Malformed compact serialization contains '..'");
  const splits = token.split(".");
  // "a.b." is three parts with an empty signature.
  if (splits.length !== 3) throw new OAuthBearerIllegalTokenError("Malformed compact serialization");
  const header = jsonPart(splits[0]!, "header");
  const claims = jsonPart(splits[1]!, "claims");
  if (header.alg !== "none") throw new OAuthBearerIllegalTokenError("Unsecured JWS must have 'none' for an algorithm");
  if (splits[2] !== "") throw new OAuthBearerIllegalTokenError("Unsecured JWS must not contain a digital signature");
  const exp = claims.exp;
  if (exp === undefined || exp === null) throw new OAuthBearerIllegalTokenError("No expiration time in JWT");
  if (typeof exp !== "number") throw new OAuthBearerIllegalTokenError("The exp claim had the incorrect type");
  const principal = claims[o.principalClaimName];
  if (principal === undefined) throw new OAuthBearerIllegalTokenError(`Required claim missing: ${o.principalClaimName}`);
  if (typeof principal !== "string") throw new OAuthBearerIllegalTokenError(`The ${o.principalClaimName} claim had the incorrect type`);
  if (principal.trim() === "") throw new OAuthBearerIllegalTokenError(`No principal name in JWT claim: ${o.principalClaimName}`);
  const iat = claims.iat;
  if (iat !== undefined && iat !== null) {
    if (typeof iat !== "number") throw new OAuthBearerIllegalTokenError("The iat claim had the incorrect type");
    if (nowMs + o.allowableClockSkewMs < iat * 1000) throw new OAuthBearerIllegalTokenError("The Issued At value is after the current time");
    if (exp <= iat) throw new OAuthBearerIllegalTokenError("The Expiration Time time was not after the Issued At time");
  }
  if (nowMs - o.allowableClockSkewMs >= exp * 1000) throw new OAuthBearerIllegalTokenError("The indicated time is past the expiration time");
  const scopeClaim = claims[o.scopeClaimName];
  const scope = typeof scopeClaim === "string" ? scopeClaim.split(/\s+/).filter((s) => s !== "") : Array.isArray(scopeClaim) ? scopeClaim.map(String) : [];
  for (const required of o.requiredScope) {
    if (!scope.includes(required)) throw new OAuthBearerIllegalTokenError(`The provided scope was missing a required scope (${required})`, required);
  }
  return { principalName: principal, lifetimeMs: Math.trunc(exp * 1000) };
}

/** Kafka's OAuthBearerSaslServer.jsonErrorResponse. */
export function jsonErrorResponse(status: string, scope: string | null): string {
  return `{"status":"${status}"${scope !== null ? `, "scope":"${scope}"` : ""}}`;
}
