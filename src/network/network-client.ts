// The outbound side of the network: Kafka's NetworkClient role. One connection per node, opened on
// demand, with Kafka's ConnectionState names (DISCONNECTED, CONNECTING, CHECKING_API_VERSIONS, READY).
// Raft, the broker-to-controller channel and replica fetchers send through it.
//
// - ApiVersions first on every connection (KIP-511: a v3+ request the node does not know is answered
//   UNSUPPORTED_VERSION at v0 with the node's own range, and we retry at that version); each request then
//   goes at the highest version both sides serve within the caller's [minVersion, maxVersion].
// - Requests are queued per node (bounded) while the connection is set up and sent as in-flight slots free
//   up (max.in.flight.requests.per.connection). Responses come back in request order on one connection,
//   so each frame must carry the oldest in-flight correlation id; anything else closes the connection.
// - request.timeout.ms per request, counted from the call: a request that times out in flight closes the
//   connection, as Kafka's NetworkClient does (the node may be stuck; its other answers are not awaited).
// - A failed or lost connection waits reconnect.backoff.ms, doubling up to reconnect.backoff.max.ms with
//   20% jitter (ExponentialBackoff), before the next attempt; queued requests wait (until their timeout;
//   those sent with waitForConnection: false fail with the connection instead), in-flight ones fail with
//   DisconnectException (they may have been processed: the caller decides).
// - socket.connection.setup.timeout.ms bounds the connect and the ApiVersions exchange (and SASL).
// - With `sasl` configured (a SASL_PLAINTEXT listener of the other node: Kafka's SaslClientAuthenticator),
//   ApiVersions is followed by SaslHandshake v1 and SaslAuthenticate rounds driven by the mechanism's
//   session (state AUTHENTICATING) before the connection is READY; a failed login closes the connection
//   and backs off like a failed connect.
// Time and randomness are injected: tests run it under FakeClock over MemoryTransport.

import { API_BY_KEY } from "../protocol/generated/api-table.ts";
import { API_CODECS } from "../protocol/generated/apis.ts";
import type { ApiVersionsResponse } from "../protocol/generated/messages/api-versions-response.ts";
import { decodeResponse, encodeRequest } from "../protocol/frame.ts";
import type { TimerClock, WakeupHandle } from "../util/purgatory/clock.ts";
import { assert } from "../util/assert.ts";
import { ExponentialBackoff } from "./exponential-backoff.ts";
import { FrameAssembler } from "./frame-assembler.ts";
import { ClientClosedException, DisconnectException, QueueFullException, TimeoutException, UnsupportedVersionException } from "./network-errors.ts";
import type { Transport, TransportConnection } from "./transport.ts";

export type ConnectionState = "DISCONNECTED" | "CONNECTING" | "CHECKING_API_VERSIONS" | "AUTHENTICATING" | "READY";

/**
 * One SASL exchange on the client side (javax.security.sasl.SaslClient as Kafka uses it), made by the
 * layer that knows the mechanisms and credentials (src/server/security/sasl-client.ts).
 */
export interface SaslClientSession {
  readonly mechanism: string;
  /** The next token: for null the first one; for a server challenge the answer (null: nothing more to send). Throws on a bad challenge. */
  evaluate(challenge: Uint8Array | null): Uint8Array | null;
  isComplete(): boolean;
}

export interface Node {
  id: number;
  host: string;
  port: number;
}

export interface NetworkClientConfig {
  clientId: string;
  /** request.timeout.ms */
  requestTimeoutMs: number;
  /** socket.connection.setup.timeout.ms: connect plus the ApiVersions exchange. */
  connectionSetupTimeoutMs: number;
  /** reconnect.backoff.ms */
  reconnectBackoffMs: number;
  /** reconnect.backoff.max.ms */
  reconnectBackoffMaxMs: number;
  /** max.in.flight.requests.per.connection */
  maxInFlightRequestsPerConnection: number;
  /** Requests waiting for a connection or an in-flight slot, per node. */
  maxQueuedRequestsPerNode: number;
  /** Distinct nodes the client keeps state for. */
  maxNodes: number;
  /** Largest response frame accepted; a larger size prefix closes the connection. */
  maxResponseBytes: number;
  /** Sent in ApiVersions v3+ (KIP-511). */
  softwareName: string;
  softwareVersion: string;
  /** A new SASL session per connection when the other side's listener is SASL_PLAINTEXT; absent: none. */
  sasl?: () => SaslClientSession;
}

