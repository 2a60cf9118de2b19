// RaftMetadata on a simulated 3-voter quorum (test/support/raft-sim.ts: real KafkaRaftClients over an
// in-memory network, one FakeClock): the image of every node, the active controller's included, comes
// only from committed records; operations run on the active controller and fail with NOT_CONTROLLER
// when leadership moves; every node ends with the same image.

import { afterEach, expect, test } from "bun:test";
import { BrokerConfig } from "../../../src/config/broker-config.ts";
import type { MetadataImage } from "../../../src/metadata/image.ts";
import type { MetadataDelta } from "../../../src/metadata/publisher.ts";
import { QuorumController } from "../../../src/metadata/quorum-controller.ts";
import { MAX_REPLICATION_FACTOR, RaftMetadata } from "../../../src/metadata/raft-metadata.ts";
import { SUPPORTED_FEATURES } from "../../../src/metadata/supported-features.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { newBrokerHeartbeatRequest } from "../../../src/protocol/generated/messages/broker-heartbeat-request.ts";
import { newBrokerRegistrationRequest } from "../../../src/protocol/generated/messages/broker-registration-request.ts";
import { LeaderState } from "../../../src/raft/leader-state.ts";
import type { LogManager } from "../../../src/storage/log-manager.ts";
import { RaftSimulation, type SimNode } from "../../support/raft-sim.ts";
import { createLogger } from "../../../src/util/log.ts";

const SEED = Number(process.env.STRAND_TEST_SEED ?? 20261201);
const SESSION_MS = 9_000;
const config = BrokerConfig.from(new Map(), [
  ["process.roles", "broker,controller"],
  ["node.id", "1"],
  ["controller.listener.names", "CONTROLLER"],
  ["controller.quorum.voters", "1@localhost:9093"],
  ["listeners", "PLAINTEXT://localhost:9092,CONTROLLER://localhost:9093"],
  ["num.partitions", "3"],
  ["default.replication.factor", "1"],
]);
const quiet = createLogger("error");

/** Just what RaftMetadata asks of the LogManager (no partition logs in this test). */
const fakeLogs = { setTopicConfigSource: () => {}, getLog: () => undefined } as unknown as LogManager;

interface Md {
  md: RaftMetadata;
  controller: QuorumController;
  deltas: MetadataDelta[];
}

let sim: RaftSimulation | null = null;
afterEach(() => {
  sim?.close();
  sim = null;
}, 120_000);

function start(leaderImbalanceCheckIntervalMs?: number): { sim: RaftSimulation; nodes: Map<number, Md> } {
  console.log(`raft-metadata seed ${SEED}`);
  const nodes = new Map<number, Md>();
  const s = new RaftSimulation({
    voters: 3,
    observers: 0,
    seed: SEED,
    onStart: (n: SimNode, s: RaftSimulation) => {
      const deltas: MetadataDelta[] = [];
      const client = n.client!;
      const controller = new QuorumController({
        nodeId: n.id,
        env: { clusterId: "sim-cluster", kraftVersion: 0, cleanShutdownDetection: true, defaultMinIsr: 1, defaultUncleanLeaderElection: false },
        raft: client,
        clock: s.clock,
        sessionTimeoutMs: SESSION_MS,
        bootstrapMinIsr: 1,
        ...(leaderImbalanceCheckIntervalMs !== undefined ? { leaderImbalanceCheckIntervalMs } : {}),
        logger: quiet,
      });
      const md = new RaftMetadata({ nodeId: n.id, clusterId: "sim-cluster", config, logs: fakeLogs, logger: quiet, publisher: { applyDelta: (d) => deltas.push(d) }, raft: client, controller, forwarder: null });
      md.register();
      nodes.set(n.id, { md, controller, deltas });
    },
  });
  sim = s;
  return { sim: s, nodes };
}

function leaderOf(s: RaftSimulation, nodes: Map<number, Md>): Md | null {
  for (const n of s.nodes.values()) {
    if (n.alive && n.client!.quorum.current instanceof LeaderState && nodes.get(n.id)!.controller.isActive) return nodes.get(n.id)!;
  }
  return null;
}

async function until(s: RaftSimulation, what: string, cond: () => boolean, maxMs = 20_000): Promise<void> {
  for (let t = 0; t < maxMs; t += 50) {
    if (cond()) return;
    await s.run(50);
  }
  throw new Error(`timed out waiting for ${what}: ${s.describe()}`);
}

