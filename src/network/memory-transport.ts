// An in-process Transport: "nodes" register a server handler under host:port, and connections between
// them carry bytes through hand-offs scheduled on an injected clock (latencyMs later), so
// a whole cluster runs in one process under a FakeClock, deterministically. Links can be cut (network
// partitions) and listeners removed (a node killed); what a cut drops is dropped, as on a real network.

import type { TimerClock } from "../util/purgatory/clock.ts";
import type { Transport, TransportConnection, TransportHandlers } from "./transport.ts";

/** What a listening node sees of one accepted connection. */
export interface MemoryServerConnection {
  /** Send bytes back to the connecting side. */
  write(bytes: Uint8Array): boolean;
  close(): void;
  readonly remote: string;
}

export interface MemoryServerHandlers {
  onData(conn: MemoryServerConnection, chunk: Uint8Array): void;
  onClose?(conn: MemoryServerConnection): void;
}

interface Link {
  client: TransportHandlers;
  server: MemoryServerHandlers;
  serverConn: MemoryServerConnection;
  from: string;
  to: string;
  open: boolean;
}

/** Bound on connections alive at once: a leak in a test shows as an error, not a slow heap. */
const MAX_LINKS = 100_000;

export class MemoryTransport implements Transport {
  private readonly clock: TimerClock;
  private readonly latencyMs: number;
  private readonly listeners = new Map<string, MemoryServerHandlers>();
  private readonly links = new Set<Link>();
  /** Directed cuts "from->to": bytes in that direction are dropped and new connections refused. */
  private readonly cuts = new Set<string>();
  /** The name this transport's connections come from (one MemoryTransport per node, sharing a network). */
  readonly localName: string;
  private readonly network: MemoryTransport | null;

  constructor(clock: TimerClock, opts: { latencyMs?: number } = {}, localName = "client", network: MemoryTransport | null = null) {
    this.clock = clock;
    this.latencyMs = opts.latencyMs ?? 0;
    this.localName = localName;
    this.network = network;
  }

  /** A transport for node `name` on the same network (shares listeners, links and cuts). */
  forNode(name: string): MemoryTransport {
    return new MemoryTransport(this.clock, { latencyMs: this.latencyMs }, name, this.root);
  }

  private get root(): MemoryTransport {
    return this.network ?? this;
  }

  listen(host: string, port: number, handlers: MemoryServerHandlers): void {
    const key = `${host}:${port}`;
    if (this.root.listeners.has(key)) throw new Error(`memory transport: ${key} is already listening`);
    this.root.listeners.set(key, handlers);
  }

  /** Stop listening and drop every connection to host:port (the node is gone). */
  unlisten(host: string, port: number): void {
    const key = `${host}:${port}`;
    this.root.listeners.delete(key);
    for (const l of [...this.root.links]) if (l.to === key) this.root.drop(l, "peer is gone");
  }

  /** Cut both directions between two names (a node's localName, or a listener's host:port). */
  partition(a: string, b: string): void {
    this.root.cuts.add(`${a}->${b}`);
    this.root.cuts.add(`${b}->${a}`);
  }

  heal(a: string, b: string): void {
    this.root.cuts.delete(`${a}->${b}`);
    this.root.cuts.delete(`${b}->${a}`);
  }

  private isCut(from: string, to: string): boolean {
    return this.root.cuts.has(`${from}->${to}`);
  }

  connect(host: string, port: number, client: TransportHandlers): Promise<TransportConnection> {
    const root = this.root;
    const to = `${host}:${port}`;
    const from = this.localName;
    const server = root.listeners.get(to);
    if (!server || root.isCut(from, to)) return Promise.reject(new Error(`connect to ${to} refused`));
    if (root.links.size >= MAX_LINKS) return Promise.reject(new Error(`memory transport: more than ${MAX_LINKS} connections`));
    const link: Link = { client, server, serverConn: null as unknown as MemoryServerConnection, from, to, open: true };
    link.serverConn = {
      remote: from,
      write: (bytes) => root.deliver(link, to, from, () => client.onData(bytes)),
      close: () => root.drop(link, "closed by the peer"),
    };
    root.links.add(link);
    const conn: TransportConnection = {
      get queuedBytes() {
        return 0;
      },
      write: (bytes) => root.deliver(link, from, to, () => server.onData(link.serverConn, bytes)),
      close: () => root.drop(link, "closed by this side"),
    };
    return Promise.resolve(conn);
  }

  /** Hand bytes over after the latency, unless the link closed or the direction is cut meanwhile. */
  private deliver(link: Link, from: string, to: string, hand: () => void): boolean {
    if (!link.open) return false;
    if (this.isCut(from, to)) return true; // dropped on the wire: the sender cannot tell
    this.clock.schedule(() => {
      if (link.open && !this.isCut(from, to)) hand();
    }, this.latencyMs);
    return true;
  }

  private drop(link: Link, reason: string): void {
    if (!link.open) return;
    link.open = false;
    this.links.delete(link);
    this.clock.schedule(() => {
      link.client.onClose(reason);
      link.server.onClose?.(link.serverConn);
    }, 0);
  }

  /** Connections alive (for leak checks in tests). */
  get openLinks(): number {
    return this.root.links.size;
  }
}
