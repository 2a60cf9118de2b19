// Faults on a three-node KRaft cluster of Strand processes (each broker and controller, over loopback):
// STRAND_CHAOS_ROUNDS rounds (default 4 in make test, about 25 s; make chaos sets 40), each one fault chosen
// at random (seeded: STRAND_CHAOS_SEED, printed) — SIGKILL of the active controller or of a random node
// (restarted on its data afterwards), or SIGSTOP of either for 0.5-4 s (then SIGCONT), now and then with a
// second node SIGSTOPped meanwhile (no quorum for a while) — with topics created through random
// responsive nodes as the fault lands, while it lasts and after it heals. At the end every
// node's Metadata must be the same (brokers with their endpoints; topics with ids, partition counts,
// leaders and leader epochs), every acknowledged CreateTopics must be there once, with the id its
// acknowledgement gave, and no topic id may appear twice.
import { afterAll, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { committedLeader, metadataOf, until, type MetadataView } from "../support/quorum-probe.ts";
import { seededRandom } from "../support/seeded-random.ts";
import { StrandCluster } from "../support/strand-cluster.ts";

const ROUNDS = Math.max(1, Number(process.env.STRAND_CHAOS_ROUNDS ?? 4));
const SEED = Number(process.env.STRAND_CHAOS_SEED ?? Date.now() % 1_000_000);
const random = seededRandom(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
const ERR_TOPIC_ALREADY_EXISTS = 36;

type Outcome = { name: string; via: number; partitions: number } & ({ kind: "acked"; topicId: string } | { kind: "error"; errorCode: number; errorMessage: string | null } | { kind: "unknown"; reason: string });

let cluster: StrandCluster | null = null;
afterAll(async () => {
  await cluster?.close();
}, 120_000);

/** The moments of the run, printed when it fails. */
const events: string[] = [];
const t0 = Date.now();
function note(s: string): void {
  events.push(`${String(Date.now() - t0).padStart(6)} ms  ${s}`);
  if (events.length > 2_000) events.shift();
}

async function createTopic(c: StrandCluster, name: string, partitions: number, viaDraw: number): Promise<Outcome> {
  const nodes = c.responsive();
  const via = nodes[Math.floor(viaDraw * nodes.length)]!;
  let k: KafkaTestClient | null = null;
  try {
    k = await KafkaTestClient.connect(c.portOf(via));
    const sentAt = Date.now();
    const r = await k.request<{ topics: Array<{ name: string; errorCode: number; errorMessage: string | null; topicId: string }> }>(19, 7, {
      topics: [{ name, numPartitions: partitions, replicationFactor: 1, assignments: [], configs: [] }],
      timeoutMs: 5_000,
    }, 8_000);
    const t = r.topics.find((x) => x.name === name);
    const o: Outcome = !t ? { name, via, partitions, kind: "unknown", reason: "not in the response" }
      : t.errorCode === 0 ? { name, via, partitions, kind: "acked", topicId: t.topicId }
      : { name, via, partitions, kind: "error", errorCode: t.errorCode, errorMessage: t.errorMessage };
    note(`CreateTopics ${name} (${partitions}) via ${via}: ${o.kind === "acked" ? `acked ${o.topicId}` : o.kind === "error" ? `error ${o.errorCode} (${o.errorMessage})` : o.reason} after ${Date.now() - sentAt} ms`);
    return o;
  } catch (e) {
    note(`CreateTopics ${name} via ${via}: ${String(e)}`);
    return { name, via, partitions, kind: "unknown", reason: String(e) };
  } finally {
    k?.close();
  }
}

/** What every node must agree on. */
function summary(md: MetadataView): string {
  const brokers = md.brokers.map((b) => `${b.nodeId}@${b.host}:${b.port}`).sort();
  const topics = md.topics.map((t) => `${t.name}/${t.topicId}/${t.partitions.map((p) => `${p.partitionIndex}:${p.leaderId}:${p.leaderEpoch}`).sort().join(",")}`).sort();
  return JSON.stringify({ brokers, topics });
}

function report(c: StrandCluster): string {
  const logs = c.ids.map((id) => `--- node ${id} (WARN/ERROR lines, last 40) ---\n${c.output(id).split("\n").filter((l) => / (WARN|ERROR) /.test(l)).slice(-40).join("\n")}`);
  return `seed ${SEED} (STRAND_CHAOS_SEED=${SEED} repeats it)\n--- events ---\n${events.join("\n")}\n${logs.join("\n")}`;
}

test(`three-node KRaft cluster: ${ROUNDS} rounds of SIGKILL / SIGSTOP of the active controller or a random node (seed ${SEED})`, async () => {
  console.log(`[chaos kraft-cluster] seed=${SEED} rounds=${ROUNDS} (STRAND_CHAOS_SEED=${SEED} repeats it)`);
  const c = await StrandCluster.start({ overrides: { "broker.heartbeat.interval.ms": 500, "broker.session.timeout.ms": 3000 } });
  cluster = c;
  const outcomes: Outcome[] = [];
  try {
    await until("three brokers registered", async () => (await metadataOf(c.portOf(1))).brokers.length === 3, 60_000);
    let n = 0;
    // The draws are taken when a batch starts, so a batch running beside a fault keeps the run seeded.
    const createSome = (count: number) => {
      const plan = Array.from({ length: count }, () => ({ name: `chaos-${++n}`, partitions: 1 + Math.floor(random() * 4), viaDraw: random() }));
      return (async () => {
        // Bounded by count (at most 3 per batch).
        for (const p of plan) outcomes.push(await createTopic(c, p.name, p.partitions, p.viaDraw));
      })();
    };
    await createSome(2);
    for (let round = 1; round <= ROUNDS; round++) {
      const leader = await until("a leader that has committed", () => committedLeader(c.responsive().map((id) => c.controllerPorts.get(id)!)), 30_000);
      const action = random();
      const victim = action < 0.5 ? leader.leaderId : pick(c.ids);
      const what = victim === leader.leaderId ? `the active controller ${victim}` : `node ${victim}`;
      // A second node paused while the first is down: the quorum is lost for a while, then regained.
      const second = random() < 0.2 ? pick(c.ids.filter((id) => id !== victim)) : null;
      const secondMs = 500 + Math.floor(random() * 2_500);
      const faultMs = 500 + Math.floor(random() * 3_500);
      const delayMs = Math.floor(random() * 150);
      const kill = action < 0.3 || (action >= 0.5 && action < 0.75);
      // Some CreateTopics are in flight when the fault lands.
      const inFlight = createSome(1 + Math.floor(random() * 2));
      await Bun.sleep(delayMs);
      const faultAt = Date.now();
      note(`round ${round}: ${kill ? "SIGKILL" : "SIGSTOP"} ${what} (epoch ${leader.leaderEpoch}) for ${faultMs} ms`);
      if (kill) await c.kill(victim);
      else c.pause(victim);
      if (second !== null) {
        note(`round ${round}: SIGSTOP node ${second} as well, for ${secondMs} ms`);
        c.pause(second);
      }
      await Promise.all([inFlight, createSome(1 + Math.floor(random() * 2))]);
      if (second !== null) {
        await Bun.sleep(Math.max(0, secondMs - (Date.now() - faultAt)));
        note(`round ${round}: SIGCONT ${second}`);
        c.resume(second);
      }
      await Bun.sleep(Math.max(0, faultMs - (Date.now() - faultAt)));
      note(`round ${round}: ${kill ? "restart" : "SIGCONT"} ${victim}`);
      if (kill) await c.startNode(victim);
      else c.resume(victim);
      await createSome(1 + Math.floor(random() * 2));
    }

    // Every node ends with the same metadata, naming the three brokers.
    let last: string[] = [];
    try {
      await until("every node to agree", async () => {
        const mds = await Promise.all(c.ids.map((id) => metadataOf(c.portOf(id))));
        last = mds.map(summary);
        // With every broker back, no partition stays offline (RF 1: its one replica is up again).
        const online = mds.every((m) => m.topics.every((t) => t.partitions.every((p) => p.leaderId >= 0)));
        return new Set(last).size === 1 && mds[0]!.brokers.length === 3 && online;
      }, 60_000, 250);
    } catch (e) {
      throw new Error(`${String(e)}\n--- each node's metadata ---\n${last.join("\n")}\n${report(c)}`);
    }
    const md = await metadataOf(c.portOf(1));
    const byName = new Map<string, MetadataView["topics"]>();
    for (const t of md.topics) byName.set(t.name ?? "", [...(byName.get(t.name ?? "") ?? []), t]);
    const ids = md.topics.map((t) => t.topicId);
    const problems: string[] = [];
    if (new Set(ids).size !== ids.length) problems.push(`a topic id appears twice: ${ids.join(",")}`);
    for (const o of outcomes) {
      const found = byName.get(o.name) ?? [];
      if (found.length > 1) problems.push(`${o.name} listed ${found.length} times`);
      if (o.kind === "acked") {
        if (found.length === 0) problems.push(`${o.name} was acknowledged (id ${o.topicId}) and is gone`);
        else if (found[0]!.topicId !== o.topicId) problems.push(`${o.name} was acknowledged with id ${o.topicId} and exists with id ${found[0]!.topicId}`);
        else if (found[0]!.partitions.length !== o.partitions) problems.push(`${o.name} has ${found[0]!.partitions.length} partitions, created with ${o.partitions}`);
      }
      if (o.kind === "error" && o.errorCode !== ERR_TOPIC_ALREADY_EXISTS && found.length > 0) note(`(${o.name} failed with error ${o.errorCode} and exists: allowed, the outcome of a failed request is unknown)`);
    }
    const acked = outcomes.filter((o) => o.kind === "acked").length;
    const failures = new Map<string, number>();
    for (const o of outcomes) if (o.kind !== "acked") failures.set(o.kind === "error" ? `error ${o.errorCode}` : o.reason.slice(0, 60), (failures.get(o.kind === "error" ? `error ${o.errorCode}` : o.reason.slice(0, 60)) ?? 0) + 1);
    console.log(`[chaos kraft-cluster] ${outcomes.length} CreateTopics, ${acked} acknowledged, ${md.topics.length} topics on every node; failed: ${JSON.stringify(Object.fromEntries(failures))}`);
    if (problems.length > 0) throw new Error(`${problems.join("\n")}\n${report(c)}`);
    if (process.env.STRAND_CHAOS_VERBOSE) console.log(events.join("\n"));
    expect(acked).toBeGreaterThan(0);
  } catch (e) {
    if (!(e instanceof Error && e.message.includes("--- events ---"))) throw new Error(`${e instanceof Error ? e.message : String(e)}\n${report(c)}`);
    throw e;
  }
}, { timeout: 40_000 + ROUNDS * 20_000 });