/** What must be equal on every node: topics, partitions, brokers, features. */
function summary(image: MetadataImage): string {
  const topics = [...image.topicsById.values()].map((t) => `${t.name}/${t.topicId}/${t.partitions.map((p) => `${p.leader}:${p.leaderEpoch}:${p.replicas.join(".")}`).join(",")}`).sort();
  const brokers = [...image.brokers.values()].map((b) => `${b.nodeId}:${b.brokerEpoch}:${b.fenced}`).sort();
  return JSON.stringify({ offset: String(image.offset), topics, brokers, features: [...image.features].sort() });
}

function registration(id: number) {
  return {
    ...newBrokerRegistrationRequest(),
    brokerId: id,
    clusterId: "sim-cluster",
    incarnationId: `AAAAAAAAAAAAAAAAAAAA${id}w`,
    listeners: [{ name: "PLAINTEXT", host: "localhost", port: 9000 + id, securityProtocol: 0 }],
    features: SUPPORTED_FEATURES.map((f) => ({ name: f.name, minSupportedVersion: f.minVersion, maxSupportedVersion: f.maxVersion })),
    rack: null,
    logDirs: [`AAAAAAAAAAAAAAAAAAAB${id}w`],
  };
}

async function registerAndUnfence(s: RaftSimulation, nodes: Map<number, Md>, ids: number[]): Promise<Map<number, bigint>> {
  const epochs = new Map<number, bigint>();
  for (const id of ids) {
    const leader = leaderOf(s, nodes)!;
    const p = leader.controller.registerBroker(registration(id));
    await until(s, `registration of ${id}`, () => Bun.peek.status(p) !== "pending");
    const r = await p;
    expect(r.errorCode).toBe(ErrorCode.NONE);
    epochs.set(id, r.brokerEpoch);
  }
  for (const id of ids) {
    const leader = leaderOf(s, nodes)!;
    const p = leader.controller.brokerHeartbeat({ ...newBrokerHeartbeatRequest(), brokerId: id, brokerEpoch: epochs.get(id)!, currentMetadataOffset: BigInt(leader.md.image.offset), wantFence: false });
    await until(s, `heartbeat of ${id}`, () => Bun.peek.status(p) !== "pending");
    expect((await p).isFenced).toBe(false);
  }
  return epochs;
}

test("images come only from committed records; operations run on the active controller; all nodes agree", async () => {
  const { sim: s, nodes } = start();
  await until(s, "a leader that bootstrapped the cluster", () => {
    const l = leaderOf(s, nodes);
    return l !== null && l.md.image.features.has("metadata.version");
  });
  await registerAndUnfence(s, nodes, [1, 2, 3]);
  const leader = leaderOf(s, nodes)!;

  const created = leader.md.createTopics([{ name: "orders", numPartitions: 6, replicationFactor: 1, assignments: [], configs: [] }], { validateOnly: false });
  // Planned and appended, not committed: only the controller's own uncommitted image has it.
  expect(leader.controller.uncommittedImage!.topicsByName.has("orders")).toBe(true);
  expect(leader.md.image.topicsByName.has("orders")).toBe(false);
  await until(s, "the topic committed", () => Bun.peek.status(created) !== "pending");
  const [r] = await created;
  expect(r!.errorCode).toBe(ErrorCode.NONE);
  // Answered only once the node's own image shows it.
  expect(leader.md.image.topicsByName.get("orders")!.partitions).toHaveLength(6);

  // A follower without a forwarder answers NOT_CONTROLLER, for every operation.
  const follower = [...nodes.values()].find((n) => n !== leader)!;
  const [fr] = await follower.md.createTopics([{ name: "nope", numPartitions: 1, replicationFactor: 1, assignments: [], configs: [] }], { validateOnly: false });
  expect(fr!.errorCode).toBe(ErrorCode.NOT_CONTROLLER);
  const [dr] = await follower.md.deleteTopics([{ name: "orders", topicId: null }]);
  expect(dr!.errorCode).toBe(ErrorCode.NOT_CONTROLLER);

  await until(s, "every node's image has the topic", () => [...nodes.values()].every((n) => n.md.image.topicsByName.has("orders")));
  await s.run(500);
  const images = [...nodes.values()].map((n) => summary(n.md.image));
  expect(new Set(images).size).toBe(1);
  // Metadata names the active controller (a registered broker here).
  const leaderId = [...nodes].find(([, v]) => v === leader)![0];
  for (const n of nodes.values()) expect(n.md.image.controllerId).toBe(leaderId);
  // The first delta a node publishes has before = null (stray logs are set aside once).
  for (const n of nodes.values()) expect(n.deltas[0]!.before).toBeNull();
});

