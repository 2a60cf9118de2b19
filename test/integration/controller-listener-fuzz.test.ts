// The controller listener of real Strand processes fed mutated Raft traffic (issue 12's fuzz pass over
// the wire): Raft request frames captured from a seeded simulated quorum (test/support/raft-capture.ts),
// re-addressed to this cluster (its cluster id; replica, leader and candidate ids moved to a non-voter so a
// replayed frame cannot claim a real voter's progress), mutated (test/support/raft-fuzz.ts) and sent over
// TCP to all three nodes' controller listeners. Afterwards: no process died, the quorum still commits, and
// every node, SIGKILLed, restarts (its metadata log recovers and replays) with every topic committed before
// the fuzzing, with the ids it was created with.

import { expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Socket } from "bun";
import { decodeRequest, encodeRequest } from "../../src/protocol/frame.ts";
import { randomKafkaUuid } from "../../src/storage/meta-properties.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { freePorts } from "../support/ports.ts";
import { captureRaftTraffic, type CapturedRequest } from "../support/raft-capture.ts";
import { mutate } from "../support/raft-fuzz.ts";
import { RaftSimulation } from "../support/raft-sim.ts";
import { seededRandom } from "../support/seeded-random.ts";
import { until as untilBase } from "../support/until.ts";
import { startStrand } from "../support/strand.ts";
import { strandNodesRemovedAfterAll } from "../support/strand-nodes.ts";

const SEED = Number(process.env.STRAND_TEST_SEED ?? 424242);
const FRAMES = Number(process.env.STRAND_FUZZ_ITERATIONS ?? 1500);
const OUTSIDER = 1000;

const until = <T>(what: string, fn: () => Promise<T | null | false>, timeoutMs = 60_000) => untilBase(what, fn, timeoutMs);

const { handles, dirs } = strandNodesRemovedAfterAll();


type Md = { topics: Array<{ name: string; topicId: string }>; brokers: unknown[] };
async function topicsOf(port: number): Promise<Map<string, string>> {
  const c = await KafkaTestClient.connect(port);
  try {
    const m = await c.request<Md>(3, 12, { topics: null, allowAutoTopicCreation: false });
    return new Map(m.topics.map((t) => [t.name, t.topicId]));
  } finally {
    c.close();
  }
}

async function createTopic(port: number, name: string): Promise<string | null> {
  const c = await KafkaTestClient.connect(port);
  try {
    const r = await c.request<{ topics: Array<{ errorCode: number; topicId: string }> }>(19, 7, { topics: [{ name, numPartitions: 1, replicationFactor: 1, assignments: [], configs: [] }], timeoutMs: 10_000 });
    return r.topics[0]!.errorCode === 0 ? r.topics[0]!.topicId : null;
  } finally {
    c.close();
  }
}

/** Every id field that names a node, moved to a non-voter; the cluster id made this cluster's. */
function readdress(req: CapturedRequest, clusterId: string): CapturedRequest | null {
  const d = decodeRequest(req.frame);
  if (!d.ok) return null;
  const walk = (v: unknown, depth: number): void => {
    if (depth > 8 || v === null || typeof v !== "object") return;
    if (Array.isArray(v)) return v.forEach((x) => walk(x, depth + 1));
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      if (/^(replicaId|leaderId|candidateId|voterId)$/.test(k) && typeof o[k] === "number" && (o[k] as number) >= 0) o[k] = OUTSIDER;
      else if (k === "clusterId" && typeof o[k] === "string") o[k] = clusterId;
      else if (k === "preferredSuccessors" && Array.isArray(o[k])) o[k] = [];
      else walk(o[k], depth + 1);
    }
  };
  walk(d.body, 0);
  return { ...req, frame: encodeRequest(d.header, d.body).subarray(4) };
}

