// A mixed cluster for the interop tests of issue 13: one Apache Kafka 4.4.0 controller
// (process.roles=controller, formatted with only the feature levels Strand supports), Kafka brokers and
// Strand brokers (process.roles=broker) that all follow that controller's metadata log, as
// replication-follower-kafka.test.ts starts them one of each. Every node binds loopback; Kafka's ports
// come from freePorts, Strand reports the port it bound. close() kills every process and removes every
// temp dir, and is safe to call after a failed start.
//
//   const c = await startMixedCluster({ kafkaBrokers: [1, 2], strandBrokers: [3, 4] });
//   c.portOf(3); c.bootstrap; await c.pause(4); c.resume(4); await c.close();
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newClusterId } from "./kafka-broker.ts";
import { KafkaTestClient } from "./kafka-client.ts";
import { startKafkaNode } from "./kafka-node.ts";
import type { KafkaNodeHandle } from "./kafka-node.ts";
import { freePorts, retryOnBindFailure } from "./ports.ts";
import { removeDataDir, startStrand } from "./strand.ts";
import type { StrandHandle } from "./strand.ts";
import { until } from "./until.ts";
import { stopProcess } from "./process-stop.ts";

/** As kraft-mixed-kafka.test.ts: the quorum finalizes only feature levels Strand supports. */
export const STRAND_FEATURE_LEVELS = ["share.version=0", "streams.version=0"].flatMap((f) => ["--feature", f]);

type Props = Record<string, string | number | boolean>;

export interface MixedClusterOptions {
  controllerId?: number;
  kafkaBrokers: readonly number[];
  strandBrokers: readonly number[];
  /** Added to every node (controller and brokers of both kinds): heartbeat and session timing. */
  common?: Props;
  /** Added to every broker of both kinds (e.g. replica.lag.time.max.ms). */
  brokers?: Props;
  startTimeoutMs?: number;
}

export interface MixedCluster {
  clusterId: string;
  controller: KafkaNodeHandle;
  kafka: ReadonlyMap<number, KafkaNodeHandle>;
  strand: ReadonlyMap<number, StrandHandle>;
  /** Every broker's client address. */
  bootstrap: string;
  portOf(id: number): number;
  /** SIGSTOP a broker of either kind; resolves once every thread of it is stopped (process-stop.ts). */
  pause(id: number): Promise<void>;
  resume(id: number): void;
  /** The last lines of every node's log, for a failure message. */
  diag(): string;
  close(): Promise<void>;
}

export async function startMixedCluster(o: MixedClusterOptions): Promise<MixedCluster> {
  // The voters name the controller's port: a taken port restarts the whole cluster on fresh ones.
  return await retryOnBindFailure("startMixedCluster", async () => await startMixedClusterOnce(o));
}

