// The socket server: one Bun.listen per listener, a Connection per socket, idle expiry, shutdown, and
// Kafka's connection quotas (connection-quotas.ts): a connection over max.connections.per.ip is closed at
// once; one over max.connections waits, paused, until another closes; one over its address's
// connection_creation_rate (the connectionThrottleMs hook) is held unread and closed after the throttle.
//
// TLS listeners (SSL, SASL_SSL) listen with Bun's TLS. The connection is admitted at `open` but reads no
// request before the handshake: Bun delivers application data only after it. On the handshake the
// principal is set from the client's certificate (ssl-engine.ts); a failed handshake or authentication
// closes the connection. A new certificate (dynamic broker config) takes effect by listening again on
// the same port with the new TLS options: Bun cannot swap a listener's certificate in place (its
// reload() takes handlers only). Connections already open keep their TLS session.

import type { Socket, TCPSocketListener } from "bun";
import { Connection, type ConnectionLimits, type ConnectionLog, type RequestSink } from "./connection.ts";
import { ConnectionQuotas, MAX_WAITING_CONNECTIONS, type ConnectionQuotaConfig } from "./connection-quotas.ts";
import { sslPrincipal, type SslServerEngine } from "./ssl/ssl-engine.ts";

export interface ListenerSpec {
  name: string;
  host: string;
  port: number;
  /** Set for SSL and SASL_SSL listeners. */
  ssl?: SslServerEngine;
  /** This listener's request sink (a SASL listener's authenticator in front of the dispatcher); default: the server's. */
  sink?: RequestSink;
  /** The frame limit before authentication (sasl.server.max.receive.size); default: none beyond maxFrameBytes. */
  maxPreAuthFrameBytes?: number;
}

export interface SocketServerOptions {
  listeners: ListenerSpec[];
  limits: ConnectionLimits;
  /** connections.max.idle.ms: a connection with nothing in flight for this long is closed. */
  maxIdleMs: number;
  sink: RequestSink;
  log: ConnectionLog & { info(msg: string, fields?: Record<string, unknown>): void };
  /** max.connections, max.connections.per.ip and its overrides; unlimited when absent. */
  quotas?: ConnectionQuotaConfig;
  /** Called once per connection when it closes (Kafka's ConnectionDisconnectListener). */
  onConnectionClosed?: (connectionId: number) => void;
  /**
   * Kafka's per-IP connection creation rate (connection_creation_rate): called for each new connection;
   * a result above 0 holds it unread for that many ms and then closes it (Kafka's DelayedCloseSocket).
   */
  connectionThrottleMs?: (listenerName: string, address: string) => number;
}

interface WaitingSocket {
  listenerName: string;
  address: string;
  tls: boolean;
  /** Set when a TLS handshake finished while the socket waited. */
  principal?: { readonly principalType: string; readonly name: string };
}

export interface BoundListener {
  name: string;
  host: string;
  port: number;
}

export class SocketServer {
  private readonly opts: SocketServerOptions;
  private readonly servers = new Map<string, TCPSocketListener<Connection | undefined>>();
  /** The TLS engine each TLS listener serves with now (replaced by reloadSsl). */
  private readonly sslByListener = new Map<string, SslServerEngine>();
  /** Each listener as started (its own sink and pre-auth frame limit), by name; bounded by the listeners. */
  private readonly specByListener = new Map<string, ListenerSpec>();
  readonly connections = new Set<Connection>();
  private nextId = 1;
  private idleTimer: ReturnType<typeof setInterval> | null = null;
  readonly bound: BoundListener[] = [];
  readonly quotas: ConnectionQuotas;
  /** Accepted sockets waiting, paused, for a slot under max.connections; oldest first. */
  private readonly waiting = new Map<Socket<Connection | undefined>, WaitingSocket>();
  /** Sockets over their address's connection rate, held until their close (bounded as the wait queue). */
  private readonly throttled = new Map<Socket<Connection | undefined>, ReturnType<typeof setTimeout>>();

  constructor(opts: SocketServerOptions) {
    this.opts = opts;
    const unlimited = 2 ** 31 - 1;
    this.quotas = new ConnectionQuotas(opts.quotas ?? { maxConnections: unlimited, maxConnectionsPerIp: unlimited, perIpOverrides: new Map() });
  }

  /** Connections accepted but waiting for a slot under max.connections. */
  get waitingCount(): number {
    return this.waiting.size;
  }