export const DEFAULT_NETWORK_CLIENT_CONFIG: Omit<NetworkClientConfig, "clientId"> = {
  requestTimeoutMs: 30_000,
  connectionSetupTimeoutMs: 10_000,
  reconnectBackoffMs: 50,
  reconnectBackoffMaxMs: 1_000,
  maxInFlightRequestsPerConnection: 5,
  maxQueuedRequestsPerNode: 1_000,
  maxNodes: 10_000,
  maxResponseBytes: 100 * 1024 * 1024,
  softwareName: "strand",
  softwareVersion: "0.1.0",
};

export interface SendOptions {
  /** Lowest and highest version the caller can build and read; default the generated codec's range. */
  minVersion?: number;
  maxVersion?: number;
  timeoutMs?: number;
  /**
   * false: a connection attempt that fails fails this request too (DisconnectException, never sent), and
   * so does a send while the node backs off after a failed attempt, as Kafka's
   * InterBrokerSendThread.checkDisconnects does for its unsent requests, so a caller that
   * retries elsewhere (the controller channel, after a failover) is not held until the timeout by a
   * node that is gone. Default true: the request waits through reconnects until its timeout.
   */
  waitForConnection?: boolean;
  /**
   * false: the request gets no response (Produce with acks=0): it completes, with a null body, once its
   * frame was handed to the connection, as Kafka's NetworkClient completes a ClientRequest that does not
   * expect a response. Default true.
   */
  expectResponse?: boolean;
}

export interface ClientResponse<T> {
  version: number;
  body: T;
}

interface Request {
  apiKey: number;
  body: unknown;
  minVersion: number;
  maxVersion: number;
  deadlineMs: number;
  timeoutMs: number;
  waitForConnection: boolean;
  expectResponse: boolean;
  version: number;
  correlationId: number;
  resolve: (r: ClientResponse<unknown>) => void;
  reject: (e: Error) => void;
  done: boolean;
}

interface NodeState {
  node: Node;
  state: ConnectionState;
  conn: TransportConnection | null;
  /** Bumped on every new connection: callbacks of an old one see a different value and do nothing. */
  generation: number;
  assembler: FrameAssembler | null;
  queued: Request[];
  inFlight: Request[];
  versions: Map<number, { min: number; max: number }> | null;
  failures: number;
  backoffUntilMs: number;
  wakeup: WakeupHandle | null;
  setupDeadlineMs: number;
  /** The ApiVersions version last sent on this connection (the answer may have been read at v0). */
  apiVersionsSent: number;
  /** The SASL exchange of this connection while AUTHENTICATING. */
  sasl: SaslClientSession | null;
}

/** ApiVersions is the one request sent before versions are known; its own answer may lower its version. */
const API_VERSIONS = 18;
/** UNSUPPORTED_VERSION */
const UNSUPPORTED_VERSION = 35;
const SASL_HANDSHAKE = 17;
const SASL_AUTHENTICATE = 36;

export class NetworkClient {
  private readonly cfg: NetworkClientConfig;
  private readonly transport: Transport;
  private readonly clock: TimerClock;
  private readonly random: () => number;
  private readonly backoff: ExponentialBackoff;
  private readonly nodes = new Map<number, NodeState>();
  private nextCorrelationId = 1;
  private closed = false;

  constructor(cfg: NetworkClientConfig, transport: Transport, clock: TimerClock, random: () => number = Math.random) {
    for (const k of ["requestTimeoutMs", "connectionSetupTimeoutMs", "maxInFlightRequestsPerConnection", "maxQueuedRequestsPerNode", "maxNodes", "maxResponseBytes"] as const) {
      if (!Number.isSafeInteger(cfg[k]) || cfg[k] <= 0) throw new RangeError(`NetworkClient ${k} must be a positive integer, got ${cfg[k]}`);
    }
    this.cfg = cfg;
    this.transport = transport;
    this.clock = clock;
    this.random = random;
    this.backoff = new ExponentialBackoff({ initialMs: cfg.reconnectBackoffMs, multiplier: 2, maxMs: cfg.reconnectBackoffMaxMs, jitter: 0.2 });
  }

  connectionState(nodeId: number): ConnectionState {
    return this.nodes.get(nodeId)?.state ?? "DISCONNECTED";
  }

  /** The node's ApiVersions answer (key -> range), once a connection has been READY. */
  apiVersions(nodeId: number): ReadonlyMap<number, { min: number; max: number }> | null {
    return this.nodes.get(nodeId)?.versions ?? null;
  }

