// The server side of a SCRAM exchange, as Kafka's ScramSaslServer: client-first -> server-first
// (client nonce + server nonce, salt, iterations), client-final -> server-final (the server
// signature). The credential is looked up by user name (the broker's image: UserScramCredentialRecord).
// Unknown user, iterations below the mechanism's minimum, a wrong proof and a malformed message are
// all SaslCredentialError (the client gets one generic message); an authorization id other than the
// user is a SaslAuthenticationError with Kafka's message. With the extension tokenauth=true the user
// name is a delegation token id (delegation-token-credentials.ts): the credential is the token's, the
// authorization id its owner's name, the session ends at the token's expiry, and the principal is
// marked token-authenticated; an unknown token (or tokens disabled) fails with Kafka's message.

import { timingSafeEqual } from "node:crypto";
import { hash, hmac, secureRandomString, xor, type ScramCredential, type ScramMechanism } from "../../metadata/scram-mechanism.ts";
import { parseClientFinal, parseClientFirst, serverFirstMessage, toBase64, usernameOf, type ClientFirstMessage } from "./scram-messages.ts";
import type { DelegationTokenCredentialLookup } from "./delegation-token-credentials.ts";
import { SaslAuthenticationError, SaslCredentialError, SaslStateError, type SaslServer } from "./sasl-errors.ts";

export type ScramCredentialLookup = (mechanism: ScramMechanism, username: string) => ScramCredential | undefined;

type State = "client-first" | "client-final" | "complete" | "failed";

export class ScramSaslServer implements SaslServer {
  readonly mechanismName: string;
  private readonly mechanism: ScramMechanism;
  private readonly lookup: ScramCredentialLookup;
  private readonly nonceSource: () => string;
  private state: State = "client-first";
  private clientFirst: ClientFirstMessage | null = null;
  private serverFirst = "";
  private serverNonce = "";
  private credential: ScramCredential | null = null;
  private username = "";
  private readonly tokenLookup: DelegationTokenCredentialLookup | null;
  /** Set by a tokenauth login: the token owner's name and the token's expiry. */
  private tokenOwner: string | null = null;
  private tokenExpiryTimestampMs = 0;

  /** `nonceSource` is for tests (RFC vectors); the broker uses 130 secure random bits. */
  constructor(mechanism: ScramMechanism, lookup: ScramCredentialLookup, nonceSource: () => string = secureRandomString, tokenLookup: DelegationTokenCredentialLookup | null = null) {
    this.tokenLookup = tokenLookup;
    this.mechanism = mechanism;
    this.mechanismName = mechanism.mechanismName;
    this.lookup = lookup;
    this.nonceSource = nonceSource;
  }

  evaluateResponse(response: Uint8Array): Uint8Array {
    try {
      if (this.state === "client-first") return this.onClientFirst(response);
      if (this.state === "client-final") return this.onClientFinal(response);
      throw new SaslStateError(`Unexpected challenge in Sasl server state ${this.state === "complete" ? "COMPLETE" : "FAILED"}`);
    } catch (e) {
      this.clear();
      this.state = "failed";
      throw e;
    }
  }

  private onClientFirst(response: Uint8Array): Uint8Array {
    const first = parseClientFirst(response);
    const username = usernameOf(first.saslName);
    let credential;
    // Kafka's ScramExtensions.tokenAuthenticated: Boolean.parseBoolean, so any case of "true".
    if (first.extensions.get("tokenauth")?.toLowerCase() === "true") {
      const token = this.tokenLookup?.(this.mechanism, username);
      if (!token) throw new SaslCredentialError(`Token Authentication failed: Invalid tokenId : ${username}`);
      credential = token.credential;
      this.tokenOwner = token.ownerName;
      this.tokenExpiryTimestampMs = token.expiryTimestampMs;
    } else {
      credential = this.lookup(this.mechanism, username);
      if (!credential) throw new SaslCredentialError("Authentication failed: Invalid user credentials");
    }
    if (first.authorizationId !== "" && first.authorizationId !== username) {
      throw new SaslAuthenticationError("Authentication failed: Client requested an authorization id that is different from username");
    }
    if (credential.iterations < this.mechanism.minIterations) {
      throw new SaslCredentialError(`Iterations ${credential.iterations} is less than the minimum ${this.mechanism.minIterations} for ${this.mechanism.mechanismName}`);
    }
    this.serverNonce = this.nonceSource();
    this.clientFirst = first;
    this.credential = credential;
    this.username = username;
    this.serverFirst = serverFirstMessage(first.nonce + this.serverNonce, credential.salt, credential.iterations);
    this.state = "client-final";
    return new TextEncoder().encode(this.serverFirst);
  }

  private onClientFinal(response: Uint8Array): Uint8Array {
    const final = parseClientFinal(response);
    const first = this.clientFirst!;
    const credential = this.credential!;
    if (!final.nonce.endsWith(first.nonce + this.serverNonce)) throw new SaslCredentialError("Invalid client nonce in the final client message.");
    const authMessage = `${first.bare},${this.serverFirst},${final.withoutProof}`;
    const clientSignature = hmac(this.mechanism, credential.storedKey, authMessage);
    // A proof of the wrong length is a failed login, not a crash.
    if (final.proof.length !== clientSignature.length) throw new SaslCredentialError("Invalid client credentials");
    const computedStoredKey = hash(this.mechanism, xor(clientSignature, final.proof));
    if (!timingSafeEqual(computedStoredKey, credential.storedKey)) throw new SaslCredentialError("Invalid client credentials");
    const serverSignature = hmac(this.mechanism, credential.serverKey, authMessage);
    this.clear();
    this.state = "complete";
    return new TextEncoder().encode(`v=${toBase64(serverSignature)}`);
  }

  isComplete(): boolean {
    return this.state === "complete";
  }

  authorizationId(): string {
    if (this.state !== "complete") throw new SaslStateError("Authentication exchange has not completed");
    return this.tokenOwner ?? this.username;
  }

  /** Kafka's negotiated property tokenauth: the login used a delegation token. */
  tokenAuthenticated(): boolean {
    return this.state === "complete" && this.tokenOwner !== null;
  }

  credentialExpirationMs(): number | undefined {
    return this.tokenOwner !== null ? this.tokenExpiryTimestampMs : undefined;
  }

  private clear(): void {
    this.credential = null;
    this.clientFirst = null;
  }
}
