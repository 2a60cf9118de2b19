// Three (or more) Strand processes forming one KRaft cluster over loopback, each broker and controller
// (process.roles=broker,controller) with its own data dir, for the multi-node chaos test and the
// benchmark's elections workload. Controller ports are fixed at start (controller.quorum.voters names
// them); client ports are port 0, reported by each start, so a restarted node advertises a new one.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomKafkaUuid } from "../../src/storage/meta-properties.ts";
import { freePorts, retryOnBindFailure } from "./ports.ts";
import { removeDataDir, startStrand, type StrandHandle } from "./strand.ts";

export interface StrandClusterOptions {
  size?: number;
  /** A compiled Strand binary instead of `bun src/cli/main.ts`. */
  binary?: string;
  /** Server properties of every node, after the cluster's own (node.id, voters, listeners). */
  overrides?: Record<string, string | number | boolean>;
  /** Server properties of one node (e.g. broker.rack), after `overrides`. */
  nodeOverrides?: (id: number) => Record<string, string | number | boolean>;
  /**
   * The listeners of a node given its controller port (default PLAINTEXT on port 0 and CONTROLLER on
   * the controller port); the readiness line is still read from the advertised PLAINTEXT listener.
   */
  listeners?: (controllerPort: number) => string;
  /** Parent of the nodes' data dirs (default the OS temp dir). */
  dataRoot?: string;
  startTimeoutMs?: number;
}

export class StrandCluster {
  readonly clusterId = randomKafkaUuid();
  readonly handles = new Map<number, StrandHandle>();
  readonly dataDirs = new Map<number, string>();
  /** Nodes stopped with SIGSTOP and not yet continued. */
  readonly paused = new Set<number>();
  /** Output of each node's earlier (killed) processes, newest last, bounded per node. */
  private readonly pastOutput = new Map<number, string>();

  private constructor(
    readonly ids: readonly number[],
    readonly controllerPorts: ReadonlyMap<number, number>,
    private readonly o: StrandClusterOptions,
  ) {}

  static async start(o: StrandClusterOptions = {}): Promise<StrandCluster> {
    const size = o.size ?? 3;
    const ids = Array.from({ length: size }, (_, i) => i + 1);
    // The voters name the controller ports, so a taken port restarts the whole cluster on fresh ones.
    return await retryOnBindFailure("StrandCluster.start", async () => {
      const ports = await freePorts(size);
      const c = new StrandCluster(ids, new Map(ids.map((id, i) => [id, ports[i]!])), o);
      try {
        await Promise.all(ids.map((id) => c.startNode(id)));
      } catch (e) {
        await c.close();
        throw e;
      }
      return c;
    });
  }

  get voters(): string {
    return this.ids.map((id) => `${id}@127.0.0.1:${this.controllerPorts.get(id)}`).join(",");
  }

  /** Starts (or restarts, on its data) node `id`; resolves once it listens. */
  async startNode(id: number): Promise<StrandHandle> {
    let dataDir = this.dataDirs.get(id);
    if (!dataDir) {
      dataDir = mkdtempSync(join(this.o.dataRoot ?? tmpdir(), `strand-kraft-${id}-`));
      this.dataDirs.set(id, dataDir);
    }
    const h = await startStrand({
      dataDir,
      binary: this.o.binary,
      startTimeoutMs: this.o.startTimeoutMs ?? 60_000,
      overrides: {
        "offsets.topic.replication.factor": 1,
        "transaction.state.log.replication.factor": 1,
        ...this.o.overrides,
        ...this.o.nodeOverrides?.(id),
        "node.id": id,
        "cluster.id": this.clusterId,
        "process.roles": "broker,controller",
        "controller.quorum.voters": this.voters,
        listeners: this.o.listeners?.(this.controllerPorts.get(id)!) ?? `PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:${this.controllerPorts.get(id)}`,
      },
    });
    this.handles.set(id, h);
    return h;
  }

  /** SIGKILL (a paused node too) and wait for the exit. */
  async kill(id: number): Promise<void> {
    const h = this.handles.get(id);
    if (!h) return;
    await h.kill();
    this.paused.delete(id);
    this.handles.delete(id);
    const past = `${this.pastOutput.get(id) ?? ""}\n--- node ${id} pid ${h.pid} (killed) ---\n${h.output()}`;
    this.pastOutput.set(id, past.length > 400_000 ? past.slice(-400_000) : past);
  }

  pause(id: number): void {
    const h = this.handles.get(id);
    if (!h || this.paused.has(id)) return;
    process.kill(h.pid, "SIGSTOP");
    this.paused.add(id);
  }

  resume(id: number): void {
    const h = this.handles.get(id);
    if (!h || !this.paused.delete(id)) return;
    process.kill(h.pid, "SIGCONT");
  }

  /** Running nodes, paused ones included. */
  live(): number[] {
    return this.ids.filter((id) => this.handles.has(id));
  }

  /** Running and not paused. */
  responsive(): number[] {
    return this.live().filter((id) => !this.paused.has(id));
  }

  portOf(id: number): number {
    const h = this.handles.get(id);
    if (!h) throw new Error(`node ${id} is not running`);
    return h.port;
  }

  /** Every process's output of node `id` so far (earlier, killed processes first). */
  output(id: number): string {
    return `${this.pastOutput.get(id) ?? ""}${this.handles.get(id)?.output() ?? ""}`;
  }

  /** Kills every node and removes the data dirs. */
  async close(): Promise<void> {
    for (const id of [...this.handles.keys()]) {
      this.resume(id);
      await this.kill(id).catch(() => {});
    }
    for (const d of this.dataDirs.values()) removeDataDir(d);
  }
}
