// The request sink of a SASL listener: each connection's frames go to its SaslServerAuthenticator
// until it has authenticated, then to the broker's dispatcher (Kafka's KafkaChannel: not ready ->
// authenticator, ready -> request channel). After authentication:
// - a SaslHandshake may start a re-authentication (KIP-368; see SaslServerAuthenticator);
// - once the session lifetime (connections.max.reauth.ms) has passed, any other request closes the
//   connection, as Kafka's SocketServer ("Disconnecting expired channel").
// The connection's principal is set on success; its pre-authentication frame limit
// (sasl.server.max.receive.size) is lifted by the connection once `authenticated` is set.
// One authenticator per live connection (a WeakMap keyed by the connection): nothing outlives it.

import { brokerJwtValidatorFor } from "./oauthbearer-validators.ts";
import type { ConnectionInfo, Outcome, RequestSink } from "../../network/connection.ts";
import type { Frame } from "../../network/frame-assembler.ts";
import type { ListenerSaslConfig } from "../../config/sasl-config.ts";
import { concatSlices } from "../../protocol/primitives/records-ref.ts";
import { frameApiKey } from "../dispatch.ts";
import { SASL_HANDSHAKE_KEY, SaslServerAuthenticator, type SaslStep } from "./sasl-server-authenticator.ts";
import type { DelegationTokenCredentialLookup } from "./delegation-token-credentials.ts";
import type { ScramCredentialLookup } from "./scram-sasl-server.ts";

export interface SaslGateLog {
  info(msg: string, fields?: Record<string, unknown>): void;
}

export class SaslGate implements RequestSink {
  private readonly inner: RequestSink;
  private readonly config: ListenerSaslConfig;
  private readonly scramCredentials: ScramCredentialLookup;
  private readonly nowMs: () => number;
  private readonly log: SaslGateLog;
  private readonly authenticators = new WeakMap<ConnectionInfo, SaslServerAuthenticator>();

  private readonly delegationTokenCredentials: DelegationTokenCredentialLookup | undefined;

  constructor(inner: RequestSink, config: ListenerSaslConfig, scramCredentials: ScramCredentialLookup, log: SaslGateLog, nowMs: () => number = () => performance.now(), delegationTokenCredentials?: DelegationTokenCredentialLookup) {
    this.delegationTokenCredentials = delegationTokenCredentials;
    this.inner = inner;
    this.config = config;
    this.scramCredentials = scramCredentials;
    this.log = log;
    this.nowMs = nowMs;
    // A secured OAUTHBEARER listener loads its JWKS now, before the first client.
    if (config.oauthBearerSecured) brokerJwtValidatorFor(config.oauthBearerSecured, (m) => log.info(m));
  }

  private authenticatorOf(conn: ConnectionInfo): SaslServerAuthenticator {
    let a = this.authenticators.get(conn);
    if (!a) {
      a = new SaslServerAuthenticator({ config: this.config, scramCredentials: this.scramCredentials, nowMs: this.nowMs, ...(this.delegationTokenCredentials ? { delegationTokenCredentials: this.delegationTokenCredentials } : {}) });
      this.authenticators.set(conn, a);
    }
    return a;
  }

  handle(conn: ConnectionInfo, frame: Frame): Outcome | Promise<Outcome> {
    const a = this.authenticatorOf(conn);
    if (a.complete) {
      if (frameApiKey(frame) === SASL_HANDSHAKE_KEY && a.beginReauthentication()) return this.step(conn, a, frame);
      if (a.sessionExpired()) {
        this.log.info("Disconnecting expired channel", { connection: conn.id, listener: conn.listenerName });
        return "close";
      }
      return this.inner.handle(conn, frame);
    }
    return this.step(conn, a, frame);
  }

  private step(conn: ConnectionInfo, a: SaslServerAuthenticator, frame: Frame): Outcome | Promise<Outcome> {
    // Pre-authentication frames are at most sasl.server.max.receive.size: joining is bounded.
    const bytes = frame instanceof Uint8Array ? frame : concatSlices(frame);
    const s: SaslStep = a.onFrame(bytes);
    switch (s.kind) {
      case "respond":
        return s.frame;
      case "api-versions": {
        const out = this.inner.handle(conn, bytes);
        // The dispatcher marks every request it serves as authenticated; ApiVersions does not authenticate.
        conn.authenticated = false;
        return out;
      }
      case "authenticated":
        conn.principal = s.principal;
        conn.authenticated = true;
        return s.frame;
      case "close":
        this.log.info("closing connection: invalid SASL exchange", { connection: conn.id, listener: conn.listenerName, reason: s.reason });
        return "close";
      case "failed":
        return this.failed(conn, a, s.frame, s.reason);
    }
  }

  /** Kafka's delayed close: the error response (if any) goes out after the delay, then the connection closes. */
  private failed(conn: ConnectionInfo, a: SaslServerAuthenticator, frame: Outcome, reason: string): Promise<Outcome> {
    this.log.info("Failed authentication", { connection: conn.id, listener: conn.listenerName, remote: conn.remoteAddress, reason });
    const close = conn.closeWhenAnswered?.bind(conn);
    close?.();
    const outcome: Outcome = close && frame !== null ? frame : "close";
    const delayMs = a.failedDelayMs;
    if (delayMs <= 0) return Promise.resolve(outcome);
    return new Promise((resolve) => setTimeout(() => resolve(outcome), delayMs));
  }
}