  start(): BoundListener[] {
    for (const l of this.opts.listeners) {
      this.specByListener.set(l.name, l);
      if (l.ssl) this.sslByListener.set(l.name, l.ssl);
      const server = this.listen(l.name, l.host, l.port, l.ssl);
      this.servers.set(l.name, server);
      this.bound.push({ name: l.name, host: l.host, port: server.port });
    }
    // Sweep for idle connections a few times per idle period (at least once a second, at most every 30 s).
    const sweepMs = Math.max(1000, Math.min(30_000, Math.floor(this.opts.maxIdleMs / 4)));
    this.idleTimer = setInterval(() => this.expireIdle(), sweepMs);
    this.idleTimer.unref?.();
    return this.bound;
  }

  private listen(name: string, host: string, port: number, ssl: SslServerEngine | undefined): TCPSocketListener<Connection | undefined> {
    const tls = ssl !== undefined;
    return Bun.listen<Connection | undefined>({
      hostname: host,
      port,
      ...(ssl ? { tls: ssl.tls } : {}),
      socket: {
        open: (socket) => this.onOpen(socket, name, tls),
        data: (socket, data) => socket.data?.onData(data),
        drain: (socket) => socket.data?.onDrain(),
        close: (socket) => {
          if (socket.data === undefined) this.waiting.delete(socket);
          else socket.data.onSocketClosed();
        },
        error: (socket, err) => {
          this.opts.log.warn("socket error", { connection: socket.data?.id, error: err.message });
          if (socket.data === undefined) this.waiting.delete(socket);
          else socket.data.onSocketClosed();
        },
        ...(ssl ? { handshake: (socket: Socket<Connection | undefined>, success: boolean, err: Error | null) => this.onHandshake(socket, name, success, err) } : {}),
      },
    });
  }

  /** The TLS handshake finished: the connection's principal, or close (Kafka's SslAuthenticationException). */
  private onHandshake(socket: Socket<Connection | undefined>, listenerName: string, success: boolean, err: Error | null): void {
    const conn = socket.data;
    const engine = this.sslByListener.get(listenerName)!;
    if (!success && engine.clientAuth === "required") {
      this.opts.log.warn("closing connection: SSL handshake failed", { listener: listenerName, address: socket.remoteAddress, error: err?.message });
      if (conn) conn.close();
      else socket.end();
      return;
    }
    try {
      const principal = sslPrincipal(socket as Socket<unknown>, engine, err);
      if (conn) conn.principal = principal;
      else {
        // A waiting socket (max.connections) is admitted later; it keeps the principal until then. A
        // socket refused at open (per-IP quota) is neither: nothing to record.
        const w = this.waiting.get(socket);
        if (w) w.principal = principal;
      }
    } catch (e) {
      this.opts.log.warn("closing connection: SSL authentication failed", { listener: listenerName, address: socket.remoteAddress, error: (e as Error).message });
      if (conn) conn.close();
      else {
        this.waiting.delete(socket);
        socket.end();
      }
    }
  }

  /**
   * A TLS listener's new keystore/truststore (dynamic broker config): listen again on the same port
   * with the new options. New connections get the new certificate; open ones keep going.
   */
  reloadSsl(listenerName: string, engine: SslServerEngine): void {
    const old = this.servers.get(listenerName);
    const bound = this.bound.find((b) => b.name === listenerName);
    if (!old || !bound || !this.sslByListener.has(listenerName)) throw new Error(`no TLS listener named ${listenerName}`);
    const previous = this.sslByListener.get(listenerName)!;
    // Stop accepting on the old socket (open connections stay), then bind the port again. Between the
    // two a new connection is refused (clients retry); if the port cannot be bound again the old
    // engine is tried once more, and a listener that cannot be bound at all is reported.
    old.stop(false);
    try {
      this.servers.set(listenerName, this.listen(listenerName, bound.host, bound.port, engine));
      this.sslByListener.set(listenerName, engine);
    } catch (e) {
      this.servers.delete(listenerName);
      this.opts.log.warn("could not listen again with the new SSL configuration", { listener: listenerName, port: bound.port, error: (e as Error).message });
      this.servers.set(listenerName, this.listen(listenerName, bound.host, bound.port, previous));
      throw e;
    }
    this.opts.log.info("listener's SSL configuration reloaded", { listener: listenerName, subject: engine.keystoreSubject });
  }