  inFlightCount(nodeId: number): number {
    return this.nodes.get(nodeId)?.inFlight.length ?? 0;
  }

  /**
   * Send a request built from `body` (fields not given take the schema's defaults) and resolve with the
   * decoded response and the version it was sent at. Rejects with the typed errors of network-errors.ts.
   */
  send<T = Record<string, unknown>>(node: Node, apiKey: number, body: Record<string, unknown>, opts: SendOptions = {}): Promise<ClientResponse<T>> {
    if (this.closed) return Promise.reject(new ClientClosedException());
    const api = API_BY_KEY.get(apiKey);
    const codec = API_CODECS.get(apiKey);
    if (!api || !codec) return Promise.reject(new RangeError(`unknown api key ${apiKey}`));
    const minVersion = Math.max(opts.minVersion ?? api.minVersion, api.minVersion);
    const maxVersion = Math.min(opts.maxVersion ?? api.maxVersion, api.maxVersion);
    if (minVersion > maxVersion) return Promise.reject(new RangeError(`api ${apiKey}: no version in [${opts.minVersion}, ${opts.maxVersion}] is generated (${api.minVersion}-${api.maxVersion})`));
    let s: NodeState;
    try {
      s = this.stateFor(node);
    } catch (e) {
      return Promise.reject(e as Error);
    }
    if (s.queued.length >= this.cfg.maxQueuedRequestsPerNode) return Promise.reject(new QueueFullException(node.id, this.cfg.maxQueuedRequestsPerNode, "the request queue"));
    // Kafka's connectionFailed(node): the last attempt failed and the node is backing off.
    if (opts.waitForConnection === false && s.state === "DISCONNECTED" && s.failures > 0 && this.clock.nowMs() < s.backoffUntilMs) {
      return Promise.reject(new DisconnectException(node.id, `the last connection attempt failed; reconnecting in ${s.backoffUntilMs - this.clock.nowMs()} ms (api ${apiKey} request never sent)`));
    }
    const timeoutMs = opts.timeoutMs ?? this.cfg.requestTimeoutMs;
    return new Promise<ClientResponse<T>>((resolve, reject) => {
      const req: Request = {
        apiKey,
        body: { ...(codec.newRequest() as object), ...body },
        minVersion,
        maxVersion,
        timeoutMs,
        waitForConnection: opts.waitForConnection ?? true,
        expectResponse: opts.expectResponse ?? true,
        deadlineMs: this.clock.deadlineAfterMs(timeoutMs),
        version: -1,
        correlationId: -1,
        resolve: resolve as (r: ClientResponse<unknown>) => void,
        reject,
        done: false,
      };
      s.queued.push(req);
      this.pump(s);
    });
  }

  /** Close the node's connection (queued requests stay queued; in-flight ones fail). */
  disconnect(nodeId: number, reason = "disconnected by the caller"): void {
    const s = this.nodes.get(nodeId);
    if (s) this.lost(s, reason, false);
  }

  /** Close every connection and fail every request; the client cannot be used again. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const s of this.nodes.values()) {
      this.lost(s, "client closed", false);
      for (const r of s.queued.splice(0)) this.fail(r, new ClientClosedException());
      s.wakeup?.cancel();
    }
    this.nodes.clear();
  }

  private stateFor(node: Node): NodeState {
    let s = this.nodes.get(node.id);
    if (s) {
      if (s.node.host !== node.host || s.node.port !== node.port) {
        // The node moved (a new registration): its old connection is to the wrong place.
        this.lost(s, `node moved to ${node.host}:${node.port}`, false);
        s.node = { ...node };
        s.failures = 0;
        s.backoffUntilMs = 0;
      }
      return s;
    }
    if (this.nodes.size >= this.cfg.maxNodes) throw new QueueFullException(node.id, this.cfg.maxNodes, "the node table");
    s = {
      node: { ...node },
      state: "DISCONNECTED",
      conn: null,
      generation: 0,
      assembler: null,
      queued: [],
      inFlight: [],
      versions: null,
      failures: 0,
      backoffUntilMs: 0,
      wakeup: null,
      setupDeadlineMs: 0,
      apiVersionsSent: -1,
      sasl: null,
    };
    this.nodes.set(node.id, s);
    return s;
  }

  /** Move the node forward: expire, connect, or send what the in-flight limit allows; then arm the next wake-up. */
  private pump(s: NodeState): void {
    if (this.closed) return;
    const now = this.clock.nowMs();
    this.expire(s, now);
    if (s.state === "DISCONNECTED" && s.queued.length > 0 && now >= s.backoffUntilMs) this.connect(s, now);
    if (s.state === "READY") {
      // Bounded by the in-flight limit.
      while (s.queued.length > 0 && s.inFlight.length < this.cfg.maxInFlightRequestsPerConnection) {
        const req = s.queued.shift()!;
        if (!this.transmit(s, req)) break;
      }
    }
    this.arm(s, now);
  }

