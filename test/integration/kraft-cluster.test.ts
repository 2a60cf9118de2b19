// Three Strand processes, each broker and controller (process.roles=broker,controller), form one KRaft
// cluster over loopback: a Raft quorum on their controller listeners, brokers registered and unfenced
// through the active controller, topics created through any node, records produced to each partition's
// leader and read back. Then the active controller is SIGKILLed: the other two elect a new one, metadata
// keeps changing, and the killed node restarts on its data, truncates what it had not got committed,
// and ends with the same metadata as the others.

import { expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { dumpLogSegments, metadataQuorumTool, parseToolTable } from "../support/kafka-tools.ts";
import { KAFKA_MAIN, runKafkaClass } from "../support/kafka-dist.ts";
import { freePorts } from "../support/ports.ts";
import { until } from "../support/until.ts";
import { startStrand, type StrandHandle } from "../support/strand.ts";
import { strandNodesRemovedAfterAll } from "../support/strand-nodes.ts";
import { copyFileSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { randomKafkaUuid } from "../../src/storage/meta-properties.ts";

const ZERO = "AAAAAAAAAAAAAAAAAAAAAA";
type Topic = { errorCode: number; name: string | null; topicId: string; partitions: Array<{ partitionIndex: number; leaderId: number; leaderEpoch: number; replicaNodes: number[] }> };
type MetadataRes = { brokers: Array<{ nodeId: number; host: string; port: number }>; clusterId: string | null; controllerId: number; topics: Topic[] };

const { handles, dirs } = strandNodesRemovedAfterAll();


async function metadata(port: number): Promise<MetadataRes> {
  const c = await KafkaTestClient.connect(port);
  try {
    return await c.request<MetadataRes>(3, 12, { topics: null, allowAutoTopicCreation: false });
  } finally {
    c.close();
  }
}

/** What every node must agree on: brokers, topics with ids, partition leaders and epochs. */
function summary(md: MetadataRes): string {
  const topics = md.topics.map((t) => `${t.name}/${t.topicId}/${t.partitions.map((p) => `${p.partitionIndex}:${p.leaderId}:${p.leaderEpoch}`).sort().join(",")}`).sort();
  return JSON.stringify({ brokers: md.brokers.map((b) => b.nodeId).sort(), topics });
}

test("three broker+controller nodes: one quorum, topics through any node, failover of the active controller, the old one rejoins", async () => {
  const clusterId = randomKafkaUuid();
  const controllerPorts = await freePorts(3);
  const voters = controllerPorts.map((p, i) => `${i + 1}@127.0.0.1:${p}`).join(",");
  const dataDirs = new Map<number, string>();
  const startNode = async (id: number) => {
    const dataDir = dataDirs.get(id) ?? mkdtempSync(join(tmpdir(), `strand-kraft-${id}-`));
    if (!dataDirs.has(id)) {
      dataDirs.set(id, dataDir);
      dirs.push(dataDir);
    }
    const h = await startStrand({
      dataDir,
      startTimeoutMs: 60_000,
      overrides: {
        "node.id": id,
        "cluster.id": clusterId,
        "process.roles": "broker,controller",
        "controller.quorum.voters": voters,
        listeners: `PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:${controllerPorts[id - 1]}`,
        "offsets.topic.replication.factor": 1,
        "transaction.state.log.replication.factor": 1,
        "broker.heartbeat.interval.ms": 500,
        "broker.session.timeout.ms": 4000,
      },
    });
    handles.set(id, h);
    return h;
  };
  await Promise.all([1, 2, 3].map(startNode));

  // Every node knows all three brokers and names the same active controller.
  const first = await until("three registered brokers seen by every node", async () => {
    const mds = await Promise.all([...handles.values()].map((h) => metadata(h.port)));
    const ok = mds.every((m) => m.brokers.length === 3 && m.controllerId === mds[0]!.controllerId && m.controllerId > 0);
    return ok ? mds : null;
  });
  const controllerId = first[0]!.controllerId;
  expect(first[0]!.clusterId).toBe(clusterId);

  // kafka-metadata-quorum.sh through a broker that is not the leader (forwarded) and on a controller listener.
  const notLeader = [1, 2, 3].find((id) => id !== controllerId)!;
  const status = await metadataQuorumTool(["--bootstrap-server", handles.get(notLeader)!.bootstrap], ["describe", "--status"]);
  expect(status.stdout).toMatch(new RegExp(`LeaderId:\\s+${controllerId}\\b`));
  expect(status.stdout).toMatch(/ClusterId:\s+\S+/);
  for (let id = 1; id <= 3; id++) expect(status.stdout).toContain(`"id": ${id}`);
  // --bootstrap-controller finds the controllers through DescribeCluster: wait for all three registrations.
  await until("three registered controllers", async () => {
    const cc = await KafkaTestClient.connect(controllerPorts[controllerId - 1]!);
    try {
      const d = await cc.request<{ errorCode: number; controllerId: number; brokers: unknown[] }>(60, 2, { includeClusterAuthorizedOperations: false, endpointType: 2, includeFencedBrokers: false });
      return d.errorCode === 0 && d.brokers.length === 3 && d.controllerId === controllerId;
    } finally {
      cc.close();
    }
  });
  const replication = await metadataQuorumTool(["--bootstrap-controller", `127.0.0.1:${controllerPorts[controllerId - 1]}`], ["describe", "--replication"]);
  const rows = parseToolTable(replication.stdout);
  expect(rows.map((r) => r.NodeId).sort()).toEqual(["1", "2", "3"]);
  expect(rows.find((r) => r.NodeId === String(controllerId))!.Status).toBe("Leader");
  expect(rows.filter((r) => r.Status === "Follower")).toHaveLength(2);

  // CreateTopics through a node that is not the active controller: forwarded.
  const other = [1, 2, 3].find((id) => id !== controllerId)!;
  const c = await KafkaTestClient.connect(handles.get(other)!.port);
  const created = await c.request<{ topics: Array<{ name: string; errorCode: number; errorMessage: string | null; topicId: string }> }>(19, 7, {
    topics: [{ name: "orders", numPartitions: 6, replicationFactor: 1, assignments: [], configs: [] }],
    timeoutMs: 10_000,
  });
  c.close();
  expect(created.topics[0]!.errorMessage).toBeNull();
  expect(created.topics[0]!.errorCode).toBe(0);
  const orders = await until("orders on every node", async () => {
    const mds = await Promise.all([...handles.values()].map((h) => metadata(h.port)));
    const ts = mds.map((m) => m.topics.find((t) => t.name === "orders"));
    return ts.every((t) => t && t.partitions.length === 6) && new Set(mds.map(summary)).size === 1 ? ts[0]! : null;
  });
  // The other admin APIs through the same non-controller node: forwarded to the active controller.
  const fc = await KafkaTestClient.connect(handles.get(other)!.port);
  const cp2 = await fc.request<{ results: Array<{ name: string; errorCode: number; errorMessage: string | null }> }>(37, 3, { topics: [{ name: "orders", count: 7, assignments: null }], timeoutMs: 10_000, validateOnly: false });
  expect(cp2.results[0]).toMatchObject({ name: "orders", errorCode: 0 });
  const iac = await fc.request<{ responses: Array<{ errorCode: number; resourceName: string }> }>(44, 1, {
    resources: [{ resourceType: 2, resourceName: "orders", configs: [{ name: "retention.ms", configOperation: 0, value: "3600000" }] }],
    validateOnly: false,
  });
  expect(iac.responses[0]).toMatchObject({ resourceName: "orders", errorCode: 0 });
  const scratch = await fc.request<{ topics: Array<{ errorCode: number }> }>(19, 7, { topics: [{ name: "scratch", numPartitions: 1, replicationFactor: 1, assignments: [], configs: [] }], timeoutMs: 10_000 });
  expect(scratch.topics[0]!.errorCode).toBe(0);
  const del = await fc.request<{ responses: Array<{ name: string | null; errorCode: number }> }>(20, 6, { topics: [{ name: "scratch", topicId: ZERO }], timeoutMs: 10_000 });
  expect(del.responses[0]).toMatchObject({ name: "scratch", errorCode: 0 });
  fc.close();
  await until("the forwarded changes on every node", async () => {
    const mds = await Promise.all([...handles.values()].map((h) => metadata(h.port)));
    return mds.every((m) => m.topics.find((t) => t.name === "orders")?.partitions.length === 7 && !m.topics.some((t) => t.name === "scratch"));
  });
  orders.partitions.push(...(await metadata(handles.get(other)!.port)).topics.find((t) => t.name === "orders")!.partitions.filter((p) => p.partitionIndex === 6));

  // Partitions are spread over the three brokers.
  expect(new Set(orders.partitions.map((p) => p.leaderId)).size).toBe(3);

  // Produce to every partition on its leader, read it back.
  for (const p of orders.partitions) {
    const leader = handles.get(p.leaderId)!;
    const pc = await KafkaTestClient.connect(leader.port);
    const batch = buildRecordBatch({ records: [{ value: new TextEncoder().encode(`hello ${p.partitionIndex}`) }] });
    const pr = await pc.request<{ responses: Array<{ partitionResponses: Array<{ errorCode: number; baseOffset: bigint }> }> }>(0, 9, {
      acks: -1,
      timeoutMs: 10_000,
      topicData: [{ name: "orders", partitionData: [{ index: p.partitionIndex, records: batch }] }],
    });
    expect(pr.responses[0]!.partitionResponses[0]!.errorCode).toBe(0);
    pc.close();
  }

  // Producer ids come from the controller's blocks: unique across the brokers (retried while a block is fetched).
  const pids: bigint[] = [];
  for (const h of handles.values()) {
    const ic = await KafkaTestClient.connect(h.port);
    for (let k = 0; k < 2; k++) {
      const r = await until("a producer id", async () => {
        const x = await ic.request<{ errorCode: number; producerId: bigint }>(22, 4, { transactionalId: null, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 });
        return x.errorCode === 0 ? x : x.errorCode === 14 ? null : Promise.reject(new Error(`InitProducerId error ${x.errorCode}`));
      });
      pids.push(r.producerId);
    }
    ic.close();
  }
  expect(new Set(pids).size).toBe(6);

  // SIGKILL the active controller: the others elect a new one, and metadata keeps changing.
  await handles.get(controllerId)!.kill();
  const survivors = [1, 2, 3].filter((id) => id !== controllerId);
  const t0 = Date.now();
  const newController = await until("a new active controller", async () => {
    const mds = await Promise.all(survivors.map((id) => metadata(handles.get(id)!.port)));
    const ids = new Set(mds.map((m) => m.controllerId));
    const [id] = [...ids];
    return ids.size === 1 && id !== controllerId && survivors.includes(id!) ? id! : null;
  });
  console.log(`new active controller ${newController} ${Date.now() - t0} ms after the SIGKILL of ${controllerId}`);
  const sc = await KafkaTestClient.connect(handles.get(survivors.find((id) => id !== newController)!)!.port);
  const after = await until("a topic created after the failover", async () => {
    const r = await sc.request<{ topics: Array<{ errorCode: number }> }>(19, 7, { topics: [{ name: "after-failover", numPartitions: 2, replicationFactor: 1, assignments: [], configs: [] }], timeoutMs: 10_000 });
    return r.topics[0]!.errorCode === 0 || r.topics[0]!.errorCode === 36 ? r : null;
  });
  expect(after.topics[0]!.errorCode === 0 || after.topics[0]!.errorCode === 36).toBe(true);
  sc.close();

  // The killed node restarts on its data and catches up: every node agrees.
  await startNode(controllerId);
  await until("every node to agree after the restart", async () => {
    const mds = await Promise.all([...handles.values()].map((h) => metadata(h.port)));
    const sums = mds.map(summary);
    return new Set(sums).size === 1 && sums[0]!.includes("after-failover") && mds[0]!.brokers.length === 3 ? sums : null;
  }, 60_000);
}, 240_000);

async function describeQuorum(port: number): Promise<{ leaderId: number; leaderEpoch: number; voters: number[]; observers: number[] } | null> {
  const c = await KafkaTestClient.connect(port);
  try {
    const r = await c.request<{ errorCode: number; topics: Array<{ partitions: Array<{ errorCode: number; leaderId: number; leaderEpoch: number; currentVoters: Array<{ replicaId: number }>; observers: Array<{ replicaId: number }> }> }> }>(
      55,
      2,
      { topics: [{ topicName: "__cluster_metadata", partitions: [{ partitionIndex: 0 }] }] },
      5_000,
    );
    const p = r.topics[0]?.partitions[0];
    if (r.errorCode !== 0 || !p || p.errorCode !== 0) return null;
    return { leaderId: p.leaderId, leaderEpoch: p.leaderEpoch, voters: p.currentVoters.map((v) => v.replicaId).sort(), observers: p.observers.map((o) => o.replicaId).sort() };
  } finally {
    c.close();
  }
}

test("three controllers and three brokers: brokers follow as observers; SIGSTOP of the active controller moves leadership and it rejoins on SIGCONT", async () => {
  const clusterId = randomKafkaUuid();
  const cp = await freePorts(3);
  const voters = cp.map((p, i) => `${i + 1}@127.0.0.1:${p}`).join(",");
  const controllers = await Promise.all(
    [1, 2, 3].map((id) =>
      startStrand({ controllerOnly: true, startTimeoutMs: 60_000, overrides: { "node.id": id, "cluster.id": clusterId, "process.roles": "controller", "controller.quorum.voters": voters, listeners: `CONTROLLER://127.0.0.1:${cp[id - 1]}` } }),
    ),
  );
  controllers.forEach((h, i) => handles.set(100 + i, h));
  dirs.push(...controllers.map((h) => h.dataDir));
  const brokers = await Promise.all(
    [4, 5, 6].map((id) =>
      startStrand({ startTimeoutMs: 60_000, overrides: { "node.id": id, "cluster.id": clusterId, "process.roles": "broker", "controller.quorum.voters": voters, listeners: "PLAINTEXT://127.0.0.1:0", "offsets.topic.replication.factor": 1, "broker.session.timeout.ms": 4000, "broker.heartbeat.interval.ms": 500 } }),
    ),
  );
  brokers.forEach((h, i) => handles.set(200 + i, h));
  dirs.push(...brokers.map((h) => h.dataDir));

  // The quorum: voters 1-3, the brokers fetch as observers.
  const q = await until("the brokers as observers of the quorum", async () => {
    const d = await describeQuorum(brokers[0]!.port);
    return d && d.observers.join(",") === "4,5,6" ? d : null;
  });
  expect(q.voters).toEqual([1, 2, 3]);
  const md = await until("every broker unfenced in the image", async () => {
    const m = await metadata(brokers[1]!.port);
    return m.brokers.length === 3 ? m : null;
  });
  expect(md.brokers.map((b) => b.nodeId).sort()).toEqual([4, 5, 6]);
  // The active controller is not a broker: clients are given a broker as the controller (Kafka names a random live broker).
  expect([4, 5, 6]).toContain(md.controllerId);

  const c = await KafkaTestClient.connect(brokers[2]!.port);
  const created = await c.request<{ topics: Array<{ errorCode: number; errorMessage: string | null }> }>(19, 7, { topics: [{ name: "split", numPartitions: 3, replicationFactor: 1, assignments: [], configs: [] }], timeoutMs: 10_000 });
  c.close();
  expect(created.topics[0]).toMatchObject({ errorCode: 0, errorMessage: null });
  await until("the topic on every broker", async () => {
    const sums = await Promise.all(brokers.map(async (b) => summary(await metadata(b.port))));
    return new Set(sums).size === 1 && sums[0]!.includes("split");
  });

  // SIGSTOP the active controller: the other two elect a leader in a later epoch.
  const stopped = controllers[q.leaderId - 1]!;
  process.kill(stopped.pid, "SIGSTOP");
  try {
    const t0 = Date.now();
    const moved = await until("a new quorum leader", async () => {
      const d = await describeQuorum(brokers[0]!.port).catch(() => null);
      return d && d.leaderId !== q.leaderId && d.leaderEpoch > q.leaderEpoch ? d : null;
    });
    console.log(`leader ${moved.leaderId} in epoch ${moved.leaderEpoch}, ${Date.now() - t0} ms after SIGSTOP of ${q.leaderId}`);
    const c2 = await KafkaTestClient.connect(brokers[0]!.port);
    await until("CreateTopics after the move", async () => {
      const r = await c2.request<{ topics: Array<{ errorCode: number }> }>(19, 7, { topics: [{ name: "after-stop", numPartitions: 1, replicationFactor: 1, assignments: [], configs: [] }], timeoutMs: 10_000 });
      return r.topics[0]!.errorCode === 0 || r.topics[0]!.errorCode === 36;
    });
    c2.close();
  } finally {
    process.kill(stopped.pid, "SIGCONT");
  }
  // The old leader resumes, learns the new epoch and follows; brokers agree.
  await until("every broker agrees and the old leader follows", async () => {
    const sums = await Promise.all(brokers.map(async (b) => summary(await metadata(b.port))));
    const d = await describeQuorum(brokers[1]!.port);
    return new Set(sums).size === 1 && sums[0]!.includes("after-stop") && d !== null && d.leaderId !== q.leaderId;
  }, 60_000);
  expect(stopped.output()).toMatch(/metadata quorum leader leaderId=\d+ epoch=\d+/);

  // kafka-cluster.sh unregister: a stopped broker's registration goes; an unknown id is refused.
  expect(await brokers[2]!.stop()).toBe(0);
  const un = await runKafkaClass(KAFKA_MAIN.cluster, ["unregister", "--bootstrap-server", brokers[0]!.bootstrap, "--id", "6"], { timeoutMs: 60_000 });
  expect(un.exitCode).toBe(0);
  expect(un.stdout).toContain("Broker 6 is no longer registered.");
  const unknown = await runKafkaClass(KAFKA_MAIN.cluster, ["unregister", "--bootstrap-server", brokers[0]!.bootstrap, "--id", "42"], { timeoutMs: 60_000 });
  expect(unknown.exitCode).not.toBe(0);
  expect(unknown.stdout + unknown.stderr).toContain("BrokerIdNotRegisteredException");
  await until("broker 6 gone from the registrations", async () => {
    const c3 = await KafkaTestClient.connect(brokers[1]!.port);
    try {
      const d = await c3.request<{ brokers: Array<{ brokerId: number }> }>(60, 2, { includeClusterAuthorizedOperations: false, endpointType: 1, includeFencedBrokers: true });
      return d.brokers.map((b) => b.brokerId).sort().join(",") === "4,5";
    } finally {
      c3.close();
    }
  });
}, 240_000);

test("snapshots: a node down while the others snapshot and move their log start catches up with FetchSnapshot", async () => {
  const clusterId = randomKafkaUuid();
  const cp = await freePorts(3);
  const voters = cp.map((p, i) => `${i + 1}@127.0.0.1:${p}`).join(",");
  const nodes = new Map<number, StrandHandle>();
  const dataDirs = new Map<number, string>();
  const start = async (id: number) => {
    const dataDir = dataDirs.get(id) ?? mkdtempSync(join(tmpdir(), `strand-snap-${id}-`));
    dataDirs.set(id, dataDir);
    if (!dirs.includes(dataDir)) dirs.push(dataDir);
    const h = await startStrand({
      dataDir,
      startTimeoutMs: 60_000,
      overrides: {
        "node.id": id,
        "cluster.id": clusterId,
        "process.roles": "broker,controller",
        "controller.quorum.voters": voters,
        listeners: `PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:${cp[id - 1]}`,
        "offsets.topic.replication.factor": 1,
        // A snapshot after every commit, and retention that keeps only the newest one.
        "metadata.log.max.record.bytes.between.snapshots": 1,
        "metadata.max.retention.bytes": 0,
      },
    });
    nodes.set(id, h);
    handles.set(300 + id, h);
    return h;
  };
  await Promise.all([1, 2, 3].map(start));
  const all = await until("three brokers", async () => {
    const m = await metadata(nodes.get(1)!.port);
    return m.brokers.length === 3 ? m : null;
  });
  // Node 3 goes down (not the controller if possible, so the others keep their leader).
  const down = all.controllerId === 3 ? 2 : 3;
  await nodes.get(down)!.kill();
  const up = [1, 2, 3].filter((id) => id !== down);
  const c = await KafkaTestClient.connect(nodes.get(up[0]!)!.port);
  for (let i = 0; i < 8; i++) {
    await until(`topic t${i}`, async () => {
      const r = await c.request<{ topics: Array<{ errorCode: number }> }>(19, 7, { topics: [{ name: `t${i}`, numPartitions: 1, replicationFactor: 1, assignments: [], configs: [] }], timeoutMs: 10_000 });
      return r.topics[0]!.errorCode === 0 || r.topics[0]!.errorCode === 36;
    });
  }
  c.close();
  await until("snapshots written on the live nodes", async () => up.every((id) => /metadata snapshot written/.test(nodes.get(id)!.output())));
  // Kafka's kafka-dump-log.sh reads the snapshot files and the log segment Strand wrote.
  // Copied first: retention deletes all but the newest snapshot while the node runs.
  const metaDir = join(dataDirs.get(up[0]!)!, "logs", "__cluster_metadata-0");
  const copyDir = mkdtempSync(join(tmpdir(), "strand-snap-copy-"));
  dirs.push(copyDir);
  const copied = await until("a snapshot copied", async () => {
    const files = readdirSync(metaDir);
    const checkpoint = files.filter((f) => f.endsWith(".checkpoint")).sort().at(-1);
    const segment = files.filter((f) => f.endsWith(".log")).sort()[0];
    if (!checkpoint || !segment) return null;
    copyFileSync(join(metaDir, checkpoint), join(copyDir, checkpoint));
    copyFileSync(join(metaDir, segment), join(copyDir, segment));
    return [checkpoint, segment];
  });
  expect(copied[0]).toMatch(/^\d{20}-\d{10}\.checkpoint$/);
  const dumped = await dumpLogSegments(copied.map((f) => join(copyDir, f)), { extraArgs: ["--cluster-metadata-decoder"] });
  expect(dumped.stdout).toContain('"type":"TOPIC_RECORD"');
  expect(dumped.stdout).toContain("SnapshotHeader");
  expect(dumped.stdout).toContain("SnapshotFooter");
  expect(dumped.stdout).toContain('"name":"t7"');

  // Back: its fetch position is below the leader's log start, so it gets the snapshot.
  const back = await start(down);
  await until("every node agrees", async () => {
    const sums = await Promise.all([...nodes.values()].map(async (h) => summary(await metadata(h.port))));
    return new Set(sums).size === 1 && sums[0]!.includes("t7");
  }, 60_000);
  expect(back.output()).toMatch(/fetched snapshot \d+-\d+ \(\d+ bytes\) from leader/);
  expect(back.output()).toMatch(/metadata snapshot loaded/);
}, 240_000);
