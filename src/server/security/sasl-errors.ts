// The errors of a SASL exchange, as Kafka tells them apart (SaslServerAuthenticator.handleSaslToken):
// - SaslAuthenticationError: the client gets its message as is (PLAIN's "Invalid username or
//   password", SCRAM's authorization id mismatch).
// - SaslCredentialError (Java's SaslException): the client gets only Kafka's generic "Authentication
//   failed during authentication due to invalid credentials with SASL mechanism X", so an attacker
//   cannot tell an unknown user from a wrong password.
// - SaslStateError (IllegalSaslStateException, UnsupportedSaslMechanismException): the exchange is out
//   of order; the connection closes (after the failed-authentication delay).
// Messages never hold a password.

export class SaslAuthenticationError extends Error {
  override readonly name = "SaslAuthenticationError";
}

export class SaslCredentialError extends Error {
  override readonly name = "SaslCredentialError";
}

export class SaslStateError extends Error {
  override readonly name = "SaslStateError";
}

/** Kafka's message for a SaslCredentialError. */
export function invalidCredentialsMessage(mechanism: string, reauthenticating: boolean): string {
  return `Authentication failed during ${reauthenticating ? "re-authentication" : "authentication"} due to invalid credentials with SASL mechanism ${mechanism}`;
}

/** One SASL mechanism's server side (javax.security.sasl.SaslServer as Kafka uses it). */
export interface SaslServer {
  readonly mechanismName: string;
  /** The next challenge for the client's response; throws one of the errors above. */
  evaluateResponse(response: Uint8Array): Uint8Array;
  isComplete(): boolean;
  /** The authenticated user (valid once complete): the principal is User:<authorizationId>. */
  authorizationId(): string;
  /** When the credential expires (ms since the epoch; OAUTHBEARER's token exp), bounding the session; absent: never. */
  credentialExpirationMs?(): number | undefined;
  /** SCRAM with tokenauth=true: the principal is marked token-authenticated (delegation tokens). */
  tokenAuthenticated?(): boolean;
}