test("mutated Raft traffic on the controller listeners: no crash, the quorum commits, no committed metadata lost", async () => {
  console.log(`controller-listener-fuzz seed=${SEED} frames=${FRAMES}`);
  const clusterId = randomKafkaUuid();
  const cp = await freePorts(3);
  const voters = cp.map((p, i) => `${i + 1}@127.0.0.1:${p}`).join(",");
  const start = async (id: number, dataDir?: string) => {
    const dir = dataDir ?? mkdtempSync(join(tmpdir(), `strand-clfuzz-${id}-`));
    if (!dataDir) dirs.push(dir);
    const h = await startStrand({ dataDir: dir, startTimeoutMs: 60_000, overrides: { "node.id": id, "cluster.id": clusterId, "process.roles": "broker,controller", "controller.quorum.voters": voters, listeners: `PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:${cp[id - 1]}` } });
    handles.set(id, h);
    return h;
  };
  await Promise.all([1, 2, 3].map((id) => start(id)));
  const before = new Map<string, string>();
  for (let i = 0; i < 3; i++) {
    const id = await until(`topic before-${i}`, () => createTopic(handles.get(1 + (i % 3))!.port, `before-${i}`));
    before.set(`before-${i}`, id);
  }
  await until("the topics on every node", async () => {
    const all = await Promise.all([...handles.values()].map((h) => topicsOf(h.port)));
    return all.every((m) => [...before].every(([n, id]) => m.get(n) === id));
  });

  // Capture in a simulated quorum, re-address to this cluster, mutate, send.
  const sim = new RaftSimulation({ voters: 3, observers: 1, seed: SEED });
  const { requests } = await captureRaftTraffic(sim);
  sim.close();
  const frames = requests.map((r) => readdress(r, clusterId)).filter((r): r is CapturedRequest => r !== null);
  expect(new Set(frames.map((f) => f.apiKey)).size).toBe(6);
  const rnd = seededRandom(SEED);
  const sockets = new Map<number, Socket<undefined> | null>();
  const socketTo = async (port: number) => {
    let s = sockets.get(port) ?? null;
    if (s && s.readyState === 1) return s;
    s = await Bun.connect({ hostname: "127.0.0.1", port, socket: { data() {}, close: () => void sockets.set(port, null), error: () => void sockets.set(port, null) } });
    sockets.set(port, s);
    return s;
  };
  let sent = 0;
  for (let i = 0; i < FRAMES; i++) {
    const req = frames[Math.floor(rnd() * frames.length)]!;
    const m = mutate(rnd, req, { self: 1, voters: [1, 2, 3], observers: [OUTSIDER], epoch: 1, leo: 10, exhaustEpochs: false });
    if (!m) continue;
    const port = cp[Math.floor(rnd() * 3)]!;
    const s = await socketTo(port).catch(() => null);
    if (!s) continue;
    const framed = new Uint8Array(4 + m.frame.length);
    new DataView(framed.buffer).setInt32(0, m.frame.length);
    framed.set(m.frame, 4);
    s.write(framed);
    sent++;
    if (i % 20 === 0) await Bun.sleep(5);
  }
  for (const s of sockets.values()) s?.end();
  console.log(`sent ${sent} mutated frames`);
  // No node died, and no handler threw (the dispatcher logs a throw and closes the connection).
  for (const [id, h] of handles) {
    expect(await Promise.race([h.exited.then(() => `node ${id} exited`), Bun.sleep(500).then(() => "alive")])).toBe("alive");
    expect(h.output()).not.toContain("unexpected error handling request");
  }

  // The quorum still commits.
  await until("a topic created after the fuzzing", () => createTopic(handles.get(1)!.port, "after-fuzz").catch(() => null).then((x) => x ?? createTopic(handles.get(2)!.port, "after-fuzz").catch(() => null)), 90_000);

  // Every node is SIGKILLed and restarts on its data (its metadata log recovers and replays) holding
  // what was committed before, with the same ids.
  const dataDirs = [1, 2, 3].map((id) => handles.get(id)!.dataDir);
  await Promise.all([1, 2, 3].map((id) => handles.get(id)!.kill()));
  const back = await Promise.all([1, 2, 3].map((id) => start(id, dataDirs[id - 1])));
  for (const [i, h] of back.entries()) {
    const m = await until(`node ${i + 1} back with its topics`, async () => {
      const t = await topicsOf(h.port);
      return [...before].every(([n, tid]) => t.get(n) === tid) ? t : null;
    });
    expect(m.size).toBeGreaterThanOrEqual(3);
  }
}, 400_000);
