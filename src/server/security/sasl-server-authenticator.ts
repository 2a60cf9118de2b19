// One connection's SASL authentication, as Kafka's SaslServerAuthenticator: it sees request frames
// (without their size prefix) and says what to answer, so it works the same over any transport
// (SASL_PLAINTEXT here, SASL_SSL once TLS frames are fed to it).
//
// States (Kafka's SaslState): handshake-or-versions (ApiVersions or SaslHandshake), handshake (after
// ApiVersions), authenticate (SaslAuthenticate frames after SaslHandshake v1, raw tokens after v0),
// complete, failed. Kafka's answers:
// - any other request before authentication: the connection closes (after the failed-authentication
//   delay, no response), as Kafka's IllegalSaslStateException "Unexpected Kafka request of type X
//   during SASL handshake";
// - an unknown mechanism: UNSUPPORTED_SASL_MECHANISM with the enabled list, then the delayed close;
// - a failed login: SASL_AUTHENTICATION_FAILED with Kafka's message, sent after the delay, then close;
// - a frame that is not a request before the handshake: closed (GSSAPI's headerless first token is
//   the only one Kafka takes, and GSSAPI is not served);
// - re-authentication (KIP-368): with connections.max.reauth.ms > 0 the session lifetime goes to the
//   client in SaslAuthenticate v1+; a SaslHandshake on an authenticated connection starts a new
//   exchange (same mechanism, same principal, at most one per second, as Kafka's KafkaChannel).
// - another request instead of SaslAuthenticate after SaslHandshake v1: its own error response with
//   ILLEGAL_SASL_STATE (request-error-response.ts), sent after the delay, then closed.

import type { ListenerSaslConfig } from "../../config/sasl-config.ts";
import { jaasOption } from "../../config/sasl-config.ts";
import { OAUTHBEARER_LOGIN_MODULE, PLAIN_LOGIN_MODULE } from "../../config/jaas-config.ts";
import { OAuthBearerSaslServer } from "./oauthbearer-sasl-server.ts";
import { unsecuredValidatorOptions } from "./oauthbearer-unsecured-jws.ts";
import { brokerJwtValidatorFor } from "./oauthbearer-validators.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import { decodeRequest, peekHeader, responseHeaderVersion, type DecodedRequest } from "../../protocol/frame.ts";
import { apiKeyConstantName, illegalSaslStateResponse, unexpectedRequestMessage } from "../request-error-response.ts";
import { API_CODECS } from "../../protocol/generated/apis.ts";
import { writeResponseHeader } from "../../protocol/generated/messages/response-header.ts";
import type { SaslHandshakeRequest } from "../../protocol/generated/messages/sasl-handshake-request.ts";
import type { SaslAuthenticateRequest } from "../../protocol/generated/messages/sasl-authenticate-request.ts";
import type { ApiVersionsRequest } from "../../protocol/generated/messages/api-versions-request.ts";
import { encodeFramedParts, type FrameParts } from "../../protocol/primitives/writer.ts";
import { USER_TYPE, type KafkaPrincipal } from "../principal.ts";
import { PlainSaslServer } from "./plain-sasl-server.ts";
import { invalidCredentialsMessage, SaslAuthenticationError, SaslCredentialError, type SaslServer } from "./sasl-errors.ts";
import { scramMechanismByName } from "../../metadata/scram-mechanism.ts";
import { ScramSaslServer, type ScramCredentialLookup } from "./scram-sasl-server.ts";
import type { DelegationTokenCredentialLookup } from "./delegation-token-credentials.ts";
import { javaHashMapCapacity, javaHashMapOrder } from "../../util/java-hash-order.ts";

export const SASL_HANDSHAKE_KEY = 17;
export const SASL_AUTHENTICATE_KEY = 36;
const API_VERSIONS_KEY = 18;
const SASL_HANDSHAKE_MAX_VERSION = 1;
const SASL_AUTHENTICATE_MAX_VERSION = 2;
/** Kafka's KafkaChannel.MIN_REAUTH_INTERVAL_ONE_SECOND_NANOS. */
const MIN_REAUTH_INTERVAL_MS = 1000;
/** Kafka's ApiVersionsRequest.isValid pattern (as 18-api-versions.ts). */
const SOFTWARE_PATTERN = /^[a-zA-Z0-9](?:[a-zA-Z0-9\-.]*[a-zA-Z0-9])?$/;

export type SaslStep =
  /** Answer and go on. */
  | { readonly kind: "respond"; readonly frame: FrameParts }
  /** ApiVersions before the handshake: the broker's own handler answers it. */
  | { readonly kind: "api-versions" }
  /** Authentication (or re-authentication) succeeded: answer; `principal` is the connection's now. */
  | { readonly kind: "authenticated"; readonly frame: FrameParts; readonly principal: KafkaPrincipal }
  /** Failed: after connection.failed.authentication.delay.ms send `frame` (if any), then close. */
  | { readonly kind: "failed"; readonly frame: FrameParts | null; readonly reason: string }
  /** Not a valid exchange at all: close now (Kafka's non-authentication exceptions). */
  | { readonly kind: "close"; readonly reason: string };

