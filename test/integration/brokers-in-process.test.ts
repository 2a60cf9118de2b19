// Three brokers in one process (issue 10, item 1): each Broker has its own log dirs, node id, port 0
// listener and hand-driven clock, and they share nothing: a topic created on one is absent on the
// others, produce/fetch and group offsets stay on the broker that took them, and a long-polling fetch
// expires when *its* broker's clock moves, not another's. This is the proof that the side channels
// (dataPlaneOf's WeakMap, groupsOf, metadataOf) and module singletons (the Metadata entry cache) are gone:
// before BrokerServices, a Broker had no clock of its own and no `services`.
//
// The group coordinator's timeouts run on a timing wheel per broker, on that broker's clock.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BrokerConfig } from "../../src/config/broker-config.ts";
import { formatStorage } from "../../src/cli/server-command.ts";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { Broker } from "../../src/server/broker.ts";
import { createLogger } from "../../src/util/log.ts";
import { FakeClock, systemClock } from "../../src/util/purgatory/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { encodeConsumerSubscription } from "../../src/coordinator/group/consumer-protocol.ts";
import { batchViews, createTopic, fetchOnce, produce } from "../unit/produce/wire-helpers.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const CLUSTER_ID = "SW4tUHJvY2Vzc1Rlc3QxAA";

interface Node {
  nodeId: number;
  dir: string;
  clock: FakeClock;
  broker: Broker;
  port: number;
  client: KafkaTestClient;
}

const nodes: Node[] = [];

async function startNode(nodeId: number): Promise<Node> {
  const dir = mkdtempSync(join(tmpdir(), `strand-inproc-${nodeId}-`));
  const config = BrokerConfig.from(
    new Map([
      ["process.roles", "broker,controller"],
      ["node.id", String(nodeId)],
      ["listeners", "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0"],
      ["advertised.listeners", "PLAINTEXT://127.0.0.1:0"],
      ["strand.admin.listener", "127.0.0.1:0"],
      ["controller.listener.names", "CONTROLLER"],
      ["listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT"],
      ["controller.quorum.voters", `${nodeId}@127.0.0.1:9093`],
      ["log.dirs", join(dir, "logs")],
      ["offsets.topic.replication.factor", "1"],
      ["offsets.topic.num.partitions", "2"],
      ["group.initial.rebalance.delay.ms", "0"],
    ]),
    [],
  );
  await formatStorage(config, CLUSTER_ID, { ignoreFormatted: false });
  const clock = new FakeClock(1_000_000 * nodeId);
  const broker = new Broker({ config, log: createLogger((process.env.INPROC_LOG ?? "error") as "error"), clock, quorumClock: systemClock }); // metadata commits on real time; the data plane on the hand-driven clock
  const bound = await broker.start();
  const port = bound.find((b) => b.name === "PLAINTEXT")!.port;
  const client = await KafkaTestClient.connect(port);
  return { nodeId, dir, clock, broker, port, client };
}

/** Retries while the coordinator creates __consumer_offsets on first use; bounded by 100 tries. */
async function retryCoordinator<T extends Any>(f: () => Promise<T>, code: (r: T) => number): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const r = await f();
    const e = code(r);
    if (e !== ErrorCode.COORDINATOR_NOT_AVAILABLE && e !== ErrorCode.COORDINATOR_LOAD_IN_PROGRESS && e !== ErrorCode.NOT_COORDINATOR) return r;
    await Bun.sleep(50);
  }
  throw new Error("the group coordinator did not become available");
}

beforeAll(async () => {
  // One after the other: each start replays its own (empty) metadata log and registers itself.
  for (const id of [11, 12, 13]) nodes.push(await startNode(id));
}, 60_000);

afterAll(async () => {
  for (const n of nodes) n.client.close();
  for (const n of nodes) await n.broker.stop();
  for (const n of nodes) rmSync(n.dir, { recursive: true, force: true });
}, 60_000);

test("each broker has its own services, node id and port", () => {
  expect(new Set(nodes.map((n) => n.port)).size).toBe(3);
  const s = nodes.map((n) => n.broker.services);
  expect(s.map((x) => x.nodeId)).toEqual([11, 12, 13]);
  for (let i = 0; i < 3; i++) {
    for (let j = i + 1; j < 3; j++) {
      expect(s[i]!.metadata).not.toBe(s[j]!.metadata);
      expect(s[i]!.replicaManager).not.toBe(s[j]!.replicaManager);
      expect(s[i]!.groupCoordinator).not.toBe(s[j]!.groupCoordinator);
      expect(s[i]!.metadataEntries).not.toBe(s[j]!.metadataEntries);
      expect(s[i]!.producerIds).not.toBe(s[j]!.producerIds);
    }
  }
});

