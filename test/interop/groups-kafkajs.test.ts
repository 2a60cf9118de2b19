// KafkaJS 2.2.4 consumer groups (classic protocol, eager range/round-robin assignor) against the broker:
// three members in separate Node.js processes join one after another while a producer writes; every
// Stable snapshot of the group (DescribeGroups, decoded assignments) gives each partition to exactly
// one member; a member killed with SIGKILL loses its partitions after its session timeout; a member
// that disconnects leaves at once (LeaveGroup); after a broker restart the committed offsets are
// intact and a new member resumes from them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { CLIENTS_CACHE_DIR, probeInstall } from "../support/clients/cache.ts";
import { ensureKafkaJs, KAFKAJS_VERSION } from "../support/clients/kafkajs.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startTarget, type InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";
import { interopTarget } from "./targets.ts";

const js = await probeInstall("kafkajs", ensureKafkaJs);
const TOPIC = "groups-kjs";
const GROUP = "kjs-group";
const PARTITIONS = 6;
const SESSION_TIMEOUT_MS = 6000;

// The member/producer program, written to a temp dir at run time (Node.js, KafkaJS's runtime).
const DRIVER = String.raw`
const [kafkajsDir, mode, bootstrap, topic, group, name] = process.argv.slice(2);
const { Kafka, logLevel } = require(kafkajsDir);
const kafka = new Kafka({ clientId: name, brokers: [bootstrap], logLevel: logLevel.NOTHING, retry: { retries: 20, initialRetryTime: 100, maxRetryTime: 1000 } });
const out = (o) => process.stdout.write(JSON.stringify(o) + "\n");
async function produce() {
  const p = kafka.producer();
  await p.connect();
  let n = 0;
  out({ ev: "ready" });
  for (;;) {
    const messages = Array.from({ length: 10 }, () => ({ key: String(n), value: String(n++) }));
    await p.send({ topic, messages });
    out({ ev: "sent", n });
    await new Promise((r) => setTimeout(r, 50));
  }
}
async function member() {
  const c = kafka.consumer({ groupId: group, sessionTimeout: ${SESSION_TIMEOUT_MS}, rebalanceTimeout: 10000, heartbeatInterval: 500, maxWaitTimeInMs: 200 });
  c.on(c.events.GROUP_JOIN, (e) => out({ ev: "join", memberId: e.payload.memberId, leader: e.payload.isLeader, assignment: e.payload.memberAssignment[topic] || [] }));
  c.on(c.events.CRASH, (e) => out({ ev: "crash", error: String(e.payload.error) }));
  await c.connect();
  await c.subscribe({ topic, fromBeginning: true });
  await c.run({
    autoCommitInterval: 200,
    eachBatch: async ({ batch, resolveOffset, heartbeat }) => {
      if (batch.messages.length === 0) return;
      out({ ev: "batch", p: batch.partition, first: Number(batch.messages[0].offset), last: Number(batch.messages[batch.messages.length - 1].offset) });
      for (const m of batch.messages) resolveOffset(m.offset);
      await heartbeat();
    },
  });
  process.on("SIGTERM", async () => { await c.disconnect(); out({ ev: "left" }); process.exit(0); });
}
(mode === "produce" ? produce() : member()).catch((e) => { out({ ev: "fatal", error: String(e && e.stack || e) }); process.exit(1); });
`;

interface Proc {
  name: string;
  proc: Subprocess<"ignore", "pipe", "pipe">;
  events: Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  stderr: string;
}

/** Decode a ConsumerProtocolAssignment (v0-3): version, [topic, [partition]], user data. */
function assignedPartitions(b: Uint8Array): Map<string, number[]> {
  const out = new Map<string, number[]>();
  if (b.length < 6) return out;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let pos = 2;
  const topics = dv.getInt32(pos);
  pos += 4;
  for (let i = 0; i < topics && pos < b.length; i++) {
    const len = dv.getInt16(pos);
    const name = new TextDecoder().decode(b.subarray(pos + 2, pos + 2 + len));
    pos += 2 + len;
    const n = dv.getInt32(pos);
    pos += 4;
    const ps: number[] = [];
    for (let j = 0; j < n; j++, pos += 4) ps.push(dv.getInt32(pos));
    out.set(name, ps);
  }
  return out;
}