  /** Fail requests past their deadline; one in flight (or a setup past its deadline) closes the connection. */
  private expire(s: NodeState, now: number): void {
    if (s.queued.some((r) => r.deadlineMs <= now)) {
      s.queued = s.queued.filter((r) => {
        if (r.deadlineMs > now) return true;
        this.fail(r, new TimeoutException(s.node.id, `api ${r.apiKey} request (never sent)`, r.timeoutMs));
        return false;
      });
    }
    const late = s.inFlight.find((r) => r.deadlineMs <= now);
    if (late) {
      s.inFlight = s.inFlight.filter((r) => r !== late);
      this.fail(late, new TimeoutException(s.node.id, `api ${late.apiKey} v${late.version} request`, late.timeoutMs));
      this.lost(s, `request timed out after ${late.timeoutMs} ms`, true);
      return;
    }
    if ((s.state === "CONNECTING" || s.state === "CHECKING_API_VERSIONS" || s.state === "AUTHENTICATING") && now >= s.setupDeadlineMs) {
      this.lost(s, `connection setup timed out after ${this.cfg.connectionSetupTimeoutMs} ms`, true);
    }
  }

  private arm(s: NodeState, now: number): void {
    s.wakeup?.cancel();
    s.wakeup = null;
    let due = Number.POSITIVE_INFINITY;
    for (const r of s.queued) due = Math.min(due, r.deadlineMs);
    for (const r of s.inFlight) due = Math.min(due, r.deadlineMs);
    if (s.state === "CONNECTING" || s.state === "CHECKING_API_VERSIONS" || s.state === "AUTHENTICATING") due = Math.min(due, s.setupDeadlineMs);
    if (s.state === "DISCONNECTED" && s.queued.length > 0) due = Math.min(due, s.backoffUntilMs);
    if (due === Number.POSITIVE_INFINITY) return;
    s.wakeup = this.clock.schedule(() => {
      s.wakeup = null;
      this.pump(s);
    }, Math.max(0, due - now));
  }

  private connect(s: NodeState, now: number): void {
    s.state = "CONNECTING";
    s.setupDeadlineMs = now + this.cfg.connectionSetupTimeoutMs;
    const generation = ++s.generation;
    s.assembler = new FrameAssembler(this.cfg.maxResponseBytes);
    this.transport
      .connect(s.node.host, s.node.port, {
        onData: (chunk) => {
          if (s.generation === generation) this.onData(s, chunk);
        },
        onClose: (reason) => {
          if (s.generation === generation) this.lost(s, reason, true);
        },
      })
      .then(
        (conn) => {
          if (s.generation !== generation || this.closed) return conn.close();
          s.conn = conn;
          s.state = "CHECKING_API_VERSIONS";
          this.sendApiVersions(s, API_BY_KEY.get(API_VERSIONS)!.maxVersion);
        },
        (e: unknown) => {
          if (s.generation === generation) this.lost(s, `connect failed: ${e instanceof Error ? e.message : String(e)}`, true);
        },
      );
  }

  private sendApiVersions(s: NodeState, version: number): void {
    s.apiVersionsSent = version;
    const req: Request = {
      apiKey: API_VERSIONS,
      body: { ...(API_CODECS.get(API_VERSIONS)!.newRequest() as object), clientSoftwareName: this.cfg.softwareName, clientSoftwareVersion: this.cfg.softwareVersion },
      minVersion: 0,
      maxVersion: version,
      timeoutMs: this.cfg.connectionSetupTimeoutMs,
      waitForConnection: true,
      expectResponse: true,
      deadlineMs: s.setupDeadlineMs,
      version,
      correlationId: -1,
      resolve: (r) => this.onApiVersions(s, r.version, r.body as ApiVersionsResponse),
      reject: () => {},
      done: false,
    };
    this.transmit(s, req, version);
  }