async function startMixedClusterOnce(o: MixedClusterOptions): Promise<MixedCluster> {
  const controllerId = o.controllerId ?? 9;
  const startTimeoutMs = o.startTimeoutMs ?? 120_000;
  const clusterId = newClusterId();
  const ports = await freePorts(1 + o.kafkaBrokers.length);
  const controllerPort = ports[0]!;
  const voters = `${controllerId}@127.0.0.1:${controllerPort}`;
  const listenerMap = "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT";
  const kafka = new Map<number, KafkaNodeHandle>();
  const kafkaPorts = new Map<number, number>();
  const strand = new Map<number, StrandHandle>();
  const strandDirs: string[] = [];
  const paused = new Set<number>();
  let controller: KafkaNodeHandle | null = null;

  const pidOf = (id: number): number => {
    const n = kafka.get(id) ?? strand.get(id);
    if (!n) throw new Error(`no broker ${id}`);
    return n.pid;
  };
  const close = async () => {
    for (const id of paused) {
      try {
        process.kill(pidOf(id), "SIGCONT");
      } catch {
        // gone already
      }
    }
    for (const s of strand.values()) await s.kill().catch(() => {});
    for (const d of strandDirs) removeDataDir(d);
    for (const k of kafka.values()) await k.remove().catch(() => {});
    await controller?.remove().catch(() => {});
  };
  const diag = () => [
    ...[...kafka].map(([id, k]) => `--- Kafka broker ${id} ---\n${k.logTail(4000)}`),
    ...[...strand].map(([id, s]) => `--- Strand broker ${id} ---\n${s.output().slice(-6000)}`),
    controller ? `--- Kafka controller ---\n${controller.logTail(4000)}` : "",
  ].join("\n");

  try {
    controller = await startKafkaNode({
      clusterId,
      formatArgs: STRAND_FEATURE_LEVELS,
      heapMb: 256,
      startTimeoutMs,
      properties: {
        "process.roles": "controller",
        "node.id": controllerId,
        "controller.quorum.voters": voters,
        listeners: `CONTROLLER://127.0.0.1:${controllerPort}`,
        "controller.listener.names": "CONTROLLER",
        "listener.security.protocol.map": listenerMap,
        ...o.common,
      },
    });
    const internalTopics = {
      "offsets.topic.replication.factor": 1,
      "transaction.state.log.replication.factor": 1,
    };
    await Promise.all([
      ...o.kafkaBrokers.map(async (id, i) => {
        const port = ports[1 + i]!;
        const k = await startKafkaNode({
          clusterId,
          heapMb: 256,
          startTimeoutMs,
          properties: {
            "process.roles": "broker",
            "node.id": id,
            "controller.quorum.voters": voters,
            listeners: `PLAINTEXT://127.0.0.1:${port}`,
            "advertised.listeners": `PLAINTEXT://127.0.0.1:${port}`,
            "inter.broker.listener.name": "PLAINTEXT",
            "controller.listener.names": "CONTROLLER",
            "listener.security.protocol.map": listenerMap,
            ...internalTopics,
            "transaction.state.log.min.isr": 1,
            "share.coordinator.state.topic.replication.factor": 1,
            "share.coordinator.state.topic.min.isr": 1,
            "auto.create.topics.enable": false,
            ...o.common,
            ...o.brokers,
          },
        });
        kafka.set(id, k);
        kafkaPorts.set(id, port);
      }),
      ...o.strandBrokers.map(async (id) => {
        const dataDir = mkdtempSync(join(tmpdir(), "strand-mixed-"));
        strandDirs.push(dataDir);
        const s = await startStrand({
          dataDir,
          startTimeoutMs,
          overrides: {
            "node.id": id,
            "cluster.id": clusterId,
            "process.roles": "broker",
            "controller.quorum.voters": voters,
            "controller.listener.names": "CONTROLLER",
            listeners: "PLAINTEXT://127.0.0.1:0",
            "listener.security.protocol.map": listenerMap,
            ...internalTopics,
            "auto.create.topics.enable": false,
            ...o.common,
            ...o.brokers,
          },
        });
        strand.set(id, s);
      }),
    ]);
  } catch (e) {
    const d = diag();
    await close();
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n${d}`);
  }

  const portOf = (id: number): number => {
    const p = kafkaPorts.get(id) ?? strand.get(id)?.port;
    if (p === undefined) throw new Error(`no broker ${id}`);
    return p;
  };
  const all = [...o.kafkaBrokers, ...o.strandBrokers];
  const cluster: MixedCluster = {
    clusterId,
    controller: controller!,
    kafka,
    strand,
    bootstrap: all.map((id) => `127.0.0.1:${portOf(id)}`).join(","),
    portOf,
    async pause(id) {
      paused.add(id);
      await stopProcess(pidOf(id));
    },
    resume(id) {
      process.kill(pidOf(id), "SIGCONT");
      paused.delete(id);
    },
    diag,
    close,
  };
  try {
    await until("every broker registered and unfenced", async () => {
      const c = await KafkaTestClient.connect(portOf(o.kafkaBrokers[0] ?? o.strandBrokers[0]!));
      try {
        const m = await c.request<{ brokers: Array<{ nodeId: number }> }>(3, 12, { topics: null, allowAutoTopicCreation: false });
        return m.brokers.length === all.length;
      } finally {
        c.close();
      }
    }, 90_000, 250, diag);
  } catch (e) {
    await close();
    throw e;
  }
  return cluster;
}
