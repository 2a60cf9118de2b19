// How each target starts one node of a ReplicatedCluster (replicated-cluster.ts): an Apache Kafka 4.4.0
// JVM (kafka-node.ts, formatted on the first start only) or a Strand process (strand.ts, which formats an
// empty data dir itself). Both get the same server.properties: combined roles, static voters through
// the node's own links, the real ports in `listeners` and the proxies in `advertised.listeners`.
import { join } from "node:path";
import type { TargetName } from "../interop/targets.ts";
import { startKafkaNode } from "./kafka-node.ts";
import { newClusterId } from "./kafka-broker.ts";
import { ReplicatedCluster } from "./replicated-cluster.ts";
import type { NodeProcess, NodeSpec, ReplicatedClusterOptions } from "./replicated-cluster.ts";
import { startStrand } from "./strand.ts";

function commonProperties(s: NodeSpec): Record<string, string | number | boolean> {
  return {
    "process.roles": "broker,controller",
    "node.id": s.id,
    "controller.quorum.voters": s.voters,
    listeners: `PLAINTEXT://127.0.0.1:${s.clientPort},CONTROLLER://127.0.0.1:${s.controllerPort}`,
    // The controller listener is advertised too: a Raft leader sends these endpoints in
    // BeginQuorumEpoch and its followers then fetch there, not at their voters' addresses.
    "advertised.listeners": `PLAINTEXT://127.0.0.1:${s.advertisedPort},CONTROLLER://127.0.0.1:${s.advertisedControllerPort}`,
    "controller.listener.names": "CONTROLLER",
    "inter.broker.listener.name": "PLAINTEXT",
    "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
    "auto.create.topics.enable": false,
    "group.initial.rebalance.delay.ms": 0,
    ...s.overrides,
  };
}

async function startKafkaReplica(s: NodeSpec, heapMb: number): Promise<NodeProcess> {
  const h = await startKafkaNode({
    clusterId: s.clusterId,
    properties: { ...commonProperties(s), "log.dirs": join(s.dataDir, "logs") },
    // A restart keeps the data dir: `format --ignore-formatted` leaves a formatted dir alone.
    formatArgs: s.firstStart ? [] : ["--ignore-formatted"],
    startTimeoutMs: s.startTimeoutMs,
    heapMb,
  });
  let removed = false;
  // The node's workDir (server.properties, kafka.log) is per process; log.dirs is the cluster's.
  const done = async () => {
    if (removed) return;
    removed = true;
    await h.remove();
  };
  let lastLog = "";
  return {
    pid: h.pid,
    exited: h.exited,
    async stop(timeoutMs) {
      await h.stop(timeoutMs);
      lastLog = h.logTail(200_000);
      await done();
    },
    async kill() {
      await h.kill();
      lastLog = h.logTail(200_000);
      await done();
    },
    logTail: (maxChars) => (removed ? lastLog : h.logTail(maxChars)).slice(-maxChars),
  };
}

async function startStrandReplica(s: NodeSpec, strandOverrides: Record<string, string | number | boolean>, binary: string | undefined): Promise<NodeProcess> {
  const h = await startStrand({
    dataDir: s.dataDir,
    binary,
    startTimeoutMs: s.startTimeoutMs,
    overrides: { ...commonProperties(s), ...strandOverrides, "cluster.id": s.clusterId },
  });
  return {
    pid: h.pid,
    exited: h.exited,
    async stop(timeoutMs) {
      await h.stop(timeoutMs).catch(() => h.kill());
    },
    kill: () => h.kill(),
    logTail: (maxChars) => h.output().slice(-maxChars),
  };
}

/** Three combined nodes of `target` behind cuttable links, started and ready. */
export async function startReplicatedCluster(target: TargetName, o: ReplicatedClusterOptions = {}): Promise<ReplicatedCluster> {
  const clusterId = newClusterId();
  return target === "kafka"
    ? ReplicatedCluster.start(target, clusterId, (s) => startKafkaReplica(s, o.kafkaHeapMb ?? 512), o)
    : ReplicatedCluster.start(target, clusterId, (s) => startStrandReplica(s, o.strandOverrides ?? {}, o.strandBinary), o);
}
