// The loopback network of a three-node test cluster, made of TcpProxy links a test can cut: one proxy in
// front of each node's client listener and one in front of its controller listener (what the node
// advertises, so clients, follower fetchers and Raft peers that learned its address from a
// BeginQuorumEpoch reach it only through them), and one proxy per ordered pair of nodes for the
// controller listener (node A's link to B: A's controller.quorum.voters names B at that proxy; A's own
// entry is its real port). isolate(A) cuts A's two proxies and every controller link from and to A:
// nobody reaches A, and A's heartbeats and Raft requests to the voters it knows from its config reach
// nobody, so the controllers fence it and, if it led the quorum, elect another leader.
//
// What it cannot cut: A's own connections out to the other nodes' advertised proxies (A fetching as a
// follower of partitions others lead, or from the Raft leader whose endpoint a BeginQuorumEpoch gave
// it), because every node advertises one address to all. The partition is asymmetric there; for a
// leader it still means no follower, client or controller reaches it.
import { TcpProxy } from "./tcp-proxy.ts";

export class ClusterLinks {
  private readonly clientProxies = new Map<number, TcpProxy>();
  /** In front of each node's controller listener, for whoever learned its advertised address. */
  private readonly controllerProxies = new Map<number, TcpProxy>();
  /** `${from}->${to}` -> the proxy `from` uses to reach `to`'s controller listener. */
  private readonly controllerLinks = new Map<string, TcpProxy>();
  private readonly isolated = new Set<number>();

  private constructor(
    private readonly ids: readonly number[],
    private readonly clientPorts: ReadonlyMap<number, number>,
    private readonly controllerPorts: ReadonlyMap<number, number>,
    /** No proxies: every address is the real port (a benchmark, where a proxy would be measured too). */
    private readonly direct: boolean,
  ) {}

  /** Links that are the real ports themselves: nothing to cut (isolate() throws). */
  static direct(ids: readonly number[], clientPorts: ReadonlyMap<number, number>, controllerPorts: ReadonlyMap<number, number>): ClusterLinks {
    return new ClusterLinks(ids, clientPorts, controllerPorts, true);
  }

  /** Proxies to each node's real client port and controller port (the nodes need not run yet). */
  static start(ids: readonly number[], clientPorts: ReadonlyMap<number, number>, controllerPorts: ReadonlyMap<number, number>): ClusterLinks {
    if (ids.length > 9) throw new RangeError(`ClusterLinks: at most 9 nodes, got ${ids.length}`);
    const l = new ClusterLinks(ids, clientPorts, controllerPorts, false);
    for (const id of ids) {
      l.clientProxies.set(id, TcpProxy.start(clientPorts.get(id)!));
      l.controllerProxies.set(id, TcpProxy.start(controllerPorts.get(id)!));
      for (const to of ids) if (to !== id) l.controllerLinks.set(`${id}->${to}`, TcpProxy.start(controllerPorts.get(to)!));
    }
    return l;
  }

  /** The port node `id` advertises for clients and replication. */
  advertisedPort(id: number): number {
    return this.direct ? this.clientPorts.get(id)! : this.clientProxies.get(id)!.port;
  }

  /** The port node `id` advertises for its controller listener (Raft leader endpoints). */
  advertisedControllerPort(id: number): number {
    return this.direct ? this.controllerPorts.get(id)! : this.controllerProxies.get(id)!.port;
  }

  /** Every node's advertised address, for clients' bootstrap.servers. */
  get bootstrap(): string {
    return this.ids.map((id) => `127.0.0.1:${this.advertisedPort(id)}`).join(",");
  }

  /** controller.quorum.voters as node `id` sees it: the others through its links, itself directly. */
  votersFor(id: number): string {
    return this.ids.map((to) => `${to}@127.0.0.1:${to === id || this.direct ? this.controllerPorts.get(to) : this.controllerLinks.get(`${id}->${to}`)!.port}`).join(",");
  }

  isIsolated(id: number): boolean {
    return this.isolated.has(id);
  }

  isolate(id: number): void {
    if (this.direct) throw new Error("ClusterLinks.direct: there is no link to cut");
    this.isolated.add(id);
    for (const p of this.linksOf(id)) p.cut();
  }

  heal(id: number): void {
    if (!this.isolated.delete(id)) return;
    for (const p of this.linksOf(id)) p.heal();
  }

  private linksOf(id: number): TcpProxy[] {
    const out = [this.clientProxies.get(id)!, this.controllerProxies.get(id)!];
    for (const other of this.ids) {
      if (other === id) continue;
      out.push(this.controllerLinks.get(`${id}->${other}`)!, this.controllerLinks.get(`${other}->${id}`)!);
    }
    return out;
  }

  stop(): void {
    for (const p of this.clientProxies.values()) p.stop();
    for (const p of this.controllerProxies.values()) p.stop();
    for (const p of this.controllerLinks.values()) p.stop();
  }
}
