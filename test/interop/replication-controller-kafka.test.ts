// Strand controllers serving Apache Kafka 4.4.0 brokers that replicate (issue 13, the controller side),
// and the same steps against an all-Kafka cluster, whose observations must be equal:
//   1. three Kafka brokers (10, 11, 12) register and are unfenced; eligible.leader.replicas.version=1
//      is finalized (Kafka's format default; kafka-features upgrade on Strand's quorum);
//   2. CreateTopics RF 3, min.insync.replicas=2, through a Kafka broker (forwarded to the controller
//      in an Envelope): three distinct replicas, ISR all three; Produce acks=all succeeds;
//   3. a follower is SIGKILLed: the leader shrinks the ISR with AlterPartition (replica.lag.time.max.ms
//      is well below broker.session.timeout.ms), committed by the controller; acks=all still succeeds;
//   4. the leader is SIGKILLed: its session expires, the controller fences it and elects the last ISR
//      member, ELR [old leader] (the ISR is below min ISR), leader epoch up;
//   5. kafka-leader-election --election-type preferred, then unclean, for the partition: the answers;
//   6. placement by the controller with two of three brokers fenced (RF 2 uses a fenced one, as Kafka);
//   7. kafka-reassign-partitions: a one-replica topic moved to [10, 11] (the new replica is added, fetches,
//      and the leader's AlterPartition taking it into the ISR completes the move; taken before the
//      kills), and the RF 3 partition moved to the last live broker (a removal, complete at once);
//      --execute and --verify outputs, then the partition's state.
// The two clusters run at once; their summaries are compared field by field, and Strand's controller
// log must show both ISR changes arriving through AlterPartition.
//
// Gated on Java and the Kafka jars like the other *-kafka tests: skipped (reason printed) only when
// the jars cannot be materialised; every process is killed and every temp dir removed in afterAll.
import { afterAll, expect, test } from "bun:test";
import { until as untilBase } from "../support/until.ts";
import { withClient } from "../support/kafka-client.ts";
import { KAFKA_MAIN, probeKafkaDist, runKafkaClass } from "../support/kafka-dist.ts";
import { newClusterId } from "../support/kafka-broker.ts";
import { startKafkaNode, type KafkaNodeHandle } from "../support/kafka-node.ts";
import { freePorts } from "../support/ports.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";

const BROKERS = [10, 11, 12];
const TOPIC = "repl";

const kafkas: KafkaNodeHandle[] = [];
const strands: StrandHandle[] = [];
const strandDirs: string[] = [];
afterAll(async () => {
  for (const s of strands) await s.kill().catch(() => {});
  for (const d of strandDirs) removeDataDir(d);
  for (const k of kafkas) await k.remove().catch(() => {});
}, 120_000);

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "strand-repl-"));
  strandDirs.push(d);
  return d;
}

const until = <T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs: number, diag: () => string = () => "") => untilBase(what, fn, timeoutMs, 200, diag);

type MdPartition = { errorCode: number; partitionIndex: number; leaderId: number; leaderEpoch: number; replicaNodes: number[]; isrNodes: number[]; offlineReplicas: number[] };
type MdRes = { brokers: Array<{ nodeId: number }>; topics: Array<{ errorCode: number; name: string | null; partitions: MdPartition[] }> };
const metadata = (port: number) => withClient(port, (c) => c.request<MdRes>(3, 12, { topics: null, allowAutoTopicCreation: false }));
const partitionOf = async (port: number): Promise<MdPartition | undefined> => (await metadata(port)).topics.find((t) => t.name === TOPIC)?.partitions[0];

type DtpPartition = { errorCode: number; leaderId: number; leaderEpoch: number; replicaNodes: number[]; isrNodes: number[]; eligibleLeaderReplicas: number[] | null; lastKnownElr: number[] | null; offlineReplicas: number[] };
async function describePartition(port: number): Promise<DtpPartition> {
  const r = await withClient(port, (c) => c.request<{ topics: Array<{ errorCode: number; partitions: DtpPartition[] }> }>(75, 0, { topics: [{ name: TOPIC }], responsePartitionLimit: 100, cursor: null }));
  return r.topics[0]!.partitions[0]!;
}

