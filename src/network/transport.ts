// The byte pipe under the outbound NetworkClient, behind an interface so a cluster can run in one
// process over MemoryTransport (memory-transport.ts) with an injected clock, and over real sockets
// (socketTransport below) in production and in multi-process tests.

import type { Socket } from "bun";
import type { SslClientEngine } from "./ssl/ssl-engine.ts";

export interface TransportHandlers {
  /** Bytes from the peer, in order; the buffer belongs to the receiver. */
  onData(chunk: Uint8Array): void;
  /** The connection ended (peer close, reset, or our own close()); called at most once. */
  onClose(reason: string): void;
}

export interface TransportConnection {
  /** Queue bytes to send, in order; false once the connection is closed (the bytes are dropped). */
  write(bytes: Uint8Array): boolean;
  /** Bytes queued and not yet taken by the kernel (or the peer). */
  readonly queuedBytes: number;
  close(): void;
}

export interface Transport {
  /** Open a connection; rejects when the peer cannot be reached. The caller bounds the wait. */
  connect(host: string, port: number, handlers: TransportHandlers): Promise<TransportConnection>;
}

/** Bun's socket.write takes what the kernel accepts; the rest waits here until the drain callback. */
class SocketConnection implements TransportConnection {
  socket: Socket<undefined> | null = null;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private closed = false;
  private readonly handlers: TransportHandlers;

  constructor(handlers: TransportHandlers) {
    this.handlers = handlers;
  }

  get queuedBytes(): number {
    return this.pendingBytes;
  }

  write(bytes: Uint8Array): boolean {
    if (this.closed || !this.socket) return false;
    if (this.pending.length === 0) {
      const n = this.socket.write(bytes);
      if (n < 0) {
        this.ended("write failed");
        return false;
      }
      if (n === bytes.length) return true;
      bytes = bytes.subarray(n);
    }
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    return true;
  }

  drain(): void {
    // Bounded by the queue's length: each pass either empties a buffer or stops at a short write.
    while (this.pending.length > 0 && this.socket && !this.closed) {
      const head = this.pending[0]!;
      const n = this.socket.write(head);
      if (n < 0) return this.ended("write failed");
      this.pendingBytes -= n;
      if (n < head.length) {
        this.pending[0] = head.subarray(n);
        return;
      }
      this.pending.shift();
    }
  }

  ended(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.pending = [];
    this.pendingBytes = 0;
    this.handlers.onClose(reason);
  }

  close(): void {
    if (this.closed) return;
    this.socket?.end();
    this.ended("closed by this side");
  }
}

export const socketTransport: Transport = {
  async connect(host, port, handlers) {
    const conn = new SocketConnection(handlers);
    conn.socket = await Bun.connect({
      hostname: host,
      port,
      socket: {
        data: (_s, d) => handlers.onData(d),
        drain: () => conn.drain(),
        close: () => conn.ended("closed by the peer"),
        error: (_s, e) => conn.ended(`socket error: ${e.message}`),
        connectError: (_s, e) => conn.ended(`connect failed: ${e.message}`),
      },
    });
    return conn;
  },
};

/**
 * The broker's own client side of an SSL (or SASL_SSL) listener: the connection is handed over once
 * the TLS handshake has succeeded (bytes written before it would be lost). The peer's certificate must
 * verify against the truststore and, with ssl.endpoint.identification.algorithm=https, name the host.
 */
export function tlsSocketTransport(engine: SslClientEngine): Transport {
  return {
    connect(host, port, handlers) {
      const conn = new SocketConnection(handlers);
      return new Promise<TransportConnection>((resolve, reject) => {
        let settled = false;
        const fail = (why: string) => {
          conn.ended(why);
          if (!settled) {
            settled = true;
            reject(new Error(why));
          }
        };
        Bun.connect({
          hostname: host,
          port,
          tls: { ...engine.tls, serverName: host },
          socket: {
            handshake: (s, ok, err) => {
              // Bun reports a host name mismatch as a failed authorization; without endpoint
              // identification (algorithm "") only the chain has to verify.
              const hostnameOnly = (err as { code?: string } | null)?.code === "ERR_TLS_CERT_ALTNAME_INVALID";
              if (!ok && (engine.verifyHostname || !hostnameOnly)) {
                s.end();
                return fail(`TLS handshake with ${host}:${port} failed: ${err?.message ?? "not authorized"}`);
              }
              conn.socket = s;
              settled = true;
              resolve(conn);
            },
            data: (_s, d) => handlers.onData(d),
            drain: () => conn.drain(),
            close: () => fail("closed by the peer"),
            error: (_s, e) => fail(`socket error: ${e.message}`),
            connectError: (_s, e) => fail(`connect failed: ${e.message}`),
          },
        }).catch((e: Error) => fail(`connect failed: ${e.message}`));
      });
    },
  };
}