describe.skipIf(!js.ok)(`KafkaJS ${KAFKAJS_VERSION} consumer group vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let kafkajsDir: string;
  let dir: string;
  const procs: Proc[] = [];
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    kafkajsDir = join(CLIENTS_CACHE_DIR, `kafkajs-${KAFKAJS_VERSION}`, "node_modules", "kafkajs");
    if (!existsSync(kafkajsDir)) throw new Error(`kafkajs not found at ${kafkajsDir}`);
    dir = mkdtempSync(join(tmpdir(), "strand-groups-kjs-"));
    writeFileSync(join(dir, "driver.cjs"), DRIVER);
    target = await startTarget({ overrides: { "group.initial.rebalance.delay.ms": 0 } });
    await createTopics(target.port, [{ name: TOPIC, partitions: PARTITIONS }]);
  }, 120_000);

  afterAll(async () => {
    for (const p of procs) p.proc.kill("SIGKILL");
    await target?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
    console.log(`[interop groups-kafkajs/${interopTarget()}] ms: ${JSON.stringify(timings)}`);
  }, 120_000);

  function spawn(mode: "member" | "produce", name: string): Proc {
    const proc = Bun.spawn({ cmd: ["node", join(dir, "driver.cjs"), kafkajsDir, mode, target.bootstrap, TOPIC, GROUP, name], stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    const p: Proc = { name, proc, events: [], stderr: "" };
    procs.push(p);
    void (async () => {
      let buf = "";
      for await (const chunk of proc.stdout) {
        buf += new TextDecoder().decode(chunk);
        let i: number;
        while ((i = buf.indexOf("\n")) >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 1);
          try {
            p.events.push(JSON.parse(line));
          } catch {
            p.stderr += `${line}\n`;
          }
        }
      }
    })();
    void (async () => {
      for await (const chunk of proc.stderr) p.stderr += new TextDecoder().decode(chunk);
    })();
    return p;
  }

  async function until<T>(what: string, f: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
    const end = Date.now() + timeoutMs;
    // Polls every 100 ms up to the deadline.
    while (Date.now() < end) {
      const v = await f();
      if (v) return v;
      await Bun.sleep(100);
    }
    throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; members: ${procs.map((p) => `${p.name}: ${JSON.stringify(p.events.filter((e) => e.ev !== "batch" && e.ev !== "sent").slice(-5))} ${p.stderr.slice(-500)}`).join("\n")}`);
  }

  /** A Stable snapshot: member id -> partitions; checks each partition is owned by exactly one member. */
  async function stableAssignment(): Promise<Map<string, number[]> | undefined> {
    const c = await KafkaTestClient.connect(target.port);
    try {
      const d = (await c.request(15, 5, { groups: [GROUP] })) as { groups: Array<{ groupState: string; members: Array<{ memberId: string; memberAssignment: Uint8Array }> }> };
      const g = d.groups[0]!;
      if (g.groupState !== "Stable") return undefined;
      const m = new Map<string, number[]>();
      for (const mem of g.members) m.set(mem.memberId, assignedPartitions(mem.memberAssignment).get(TOPIC) ?? []);
      const all = [...m.values()].flat().sort((a, b) => a - b);
      // The invariant: within one generation no partition has two owners, and none is left out.
      expect(all).toEqual(Array.from({ length: PARTITIONS }, (_, i) => i));
      return m;
    } finally {
      c.close();
    }
  }

  const lastJoin = (p: Proc) => [...p.events].reverse().find((e) => e.ev === "join");

  test("members join one by one under load, SIGKILL loses partitions after the session timeout, leave is immediate, offsets survive a restart", async () => {
    const producer = spawn("produce", "producer");
    await until("producer ready", () => producer.events.some((e) => e.ev === "sent"), 30_000);

    const members: Proc[] = [];
    let t = performance.now();
    for (let i = 0; i < 3; i++) {
      members.push(spawn("member", `m${i}`));
      const want = i + 1;
      const snap = await until(`${want} members stable`, async () => {
        const s = await stableAssignment();
        return s && s.size === want && members.every((m) => lastJoin(m) && s.has(lastJoin(m)!.memberId)) ? s : undefined;
      }, 60_000);
      // Each member consumes what the broker says it was given.
      for (const m of members) expect([...lastJoin(m)!.assignment].sort()).toEqual([...snap.get(lastJoin(m)!.memberId)!].sort());
    }
    timings.threeMembersMs = Math.round(performance.now() - t);
    await until("every partition consumed", () => new Set(members.flatMap((m) => m.events.filter((e) => e.ev === "batch").map((e) => e.p))).size === PARTITIONS, 30_000);

    // SIGKILL one member: no LeaveGroup, so its partitions move only after the session timeout.
    const victim = members[2]!;
    const victimId = lastJoin(victim)!.memberId as string;
    t = performance.now();
    victim.proc.kill("SIGKILL");
    const afterKill = await until("the killed member to be removed", async () => {
      const s = await stableAssignment();
      return s && !s.has(victimId) && s.size === 2 ? s : undefined;
    }, SESSION_TIMEOUT_MS + 20_000);
    const killMs = performance.now() - t;
    timings.sigkillReassignMs = Math.round(killMs);
    expect(killMs).toBeGreaterThanOrEqual(SESSION_TIMEOUT_MS - 1000);
    expect(afterKill.size).toBe(2);

    // A clean disconnect sends LeaveGroup: the last member gets everything well before a session timeout.
    t = performance.now();
    members[1]!.proc.kill("SIGTERM");
    await until("the leaving member to be gone", async () => {
      const s = await stableAssignment();
      return s && s.size === 1 ? s : undefined;
    }, 15_000);
    timings.leaveReassignMs = Math.round(performance.now() - t);
    expect(timings.leaveReassignMs).toBeLessThan(SESSION_TIMEOUT_MS);

    // Stop everything; committed offsets survive a broker restart and a new member resumes from them.
    producer.proc.kill("SIGKILL");
    await Bun.sleep(1000); // auto-commit interval 200 ms
    members[0]!.proc.kill("SIGTERM");
    await members[0]!.proc.exited;
    const fetchCommitted = async () => {
      const c = await KafkaTestClient.connect(target.port);
      try {
        const r = (await c.request(9, 4, { groupId: GROUP, topics: null })) as { topics: Array<{ name: string; partitions: Array<{ partitionIndex: number; committedOffset: bigint }> }> };
        return new Map((r.topics.find((x) => x.name === TOPIC)?.partitions ?? []).map((p) => [p.partitionIndex, p.committedOffset]));
      } finally {
        c.close();
      }
    };
    const before = await fetchCommitted();
    expect(before.size).toBe(PARTITIONS);
    await target.restart("SIGKILL");
    const after = await fetchCommitted();
    expect(after).toEqual(before);
    const resumed = spawn("member", "m-resume");
    await until("the resumed member to join", () => lastJoin(resumed), 30_000);
    await Bun.sleep(1500);
    // Nothing new was produced, so it starts at the committed offsets and reads nothing below them.
    for (const b of resumed.events.filter((e) => e.ev === "batch")) expect(BigInt(b.first)).toBeGreaterThanOrEqual(after.get(b.p)!);
  }, 180_000);
});