async function produce(port: number, value: string, acks = -1): Promise<number> {
  const batch = buildRecordBatch({ records: [{ value: new TextEncoder().encode(value) }] });
  return withClient(port, async (c) => {
    const r = await c.request<{ responses: Array<{ partitionResponses: Array<{ errorCode: number }> }> }>(0, 9, {
      acks,
      timeoutMs: 15_000,
      topicData: [{ name: TOPIC, partitionData: [{ index: 0, records: batch }] }],
    }, 20_000);
    return r.responses[0]!.partitionResponses[0]!.errorCode;
  });
}

/** What each run observed; the two runs must be equal. */
interface Summary {
  createError: number;
  replicationFactor: number;
  distinctReplicas: number;
  isrAfterCreate: number;
  produceAllIsr: number;
  isrAfterFollowerKill: string;
  produceAfterShrink: number;
  leaderAfterFailover: string;
  leaderEpochUp: boolean;
  isrAfterFailover: string;
  elrAfterFailover: string;
  offlineAfterFailover: string;
  preferredElection: string;
  uncleanElection: string;
  placedTopic: string;
  reassignAdding: string;
  reassignExecute: string;
  reassignVerify: string;
  afterReassign: string;
}

interface Cluster {
  portOf(broker: number): number;
  kill(broker: number): Promise<void>;
  diag(): string;
  /** Lines of the controller's log proving an ISR change came through AlterPartition (Strand only). */
  alterPartitionLog(): string;
}

function brokerProperties(id: number, port: number, quorum: Record<string, string>, logDir: string): Record<string, string | number | boolean> {
  return {
    "process.roles": "broker",
    "node.id": id,
    ...quorum,
    "log.dirs": logDir,
    listeners: `PLAINTEXT://127.0.0.1:${port}`,
    "advertised.listeners": `PLAINTEXT://127.0.0.1:${port}`,
    "inter.broker.listener.name": "PLAINTEXT",
    "controller.listener.names": "CONTROLLER",
    "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
    "offsets.topic.replication.factor": 1,
    "transaction.state.log.replication.factor": 1,
    "transaction.state.log.min.isr": 1,
    "share.coordinator.state.topic.replication.factor": 1,
    "share.coordinator.state.topic.min.isr": 1,
    "broker.heartbeat.interval.ms": 500,
    // The ISR shrink (replica.lag.time.max.ms, checked every half of it) comes well before the fencing.
    "broker.session.timeout.ms": 9000,
    "replica.lag.time.max.ms": 2000,
    "auto.create.topics.enable": false,
    "auto.leader.rebalance.enable": false,
  };
}

async function startBrokers(quorum: Record<string, string>, ports: number[], diag: () => string): Promise<KafkaNodeHandle[]> {
  const brokers = await Promise.all(
    BROKERS.map((id, i) => startKafkaNode({ clusterId: quorum["cluster.id"]!, startTimeoutMs: 120_000, heapMb: 256, properties: brokerProperties(id, ports[i]!, { "controller.quorum.voters": quorum["controller.quorum.voters"]! }, tempDir()) })),
  ).catch((e: unknown) => {
    throw new Error(`${(e as Error).message}\n${diag()}`);
  });
  kafkas.push(...brokers);
  return brokers;
}

async function strandCluster(): Promise<Cluster> {
  const clusterId = newClusterId();
  const ports = await freePorts(6);
  const controllerPorts = ports.slice(0, 3);
  const voters = controllerPorts.map((p, i) => `${i + 1}@127.0.0.1:${p}`).join(",");
  const controllers = await Promise.all(
    controllerPorts.map((port, i) =>
      startStrand({
        dataDir: tempDir(),
        startTimeoutMs: 60_000,
        readyPattern: /strand started /,
        overrides: {
          "node.id": i + 1,
          "cluster.id": clusterId,
          "process.roles": "controller",
          "controller.quorum.voters": voters,
          "controller.listener.names": "CONTROLLER",
          listeners: `CONTROLLER://127.0.0.1:${port}`,
          "advertised.listeners": "",
          "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
          "broker.heartbeat.interval.ms": 500,
          "broker.session.timeout.ms": 9000,
        },
      }),
    ),
  );
  strands.push(...controllers);
  const controllerLogs = () => controllers.map((c, i) => `--- Strand controller ${i + 1} ---\n${c.output().slice(-5000)}`).join("\n");
  let brokers: KafkaNodeHandle[] = [];
  const diag = () => `${brokers.map((b, i) => `--- Kafka broker ${BROKERS[i]} ---\n${b.logTail(3000)}`).join("\n")}\n${controllerLogs()}`;
  brokers = await startBrokers({ "cluster.id": clusterId, "controller.quorum.voters": voters }, ports.slice(3), diag);
  // Strand's quorum finalizes ELR as Kafka's format does by default.
  const upgraded = await runKafkaClass(KAFKA_MAIN.features, ["--bootstrap-controller", `127.0.0.1:${controllerPorts[0]}`, "upgrade", "--feature", "eligible.leader.replicas.version=1"], { timeoutMs: 60_000 });
  if (upgraded.exitCode !== 0) throw new Error(`kafka-features upgrade: ${upgraded.stdout}${upgraded.stderr}\n${diag()}`);
  return {
    portOf: (b) => ports[3 + BROKERS.indexOf(b)]!,
    kill: (b) => brokers[BROKERS.indexOf(b)]!.kill(),
    diag,
    alterPartitionLog: () => controllers.map((c) => c.output().split("\n").filter((l) => /AlterPartition|broker fenced/.test(l)).join("\n")).join("\n"),
  };
}