test("a topic created on one broker is absent on the others; Metadata names each broker itself", async () => {
  const [a, b, c] = nodes as [Node, Node, Node];
  await createTopic(a.client, "only-on-a", 2);
  const metaOf = (n: Node) => n.client.request<Any>(3, 12, { topics: [{ name: "only-on-a", topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], allowAutoTopicCreation: false });
  const ma = await metaOf(a);
  expect(ma.topics[0].errorCode).toBe(ErrorCode.NONE);
  expect(ma.topics[0].partitions.map((p: Any) => p.leaderId)).toEqual([a.nodeId, a.nodeId]);
  expect(ma.brokers.map((x: Any) => [x.nodeId, x.port])).toEqual([[a.nodeId, a.port]]);
  for (const other of [b, c]) {
    const m = await metaOf(other);
    expect(m.topics[0].errorCode).toBe(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
    expect(m.brokers.map((x: Any) => [x.nodeId, x.port])).toEqual([[other.nodeId, other.port]]);
  }
});

test("produce and fetch through each broker stay on that broker", async () => {
  for (const n of nodes) await createTopic(n.client, "data", 1);
  // Each broker gets a different number of batches, so a shared log or high watermark would show.
  for (const [i, n] of nodes.entries()) {
    for (let k = 0; k <= i; k++) {
      const r = await produce(n.client, "data", 0, buildRecordBatch({ records: [{ value: new TextEncoder().encode(`node-${n.nodeId}-${k}`) }] }));
      expect(r.errorCode).toBe(ErrorCode.NONE);
      expect(r.baseOffset).toBe(BigInt(k));
    }
  }
  for (const [i, n] of nodes.entries()) {
    const f = await fetchOnce(n.client, "data", [{ partition: 0, offset: 0n }]);
    const p = f.partitions[0]!;
    expect(p.errorCode).toBe(ErrorCode.NONE);
    expect(p.highWatermark).toBe(BigInt(i + 1));
    const values = batchViews(p.records).flatMap((v) => [...v.records()].map((r) => new TextDecoder().decode(r.value!)));
    expect(values).toEqual(Array.from({ length: i + 1 }, (_, k) => `node-${n.nodeId}-${k}`));
  }
});

test("group offsets committed on each broker are that broker's only", async () => {
  for (const [i, n] of nodes.entries()) {
    const fc = await retryCoordinator(() => n.client.request<Any>(10, 4, { keyType: 0, coordinatorKeys: ["g"] }), (r) => r.coordinators[0].errorCode);
    expect(fc.coordinators[0]).toMatchObject({ errorCode: ErrorCode.NONE, nodeId: n.nodeId, port: n.port });
    const commit = await retryCoordinator(
      () =>
        n.client.request<Any>(8, 9, {
          groupId: "g",
          generationIdOrMemberEpoch: -1,
          memberId: "",
          topics: [{ name: "data", partitions: [{ partitionIndex: 0, committedOffset: BigInt(100 + i), committedLeaderEpoch: -1, committedMetadata: `from-${n.nodeId}` }] }],
        }),
      (r) => r.topics[0].partitions[0].errorCode,
    );
    expect(commit.topics[0].partitions[0].errorCode).toBe(ErrorCode.NONE);
  }
  for (const [i, n] of nodes.entries()) {
    const f = await n.client.request<Any>(9, 9, { groups: [{ groupId: "g", memberId: null, memberEpoch: -1, topics: [{ name: "data", partitionIndexes: [0] }] }], requireStable: false });
    expect(f.groups[0].topics[0].partitions[0]).toMatchObject({ committedOffset: BigInt(100 + i), metadata: `from-${n.nodeId}` });
  }
});

test("a long-polling fetch expires on its own broker's clock, not on another broker's", async () => {
  const [a, b] = nodes as [Node, Node];
  // Nothing past the log end: each fetch waits its full maxWaitMs, measured on its broker's clock.
  const waitA = fetchOnce(a.client, "data", [{ partition: 0, offset: 1n }], { maxWaitMs: 600_000, timeoutMs: 30_000 });
  const waitB = fetchOnce(b.client, "data", [{ partition: 0, offset: 2n }], { maxWaitMs: 600_000, timeoutMs: 30_000 });
  let doneA = false;
  let doneB = false;
  void waitA.then(() => (doneA = true));
  void waitB.then(() => (doneB = true));
  // Poll until both fetches are parked in their broker's purgatory (no fixed sleep).
  for (let i = 0; i < 400 && (a.broker.services.replicaManager.delayedFetchCount < 1 || b.broker.services.replicaManager.delayedFetchCount < 1); i++) await Bun.sleep(10);
  expect(a.broker.services.replicaManager.delayedFetchCount).toBe(1);
  expect(b.broker.services.replicaManager.delayedFetchCount).toBe(1);

  a.clock.advance(600_000);
  const ra = await waitA;
  expect(ra.partitions[0]).toMatchObject({ errorCode: ErrorCode.NONE, highWatermark: 1n });
  expect(batchViews(ra.partitions[0]!.records)).toHaveLength(0);
  expect(doneA).toBe(true);
  // B's clock has not moved: its fetch still waits.
  await Bun.sleep(0);
  expect(doneB).toBe(false);
  expect(b.broker.services.replicaManager.delayedFetchCount).toBe(1);

  b.clock.advance(600_000);
  const rb = await waitB;
  expect(rb.partitions[0]).toMatchObject({ errorCode: ErrorCode.NONE, highWatermark: 2n });
  expect(doneB).toBe(true);
}, 40_000);

/**
 * Waits for `p` while moving `n`'s clock 10 ms a step: the coordinator's join timers (the initial
 * rebalance delay, even 0 ms) are armed on the broker's own clock, which only moves when told to.
 * Bounded by 500 steps (5 s of broker time, well under the 10 s session timeout).
 */
async function whileAdvancing<T>(n: Node, p: Promise<T>): Promise<T> {
  let done = false;
  const q = p.finally(() => (done = true));
  for (let i = 0; i < 500 && !done; i++) {
    n.clock.advance(10);
    await Bun.sleep(5);
  }
  return q;
}

async function joinAndSync(n: Node, groupId: string): Promise<string> {
  const c = n.client;
  const base = {
    groupId,
    sessionTimeoutMs: 10_000,
    rebalanceTimeoutMs: 10_000,
    memberId: "",
    groupInstanceId: null,
    protocolType: "consumer",
    protocols: [{ name: "range", metadata: encodeConsumerSubscription(["data"]) }],
  };
  let j = await retryCoordinator(() => whileAdvancing(n, c.request<Any>(11, 9, base)), (r) => r.errorCode);
  if (j.errorCode === ErrorCode.MEMBER_ID_REQUIRED) j = await whileAdvancing(n, c.request<Any>(11, 9, { ...base, memberId: j.memberId }));
  expect(j.errorCode).toBe(ErrorCode.NONE);
  const sync = await c.request<Any>(14, 5, {
    groupId,
    generationId: j.generationId,
    memberId: j.memberId,
    groupInstanceId: null,
    protocolType: "consumer",
    protocolName: "range",
    assignments: [{ memberId: j.memberId, assignment: new Uint8Array(0) }],
  });
  expect(sync.errorCode).toBe(ErrorCode.NONE);
  return j.memberId as string;
}

async function groupMembers(c: KafkaTestClient, groupId: string): Promise<{ state: string; members: number }> {
  const d = await c.request<Any>(15, 5, { groups: [groupId], includeAuthorizedOperations: false });
  return { state: d.groups[0].groupState, members: d.groups[0].members.length };
}

test("group session timeouts expire on their own broker's clock, not on another broker's", async () => {
  const [a, b] = nodes as [Node, Node];
  await joinAndSync(a, "session");
  await joinAndSync(b, "session");
  expect(await groupMembers(a.client, "session")).toEqual({ state: "Stable", members: 1 });
  expect(await groupMembers(b.client, "session")).toEqual({ state: "Stable", members: 1 });

  // No heartbeats: a's member expires once a's clock passes the 10 s session timeout.
  a.clock.advance(11_000);
  for (let i = 0; i < 400 && (await groupMembers(a.client, "session")).members > 0; i++) await Bun.sleep(10);
  expect(await groupMembers(a.client, "session")).toEqual({ state: "Empty", members: 0 });
  // b's clock has not moved: its member is still there.
  expect(await groupMembers(b.client, "session")).toEqual({ state: "Stable", members: 1 });

  b.clock.advance(11_000);
  for (let i = 0; i < 400 && (await groupMembers(b.client, "session")).members > 0; i++) await Bun.sleep(10);
  expect(await groupMembers(b.client, "session")).toEqual({ state: "Empty", members: 0 });
}, 60_000);