test("losing leadership fails waiting operations with NOT_CONTROLLER; the next leader continues; the old one rejoins with the same image", async () => {
  const { sim: s, nodes } = start();
  await until(s, "a bootstrapped leader", () => leaderOf(s, nodes)?.md.image.features.has("metadata.version") === true);
  await registerAndUnfence(s, nodes, [1, 2, 3]);
  const first = leaderOf(s, nodes)!;
  const firstId = [...nodes].find(([, v]) => v === first)![0];

  // Cut the leader off before its append can commit.
  const pending = first.md.createTopics([{ name: "lost-or-kept", numPartitions: 1, replicationFactor: 1, assignments: [], configs: [] }], { validateOnly: false });
  s.isolate(firstId);
  await until(s, "a new leader", () => {
    const l = leaderOf(s, nodes);
    return l !== null && l !== first;
  });
  await until(s, "the old leader to give up", () => Bun.peek.status(pending) !== "pending", 30_000);
  const [pr] = await pending;
  expect(pr!.errorCode).toBe(ErrorCode.NOT_CONTROLLER);

  const second = leaderOf(s, nodes)!;
  const made = second.md.createTopics([{ name: "after-failover", numPartitions: 2, replicationFactor: 1, assignments: [], configs: [] }], { validateOnly: false });
  await until(s, "creation on the new leader", () => Bun.peek.status(made) !== "pending");
  expect((await made)[0]!.errorCode).toBe(ErrorCode.NONE);

  s.healAll();
  await until(s, "every node to converge", () => {
    const sums = [...nodes.values()].map((n) => summary(n.md.image));
    return new Set(sums).size === 1 && sums[0]!.includes("after-failover");
  }, 30_000);
  // The isolated leader's uncommitted topic never reached any image.
  for (const n of nodes.values()) expect(n.md.image.topicsByName.has("lost-or-kept")).toBe(false);
});

test("the active controller fences a broker whose heartbeats stop (broker.session.timeout.ms)", async () => {
  const { sim: s, nodes } = start();
  await until(s, "a bootstrapped leader", () => leaderOf(s, nodes)?.md.image.features.has("metadata.version") === true);
  const epochs = await registerAndUnfence(s, nodes, [1, 2]);
  // Broker 1 keeps heartbeating, broker 2 goes silent.
  for (let t = 0; t < SESSION_MS + 3_000; t += 1_000) {
    const l = leaderOf(s, nodes)!;
    void l.controller.brokerHeartbeat({ ...newBrokerHeartbeatRequest(), brokerId: 1, brokerEpoch: epochs.get(1)!, currentMetadataOffset: BigInt(l.md.image.offset), wantFence: false });
    await s.run(1_000);
  }
  await until(s, "broker 2 fenced everywhere", () => [...nodes.values()].every((n) => n.md.image.brokers.get(2)?.fenced === true));
  for (const n of nodes.values()) expect(n.md.image.brokers.get(1)!.fenced).toBe(false);
});