async function kafkaCluster(): Promise<Cluster> {
  const clusterId = newClusterId();
  const ports = await freePorts(4);
  const voters = `1@127.0.0.1:${ports[0]}`;
  const controller = await startKafkaNode({
    clusterId,
    startTimeoutMs: 90_000,
    heapMb: 256,
    properties: {
      "process.roles": "controller",
      "node.id": 1,
      "controller.quorum.voters": voters,
      listeners: `CONTROLLER://127.0.0.1:${ports[0]}`,
      "controller.listener.names": "CONTROLLER",
      "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
      "broker.heartbeat.interval.ms": 500,
      "broker.session.timeout.ms": 9000,
    },
  });
  kafkas.push(controller);
  let brokers: KafkaNodeHandle[] = [];
  const diag = () => `${brokers.map((b, i) => `--- Kafka broker ${BROKERS[i]} ---\n${b.logTail(3000)}`).join("\n")}\n--- Kafka controller ---\n${controller.logTail(5000)}`;
  brokers = await startBrokers({ "cluster.id": clusterId, "controller.quorum.voters": voters }, ports.slice(1), diag);
  return { portOf: (b) => ports[1 + BROKERS.indexOf(b)]!, kill: (b) => brokers[BROKERS.indexOf(b)]!.kill(), diag, alterPartitionLog: () => "" };
}

/** kafka-leader-election for the partition: its output with the broker ids and topic normalised. */
async function leaderElection(port: number, type: "preferred" | "unclean"): Promise<string> {
  const r = await runKafkaClass("org.apache.kafka.tools.LeaderElectionCommand", ["--bootstrap-server", `127.0.0.1:${port}`, "--election-type", type, "--topic", TOPIC, "--partition", "0"], { timeoutMs: 60_000 });
  return `exit ${r.exitCode}: ${`${r.stdout}${r.stderr}`.replace(/\s+/g, " ").trim()}`;
}

