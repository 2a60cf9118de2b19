// Mixed KRaft clusters of Strand and Apache Kafka 4.4.0 nodes (issue 12), static voters, kraft.version 0:
//   (a) a Strand broker (process.roles=broker, not a voter) registers with three Kafka controllers,
//       follows __cluster_metadata as a Raft observer fetching from Kafka's leader, is unfenced, and
//       serves clients: CreateTopics through Strand (a plain CreateTopics v7 to Kafka's active
//       controller, which ControllerApis accepts from a broker without an Envelope), Produce and Fetch;
//       then Kafka's active controller is SIGKILLed and Strand follows the new leader.
//   (b) a Kafka broker registers with three Strand controllers (process.roles=controller) and serves
//       clients: CreateTopics through Kafka (forwarded to Strand's controller in an Envelope, API 58),
//       Produce and Fetch on the Kafka broker; then Strand's active controller is SIGKILLed.
//   (c) a Strand controller is a static voter beside two Kafka controllers: it wins the first
//       election (Kafka's voters get a longer election timeout), bootstraps the cluster, Kafka's voters
//       replay its records and register with it (ControllerRegistration), a Kafka broker registers and
//       creates a topic through it; then the Strand leader is SIGKILLed and a Kafka voter takes over
//       the log Strand wrote.
//   (d) the migration path, KIP-853: a Kafka controller formatted --standalone and a Kafka broker; a
//       Strand controller formatted --no-initial-controllers observes the quorum through
//       controller.quorum.bootstrap.servers, kafka-metadata-quorum add-controller makes it a voter
//       (AddRaftVoter to Kafka's leader), remove-controller takes the Kafka controller out; Strand is
//       then the only voter and the active controller on the log Kafka wrote, and the Kafka broker
//       creates, produces and fetches through it.
//
// What it took (each a commit with its unit test): Envelope on the controller listener; UpdateRaftVoter
// (Kafka 4.4's voters send it to the leader even at kraft.version 0); Raft responses shaped for the
// request version (DescribeQuorum v1 closed the connection); new replicas recorded in the broker's only
// log dir (Kafka's defaultDir), and AssignReplicasToDirs served for a broker with several (the Kafka
// broker of (b) has two log.dirs, so it reports every new replica's dir to Strand's controller).
//
// Feature levels: Kafka 4.4.0's kafka-storage format finalizes eligible.leader.replicas.version=1,
// share.version=2 and streams.version=1 by default; Kafka's QuorumController refuses a broker that does
// not support a finalized level ("Unable to register because the broker does not support finalized
// version 2 of share.version. The broker wants a version between 0 and 0"). Strand supports ELR 0-1 but
// serves no share or streams groups, so Kafka's controllers are formatted with --feature NAME=0 for
// those two: a mixed cluster can only finalize what every node supports, as in a Kafka rolling upgrade.
//
// Gated on Java and the Kafka jars like the other *-kafka tests: skipped (with the reason printed)
// only when Maven Central cannot be reached to materialise the jars; every process is killed and every
// temp dir removed in afterAll.
import { until as untilBase } from "../support/until.ts";
import { afterAll, expect, test } from "bun:test";
import { withClient } from "../support/kafka-client.ts";
import { probeKafkaDist } from "../support/kafka-dist.ts";
import { newClusterId } from "../support/kafka-broker.ts";
import { startKafkaNode, type KafkaNodeHandle } from "../support/kafka-node.ts";
import { freePorts } from "../support/ports.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { metadataQuorumTool, parseToolTable } from "../support/kafka-tools.ts";
import { formatStorage, loadConfig } from "../../src/cli/server-command.ts";
import { readMetaProperties } from "../../src/storage/meta-properties.ts";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildRecordBatch, RecordBatchView } from "../../src/protocol/records/index.ts";

type Topic = { errorCode: number; name: string | null; topicId: string; partitions: Array<{ errorCode: number; partitionIndex: number; leaderId: number; leaderEpoch: number; replicaNodes: number[] }> };
type MetadataRes = { brokers: Array<{ nodeId: number; host: string; port: number }>; clusterId: string | null; controllerId: number; topics: Topic[] };

