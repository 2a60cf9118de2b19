// A network partition of the active controller in a 3-node Strand cluster (broker+controller each), with
// the links between nodes through loopback proxies the test cuts (test/support/tcp-proxy.ts; each node's
// controller.quorum.voters names its own proxy per peer). The isolated leader still takes a CreateTopics
// from a client on its side: it appends, cannot commit, resigns (check-quorum) and answers with an error;
// the majority elects a new leader and keeps going. Healed, the old leader follows the new one without
// disrupting it (pre-vote: the epoch does not move), truncates the record it never got committed, and
// every node ends with the same metadata, without the unacknowledged topic.

import { afterAll, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomKafkaUuid } from "../../src/storage/meta-properties.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { freePorts } from "../support/ports.ts";
import { until as untilBase } from "../support/until.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { TcpProxy } from "../support/tcp-proxy.ts";

const until = <T>(what: string, fn: () => Promise<T | null | false>, timeoutMs = 60_000) => untilBase(what, fn, timeoutMs);

const handles = new Map<number, StrandHandle>();
const proxies: TcpProxy[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const h of handles.values()) await h.kill().catch(() => {});
  for (const p of proxies) p.stop();
  for (const d of dirs) removeDataDir(d);
}, 120_000);


type Md = { controllerId: number; brokers: Array<{ nodeId: number }>; topics: Array<{ name: string; topicId: string; partitions: Array<{ leaderId: number; leaderEpoch: number }> }> };
async function metadata(port: number): Promise<Md> {
  const c = await KafkaTestClient.connect(port);
  try {
    return await c.request<Md>(3, 12, { topics: null, allowAutoTopicCreation: false }, 5_000);
  } finally {
    c.close();
  }
}

async function quorum(port: number): Promise<{ leaderId: number; leaderEpoch: number } | null> {
  const c = await KafkaTestClient.connect(port);
  try {
    const r = await c.request<{ topics: Array<{ partitions: Array<{ errorCode: number; leaderId: number; leaderEpoch: number }> }> }>(55, 2, { topics: [{ topicName: "__cluster_metadata", partitions: [{ partitionIndex: 0 }] }] }, 5_000);
    const p = r.topics[0]?.partitions[0];
    return p && p.errorCode === 0 ? { leaderId: p.leaderId, leaderEpoch: p.leaderEpoch } : null;
  } finally {
    c.close();
  }
}

const summary = (m: Md) => JSON.stringify(m.topics.map((t) => `${t.name}/${t.topicId}`).sort());

test("the isolated active controller cannot commit, the majority goes on, the healed node truncates and follows", async () => {
  const clusterId = randomKafkaUuid();
  const cp = await freePorts(3);
  // link[a][b]: node a's connection to node b's controller listener.
  const link = new Map<string, TcpProxy>();
  for (let a = 1; a <= 3; a++) {
    for (let b = 1; b <= 3; b++) {
      if (a === b) continue;
      const p = TcpProxy.start(cp[b - 1]!);
      proxies.push(p);
      link.set(`${a}>${b}`, p);
    }
  }
  const votersFor = (a: number) => [1, 2, 3].map((b) => `${b}@127.0.0.1:${b === a ? cp[b - 1] : link.get(`${a}>${b}`)!.port}`).join(",");
  await Promise.all(
    [1, 2, 3].map(async (id) => {
      const dataDir = mkdtempSync(join(tmpdir(), `strand-part-${id}-`));
      dirs.push(dataDir);
      const h = await startStrand({
        dataDir,
        startTimeoutMs: 60_000,
        overrides: { "node.id": id, "cluster.id": clusterId, "process.roles": "broker,controller", "controller.quorum.voters": votersFor(id), listeners: `PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:${cp[id - 1]}` },
      });
      handles.set(id, h);
    }),
  );
  const first = await until("three brokers and one controller", async () => {
    const mds = await Promise.all([...handles.values()].map((h) => metadata(h.port)));
    return mds.every((m) => m.brokers.length === 3 && m.controllerId === mds[0]!.controllerId) ? mds[0]! : null;
  });
  const leader = first.controllerId;
  const others = [1, 2, 3].filter((id) => id !== leader);
  const before = await quorum(handles.get(others[0]!)!.port);
  expect(before?.leaderId).toBe(leader);

  const create = async (port: number, name: string) => {
    const c = await KafkaTestClient.connect(port);
    try {
      const r = await c.request<{ topics: Array<{ errorCode: number; errorMessage: string | null }> }>(19, 7, { topics: [{ name, numPartitions: 1, replicationFactor: 1, assignments: [], configs: [] }], timeoutMs: 10_000 }, 30_000);
      return r.topics[0]!;
    } finally {
      c.close();
    }
  };
  expect((await create(handles.get(others[0]!)!.port, "before")).errorCode).toBe(0);
  await until("'before' on every node", async () => (await Promise.all([...handles.values()].map((h) => metadata(h.port)))).every((m) => m.topics.some((t) => t.name === "before")));

  // Isolate the leader from both peers, both directions.
  for (const o of others) {
    link.get(`${leader}>${o}`)!.cut();
    link.get(`${o}>${leader}`)!.cut();
  }
  // A client on the leader's side: appended there, never committed, so never acknowledged.
  const isolatedAnswer = await create(handles.get(leader)!.port, "on-isolated");
  expect(isolatedAnswer.errorCode).not.toBe(0);
  console.log(`the isolated leader answered error ${isolatedAnswer.errorCode}: ${isolatedAnswer.errorMessage}`);

  const moved = await until("a new leader on the majority side", async () => {
    const q = await quorum(handles.get(others[0]!)!.port);
    return q && q.leaderId !== leader && q.leaderId > 0 && q.leaderEpoch > before!.leaderEpoch ? q : null;
  });
  await until("a topic created on the majority side", async () => (await create(handles.get(others[1]!)!.port, "during-partition").catch(() => ({ errorCode: -1 }))).errorCode === 0);

  for (const p of link.values()) p.heal();
  const sums = await until("every node agrees after the heal", async () => {
    const mds = await Promise.all([...handles.values()].map((h) => metadata(h.port)));
    const s = mds.map(summary);
    return new Set(s).size === 1 && s[0]!.includes("during-partition") ? s : null;
  });
  expect(sums[0]).not.toContain("on-isolated");
  // Pre-vote kept the healed node from disrupting the leader: same leader, same epoch.
  const after = await until("the old leader following", async () => {
    const q = await quorum(handles.get(leader)!.port);
    return q && q.leaderId === moved.leaderId ? q : null;
  });
  expect(after.leaderEpoch).toBe(moved.leaderEpoch);
  expect(handles.get(leader)!.output()).toMatch(/truncating to \d+/);
}, 240_000);
