// Three combined (broker + controller) KRaft nodes behind cuttable loopback links (cluster-links.ts),
// Apache Kafka 4.4.0 or Strand, for the replication chaos tests (issue 13): one set of faults for both.
// Each node has fixed real ports (client, controller) kept across restarts; clients and followers reach
// a node through the proxy it advertises. The faults: kill (SIGKILL), stop (SIGTERM, a clean shutdown),
// start (again, on its data), pause / resume (SIGSTOP / SIGCONT), isolate / heal (links cut).
//
//   const c = await startReplicatedCluster("kafka", { overrides: { ... } });
//   ... c.bootstrap ... await c.kill(2); await c.start(2); ...
//   await c.close();   // every process killed, every proxy stopped, every data dir removed
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TargetName } from "../interop/targets.ts";
import { ClusterLinks } from "./cluster-links.ts";
import { freePorts, retryOnBindFailure } from "./ports.ts";

export interface ReplicatedClusterOptions {
  size?: number;
  /** server.properties both brokers take, after the cluster's own. */
  overrides?: Record<string, string | number | boolean>;
  /** Strand-only properties. */
  strandOverrides?: Record<string, string | number | boolean>;
  startTimeoutMs?: number;
  /** false: no proxies, every node reached at its real ports (benchmarks); isolate() then throws. Default true. */
  proxied?: boolean;
  /** Parent of the nodes' data dirs (default the OS temp dir). */
  dataRoot?: string;
  /** A compiled Strand binary instead of `bun src/cli/main.ts`. */
  strandBinary?: string;
  /** Each Kafka JVM's heap (default 512). */
  kafkaHeapMb?: number;
}

/** One running process of a node, as the two implementations start it. */
export interface NodeProcess {
  pid: number;
  exited: Promise<number>;
  /** SIGTERM, and SIGKILL after `timeoutMs`; resolves when the process is gone. */
  stop(timeoutMs: number): Promise<void>;
  kill(): Promise<void>;
  /** The last part of its log. */
  logTail(maxChars: number): string;
}

export interface NodeSpec {
  id: number;
  clusterId: string;
  dataDir: string;
  clientPort: number;
  controllerPort: number;
  advertisedPort: number;
  advertisedControllerPort: number;
  voters: string;
  /** The common properties (timeouts) every node takes. */
  overrides: Record<string, string | number | boolean>;
  startTimeoutMs: number;
  /** First start (format the data dir) or a restart on it. */
  firstStart: boolean;
}

export type StartNode = (spec: NodeSpec) => Promise<NodeProcess>;

/** Bounds what is kept of killed processes' logs per node. */
const MAX_PAST_LOG_CHARS = 200_000;

export class ReplicatedCluster {
  private readonly procs = new Map<number, NodeProcess>();
  private readonly paused = new Set<number>();
  private readonly started = new Set<number>();
  private readonly pastLogs = new Map<number, string>();

  private constructor(
    readonly target: TargetName,
    readonly ids: readonly number[],
    readonly clusterId: string,
    private readonly dataDirs: ReadonlyMap<number, string>,
    private readonly clientPorts: ReadonlyMap<number, number>,
    private readonly controllerPorts: ReadonlyMap<number, number>,
    private readonly links: ClusterLinks,
    private readonly startNode: StartNode,
    private readonly o: ReplicatedClusterOptions,
  ) {}

  static async start(target: TargetName, clusterId: string, startNode: StartNode, o: ReplicatedClusterOptions = {}): Promise<ReplicatedCluster> {
    const size = o.size ?? 3;
    const ids = Array.from({ length: size }, (_, i) => i + 1);
    // Every node's config names the others' ports, so a taken port restarts the whole cluster on fresh ones.
    return await retryOnBindFailure("ReplicatedCluster.start", async () => await ReplicatedCluster.startOnce(target, clusterId, startNode, o, ids));
  }