/**
 * A mixed cluster finalizes only feature levels every node supports (Kafka's QuorumController refuses a
 * BrokerRegistration whose supported range misses a finalized level). Kafka 4.4.0's format finalizes
 * share.version=2 and streams.version=1 by default; Strand serves neither, so the Kafka quorum is
 * formatted with both at 0. eligible.leader.replicas.version keeps Kafka's default of 1.
 */
const STRAND_FEATURE_LEVELS = ["share.version=0", "streams.version=0"].flatMap((f) => ["--feature", f]);

const kafkas: KafkaNodeHandle[] = [];
const strands: StrandHandle[] = [];
const strandDirs: string[] = [];
afterAll(async () => {
  for (const s of strands) await s.kill().catch(() => {});
  for (const d of strandDirs) removeDataDir(d);
  for (const k of kafkas) await k.remove().catch(() => {});
}, 120_000);

/** A Strand data dir removed at the end even when the node fails to start. */
function strandDir(): string {
  const d = mkdtempSync(join(tmpdir(), "strand-mixed-"));
  strandDirs.push(d);
  return d;
}

const until = <T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs: number, diag: () => string = () => "") => untilBase(what, fn, timeoutMs, 200, diag);

/** The Raft leader, from DescribeQuorum (only the leader answers it; the others say NOT_LEADER_OR_FOLLOWER). */
async function quorumLeader(controllerPorts: readonly number[]): Promise<{ leaderId: number; leaderEpoch: number }> {
  for (const port of controllerPorts) {
    const p = await withClient(port, async (c) => {
      const r = await c.request<{ errorCode: number; topics: Array<{ partitions: Array<{ errorCode: number; leaderId: number; leaderEpoch: number }> }> }>(55, 1, {
        topics: [{ topicName: "__cluster_metadata", partitions: [{ partitionIndex: 0 }] }],
      });
      const p = r.topics[0]?.partitions[0];
      return r.errorCode === 0 && p && p.errorCode === 0 ? p : null;
    }).catch(() => null);
    if (p) return p;
  }
  return { leaderId: -1, leaderEpoch: -1 };
}

const metadata = (port: number) => withClient(port, (c) => c.request<MetadataRes>(3, 12, { topics: null, allowAutoTopicCreation: false }));

/**
 * A Kafka broker's server.properties in these clusters (node 10 on `port`, one-replica internal
 * topics, fast heartbeats), with how it finds the controllers in `quorum`.
 */
function kafkaBrokerProperties(port: number, quorum: Record<string, string | number | boolean>): Record<string, string | number | boolean> {
  return {
    "process.roles": "broker",
    "node.id": 10,
    ...quorum,
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
    "broker.session.timeout.ms": 6000,
    "auto.create.topics.enable": false,
  };
}