async function scenario(c: Cluster): Promise<Summary> {
  const entry = BROKERS[0]!;
  await until("three unfenced brokers", async () => (await metadata(c.portOf(entry))).brokers.length === 3, 60_000, c.diag);
  const created = await until(
    "CreateTopics RF 3",
    () =>
      withClient(c.portOf(entry), async (cl) => {
        const r = await cl.request<{ topics: Array<{ errorCode: number; errorMessage: string | null; replicationFactor: number }> }>(19, 7, {
          // A manual assignment so both clusters have the same leader (10) and preferred replica.
          topics: [{ name: TOPIC, numPartitions: -1, replicationFactor: -1, assignments: [{ partitionIndex: 0, brokerIds: BROKERS }], configs: [{ name: "min.insync.replicas", value: "2" }] }],
          timeoutMs: 10_000,
        });
        const t = r.topics[0]!;
        return t.errorCode === 41 || t.errorCode === 7 ? null : t;
      }),
    30_000,
    c.diag,
  );
  const p0 = await until("ISR of three, led by 10", async () => {
    const p = await partitionOf(c.portOf(entry));
    return p && p.leaderId === 10 && p.isrNodes.length === 3 ? p : null;
  }, 30_000, c.diag);
  const leader = p0.leaderId;
  const produceAllIsr = await until("acks=all produce", async () => {
    const code = await produce(c.portOf(leader), "one");
    return code === 6 || code === 3 ? null : { code };
  }, 30_000, c.diag);
  const adding = await reassignAdding(c);
  const follower = p0.replicaNodes.find((b) => b !== leader)!;
  const last = p0.replicaNodes.find((b) => b !== leader && b !== follower)!;
  await c.kill(follower);
  // A record the dead follower does not fetch: it falls behind, and after replica.lag.time.max.ms the
  // leader shrinks the ISR with AlterPartition (a follower at the leader's end offset stays in sync).
  expect(await produce(c.portOf(leader), "two", 1)).toBe(0);
  const shrunk = await until("the ISR without the killed follower", async () => {
    const p = await partitionOf(c.portOf(leader));
    return p && !p.isrNodes.includes(follower) ? p : null;
  }, 30_000, c.diag);
  const produceAfterShrink = await produce(c.portOf(leader), "three");
  await c.kill(leader);
  const failedOver = await until("a new leader", async () => {
    const p = await partitionOf(c.portOf(last));
    return p && p.leaderId !== leader && p.leaderId >= 0 ? p : null;
  }, 30_000, c.diag);
  // The fenced brokers are offline replicas once the controller has fenced both.
  const described = await until("both killed brokers offline", async () => {
    const d = await describePartition(c.portOf(last));
    return d.offlineReplicas.length === 2 ? d : null;
  }, 30_000, c.diag);
  const names = new Map([[leader, "L"], [follower, "F"], [last, "S"]]);
  const n = (ids: readonly number[] | null) => (ids ?? []).map((b) => names.get(b) ?? String(b)).sort().join(",");
  const normalize = (s: string) => s.replace(new RegExp(`\\b(${BROKERS.join("|")})\\b`, "g"), (m) => names.get(Number(m)) ?? m);
  return {
    createError: created.errorCode,
    replicationFactor: created.replicationFactor,
    distinctReplicas: new Set(p0.replicaNodes).size,
    isrAfterCreate: p0.isrNodes.length,
    produceAllIsr: produceAllIsr.code,
    isrAfterFollowerKill: n(shrunk.isrNodes),
    produceAfterShrink,
    leaderAfterFailover: n([failedOver.leaderId]),
    leaderEpochUp: failedOver.leaderEpoch > p0.leaderEpoch,
    isrAfterFailover: n(described.isrNodes),
    elrAfterFailover: n(described.eligibleLeaderReplicas),
    offlineAfterFailover: n(described.offlineReplicas),
    preferredElection: normalize(await leaderElection(c.portOf(last), "preferred")),
    uncleanElection: normalize(await leaderElection(c.portOf(last), "unclean")),
    placedTopic: await placedTopic(c.portOf(last), c.diag),
    reassignAdding: adding,
    ...(await reassignToLast(c, last, normalize, n)),
  };
}

/** A topic placed by the controller (RF 2 over the one live broker is refused; RF 1 placed on it). */
async function placedTopic(port: number, diag: () => string): Promise<string> {
  const r = await withClient(port, (cl) =>
    cl.request<{ topics: Array<{ errorCode: number; errorMessage: string | null }> }>(19, 7, {
      topics: [
        { name: "placed-rf2", numPartitions: 3, replicationFactor: 2, assignments: [], configs: [] },
        { name: "placed-rf1", numPartitions: 3, replicationFactor: 1, assignments: [], configs: [] },
      ],
      timeoutMs: 10_000,
    }),
  );
  const md = await until("placed-rf1 with leaders", async () => {
    const t = (await metadata(port)).topics.find((x) => x.name === "placed-rf1");
    return t && t.partitions.length === 3 && t.partitions.every((p) => p.leaderId >= 0) ? t : null;
  }, 30_000, diag);
  return `${r.topics.map((t) => `${t.errorCode}:${t.errorMessage}`).join(" | ")} | rf1 replicas ${md.partitions.map((p) => p.replicaNodes.length).join(",")}`;
}

/** kafka-reassign-partitions --execute, then --verify until complete: both outputs, normalised. */
async function reassign(c: Cluster, port: number, topic: string, replicas: number[], normalize: (s: string) => string): Promise<{ execute: string; verify: string }> {
  const file = join(tempDir(), "reassign.json");
  writeFileSync(file, JSON.stringify({ version: 1, partitions: [{ topic, partition: 0, replicas }] }));
  const tool = async (args: string[]) => {
    const r = await runKafkaClass("org.apache.kafka.tools.reassign.ReassignPartitionsCommand", ["--bootstrap-server", `127.0.0.1:${port}`, "--reassignment-json-file", file, ...args], { timeoutMs: 60_000 });
    return normalize(`exit ${r.exitCode}: ${`${r.stdout}${r.stderr}`.replace(/\s+/g, " ").trim()}`).replace(/"\/[^"]*"/g, '"<dir>"');
  };
  const execute = await tool(["--execute"]);
  const verify = await until(`the reassignment of ${topic} verified complete`, async () => {
    const v = await tool(["--verify"]);
    return /is completed/.test(v) ? v : null;
  }, 30_000, c.diag);
  return { execute, verify };
}