type State = "handshake-or-versions" | "handshake" | "authenticate" | "reauth-bad-mechanism" | "complete" | "failed";

export interface SaslAuthenticatorDeps {
  readonly config: ListenerSaslConfig;
  readonly scramCredentials: ScramCredentialLookup;
  /** Delegation tokens' SCRAM credentials (tokenauth); absent: tokens disabled. */
  readonly delegationTokenCredentials?: DelegationTokenCredentialLookup;
  /** Milliseconds on a monotonic clock (tests inject one). */
  readonly nowMs: () => number;
  /** Wall-clock milliseconds (token expiry times); default Date.now. */
  readonly wallClockMs?: () => number;
}

function responseFrame(apiKey: number, version: number, correlationId: number, body: unknown): FrameParts {
  const codec = API_CODECS.get(apiKey)!;
  return encodeFramedParts((s) => {
    writeResponseHeader(s, { correlationId }, responseHeaderVersion(apiKey, version));
    codec.writeResponse(s, body, version);
  });
}

/** A v0 (unframed) token: just the size prefix and the bytes. */
function rawTokenFrame(token: Uint8Array): FrameParts {
  const b = new Uint8Array(4 + token.length);
  new DataView(b.buffer).setInt32(0, token.length);
  b.set(token, 4);
  return { parts: [b], size: b.length };
}

export class SaslServerAuthenticator {
  private readonly deps: SaslAuthenticatorDeps;
  private state: State = "handshake-or-versions";
  private mechanism = "";
  private server: SaslServer | null = null;
  /** SaslHandshake v0: the tokens that follow are raw, not SaslAuthenticate requests. */
  private rawTokens = false;
  /** The client used SaslAuthenticate v1+, so it knows session lifetimes (KIP-368). */
  private clientSupportsReauth = false;
  private principal: KafkaPrincipal | null = null;
  /** When the session ends (monotonic ms), or null when sessions do not expire. */
  private sessionExpiresAtMs: number | null = null;
  private lastReauthStartMs = -Infinity;
  private reauthenticating = false;
  private badMechanismMessage = "";

  /**
   * The mechanisms SaslHandshake answers with, in Kafka's order: its authenticator lists
   * `new ArrayList<>(new HashSet<>(sasl.enabled.mechanisms))`, a HashSet's iteration order.
   */
  private readonly mechanismsAnswered: readonly string[];

  constructor(deps: SaslAuthenticatorDeps) {
    this.deps = deps;
    const unique = [...new Set(deps.config.enabledMechanisms)];
    this.mechanismsAnswered = unique.length <= 12 ? javaHashMapOrder(unique, javaHashMapCapacity(0, unique.length)) : unique;
  }

  get complete(): boolean {
    return this.state === "complete";
  }

  get failedDelayMs(): number {
    return this.deps.config.failedAuthenticationDelayMs;
  }

  /** After authentication: the session has expired, so anything but a re-authentication closes the connection. */
  sessionExpired(): boolean {
    return this.sessionExpiresAtMs !== null && this.deps.nowMs() > this.sessionExpiresAtMs;
  }

  /**
   * After authentication, a SaslHandshake: true when it starts a re-authentication (then pass the
   * frame to onFrame), false when it is an ordinary request (the broker answers ILLEGAL_SASL_STATE).
   */
  beginReauthentication(): boolean {
    if (this.state !== "complete" || this.sessionExpiresAtMs === null) return false;
    const now = this.deps.nowMs();
    if (now - this.lastReauthStartMs < MIN_REAUTH_INTERVAL_MS) return false;
    this.lastReauthStartMs = now;
    this.reauthenticating = true;
    this.state = "handshake";
    this.server = null;
    return true;
  }

  onFrame(frame: Uint8Array): SaslStep {
    switch (this.state) {
      case "handshake-or-versions":
      case "handshake":
        return this.onKafkaRequest(frame);
      case "reauth-bad-mechanism":
        return this.fail(null, this.badMechanismMessage);
      case "authenticate":
        return this.rawTokens ? this.onRawToken(frame) : this.onSaslAuthenticate(frame);
      case "complete":
      case "failed":
        return { kind: "close", reason: `SASL frame in state ${this.state}` };
    }
  }

  private fail(frame: FrameParts | null, reason: string): SaslStep {
    this.state = "failed";
    this.server = null;
    return { kind: "failed", frame, reason };
  }