/** CreateTopics, then Produce to every partition on its leader and Fetch it back. */
async function createProduceFetch(clientPort: number, portOf: (brokerId: number) => number, topic: string, partitions: number, diag: () => string): Promise<void> {
  const created = await until(
    `CreateTopics ${topic}`,
    () =>
      withClient(clientPort, async (c) => {
        const r = await c.request<{ topics: Array<{ name: string; errorCode: number; errorMessage: string | null }> }>(19, 7, {
          topics: [{ name: topic, numPartitions: partitions, replicationFactor: 1, assignments: [], configs: [] }],
          timeoutMs: 10_000,
        });
        const t = r.topics[0]!;
        // Retriable while the broker is still learning who the controller is.
        return t.errorCode === 0 || t.errorCode === 36 ? t : t.errorCode === 41 || t.errorCode === 7 ? null : Promise.reject(new Error(`CreateTopics: ${t.errorCode} ${t.errorMessage}`));
      }),
    30_000,
    diag,
  );
  expect(created.errorCode === 0 || created.errorCode === 36).toBe(true);
  const md = await until(
    `${topic} with leaders in Metadata`,
    async () => {
      const m = await metadata(clientPort);
      const t = m.topics.find((x) => x.name === topic);
      return t && t.partitions.length === partitions && t.partitions.every((p) => p.leaderId >= 0 && p.errorCode === 0) ? t : null;
    },
    30_000,
    diag,
  );
  for (const p of md.partitions) {
    const port = portOf(p.leaderId);
    const value = `hello ${topic} ${p.partitionIndex}`;
    await withClient(port, async (c) => {
      const batch = buildRecordBatch({ records: [{ value: new TextEncoder().encode(value) }] });
      const pr = await until(
        `Produce ${topic}-${p.partitionIndex}`,
        async () => {
          const r = await c.request<{ responses: Array<{ partitionResponses: Array<{ errorCode: number; baseOffset: bigint }> }> }>(0, 9, {
            acks: -1,
            timeoutMs: 10_000,
            topicData: [{ name: topic, partitionData: [{ index: p.partitionIndex, records: batch }] }],
          });
          const pe = r.responses[0]!.partitionResponses[0]!;
          // NOT_LEADER_OR_FOLLOWER / UNKNOWN_TOPIC_OR_PARTITION until the leader has applied the topic.
          return pe.errorCode === 0 ? pe : pe.errorCode === 6 || pe.errorCode === 3 ? null : Promise.reject(new Error(`Produce: ${pe.errorCode}`));
        },
        20_000,
        diag,
      );
      expect(pr.baseOffset).toBe(0n);
      const fr = await c.request<{ errorCode: number; responses: Array<{ partitions: Array<{ errorCode: number; highWatermark: bigint; records: Uint8Array | null }> }> }>(1, 12, {
        replicaId: -1,
        maxWaitMs: 500,
        minBytes: 1,
        maxBytes: 1 << 20,
        isolationLevel: 0,
        sessionId: 0,
        sessionEpoch: -1,
        topics: [{ topic, partitions: [{ partition: p.partitionIndex, fetchOffset: 0n, logStartOffset: -1n, partitionMaxBytes: 1 << 20, currentLeaderEpoch: -1, lastFetchedEpoch: -1 }] }],
        forgottenTopicsData: [],
        rackId: "",
      });
      const fp = fr.responses[0]!.partitions[0]!;
      expect(fp.errorCode).toBe(0);
      expect(fp.highWatermark).toBe(1n);
      const [record] = [...new RecordBatchView(fp.records!).records()];
      expect(new TextDecoder().decode(record!.value!)).toBe(value);
    });
  }
}

