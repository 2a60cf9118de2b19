// SASL/PLAIN (RFC 4616) as Kafka's PlainSaslServer with its default PlainServerCallbackHandler:
// "[authzid] NUL authcid NUL passwd", the password compared in constant time with the JAAS option
// user_<authcid> of the listener's PlainLoginModule entry. Kafka's messages; none holds the password.

import { timingSafeEqual } from "node:crypto";
import { SaslAuthenticationError, SaslStateError, type SaslServer } from "./sasl-errors.ts";

/** Looks a user's configured password up (the JAAS user_<name> option), undefined when absent. */
export type PlainPasswordLookup = (username: string) => string | undefined;

const utf8 = new TextEncoder();

function equalConstantTime(a: string, b: string): boolean {
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  // Lengths differ: still compare something of equal length so the time says little.
  if (x.length !== y.length) return timingSafeEqual(x, x) && false;
  return timingSafeEqual(x, y);
}

export class PlainSaslServer implements SaslServer {
  readonly mechanismName = "PLAIN";
  private readonly passwordOf: PlainPasswordLookup;
  private complete = false;
  private username = "";

  constructor(passwordOf: PlainPasswordLookup) {
    this.passwordOf = passwordOf;
  }

  evaluateResponse(response: Uint8Array): Uint8Array {
    if (this.complete) throw new SaslStateError("Authentication exchange already completed");
    const tokens = new TextDecoder().decode(response).split("\u0000", 4);
    if (tokens.length !== 3) throw new SaslAuthenticationError(`Invalid SASL/PLAIN response: expected 3 tokens, got ${Math.min(tokens.length, 4)}`);
    const [authzid, username, password] = tokens as [string, string, string];
    if (username === "") throw new SaslAuthenticationError("Authentication failed: username not specified");
    if (password === "") throw new SaslAuthenticationError("Authentication failed: password not specified");
    const expected = this.passwordOf(username);
    if (expected === undefined || !equalConstantTime(password, expected)) throw new SaslAuthenticationError("Authentication failed: Invalid username or password");
    if (authzid !== "" && authzid !== username) throw new SaslAuthenticationError("Authentication failed: Client requested an authorization id that is different from username");
    this.username = username;
    this.complete = true;
    return new Uint8Array(0);
  }

  isComplete(): boolean {
    return this.complete;
  }

  authorizationId(): string {
    if (!this.complete) throw new SaslStateError("Authentication exchange has not completed");
    return this.username;
  }
}