  private static async startOnce(target: TargetName, clusterId: string, startNode: StartNode, o: ReplicatedClusterOptions, ids: number[]): Promise<ReplicatedCluster> {
    const size = ids.length;
    const ports = await freePorts(size * 2);
    const clientPorts = new Map(ids.map((id, i) => [id, ports[2 * i]!]));
    const controllerPorts = new Map(ids.map((id, i) => [id, ports[2 * i + 1]!]));
    const dataDirs = new Map(ids.map((id) => [id, mkdtempSync(join(o.dataRoot ?? tmpdir(), `strand-repl-${target}-${id}-`))]));
    const links = o.proxied === false ? ClusterLinks.direct(ids, clientPorts, controllerPorts) : ClusterLinks.start(ids, clientPorts, controllerPorts);
    const c = new ReplicatedCluster(target, ids, clusterId, dataDirs, clientPorts, controllerPorts, links, startNode, o);
    // Together (none is ready before a quorum forms); all settled before a failure closes the cluster,
    // so a node still starting is not left running.
    const started = await Promise.allSettled(ids.map((id) => c.start(id)));
    const failed = started.find((x) => x.status === "rejected");
    if (failed) {
      await c.close();
      throw failed.reason;
    }
    return c;
  }

  /** Every node's advertised (proxied) address. */
  get bootstrap(): string {
    return this.links.bootstrap;
  }

  /** The node's real client port: for the test's own probes, which must not go through a cut link. */
  directPort(id: number): number {
    return this.clientPorts.get(id)!;
  }

  controllerPort(id: number): number {
    return this.controllerPorts.get(id)!;
  }

  isRunning(id: number): boolean {
    return this.procs.has(id);
  }

  isPaused(id: number): boolean {
    return this.paused.has(id);
  }

  isIsolated(id: number): boolean {
    return this.links.isIsolated(id);
  }

  /** Running, not paused, not isolated: a node the test can ask about the cluster. */
  reachable(): number[] {
    return this.ids.filter((id) => this.procs.has(id) && !this.paused.has(id) && !this.links.isIsolated(id));
  }

  /** Starts node `id` (formatting its data dir the first time); resolves once the node is ready. */
  async start(id: number): Promise<void> {
    if (this.procs.has(id)) throw new Error(`node ${id} already runs`);
    const firstStart = !this.started.has(id);
    const p = await this.startNode({
      id,
      clusterId: this.clusterId,
      dataDir: this.dataDirs.get(id)!,
      clientPort: this.clientPorts.get(id)!,
      controllerPort: this.controllerPorts.get(id)!,
      advertisedPort: this.links.advertisedPort(id),
      advertisedControllerPort: this.links.advertisedControllerPort(id),
      voters: this.links.votersFor(id),
      overrides: this.o.overrides ?? {},
      startTimeoutMs: this.o.startTimeoutMs ?? 90_000,
      firstStart,
    });
    this.started.add(id);
    this.procs.set(id, p);
  }

  /** SIGKILL (a paused node too). */
  async kill(id: number): Promise<void> {
    const p = this.procs.get(id);
    if (!p) return;
    await p.kill();
    this.forget(id, p, "killed");
  }

  /** SIGTERM and wait for the clean shutdown (SIGKILL after `timeoutMs`). */
  async stop(id: number, timeoutMs = 60_000): Promise<void> {
    const p = this.procs.get(id);
    if (!p) return;
    this.resume(id);
    await p.stop(timeoutMs);
    this.forget(id, p, "stopped");
  }

  pause(id: number): void {
    const p = this.procs.get(id);
    if (!p || this.paused.has(id)) return;
    process.kill(p.pid, "SIGSTOP");
    this.paused.add(id);
  }

  resume(id: number): void {
    const p = this.procs.get(id);
    if (!p || !this.paused.delete(id)) return;
    process.kill(p.pid, "SIGCONT");
  }

  isolate(id: number): void {
    this.links.isolate(id);
  }

  heal(id: number): void {
    this.links.heal(id);
  }

  /** The node's log: earlier processes first, then the running one (the last `maxChars`). */
  logTail(id: number, maxChars = 20_000): string {
    const all = `${this.pastLogs.get(id) ?? ""}${this.procs.get(id)?.logTail(maxChars) ?? ""}`;
    return all.slice(-maxChars);
  }

  private forget(id: number, p: NodeProcess, how: string): void {
    this.paused.delete(id);
    this.procs.delete(id);
    const past = `${this.pastLogs.get(id) ?? ""}\n--- node ${id} pid ${p.pid} (${how}) ---\n${p.logTail(MAX_PAST_LOG_CHARS)}`;
    this.pastLogs.set(id, past.slice(-MAX_PAST_LOG_CHARS));
  }

  /** Kills every node, stops every link, removes every data dir. Safe to call twice. */
  async close(): Promise<void> {
    for (const id of [...this.procs.keys()]) {
      this.resume(id);
      await this.kill(id).catch(() => {});
    }
    this.links.stop();
    for (const d of this.dataDirs.values()) rmSync(d, { recursive: true, force: true });
  }
}