test("(a) a Strand broker registers with a Kafka 4.4.0 controller quorum, observes its metadata log, and serves clients", async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  const clusterId = newClusterId();
  const controllerPorts = await freePorts(3);
  const voters = controllerPorts.map((p, i) => `${i + 1}@127.0.0.1:${p}`).join(",");
  const controllers = await Promise.all(
    controllerPorts.map((port, i) =>
      startKafkaNode({
        clusterId,
        formatArgs: STRAND_FEATURE_LEVELS,
        properties: {
          "process.roles": "controller",
          "node.id": i + 1,
          "controller.quorum.voters": voters,
          listeners: `CONTROLLER://127.0.0.1:${port}`,
          "controller.listener.names": "CONTROLLER",
          "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
          "broker.heartbeat.interval.ms": 500,
          "broker.session.timeout.ms": 6000,
        },
        startTimeoutMs: 90_000,
      }),
    ),
  );
  kafkas.push(...controllers);
  const controllerLogs = () => controllers.map((c, i) => `--- Kafka controller ${i + 1} ---\n${c.logTail(4000)}`).join("\n");
  const strand = await startStrand({
    dataDir: strandDir(),
    startTimeoutMs: 60_000,
    overrides: {
      "node.id": 100,
      "cluster.id": clusterId,
      "process.roles": "broker",
      "controller.quorum.voters": voters,
      "controller.listener.names": "CONTROLLER",
      listeners: "PLAINTEXT://127.0.0.1:0",
      "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
      "offsets.topic.replication.factor": 1,
      "transaction.state.log.replication.factor": 1,
      "broker.heartbeat.interval.ms": 500,
      "broker.session.timeout.ms": 6000,
    },
  }).catch((e: unknown) => {
    throw new Error(`${(e as Error).message}\n${controllerLogs()}`);
  });
  strands.push(strand);
  const diag = () => `--- Strand ---\n${strand.output().slice(-6000)}\n${controllerLogs()}`;

  const md = await until("Strand broker 100 registered and listed", async () => {
    const m = await metadata(strand.port);
    return m.brokers.some((b) => b.nodeId === 100) ? m : null;
  }, 30_000, diag);
  expect(md.clusterId).toBe(clusterId);
  // Kafka's active controller saw the registration and unfenced the broker.
  const unfenced = /Unfenced broker 100|unfenced broker:? 100|BrokerRegistrationChangeRecord.*brokerId=100.*fenced=-1/i;
  await until("Kafka's controller to unfence broker 100", async () => controllers.some((c) => unfenced.test(c.logTail(1 << 20))), 30_000, diag);

  await createProduceFetch(strand.port, () => strand.port, "mixed-a", 3, diag);
  // Admin requests only a controller carries out go to Kafka's controller in an Envelope (as Kafka's
  // brokers send them): a config change and more partitions, seen back through the Strand broker.
  await withClient(strand.port, async (c) => {
    const iac = await c.request<{ responses: Array<{ errorCode: number; errorMessage: string | null }> }>(44, 1, {
      resources: [{ resourceType: 2, resourceName: "mixed-a", configs: [{ name: "retention.ms", configOperation: 0, value: "3600000" }] }],
      validateOnly: false,
    });
    expect(iac.responses[0]).toMatchObject({ errorCode: 0 });
    const cp = await c.request<{ results: Array<{ errorCode: number; errorMessage: string | null }> }>(37, 3, { topics: [{ name: "mixed-a", count: 4, assignments: null }], timeoutMs: 10_000, validateOnly: false });
    expect(cp.results[0]).toMatchObject({ errorCode: 0 });
  });
  await until("4 partitions of mixed-a on the Strand broker", async () => (await metadata(strand.port)).topics.find((t) => t.name === "mixed-a")?.partitions.length === 4, 30_000, diag);

  // SIGKILL Kafka's active controller: the other two elect a leader, the Strand observer finds it,
  // keeps heartbeating (stays unfenced), and a topic created through it afterwards works.
  const before = await until("the Kafka quorum leader", async () => {
    const l = await quorumLeader(controllerPorts);
    return l.leaderId > 0 ? l : null;
  }, 30_000, diag);
  await controllers[before.leaderId - 1]!.kill();
  const survivors = controllerPorts.filter((_, i) => i + 1 !== before.leaderId);
  const after = await until("a new Kafka quorum leader", async () => {
    const l = await quorumLeader(survivors);
    return l.leaderId > 0 && l.leaderId !== before.leaderId ? l : null;
  }, 30_000, diag);
  console.log(`Kafka controller ${before.leaderId} killed; controller ${after.leaderId} leads epoch ${after.leaderEpoch}`);
  await until("the Strand observer to follow the new leader", async () => new RegExp(`metadata quorum leader leaderId=${after.leaderId} epoch=${after.leaderEpoch}\\b`).test(strand.output()), 30_000, diag);
  await createProduceFetch(strand.port, () => strand.port, "mixed-a-after", 2, diag);
  expect((await metadata(strand.port)).brokers.map((b) => b.nodeId)).toEqual([100]);
  expect(strand.output()).not.toMatch(/ ERROR /);
}, 180_000);