  private onKafkaRequest(frame: Uint8Array): SaslStep {
    const prefix = peekHeader(frame);
    if (prefix === null) {
      // Kafka takes a headerless first packet as a GSSAPI token only when GSSAPI is enabled; it is not served.
      if (this.state === "handshake-or-versions" && !this.reauthenticating) return this.fail(null, "Exception handling first SASL packet from client, GSSAPI is not supported by server");
      return { kind: "close", reason: "malformed request during SASL handshake" };
    }
    if (prefix.apiKey !== API_VERSIONS_KEY && prefix.apiKey !== SASL_HANDSHAKE_KEY) {
      return this.fail(null, `Unexpected Kafka request of type ${apiKeyConstantName(prefix.apiKey)} during SASL handshake.`);
    }
    if (prefix.apiKey === API_VERSIONS_KEY) {
      if (this.state !== "handshake-or-versions") return { kind: "close", reason: `Unexpected ApiVersions request received during SASL authentication state ${this.state}` };
      const d = decodeRequest(frame);
      // Only a valid ApiVersions moves the state on; an unsupported version or bad software name is
      // answered with its error (by the broker's handler) and the client may try again.
      if (d.ok && (d.header.requestApiVersion < 3 || (SOFTWARE_PATTERN.test((d.body as ApiVersionsRequest).clientSoftwareName) && SOFTWARE_PATTERN.test((d.body as ApiVersionsRequest).clientSoftwareVersion)))) {
        this.state = "handshake";
      }
      return { kind: "api-versions" };
    }
    const d = decodeRequest(frame);
    if (!d.ok || d.header.requestApiVersion > SASL_HANDSHAKE_MAX_VERSION) return { kind: "close", reason: "invalid SaslHandshake request" };
    const version = d.header.requestApiVersion;
    const requested = (d.body as SaslHandshakeRequest).mechanism;
    const enabled = this.mechanismsAnswered;
    this.rawTokens = version === 0;
    if (!enabled.includes(requested)) {
      return this.fail(responseFrame(SASL_HANDSHAKE_KEY, version, d.header.correlationId, { errorCode: ErrorCode.UNSUPPORTED_SASL_MECHANISM, mechanisms: [...enabled] }), `Unsupported SASL mechanism ${requested}`);
    }
    const ok = responseFrame(SASL_HANDSHAKE_KEY, version, d.header.correlationId, { errorCode: 0, mechanisms: [...enabled] });
    if (this.reauthenticating && requested !== this.mechanism) {
      this.badMechanismMessage = `SASL mechanism '${requested}' requested by client is not supported for re-authentication of mechanism '${this.mechanism}'`;
      this.state = "reauth-bad-mechanism";
      return { kind: "respond", frame: ok };
    }
    this.mechanism = requested;
    this.server = this.createServer(requested);
    this.state = "authenticate";
    return { kind: "respond", frame: ok };
  }

  private createServer(mechanism: string): SaslServer {
    if (mechanism === "PLAIN") {
      const entries = this.deps.config.jaas.get("PLAIN") ?? [];
      return new PlainSaslServer((user) => jaasOption(entries, PLAIN_LOGIN_MODULE, `user_${user}`));
    }
    if (mechanism === "OAUTHBEARER") {
      const entry = (this.deps.config.jaas.get("OAUTHBEARER") ?? []).find((e) => e.loginModule === OAUTHBEARER_LOGIN_MODULE);
      const secured = this.deps.config.oauthBearerSecured;
      if (secured) return new OAuthBearerSaslServer(brokerJwtValidatorFor(secured), this.deps.wallClockMs ?? Date.now);
      return new OAuthBearerSaslServer(unsecuredValidatorOptions(entry?.options ?? new Map()), this.deps.wallClockMs ?? Date.now);
    }
    const m = scramMechanismByName(mechanism);
    if (!m) throw new RangeError(`mechanism ${mechanism} is enabled but not served`); // BrokerConfig refuses it
    return new ScramSaslServer(m, this.deps.scramCredentials, undefined, this.deps.delegationTokenCredentials ?? null);
  }

