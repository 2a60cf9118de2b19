// A loopback TCP proxy a test can cut and heal: the network partitions of multi-process cluster tests
// without namespaces. Each node is given its own controller.quorum.voters whose ports are proxies
// (one per direction: node A's link to node B), so cutting every link from and to a node isolates it.
// cut() closes the open connections and refuses new ones (closed at once, as a dropped SYN that the
// client then times out on would be slower); heal() accepts again.

import type { Socket, TCPSocketListener } from "bun";

interface Pair {
  client: Socket<Pair>;
  upstream: Socket<{ pair: Pair }> | null;
  /** Client bytes that arrived before the upstream connection was open (bounded by MAX_PENDING_BYTES). */
  pending: Uint8Array[];
  pendingBytes: number;
}

const MAX_PENDING_BYTES = 64 * 1024 * 1024;

export class TcpProxy {
  private listener: TCPSocketListener<Pair> | null = null;
  private readonly pairs = new Set<Pair>();
  private isCut = false;

  private constructor(readonly targetPort: number) {}

  /** A proxy on a free loopback port forwarding to 127.0.0.1:targetPort. */
  static start(targetPort: number): TcpProxy {
    const p = new TcpProxy(targetPort);
    p.listen();
    return p;
  }

  get port(): number {
    return this.listener!.port;
  }

  private listen(): void {
    this.listener = Bun.listen<Pair>({
      hostname: "127.0.0.1",
      port: 0,
      socket: {
        open: (client) => {
          if (this.isCut) {
            client.end();
            return;
          }
          const pair: Pair = { client, upstream: null, pending: [], pendingBytes: 0 };
          client.data = pair;
          this.pairs.add(pair);
          Bun.connect<{ pair: Pair }>({
            hostname: "127.0.0.1",
            port: this.targetPort,
            data: { pair },
            socket: {
              open: (up) => {
                pair.upstream = up;
                for (const b of pair.pending) up.write(b);
                pair.pending = [];
                pair.pendingBytes = 0;
              },
              data: (_up, chunk) => {
                pair.client.write(chunk);
              },
              close: () => this.drop(pair),
              error: () => this.drop(pair),
            },
          }).catch(() => this.drop(pair));
        },
        data: (client, chunk) => {
          const pair = client.data;
          if (!pair) return;
          if (pair.upstream) pair.upstream.write(chunk);
          else if (pair.pendingBytes + chunk.length <= MAX_PENDING_BYTES) {
            pair.pending.push(chunk.slice());
            pair.pendingBytes += chunk.length;
          } else this.drop(pair);
        },
        close: (client) => {
          if (client.data) this.drop(client.data);
        },
        error: (client) => {
          if (client.data) this.drop(client.data);
        },
      },
    });
  }

  private drop(pair: Pair): void {
    if (!this.pairs.delete(pair)) return;
    pair.client.end();
    pair.upstream?.end();
  }

  /** Close every connection through this link and refuse new ones until heal(). */
  cut(): void {
    this.isCut = true;
    for (const p of [...this.pairs]) this.drop(p);
  }

  heal(): void {
    this.isCut = false;
  }

  stop(): void {
    this.cut();
    this.listener?.stop(true);
    this.listener = null;
  }
}