test("(b) a Kafka 4.4.0 broker registers with a Strand controller quorum and serves clients", async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  const clusterId = newClusterId();
  const ports = await freePorts(4);
  const controllerPorts = ports.slice(0, 3);
  const brokerPort = ports[3]!;
  const voters = controllerPorts.map((p, i) => `${i + 1}@127.0.0.1:${p}`).join(",");
  const controllers = await Promise.all(
    controllerPorts.map((port, i) =>
      startStrand({
        dataDir: strandDir(),
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
          "broker.session.timeout.ms": 6000,
        },
      }),
    ),
  );
  strands.push(...controllers);
  const controllerLogs = () => controllers.map((c, i) => `--- Strand controller ${i + 1} ---\n${c.output().slice(-4000)}`).join("\n");
  // Two log dirs: new replicas are recorded UNASSIGNED and the broker assigns them (AssignReplicasToDirs).
  const brokerDirs = [strandDir(), strandDir()];
  const broker = await startKafkaNode({
    clusterId,
    startTimeoutMs: 90_000,
    properties: {
      "log.dirs": brokerDirs.join(","),
      ...kafkaBrokerProperties(brokerPort, { "controller.quorum.voters": voters }),
      "offsets.topic.num.partitions": 1,
      "transaction.state.log.num.partitions": 1,
    },
  }).catch((e: unknown) => {
    throw new Error(`${(e as Error).message}\n${controllerLogs()}`);
  });
  kafkas.push(broker);
  const diag = () => `--- Kafka broker ---\n${broker.logTail(8000)}\n${controllerLogs()}`;
  const md = await until("Kafka broker 10 listed by itself", async () => {
    const m = await metadata(brokerPort);
    return m.brokers.some((b) => b.nodeId === 10) ? m : null;
  }, 30_000, diag);
  expect(md.clusterId).toBe(clusterId);
  await until("Strand's controller to unfence broker 10", async () => controllers.some((c) => /broker unfenced .*brokerId=10\b/.test(c.output())), 30_000, diag);
  await createProduceFetch(brokerPort, () => brokerPort, "mixed-b", 3, diag);

  // SIGKILL Strand's active controller: the Kafka broker finds the new one (its heartbeats and a new
  // topic's CreateTopics, in an Envelope, go there).
  const before = await until("the Strand quorum leader", async () => {
    const l = await quorumLeader(controllerPorts);
    return l.leaderId > 0 ? l : null;
  }, 30_000, diag);
  await controllers[before.leaderId - 1]!.kill();
  const survivors = controllerPorts.filter((_, i) => i + 1 !== before.leaderId);
  const after = await until("a new Strand quorum leader", async () => {
    const l = await quorumLeader(survivors);
    return l.leaderId > 0 && l.leaderId !== before.leaderId ? l : null;
  }, 30_000, diag);
  console.log(`Strand controller ${before.leaderId} killed; controller ${after.leaderId} leads epoch ${after.leaderEpoch}`);
  await createProduceFetch(brokerPort, () => brokerPort, "mixed-b-after", 2, diag);
  // Neither Envelope nor AssignReplicasToDirs was refused (both were before Strand served them), and
  // every replica was assigned (Kafka's AssignmentsManager logs each failed or retried batch).
  expect(broker.logTail(1 << 22)).not.toMatch(/UnsupportedVersionException|assignments failed/);
}, 240_000);

