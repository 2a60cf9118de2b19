// SASL/OAUTHBEARER (RFC 7628) as Kafka's OAuthBearerSaslServer with its default, unsecured validator
// (oauthbearer-unsecured-jws.ts): the client's initial response "n,[a=authzid],^Aauth=Bearer <token>^A
// [key=value^A...]^A"; a valid token completes the exchange (principal: the token's principal claim,
// credential lifetime: its exp, which bounds the KIP-368 session); a refused token is answered, as
// Kafka does, with a JSON error challenge ({"status":"invalid_token"}) that the client acknowledges with
// a lone ^A, and the exchange then fails with that JSON as the message. Extensions are accepted, as
// Kafka's unsecured handler and its secured OAuthBearerValidatorCallbackHandler accept them all. The
// token is checked by the unsecured validator (options) or by Kafka's secured one (BrokerJwtValidator,
// JWKS-verified signatures: oauthbearer-jwt-validator.ts).

import { OAuthBearerIllegalTokenError, jsonErrorResponse, validateUnsecuredJws, type UnsecuredValidatorOptions, type ValidatedToken } from "./oauthbearer-unsecured-jws.ts";
import { SaslAuthenticationError, SaslCredentialError, SaslStateError, type SaslServer } from "./sasl-errors.ts";

const SEP = "\u0001";
const SASLNAME = "(?:[\\x01-\\x2B\\x2D-\\x3C\\x3E-\\x7F]|=2C|=3D)+";
const KVPAIRS = `(?:[A-Za-z]+=[\\x21-\\x7E \\t\\r\\n]+${SEP})*`;
const INITIAL = new RegExp(`^n,(?:a=(${SASLNAME}))?,${SEP}(${KVPAIRS})${SEP}$`);
const AUTH = /^(\w+) +([-_~+/.a-zA-Z0-9]+=*)$/;

export class OAuthBearerSaslServer implements SaslServer {
  readonly mechanismName = "OAUTHBEARER";
  private readonly validate: (token: string, nowMs: number) => ValidatedToken;
  private readonly wallClockMs: () => number;
  private complete = false;
  private principal = "";
  private lifetimeMs = 0;
  private errorMessage: string | null = null;

  constructor(validator: UnsecuredValidatorOptions | { validate(token: string, nowMs: number): ValidatedToken }, wallClockMs: () => number = Date.now) {
    this.validate = "validate" in validator ? (t, now) => validator.validate(t, now) : (t, now) => validateUnsecuredJws(t, validator, now);
    this.wallClockMs = wallClockMs;
  }

  evaluateResponse(response: Uint8Array): Uint8Array {
    if (this.complete) throw new SaslStateError("Authentication exchange already completed");
    if (response.length === 1 && response[0] === 1 && this.errorMessage !== null) throw new SaslAuthenticationError(this.errorMessage);
    this.errorMessage = null;
    const m = INITIAL.exec(new TextDecoder().decode(response));
    if (!m) throw new SaslCredentialError("Invalid OAUTHBEARER client first message");
    const authzid = m[1] ?? "";
    const props = new Map<string, string>();
    for (const kv of m[2]!.split(SEP)) {
      if (kv === "") continue;
      const i = kv.indexOf("=");
      props.set(kv.slice(0, i), kv.slice(i + 1));
    }
    const auth = props.get("auth");
    if (auth === undefined) throw new SaslCredentialError("Invalid OAUTHBEARER client first message: 'auth' not specified");
    const a = AUTH.exec(auth);
    if (!a) throw new SaslCredentialError("Invalid OAUTHBEARER client first message: invalid 'auth' format");
    if (a[1]!.toLowerCase() !== "bearer") throw new SaslCredentialError("Invalid scheme in OAUTHBEARER client first message");
    let token;
    try {
      token = this.validate(a[2]!, this.wallClockMs());
    } catch (e) {
      if (!(e instanceof OAuthBearerIllegalTokenError)) throw e;
      this.errorMessage = jsonErrorResponse(e.failureScope !== null ? "insufficient_scope" : "invalid_token", e.failureScope);
      return new TextEncoder().encode(this.errorMessage);
    }
    if (authzid !== "" && authzid !== token.principalName) {
      throw new SaslAuthenticationError(`Authentication failed: Client requested an authorization id (${authzid}) that is different from the token's principal name (${token.principalName})`);
    }
    this.principal = token.principalName;
    this.lifetimeMs = token.lifetimeMs;
    this.complete = true;
    return new Uint8Array(0);
  }

  isComplete(): boolean {
    return this.complete;
  }

  authorizationId(): string {
    if (!this.complete) throw new SaslStateError("Authentication exchange has not completed");
    return this.principal;
  }

  /** The token's expiry (ms since the epoch): Kafka's CREDENTIAL_LIFETIME_MS negotiated property. */
  credentialExpirationMs(): number {
    return this.lifetimeMs;
  }
}