  /** The exchange completed: the principal, and the session lifetime Kafka computes (0: none). */
  private completeExchange(): { principal: KafkaPrincipal; sessionLifetimeMs: number } | SaslAuthenticationError {
    const name = this.server!.authorizationId();
    const principal: KafkaPrincipal = this.server!.tokenAuthenticated?.() ? { principalType: USER_TYPE, name, tokenAuthenticated: true } : { principalType: USER_TYPE, name };
    if (this.reauthenticating && this.principal && (this.principal.name !== principal.name || this.principal.principalType !== principal.principalType)) {
      return new SaslAuthenticationError(`Cannot change principals during re-authentication from ${this.principal.principalType}.${this.principal.name}: ${principal.principalType}.${principal.name}`);
    }
    // Kafka's calcCompletionTimesAndReturnSessionLifetimeMs: the credential's expiry (an OAUTHBEARER
    // token's exp) and connections.max.reauth.ms, whichever comes first; neither: no session end.
    const maxReauthMs = this.deps.config.maxReauthMs.get(this.mechanism) ?? 0;
    const expiresAt = this.server!.credentialExpirationMs?.();
    let sessionLifetimeMs = 0;
    let bounded = maxReauthMs > 0;
    if (expiresAt !== undefined) {
      const left = Math.max(0, expiresAt - (this.deps.wallClockMs ?? Date.now)());
      sessionLifetimeMs = maxReauthMs > 0 ? Math.min(left, maxReauthMs) : left;
      bounded = true;
    } else if (maxReauthMs > 0) {
      sessionLifetimeMs = maxReauthMs;
    }
    this.sessionExpiresAtMs = bounded ? this.deps.nowMs() + sessionLifetimeMs : null;
    this.principal = principal;
    this.reauthenticating = false;
    this.state = "complete";
    this.server = null;
    return { principal, sessionLifetimeMs };
  }

  private onRawToken(token: Uint8Array): SaslStep {
    let out: Uint8Array;
    try {
      out = this.server!.evaluateResponse(token);
    } catch (e) {
      if (e instanceof Error) return this.fail(null, e.message);
      throw e;
    }
    if (!this.server!.isComplete()) return { kind: "respond", frame: rawTokenFrame(out) };
    const done = this.completeExchange();
    if (done instanceof SaslAuthenticationError) return this.fail(null, done.message);
    return { kind: "authenticated", frame: rawTokenFrame(out), principal: done.principal };
  }

  private onSaslAuthenticate(frame: Uint8Array): SaslStep {
    const prefix = peekHeader(frame);
    if (prefix === null) return { kind: "close", reason: "malformed request during SASL authentication" };
    const d = decodeRequest(frame);
    if (prefix.apiKey !== SASL_AUTHENTICATE_KEY) return this.onUnexpectedRequest(d);
    if (!d.ok || d.header.requestApiVersion > SASL_AUTHENTICATE_MAX_VERSION) return { kind: "close", reason: "invalid SaslAuthenticate request" };
    const version = d.header.requestApiVersion;
    const cid = d.header.correlationId;
    if (version > 0) this.clientSupportsReauth = true;
    const failure = (message: string): SaslStep =>
      this.fail(responseFrame(SASL_AUTHENTICATE_KEY, version, cid, { errorCode: ErrorCode.SASL_AUTHENTICATION_FAILED, errorMessage: message, authBytes: new Uint8Array(0), sessionLifetimeMs: 0n }), message);
    let out: Uint8Array;
    try {
      out = this.server!.evaluateResponse((d.body as SaslAuthenticateRequest).authBytes);
    } catch (e) {
      if (e instanceof SaslAuthenticationError) return failure(e.message);
      if (e instanceof SaslCredentialError) return failure(invalidCredentialsMessage(this.mechanism, this.reauthenticating));
      if (e instanceof Error) return this.fail(null, e.message);
      throw e;
    }
    if (!this.server!.isComplete()) {
      return { kind: "respond", frame: responseFrame(SASL_AUTHENTICATE_KEY, version, cid, { errorCode: 0, errorMessage: null, authBytes: out, sessionLifetimeMs: 0n }) };
    }
    const done = this.completeExchange();
    if (done instanceof SaslAuthenticationError) return failure(done.message);
    const ok = responseFrame(SASL_AUTHENTICATE_KEY, version, cid, { errorCode: 0, errorMessage: null, authBytes: out, sessionLifetimeMs: BigInt(done.sessionLifetimeMs) });
    return { kind: "authenticated", frame: ok, principal: done.principal };
  }

  /**
   * Another request where SaslAuthenticate was expected: Kafka parses it first (a bad one closes at
   * once), then answers it with its own error response (ILLEGAL_SASL_STATE) after the delay and closes.
   */
  private onUnexpectedRequest(d: DecodedRequest): SaslStep {
    if (!d.ok) return { kind: "close", reason: `invalid request during SASL authentication (${d.reason})` };
    const { requestApiKey: apiKey, requestApiVersion: version, correlationId } = d.header;
    const answer = illegalSaslStateResponse(apiKey, version, d.body);
    const reason = unexpectedRequestMessage(apiKey);
    if (answer.kind === "no-response") return { kind: "close", reason };
    return this.fail(answer.kind === "body" ? responseFrame(apiKey, version, correlationId, answer.body) : null, reason);
  }

  /** For tests and logs: whether the client said it can re-authenticate (SaslAuthenticate v1+). */
  get supportsReauthentication(): boolean {
    return this.clientSupportsReauth;
  }
}