test("(c) a Strand controller is a static voter of a Kafka 4.4.0 controller quorum", async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  const clusterId = newClusterId();
  const ports = await freePorts(4);
  const controllerPorts = ports.slice(0, 3);
  const brokerPort = ports[3]!;
  const voters = controllerPorts.map((p, i) => `${i + 1}@127.0.0.1:${p}`).join(",");
  // Voter 3 is Strand. The Kafka voters wait 10 s before standing for election, Strand 1 s: Strand
  // wins the first election and bootstraps the cluster, and Kafka's voters follow a Strand leader.
  const strandVoter = await startStrand({
    dataDir: strandDir(),
    startTimeoutMs: 60_000,
    readyPattern: /controller listener open/,
    overrides: {
      "node.id": 3,
      "cluster.id": clusterId,
      "process.roles": "controller",
      "controller.quorum.voters": voters,
      "controller.listener.names": "CONTROLLER",
      listeners: `CONTROLLER://127.0.0.1:${controllerPorts[2]}`,
      "advertised.listeners": "",
      "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
      "broker.heartbeat.interval.ms": 500,
      "broker.session.timeout.ms": 6000,
    },
  });
  strands.push(strandVoter);
  const kafkaVoters = await Promise.all(
    controllerPorts.slice(0, 2).map((port, i) =>
      startKafkaNode({
        clusterId,
        formatArgs: STRAND_FEATURE_LEVELS,
        properties: {
          "process.roles": "controller",
          "node.id": i + 1,
          "controller.quorum.voters": voters,
          "controller.quorum.election.timeout.ms": 10_000,
          listeners: `CONTROLLER://127.0.0.1:${port}`,
          "controller.listener.names": "CONTROLLER",
          "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
          "broker.heartbeat.interval.ms": 500,
          "broker.session.timeout.ms": 6000,
        },
        startTimeoutMs: 90_000,
      }),
    ),
  );
  kafkas.push(...kafkaVoters);
  const diag = () => [`--- Strand voter 3 ---\n${strandVoter.output().slice(-6000)}`, ...kafkaVoters.map((k, i) => `--- Kafka voter ${i + 1} ---\n${k.logTail(4000)}`)].join("\n");
  const first = await until("a quorum leader", async () => {
    const l = await quorumLeader(controllerPorts);
    return l.leaderId > 0 ? l : null;
  }, 30_000, diag);
  expect(first.leaderId).toBe(3);
  await until("the Strand voter to bootstrap the cluster", async () => /bootstrapping a new cluster/.test(strandVoter.output()) && /strand started/.test(strandVoter.output()), 30_000, diag);
  // Kafka's voters replay what Strand's controller wrote and register with it (KIP-919).
  await until("both Kafka voters registered with Strand's controller", async () => kafkaVoters.every((k) => /controller acknowledged ControllerRegistrationRequest/.test(k.logTail(1 << 22))), 30_000, diag);

  const broker = await startKafkaNode({
    clusterId,
    startTimeoutMs: 90_000,
    properties: kafkaBrokerProperties(brokerPort, { "controller.quorum.voters": voters }),
  }).catch((e: unknown) => {
    throw new Error(`${(e as Error).message}\n${diag()}`);
  });
  kafkas.push(broker);
  const diag2 = () => `--- Kafka broker ---\n${broker.logTail(6000)}\n${diag()}`;
  await createProduceFetch(brokerPort, () => brokerPort, "mixed-c", 2, diag2);

  // SIGKILL the Strand leader: the two Kafka voters elect one of themselves from the log Strand wrote,
  // and the broker, its registration intact, creates a topic through Kafka's controller.
  const killed = first.leaderId;
  await strandVoter.kill();
  const after = await until("a new quorum leader", async () => {
    const l = await quorumLeader(controllerPorts.filter((_, i) => i + 1 !== killed));
    return l.leaderId > 0 && l.leaderId !== killed ? l : null;
  }, 30_000, diag2);
  console.log(`Strand voter ${killed} killed; Kafka voter ${after.leaderId} leads epoch ${after.leaderEpoch}`);
  await createProduceFetch(brokerPort, () => brokerPort, "mixed-c-after", 2, diag2);
  expect(broker.logTail(1 << 22)).not.toMatch(/UnsupportedVersionException/);
  // Kafka's voters sent UpdateRaftVoter to the Strand leader (KIP-853, at kraft.version 0 too): served.
  for (const k of kafkaVoters) expect(k.logTail(1 << 22)).not.toMatch(/unsupported version error|UnsupportedVersionException/);
}, 300_000);

