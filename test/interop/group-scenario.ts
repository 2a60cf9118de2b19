// The consumer-group scenario shared by the driver-based group suites (librdkafka, franz-go): member
// processes join one after another while a producer writes, one leaves (SIGTERM: the client closes
// and leaves), one is killed with SIGKILL (its partitions move only after the session timeout), the
// last drains the topic and closes. Every batch a member consumes is tagged with its generation
// (classic) or member epoch (KIP-848); no partition may be consumed by two members at one
// generation/epoch, and together the members consume every offset. After a broker restart the
// committed offsets are intact and a new member resumes exactly at them.
//
// Driver processes print JSON lines: {"ev":"assigned"|"revoked"|"lost","gen","parts"}, {"ev":"epoch",
// "gen"}, {"ev":"batch","gen","p","first","last"}, {"ev":"sent"|"done","n"}, {"ev":"left"}.
import { expect } from "bun:test";
import type { Subprocess } from "bun";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import type { InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";

type Event = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface DriverProc {
  name: string;
  proc: Subprocess<"ignore", "pipe", "pipe">;
  events: Event[];
  stderr: string;
}

/** Bound on the text kept per process (a chatty client log must not fill memory). */
const MAX_STDERR_CHARS = 200_000;

export class GroupHarness {
  readonly procs: DriverProc[] = [];
  readonly timings: Record<string, number> = {};

  constructor(private readonly spawnDriver: (args: readonly string[]) => Subprocess<"ignore", "pipe", "pipe">) {}

  spawn(args: readonly string[], name: string): DriverProc {
    const proc = this.spawnDriver(args);
    const p: DriverProc = { name, proc, events: [], stderr: "" };
    this.procs.push(p);
    const keep = (s: string) => {
      p.stderr = (p.stderr + s).slice(-MAX_STDERR_CHARS);
    };
    void (async () => {
      const dec = new TextDecoder();
      let buf = "";
      for await (const chunk of proc.stdout) {
        buf += dec.decode(chunk, { stream: true });
        let i: number;
        while ((i = buf.indexOf("\n")) >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 1);
          try {
            p.events.push({ ...(JSON.parse(line) as Event), atMs: Date.now() });
          } catch {
            keep(`${line}\n`);
          }
        }
      }
    })();
    void (async () => {
      const dec = new TextDecoder();
      for await (const chunk of proc.stderr) keep(dec.decode(chunk, { stream: true }));
    })();
    return p;
  }

  async until<T>(what: string, f: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
    const end = Date.now() + timeoutMs;
    // Polls every 100 ms up to the deadline.
    while (Date.now() < end) {
      const v = await f();
      if (v) return v;
      await Bun.sleep(100);
    }
    const tail = this.procs.map((p) => `${p.name}: ${JSON.stringify(p.events.filter((e) => e.ev !== "batch" && e.ev !== "sent").slice(-8))}\n${p.stderr.slice(-1500)}`);
    throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}:\n${tail.join("\n")}`);
  }

  /** Every process's non-batch events, times relative to the first event (failure and trace output). */
  trace(): string {
    const t0 = Math.min(...this.procs.flatMap((p) => p.events.slice(0, 1).map((e) => e.atMs as number)));
    const lines = this.procs.map((p) => `${p.name}: ${JSON.stringify(p.events.filter((e) => e.ev !== "batch" && e.ev !== "sent").map(({ event: _e, atMs, ...rest }) => ({ ...rest, t: atMs - t0 })))}`);
    return lines.join("\n");
  }

  killAll(): void {
    for (const p of this.procs) p.proc.kill("SIGKILL");
  }
}

/** Partitions a member owns now (assigned minus revoked/lost), and its latest generation/epoch. */
export function owned(p: DriverProc): { gen: number; parts: Set<number> } {
  const parts = new Set<number>();
  let gen = -1;
  for (const e of p.events) {
    if (e.ev === "epoch") gen = e.gen;
    else if (e.ev === "assigned") {
      gen = e.gen;
      for (const x of e.parts) parts.add(x);
    } else if (e.ev === "revoked" || e.ev === "lost") for (const x of e.parts) parts.delete(x);
  }
  return { gen, parts };
}

/**
 * All live members agree on one generation, each owns a partition (a KIP-848 member that just joined
 * shares the others' epoch with nothing assigned yet), and together they own every partition once.
 */
export function settled(live: DriverProc[], partitions: number): boolean {
  const o = live.map(owned);
  if (o.some((x) => x.gen < 0 || x.parts.size === 0) || new Set(o.map((x) => x.gen)).size !== 1) return false;
  const all = o.flatMap((x) => [...x.parts]).sort((a, b) => a - b);
  return JSON.stringify(all) === JSON.stringify(Array.from({ length: partitions }, (_, i) => i));
}

/** (generation, partition) pairs consumed by more than one member: must be none. */
export function doublyConsumed(members: DriverProc[]): Array<[string, string[]]> {
  const owners = new Map<string, Set<string>>();
  for (const m of members) {
    for (const e of m.events) {
      if (e.ev !== "batch") continue;
      const k = `gen ${e.gen} partition ${e.p}`;
      let s = owners.get(k);
      if (!s) owners.set(k, (s = new Set()));
      s.add(m.name);
    }
  }
  return [...owners.entries()].filter(([, s]) => s.size > 1).map(([k, s]) => [k, [...s]]);
}

/** Offsets below `end` of partition p that no member consumed (merged [first, last] spans). */
export function unconsumed(members: DriverProc[], p: number, end: number): string[] {
  const spans = members.flatMap((m) => m.events.filter((e) => e.ev === "batch" && e.p === p).map((e) => [Number(e.first), Number(e.last)] as const));
  spans.sort((a, b) => a[0] - b[0]);
  const gaps: string[] = [];
  let next = 0;
  for (const [first, last] of spans) {
    if (first > next) gaps.push(`${p}:${next}-${first - 1}`);
    next = Math.max(next, last + 1);
  }
  if (next < end) gaps.push(`${p}:${next}-${end - 1}`);
  return gaps;
}

const COORDINATOR_NOT_READY: ReadonlySet<number> = new Set([ErrorCode.COORDINATOR_LOAD_IN_PROGRESS, ErrorCode.COORDINATOR_NOT_AVAILABLE, ErrorCode.NOT_COORDINATOR]);

/** A group's committed offsets (OffsetFetch v8, no member); waits while the coordinator loads after a restart. */
export async function committedOffsets(port: number, group: string, topic: string): Promise<Map<number, number>> {
  const c = await KafkaTestClient.connect(port);
  try {
    // Bounded: 300 x 100 ms covers Kafka's __consumer_offsets load after a restart.
    for (let i = 0; i < 300; i++) {
      const r = (await c.request(9, 8, { groups: [{ groupId: group, topics: null }], requireStable: false })) as Event;
      const g = r.groups[0];
      if (COORDINATOR_NOT_READY.has(g.errorCode)) {
        await Bun.sleep(100);
        continue;
      }
      if (g.errorCode !== ErrorCode.NONE) throw new Error(`OffsetFetch of group ${group}: error ${g.errorCode}`);
      const t = g.topics.find((x: Event) => x.name === topic);
      return new Map((t?.partitions ?? []).map((p: Event) => [p.partitionIndex as number, Number(p.committedOffset)]));
    }
    throw new Error(`OffsetFetch of group ${group}: the coordinator stayed unavailable`);
  } finally {
    c.close();
  }
}

export async function endOffsets(port: number, topic: string, partitions: number): Promise<Map<number, number>> {
  const c = await KafkaTestClient.connect(port);
  try {
    const r = (await c.request(2, 5, {
      replicaId: -1,
      isolationLevel: 0,
      topics: [{ name: topic, partitions: Array.from({ length: partitions }, (_, p) => ({ partitionIndex: p, currentLeaderEpoch: -1, timestamp: -1n })) }],
    })) as Event;
    return new Map(r.topics[0].partitions.map((p: Event) => [p.partitionIndex as number, Number(p.offset)]));
  } finally {
    c.close();
  }
}

async function groupType(port: number, group: string): Promise<string | undefined> {
  const c = await KafkaTestClient.connect(port);
  try {
    const r = (await c.request(16, 5, { statesFilter: [], typesFilter: [] })) as Event;
    return r.groups.find((g: Event) => g.groupId === group)?.groupType;
  } finally {
    c.close();
  }
}

const same = (a: Map<number, number>, b: Map<number, number>) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

export interface ScenarioOptions {
  /** Label for timings, e.g. "range". */
  label: string;
  topic: string;
  group: string;
  partitions: number;
  sessionTimeoutMs: number;
  /** The group type the members must create (ListGroups v5): which protocol the client really used. */
  groupType: "classic" | "consumer";
  /** Driver arguments of a producer writing until killed. */
  producerArgs: string[];
  /** Driver arguments of one group member. */
  memberArgs: (name: string) => string[];
}

/** Join x3 under load, leave, SIGKILL, drain; returns the committed offsets (= the log end). */
export async function joinLeaveKillDrain(h: GroupHarness, target: InteropTarget, o: ScenarioOptions): Promise<Map<number, number>> {
  const P = o.partitions;
  await createTopics(target.port, [{ name: o.topic, partitions: P }]);
  const producer = h.spawn(o.producerArgs, `${o.label}-producer`);
  await h.until("producer", () => producer.events.some((e) => e.ev === "sent"), 60_000);

  const members: DriverProc[] = [];
  let t = performance.now();
  for (let i = 0; i < 3; i++) {
    members.push(h.spawn(o.memberArgs(`${o.label}-m${i}`), `${o.label}-m${i}`));
    await h.until(`${i + 1} members settled`, () => settled(members, P), 60_000);
  }
  h.timings[`${o.label}.threeMembersMs`] = Math.round(performance.now() - t);
  expect(await groupType(target.port, o.group)).toBe(o.groupType);

  t = performance.now();
  members[0]!.proc.kill("SIGTERM"); // the client closes: LeaveGroup / heartbeat with epoch -1
  await h.until("leave handled", () => settled([members[1]!, members[2]!], P), 30_000);
  h.timings[`${o.label}.leaveMs`] = Math.round(performance.now() - t);
  expect(h.timings[`${o.label}.leaveMs`]!).toBeLessThan(o.sessionTimeoutMs);

  t = performance.now();
  members[1]!.proc.kill("SIGKILL");
  await h.until("the killed member's partitions to move", () => owned(members[2]!).parts.size === P, o.sessionTimeoutMs + 30_000);
  const killMs = performance.now() - t;
  h.timings[`${o.label}.sigkillMs`] = Math.round(killMs);
  expect(killMs).toBeGreaterThanOrEqual(o.sessionTimeoutMs - 1000);
  producer.proc.kill("SIGKILL");
  await producer.proc.exited;

  // The last member drains the topic and commits everything (auto-commit), then closes.
  t = performance.now();
  const end = await endOffsets(target.port, o.topic, P);
  expect([...end.values()].every((n) => n > 0)).toBe(true);
  await h.until("every record consumed and committed", async () => same(await committedOffsets(target.port, o.group, o.topic), end), 30_000);
  h.timings[`${o.label}.drainMs`] = Math.round(performance.now() - t);
  members[2]!.proc.kill("SIGTERM");
  expect(await members[2]!.proc.exited).toBe(0);
  expect(members[0]!.events.some((e) => e.ev === "left")).toBe(true);
  expect(members[2]!.events.some((e) => e.ev === "left")).toBe(true);

  // The invariants, over every batch any member consumed.
  expect(members.flatMap((m) => m.events.filter((e) => e.ev === "batch")).length).toBeGreaterThan(0);
  expect(doublyConsumed(members)).toEqual([]);
  expect([...end].flatMap(([p, n]) => unconsumed(members, p, n))).toEqual([]);
  expect(members.flatMap((m) => m.events.filter((e) => e.ev === "error"))).toEqual([]);
  const committed = await committedOffsets(target.port, o.group, o.topic);
  expect(committed).toEqual(end);
  if (process.env.STRAND_GROUPS_TRACE === "1") console.log(`[${o.label}]\n${h.trace()}`);
  return committed;
}

/**
 * After a broker restart: `committed` must be intact; `extraPerPartition` new records are written
 * and a new member must start each partition exactly at its committed offset and read to the end.
 */
export async function resumeAfterRestart(h: GroupHarness, target: InteropTarget, o: ScenarioOptions, committed: Map<number, number>, extraArgs: { produceMore: string[]; extraPerPartition: number }): Promise<void> {
  const P = o.partitions;
  const t = performance.now();
  expect(await committedOffsets(target.port, o.group, o.topic)).toEqual(committed);
  const more = h.spawn(extraArgs.produceMore, `${o.label}-producer-after`);
  await h.until("records produced after the restart", () => more.events.some((e) => e.ev === "done"), 60_000);
  const member = h.spawn(o.memberArgs(`${o.label}-resumed`), `${o.label}-resumed`);
  const firstBatch = (p: number) => member.events.find((e) => e.ev === "batch" && e.p === p);
  const lastOf = (p: number) => Math.max(-1, ...member.events.filter((e) => e.ev === "batch" && e.p === p).map((e) => Number(e.last)));
  await h.until("the resumed member to read every partition to the end", () =>
    Array.from({ length: P }, (_, p) => lastOf(p) >= committed.get(p)! + extraArgs.extraPerPartition - 1).every(Boolean), 60_000);
  for (let p = 0; p < P; p++) expect([p, Number(firstBatch(p)!.first)]).toEqual([p, committed.get(p)!]);
  member.proc.kill("SIGTERM");
  expect(await member.proc.exited).toBe(0);
  h.timings[`${o.label}.resumeMs`] = Math.round(performance.now() - t);
}
