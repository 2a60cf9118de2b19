// The socket server: one Bun.listen per listener, a Connection per socket, idle expiry, shutdown, and
// Kafka's connection quotas (connection-quotas.ts): a connection over max.connections.per.ip is closed at
// once; one over max.connections waits, paused, until another closes.

import type { Socket, TCPSocketListener } from "bun";
import { Connection, type ConnectionLimits, type ConnectionLog, type RequestSink } from "./connection.ts";
import { ConnectionQuotas, MAX_WAITING_CONNECTIONS, type ConnectionQuotaConfig } from "./connection-quotas.ts";

export interface ListenerSpec {
  name: string;
  host: string;
  port: number;
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
}

interface WaitingSocket {
  listener: ListenerSpec;
  address: string;
}

export interface BoundListener {
  name: string;
  host: string;
  port: number;
}

export class SocketServer {
  private readonly opts: SocketServerOptions;
  private readonly servers: TCPSocketListener<Connection | undefined>[] = [];
  readonly connections = new Set<Connection>();
  private nextId = 1;
  private idleTimer: ReturnType<typeof setInterval> | null = null;
  readonly bound: BoundListener[] = [];
  readonly quotas: ConnectionQuotas;
  /** Accepted sockets waiting, paused, for a slot under max.connections; oldest first. */
  private readonly waiting = new Map<Socket<Connection | undefined>, WaitingSocket>();

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
      const server = Bun.listen<Connection | undefined>({
        hostname: l.host,
        port: l.port,
        socket: {
          open: (socket) => this.onOpen(socket, l),
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
        },
      });
      this.servers.push(server);
      this.bound.push({ name: l.name, host: l.host, port: server.port });
    }
    // Sweep for idle connections a few times per idle period (at least once a second, at most every 30 s).
    const sweepMs = Math.max(1000, Math.min(30_000, Math.floor(this.opts.maxIdleMs / 4)));
    this.idleTimer = setInterval(() => this.expireIdle(), sweepMs);
    this.idleTimer.unref?.();
    return this.bound;
  }

  private onOpen(socket: Socket<Connection | undefined>, listener: ListenerSpec): void {
    socket.setNoDelay(true);
    const address = socket.remoteAddress;
    if (this.quotas.hasSlot && this.waiting.size === 0) {
      this.admit(socket, listener, address);
      return;
    }
    if (this.waiting.size >= MAX_WAITING_CONNECTIONS) {
      this.opts.log.warn("closing a new connection: max.connections reached and the wait queue is full", { address, waiting: this.waiting.size });
      socket.end();
      return;
    }
    // Unread until a slot frees: Kafka's acceptor stops accepting at max.connections the same way.
    socket.pause();
    this.waiting.set(socket, { listener, address });
  }

  private admit(socket: Socket<Connection | undefined>, listener: ListenerSpec, address: string): void {
    if (!this.quotas.tryInc(address)) {
      this.opts.log.info(`Rejected connection from ${address}, address already has the configured maximum of ${this.quotas.maxFor(address)} connections.`, { listener: listener.name });
      socket.end();
      return;
    }
    const limits = listener.maxPreAuthFrameBytes === undefined ? this.opts.limits : { ...this.opts.limits, maxPreAuthFrameBytes: listener.maxPreAuthFrameBytes };
    const conn = new Connection(this.nextId++, socket, listener.name, listener.sink ?? this.opts.sink, limits, this.opts.log, (c) => {
      this.connections.delete(c);
      this.quotas.dec(address);
      this.admitWaiting();
      this.opts.onConnectionClosed?.(c.id);
    });
    socket.data = conn;
    this.connections.add(conn);
  }

  /** Hand freed slots to waiting sockets, oldest first. Bounded by the wait queue's size. */
  private admitWaiting(): void {
    for (const [socket, w] of this.waiting) {
      if (!this.quotas.hasSlot) return;
      this.waiting.delete(socket);
      this.admit(socket, w.listener, w.address);
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
    for (const s of this.servers) s.stop(false);
    this.servers.length = 0;
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
    for (const c of [...this.connections]) c.close();
  }

  /** Wait (bounded) until every connection's peer has closed its side too. */
  async waitClosed(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    // Bounded by the deadline.
    while (this.connections.size > 0 && Date.now() < deadline) await Bun.sleep(10);
  }
}