test("(d) migration: a Strand controller joins a Kafka 4.4.0 quorum with AddRaftVoter and leads it once the Kafka controller is removed", async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  const clusterId = newClusterId();
  const [kafkaPort, strandPort, brokerPort] = (await freePorts(3)) as [number, number, number];
  const bootstrap = `127.0.0.1:${kafkaPort}`;
  // Every node's bootstrap servers name both controllers, the one there and the one to come (an observer
  // finds the leader only through them once the Kafka controller is gone).
  const common = {
    "controller.quorum.bootstrap.servers": `${bootstrap},127.0.0.1:${strandPort}`,
    "controller.listener.names": "CONTROLLER",
    "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
    "broker.heartbeat.interval.ms": 500,
    "broker.session.timeout.ms": 6000,
  };
  // A Kafka controller formatted --standalone (kraft.version 1: the voter set lives in the log).
  const kafkaController = await startKafkaNode({
    clusterId,
    formatArgs: ["--standalone", ...STRAND_FEATURE_LEVELS],
    startTimeoutMs: 90_000,
    properties: { ...common, "process.roles": "controller", "node.id": 1, listeners: `CONTROLLER://${bootstrap}` },
  });
  kafkas.push(kafkaController);
  const broker = await startKafkaNode({
    clusterId,
    startTimeoutMs: 90_000,
    properties: kafkaBrokerProperties(brokerPort, { "controller.quorum.bootstrap.servers": common["controller.quorum.bootstrap.servers"] }),
  });
  kafkas.push(broker);
  await createProduceFetch(brokerPort, () => brokerPort, "migrated-before", 2, () => `--- Kafka broker ---\n${broker.logTail(6000)}\n--- Kafka controller ---\n${kafkaController.logTail(6000)}`);

  // The Strand controller: formatted --no-initial-controllers, it observes Kafka's log through the
  // bootstrap server, then kafka-metadata-quorum add-controller (AddRaftVoter to Kafka's leader) makes
  // it a voter.
  const dataDir = strandDir();
  const strandProps: Record<string, string> = {
    ...Object.fromEntries(Object.entries(common).map(([k, v]) => [k, String(v)])),
    "log.dirs": join(dataDir, "logs"),
    "node.id": "2",
    "cluster.id": clusterId,
    "process.roles": "controller",
    "controller.quorum.voters": "",
    listeners: `CONTROLLER://127.0.0.1:${strandPort}`,
    "advertised.listeners": "",
  };
  await formatStorage(loadConfig(undefined, Object.entries(strandProps).map(([k, v]) => `${k}=${v}`)), clusterId, { ignoreFormatted: false, quorum: { kind: "no-initial-controllers" } });
  const strandController = await startStrand({ dataDir, startTimeoutMs: 60_000, readyPattern: /controller listener open/, overrides: strandProps });
  strands.push(strandController);
  const diag = () => [`--- Strand controller 2 ---\n${strandController.output().slice(-6000)}`, `--- Kafka controller 1 ---\n${kafkaController.logTail(6000)}`, `--- Kafka broker 10 ---\n${broker.logTail(4000)}`].join("\n");
  const replication = async (via: string) => parseToolTable((await metadataQuorumTool(["--bootstrap-controller", via], ["describe", "--replication"])).stdout);
  await until("the Strand controller observes Kafka's quorum", async () => (await replication(bootstrap)).some((r) => r.NodeId === "2" && r.Status === "Observer"), 60_000, diag);
  const file = join(dataDir, "controller.properties");
  writeFileSync(file, Object.entries(strandProps).filter(([k]) => k !== "controller.quorum.voters").map(([k, v]) => `${k}=${v}`).join("\n") + "\n");
  const added = await metadataQuorumTool(["--bootstrap-controller", bootstrap, "--command-config", file], ["add-controller"]);
  expect(added.stdout).toContain("Added controller 2");
  await until("voters 1 (Kafka, leader) and 2 (Strand)", async () => {
    const rows = await replication(bootstrap);
    return rows.some((r) => r.NodeId === "1" && r.Status === "Leader") && rows.some((r) => r.NodeId === "2" && r.Status === "Follower");
  }, 60_000, diag);

  // remove-controller 1: Kafka's leader commits a voter set without itself and resigns; the Strand
  // controller, now the only voter, is elected, becomes the active controller on the log Kafka wrote,
  // and the Kafka broker carries on with it (its CreateTopics forwarded in an Envelope).
  const kafkaDirId = readMetaProperties(kafkaController.logDir)!.directoryId!;
  const removed = await metadataQuorumTool(["--bootstrap-controller", bootstrap], ["remove-controller", "--controller-id", "1", "--controller-directory-id", kafkaDirId]);
  expect(removed.stdout).toContain("Removed KRaft controller 1");
  const strandBootstrap = `127.0.0.1:${strandPort}`;
  await until("the Strand controller leads, Kafka's no longer a voter", async () => {
    const rows = await replication(strandBootstrap).catch(() => []);
    return rows.some((r) => r.NodeId === "2" && r.Status === "Leader") && !rows.some((r) => r.NodeId === "1" && (r.Status === "Leader" || r.Status === "Follower"));
  }, 60_000, diag);
  await kafkaController.stop();
  console.log("Kafka controller 1 removed and stopped; Strand controller 2 leads the quorum");
  await createProduceFetch(brokerPort, () => brokerPort, "migrated-after", 2, diag);
  const md = await metadata(brokerPort);
  expect(md.topics.map((t) => t.name).filter((n) => n?.startsWith("migrated-")).sort()).toEqual(["migrated-after", "migrated-before"]);
  expect(broker.logTail(1 << 22)).not.toMatch(/UnsupportedVersionException/);
}, 300_000);