test("the replication switch (MAX_REPLICATION_FACTOR): lifted, RF 3 is placed on three brokers and internal topics take theirs; set to 1, RF > 1 is refused (INVALID_REPLICATION_FACTOR) and internal topics get one", async () => {
  const { sim: s, nodes } = start();
  await until(s, "a bootstrapped leader", () => leaderOf(s, nodes)?.md.image.features.has("metadata.version") === true);
  await registerAndUnfence(s, nodes, [1, 2, 3]);
  const leader = leaderOf(s, nodes)!;
  const lifted = MAX_REPLICATION_FACTOR === undefined;
  const p = leader.md.createTopics([{ name: "rf3", numPartitions: 1, replicationFactor: 3, assignments: [], configs: [] }], { validateOnly: false });
  await until(s, "the answer", () => Bun.peek.status(p) !== "pending");
  const [r] = await p;
  const manual = leader.md.createTopics([{ name: "manual", numPartitions: -1, replicationFactor: -1, assignments: [{ partitionIndex: 0, brokerIds: [1, 2] }], configs: [] }], { validateOnly: false });
  await until(s, "the answer", () => Bun.peek.status(manual) !== "pending");
  const internal = leader.md.ensureInternalTopic("__consumer_offsets", 3, { "cleanup.policy": "compact" }, 3);
  await until(s, "the internal topic", () => Bun.peek.status(internal) !== "pending");
  if (lifted) {
    expect(r!.errorCode).toBe(ErrorCode.NONE);
    expect([...leader.md.image.topicsByName.get("rf3")!.partitions[0]!.replicas].sort()).toEqual([1, 2, 3]);
    expect((await manual)[0]!.errorCode).toBe(ErrorCode.NONE);
    expect((await internal).partitions.every((x) => x.replicas.length === 3)).toBe(true);
  } else {
    expect(r!.errorCode).toBe(ErrorCode.INVALID_REPLICATION_FACTOR);
    expect(r!.errorMessage).toContain("does not replicate partitions yet");
    expect((await manual)[0]!.errorCode).toBe(ErrorCode.INVALID_REPLICATION_FACTOR);
    expect((await internal).partitions.every((x) => x.replicas.length === 1)).toBe(true);
  }
});

test("an internal topic is not created with fewer replicas than configured while brokers are missing: COORDINATOR_NOT_AVAILABLE, with Kafka's text", async () => {
  const { sim: s, nodes } = start();
  await until(s, "a bootstrapped leader", () => leaderOf(s, nodes)?.md.image.features.has("metadata.version") === true);
  await registerAndUnfence(s, nodes, [1, 2]);
  const leader = leaderOf(s, nodes)!;
  const refused = leader.md.ensureInternalTopic("__consumer_offsets", 3, { "cleanup.policy": "compact" }, 3);
  await until(s, "the answer", () => Bun.peek.status(refused) !== "pending");
  const e = await refused.then(() => null, (x: unknown) => x as { errorCode: number; message: string });
  expect(e?.errorCode).toBe(ErrorCode.COORDINATOR_NOT_AVAILABLE);
  expect(e?.message).toContain("Number of alive brokers '2' does not meet the required replication factor '3'");
  expect(leader.md.image.topicsByName.has("__consumer_offsets")).toBe(false);
  await registerAndUnfence(s, nodes, [3]);
  const created = leader.md.ensureInternalTopic("__consumer_offsets", 3, { "cleanup.policy": "compact" }, 3);
  await until(s, "the internal topic", () => Bun.peek.status(created) !== "pending");
  if (MAX_REPLICATION_FACTOR === undefined) expect((await created).partitions.every((x) => x.replicas.length === 3)).toBe(true);
});

test("auto.leader.rebalance: a partition not led by its preferred replica gets it back at the next leader.imbalance.check.interval", async () => {
  const INTERVAL_MS = 2_000;
  const { sim: s, nodes } = start(INTERVAL_MS);
  await until(s, "a bootstrapped leader", () => leaderOf(s, nodes)?.md.image.features.has("metadata.version") === true);
  await registerAndUnfence(s, nodes, [1, 2, 3]);
  const leader = leaderOf(s, nodes)!;
  const created = leader.md.createTopics([{ name: "bal", numPartitions: -1, replicationFactor: -1, assignments: [{ partitionIndex: 0, brokerIds: [1, 2, 3] }], configs: [] }], { validateOnly: false });
  await until(s, "the topic", () => Bun.peek.status(created) !== "pending");
  // A reorder completes at once and leaves leader 1 in place: preferred is now 3.
  const moved = leader.md.alterPartitionReassignments([{ name: "bal", partitions: [{ partitionIndex: 0, replicas: [3, 2, 1] }] }], true);
  await until(s, "the reorder", () => Bun.peek.status(moved) !== "pending");
  expect((await moved)[0]!.partitions[0]!.errorCode).toBe(ErrorCode.NONE);
  const part = () => leader.md.image.topicsByName.get("bal")!.partitions[0]!;
  expect(part()).toMatchObject({ replicas: [3, 2, 1], leader: 1 });
  await until(s, "the preferred leader back", () => part().leader === 3, INTERVAL_MS * 3);
  expect(part().leaderEpoch).toBe(1);
});