  private onApiVersions(s: NodeState, version: number, res: ApiVersionsResponse): void {
    if (res.errorCode === UNSUPPORTED_VERSION) {
      // KIP-511: the node answered with its own ApiVersions range; retry at its highest (v0 if absent).
      const own = res.apiKeys.find((k) => k.apiKey === API_VERSIONS);
      const sent = s.apiVersionsSent;
      if (sent === 0) return this.lost(s, "ApiVersions v0 answered UNSUPPORTED_VERSION", true);
      return this.sendApiVersions(s, Math.max(0, Math.min(own ? own.maxVersion : 0, sent - 1)));
    }
    if (res.errorCode !== 0) return this.lost(s, `ApiVersions answered error ${res.errorCode}`, true);
    const versions = new Map<number, { min: number; max: number }>();
    // Bounded by the response, itself bounded by maxResponseBytes.
    for (const k of res.apiKeys) versions.set(k.apiKey, { min: k.minVersion, max: k.maxVersion });
    s.versions = versions;
    if (this.cfg.sasl) return this.startSasl(s);
    this.ready(s);
  }

  private ready(s: NodeState): void {
    s.sasl = null;
    s.state = "READY";
    s.failures = 0;
    // Requests whose versions the node cannot serve fail now rather than at send time one by one.
    this.pump(s);
  }

  /** A request of the connection set-up (SASL), sent at `version` whatever the caller queue holds. */
  private sendSetup(s: NodeState, apiKey: number, version: number, body: Record<string, unknown>, onResponse: (body: Record<string, unknown>) => void): void {
    const req: Request = {
      apiKey,
      body: { ...(API_CODECS.get(apiKey)!.newRequest() as object), ...body },
      minVersion: version,
      maxVersion: version,
      timeoutMs: this.cfg.connectionSetupTimeoutMs,
      waitForConnection: true,
      expectResponse: true,
      deadlineMs: s.setupDeadlineMs,
      version,
      correlationId: -1,
      resolve: (r) => onResponse(r.body as Record<string, unknown>),
      reject: () => {},
      done: false,
    };
    this.transmit(s, req, version);
  }

  private startSasl(s: NodeState): void {
    let session: SaslClientSession;
    try {
      session = this.cfg.sasl!();
    } catch (e) {
      return this.lost(s, `SASL set-up failed: ${e instanceof Error ? e.message : String(e)}`, true);
    }
    s.sasl = session;
    s.state = "AUTHENTICATING";
    const authRange = s.versions?.get(SASL_AUTHENTICATE);
    const handshakeRange = s.versions?.get(SASL_HANDSHAKE);
    if (!authRange || !handshakeRange || handshakeRange.max < 1) return this.lost(s, "the node does not serve SaslHandshake v1 and SaslAuthenticate", true);
    const authVersion = Math.min(2, authRange.max);
    this.sendSetup(s, SASL_HANDSHAKE, 1, { mechanism: session.mechanism }, (res) => {
      if (res.errorCode !== 0) return this.lost(s, `SaslHandshake for ${session.mechanism} answered error ${String(res.errorCode)} (the node enables ${String(res.mechanisms)})`, true);
      this.saslStep(s, session, authVersion, null);
    });
  }

  /** One SaslAuthenticate round: the session's answer to `challenge` (null: its first token). */
  private saslStep(s: NodeState, session: SaslClientSession, version: number, challenge: Uint8Array | null): void {
    let token: Uint8Array | null;
    try {
      token = session.evaluate(challenge);
    } catch (e) {
      return this.lost(s, `SASL ${session.mechanism} failed: ${e instanceof Error ? e.message : String(e)}`, true);
    }
    if (session.isComplete()) return this.ready(s);
    if (token === null) return this.lost(s, `SASL ${session.mechanism} stopped before completing`, true);
    this.sendSetup(s, SASL_AUTHENTICATE, version, { authBytes: token }, (res) => {
      if (res.errorCode !== 0) return this.lost(s, `SASL authentication failed: ${String(res.errorMessage)}`, true);
      this.saslStep(s, session, version, res.authBytes as Uint8Array);
    });
  }