/** The RF 3 partition reassigned to [the live broker] (a pure removal: complete at once). */
async function reassignToLast(c: Cluster, last: number, normalize: (s: string) => string, n: (ids: readonly number[] | null) => string) {
  const r = await reassign(c, c.portOf(last), TOPIC, [last], normalize);
  const d = await until("the partition on the live broker only", async () => {
    const x = await describePartition(c.portOf(last));
    return x.replicaNodes.length === 1 ? x : null;
  }, 30_000, c.diag);
  return { reassignExecute: r.execute, reassignVerify: r.verify, afterReassign: `replicas ${n(d.replicaNodes)} isr ${n(d.isrNodes)} elr ${n(d.eligibleLeaderReplicas)} offline ${n(d.offlineReplicas)} leader ${n([d.leaderId])}` };
}

/**
 * A one-replica topic on 10 moved to [10, 11]: 11 is added (addingReplicas), fetches, and the leader's
 * AlterPartition taking it into the ISR completes the move.
 */
async function reassignAdding(c: Cluster): Promise<string> {
  const topic = "moving";
  await withClient(c.portOf(10), (cl) => cl.request(19, 7, { topics: [{ name: topic, numPartitions: -1, replicationFactor: -1, assignments: [{ partitionIndex: 0, brokerIds: [10] }], configs: [] }], timeoutMs: 10_000 }));
  await until("moving led by 10", async () => (await metadata(c.portOf(10))).topics.find((t) => t.name === topic)?.partitions[0]?.leaderId === 10, 30_000, c.diag);
  const batch = buildRecordBatch({ records: [{ value: new TextEncoder().encode("moving") }] });
  await until("a record in moving", () => withClient(c.portOf(10), async (cl) => {
    const r = await cl.request<{ responses: Array<{ partitionResponses: Array<{ errorCode: number }> }> }>(0, 9, { acks: 1, timeoutMs: 10_000, topicData: [{ name: topic, partitionData: [{ index: 0, records: batch }] }] });
    return r.responses[0]!.partitionResponses[0]!.errorCode === 0;
  }), 30_000, c.diag);
  const r = await reassign(c, c.portOf(10), topic, [10, 11], (x) => x);
  const p = await until("moving on 10 and 11, both in sync", async () => {
    const x = (await metadata(c.portOf(10))).topics.find((t) => t.name === topic)?.partitions[0];
    return x && x.replicaNodes.length === 2 && x.isrNodes.length === 2 ? x : null;
  }, 30_000, c.diag);
  return `${r.execute} | ${r.verify} | replicas ${p.replicaNodes.join(",")} isr ${[...p.isrNodes].sort().join(",")} leader ${p.leaderId}`;
}

test("Strand controllers serve replicating Kafka 4.4.0 brokers as a Kafka controller does", async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  // Both clusters at once: most of each run is waiting for sessions and lag to expire.
  const [s, k, strandLog] = await Promise.all([
    strandCluster().then(async (c) => {
      const s = await scenario(c);
      return [s, c.alterPartitionLog()] as const;
    }),
    kafkaCluster().then(scenario),
  ]).then(([[s, log], k]) => [s, k, log] as const);
  console.log("strand:", JSON.stringify(s));
  console.log("kafka: ", JSON.stringify(k));
  console.log(strandLog);
  // The follower's ISR removal, and the ISR expansion that completed the move, came through
  // AlterPartition committed by Strand's controller.
  expect(strandLog).toMatch(/ISR changed through AlterPartition .*brokerId=10 .*isr=10,11 /);
  expect(strandLog).toMatch(/ISR changed through AlterPartition .*brokerId=10 .*isr=10,12 /);
  expect(s).toEqual(k);
  expect(s).toMatchObject({ createError: 0, replicationFactor: 3, distinctReplicas: 3, isrAfterCreate: 3, produceAllIsr: 0, isrAfterFollowerKill: "L,S", produceAfterShrink: 0, leaderAfterFailover: "S", leaderEpochUp: true });
}, 300_000);