  private onOpen(socket: Socket<Connection | undefined>, listenerName: string, tls: boolean): void {
    socket.setNoDelay(true);
    const address = socket.remoteAddress;
    const throttleMs = this.opts.connectionThrottleMs?.(listenerName, address) ?? 0;
    if (throttleMs > 0) {
      this.holdThenClose(socket, address, throttleMs);
      return;
    }
    if (this.quotas.hasSlot && this.waiting.size === 0) {
      this.admit(socket, listenerName, address, tls);
      return;
    }
    if (this.waiting.size >= MAX_WAITING_CONNECTIONS) {
      this.opts.log.warn("closing a new connection: max.connections reached and the wait queue is full", { address, waiting: this.waiting.size });
      socket.end();
      return;
    }
    // Unread until a slot frees: Kafka's acceptor stops accepting at max.connections the same way.
    socket.pause();
    this.waiting.set(socket, { listenerName, address, tls });
  }

  private holdThenClose(socket: Socket<Connection | undefined>, address: string, throttleMs: number): void {
    if (this.throttled.size >= MAX_WAITING_CONNECTIONS) {
      socket.end();
      return;
    }
    this.opts.log.info(`Delaying closing of connection from ${address} for ${throttleMs} ms (connection_creation_rate)`);
    socket.pause();
    this.throttled.set(
      socket,
      setTimeout(() => {
        this.throttled.delete(socket);
        socket.end();
      }, throttleMs),
    );
  }

  private admit(socket: Socket<Connection | undefined>, listenerName: string, address: string, tls: boolean, principal?: WaitingSocket["principal"]): void {
    if (!this.quotas.tryInc(address)) {
      this.opts.log.info(`Rejected connection from ${address}, address already has the configured maximum of ${this.quotas.maxFor(address)} connections.`, { listener: listenerName });
      socket.end();
      return;
    }
    const spec = this.specByListener.get(listenerName);
    const limits = spec?.maxPreAuthFrameBytes === undefined ? this.opts.limits : { ...this.opts.limits, maxPreAuthFrameBytes: spec.maxPreAuthFrameBytes };
    const conn = new Connection(this.nextId++, socket, listenerName, spec?.sink ?? this.opts.sink, limits, this.opts.log, (c) => {
      this.connections.delete(c);
      this.quotas.dec(address);
      this.admitWaiting();
      this.opts.onConnectionClosed?.(c.id);
    }, tls);
    if (principal) conn.principal = principal;
    socket.data = conn;
    this.connections.add(conn);
  }

  /** Hand freed slots to waiting sockets, oldest first. Bounded by the wait queue's size. */
  private admitWaiting(): void {
    for (const [socket, w] of this.waiting) {
      if (!this.quotas.hasSlot) return;
      this.waiting.delete(socket);
      this.admit(socket, w.listenerName, w.address, w.tls, w.principal);
      if (socket.data !== undefined) socket.resume();
    }
  }

  private expireIdle(): void {
    const now = Date.now();
    for (const c of this.connections) {
      // lastActiveMs moves on every read and every write that made progress (see Connection).
      if ((c.idle || c.waitingForClient) && now - c.lastActiveMs > this.opts.maxIdleMs) {
        this.opts.log.info(c.idle ? "closing idle connection" : "closing connection whose client stopped reading its responses", { connection: c.id, idleMs: now - c.lastActiveMs });
        c.close();
      }
    }
  }

  /** Stop accepting; existing connections are left to the caller (shutdown drains them). */
  stopListening(): void {
    for (const s of this.servers.values()) s.stop(false);
    this.servers.clear();
    if (this.idleTimer) clearInterval(this.idleTimer);
    this.idleTimer = null;
  }

  /** Stop starting requests on every connection; in-flight ones still get their responses. */
  quiesceAll(): void {
    for (const c of this.connections) c.quiesce();
  }

  closeAll(): void {
    for (const socket of this.waiting.keys()) socket.end();
    this.waiting.clear();
    for (const [socket, timer] of this.throttled) {
      clearTimeout(timer);
      socket.end();
    }
    this.throttled.clear();
    for (const c of [...this.connections]) c.close();
  }

  /** Wait (bounded) until every connection's peer has closed its side too. */
  async waitClosed(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    // Bounded by the deadline.
    while (this.connections.size > 0 && Date.now() < deadline) await Bun.sleep(10);
  }
}