  /** Pick the version, encode and write; false when the request was failed instead. */
  private transmit(s: NodeState, req: Request, fixedVersion?: number): boolean {
    let version = fixedVersion;
    if (version === undefined) {
      const range = s.versions?.get(req.apiKey);
      const hi = range ? Math.min(range.max, req.maxVersion) : -1;
      if (!range || hi < Math.max(range.min, req.minVersion)) {
        const served = range ? `${range.min}-${range.max}` : "none";
        this.fail(req, new UnsupportedVersionException(s.node.id, req.apiKey, `it serves versions ${served}, this side sends ${req.minVersion}-${req.maxVersion}`));
        return true;
      }
      version = hi;
    }
    req.version = version;
    req.correlationId = this.nextCorrelationId;
    // Correlation ids wrap inside the positive int32 range.
    this.nextCorrelationId = this.nextCorrelationId >= 0x7fffffff ? 1 : this.nextCorrelationId + 1;
    let frame: Uint8Array;
    try {
      frame = encodeRequest({ requestApiKey: req.apiKey, requestApiVersion: version, correlationId: req.correlationId, clientId: this.cfg.clientId }, req.body);
    } catch (e) {
      this.fail(req, e instanceof Error ? e : new Error(String(e)));
      return true;
    }
    if (!req.expectResponse) {
      if (!s.conn || !s.conn.write(frame)) {
        this.fail(req, new DisconnectException(s.node.id, "write failed"));
        this.lost(s, "write failed", true);
        return false;
      }
      req.done = true;
      req.resolve({ version, body: null });
      return true;
    }
    s.inFlight.push(req);
    if (!s.conn || !s.conn.write(frame)) {
      this.lost(s, "write failed", true);
      return false;
    }
    return true;
  }

  private onData(s: NodeState, chunk: Uint8Array): void {
    let frames: Uint8Array[];
    try {
      frames = s.assembler!.push(chunk);
    } catch (e) {
      return this.lost(s, `bad response frame: ${(e as Error).message}`, true);
    }
    for (const frame of frames) {
      const head = s.inFlight[0];
      const corr = frame.length >= 4 ? new DataView(frame.buffer, frame.byteOffset, 4).getInt32(0) : -1;
      if (!head || corr !== head.correlationId) {
        // Kafka answers in order on one connection: anything else means the stream cannot be trusted.
        return this.lost(s, `response correlation id ${corr} does not match the oldest request in flight (${head?.correlationId ?? "none"})`, true);
      }
      s.inFlight.shift();
      let d = decodeResponse(frame, head.apiKey, head.version);
      // KIP-511: a node that does not know our ApiVersions version answers UNSUPPORTED_VERSION at v0,
      // so a response that does not parse at the version sent is read again at v0 (as Kafka's client does).
      if (!d.ok && head.apiKey === API_VERSIONS && head.version > 0) {
        d = decodeResponse(frame, API_VERSIONS, 0);
        if (d.ok) head.version = 0;
      }
      if (!d.ok) {
        this.fail(head, new DisconnectException(s.node.id, `undecodable api ${head.apiKey} v${head.version} response: ${d.error?.message ?? "unknown api"}`));
        return this.lost(s, "undecodable response", true);
      }
      assert(d.correlationId === head.correlationId, () => `decoded correlation id ${d.correlationId} differs from the frame's ${head.correlationId}`);
      if (!head.done) {
        head.done = true;
        head.resolve({ version: head.version, body: d.body });
      }
      // A callback may have closed the connection (or the client); its remaining frames are void.
      if (s.state === "DISCONNECTED") return;
    }
    this.pump(s);
  }

  /** The connection is gone: fail what was in flight, back off if it was a failure, reconnect if needed. */
  private lost(s: NodeState, reason: string, failure: boolean): void {
    const wasConnected = s.state !== "DISCONNECTED";
    s.generation++;
    const conn = s.conn;
    s.conn = null;
    s.assembler = null;
    s.sasl = null;
    s.state = "DISCONNECTED";
    conn?.close();
    for (const r of s.inFlight.splice(0)) this.fail(r, new DisconnectException(s.node.id, reason));
    if (failure && s.queued.some((r) => !r.waitForConnection)) {
      s.queued = s.queued.filter((r) => {
        if (r.waitForConnection) return true;
        this.fail(r, new DisconnectException(s.node.id, `${reason} (api ${r.apiKey} request never sent)`));
        return false;
      });
    }
    if (failure && wasConnected) {
      const now = this.clock.nowMs();
      s.backoffUntilMs = now + this.backoff.backoffMs(s.failures, this.random);
      s.failures++;
    }
    if (!this.closed) this.pump(s);
  }

  private fail(r: Request, e: Error): void {
    if (r.done) return;
    r.done = true;
    r.reject(e);
  }
}
