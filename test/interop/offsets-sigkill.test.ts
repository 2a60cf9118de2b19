// Committed offsets survive SIGKILL (issue 10's acceptance): with strand.log.fsync.before.ack=true a
// commit the broker acknowledged is on disk, so a broker killed right after it (no clean shutdown)
// answers exactly that offset once it is back on the same data directory.
//
// A Java kafka-clients 4.4.0 group member (the driver's `commit` command, classic protocol) reads a
// 3-partition topic from its group's committed offsets and commitSyncs after every poll, printing each
// acknowledged commit; after a seeded number of records it stops sending anything and the test SIGKILLs
// the broker and the member at once, then restarts the broker on the same port and data. Three cycles:
//   - the AdminClient's listConsumerGroupOffsets must return the last acknowledged commit of every
//     partition, exactly (the member committed last, so nothing newer can exist);
//   - the next member must find the same offsets with committed() when it is assigned, and its first
//     record of each partition must be at that offset (the Verifier checks every record after it).
// A last member reads the rest: across the four members every record is read exactly once.
//
// SIGKILL keeps the page cache, so on its own it cannot tell fsynced commits from written ones. Against
// Strand the test therefore also simulates the power cut while the broker is down: __consumer_offsets-0
// is cut back to the end of its last fsync (power-loss.ts, from the broker's STRAND_TEST_SYNC_LOG), so
// a commit acknowledged before its fsync is lost and the test fails. Against Apache Kafka
// (STRAND_INTEROP_TARGET=kafka) the same cycles run with the harness's kill and restart on the same log
// dir, without the cut: Kafka has no sync log, and by default it does not fsync before acknowledging.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { probeInstall } from "../support/clients/cache.ts";
import { ensureJavaClient } from "../support/clients/java.ts";
import type { JavaClient } from "../support/clients/java.ts";
import { startStrand } from "../support/strand.ts";
import { collect, DriverError, eventOf } from "./driver-output.ts";
import type { DriverEvent, DriverResult } from "./driver-output.ts";
import { freshT0, partitionCount } from "./spec.ts";
import { cutToDurable, durableEnd } from "./power-loss.ts";
import type { PowerLossCut } from "./power-loss.ts";
import { startTarget } from "./target.ts";
import { createTopics } from "./topics.ts";
import { interopTarget, suiteEnabled } from "./targets.ts";
import { seededRandom as rng } from "../support/seeded-random.ts";

// The same APIs as the restart suite, plus the classic group APIs every Java group test uses.
const ENABLED = suiteEnabled("java-restart");
const java = ENABLED ? await probeInstall("kafka-clients", ensureJavaClient) : { ok: false as const, reason: "disabled" };

const PARTITIONS = 3;
const COUNT = 3000;
const KILL_CYCLES = 3;
/** Kafka's minimum (group.min.session.timeout.ms): the killed member is gone this long after a restart. */
const SESSION_TIMEOUT_MS = 6000;
const SEED = Number(process.env.STRAND_TEST_SEED ?? Math.floor(Math.random() * 2 ** 31));


type Offsets = number[];

const BROKER_OVERRIDES = { "offsets.topic.num.partitions": 1, "group.initial.rebalance.delay.ms": 0 };
const OFFSETS_PARTITION = "__consumer_offsets-0";

/** The broker under test, with the one restart this test needs. */
interface CrashTarget {
  readonly bootstrap: string;
  readonly port: number;
  /** SIGKILL now; against Strand cut __consumer_offsets-0 to its last fsync; start on the same port and data. */
  crash(): Promise<PowerLossCut | null>;
  remove(): Promise<void>;
  logTail(): string;
}

async function startCrashTarget(): Promise<CrashTarget> {
  if (interopTarget() === "kafka") {
    const t = await startTarget({ overrides: BROKER_OVERRIDES });
    return { bootstrap: t.bootstrap, port: t.port, crash: () => t.restart("SIGKILL").then(() => null), remove: () => t.remove(), logTail: () => t.logTail() };
  }
  // Not target.ts's Strand handle: the cut has to happen between the kill and the start.
  const dir = mkdtempSync(join(tmpdir(), "strand-offsets-sigkill-"));
  const syncLog = join(dir, "sync.log");
  const env = { STRAND_TEST_SYNC_LOG: syncLog };
  const overrides = { ...BROKER_OVERRIDES, "strand.log.fsync.before.ack": true };
  let current = await startStrand({ dataDir: dir, overrides, env, startTimeoutMs: 60_000 });
  const port = current.port;
  return {
    bootstrap: current.bootstrap,
    port,
    async crash() {
      await current.kill();
      const cut = cutToDurable(join(dir, "logs", OFFSETS_PARTITION), durableEnd(syncLog, OFFSETS_PARTITION));
      current = await startStrand({
        dataDir: dir,
        env,
        startTimeoutMs: 60_000,
        overrides: { ...overrides, listeners: `PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:0`, "advertised.listeners": `PLAINTEXT://127.0.0.1:${port}` },
      });
      return cut;
    },
    async remove() {
      await current.stop().catch(() => current.kill());
      rmSync(dir, { recursive: true, force: true });
    },
    logTail: () => current.output().slice(-6000),
  };
}

describe.skipIf(!java.ok || !ENABLED)(`committed offsets survive SIGKILL (Java client) vs ${interopTarget()}`, () => {
  let target: CrashTarget;
  let client: JavaClient;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    if (!java.ok) return;
    client = java.value;
    target = await startCrashTarget();
  }, 120_000);

  afterAll(async () => {
    await target?.remove();
    console.log(`[interop offsets-sigkill/${interopTarget()}] seed=${SEED} ms: ${JSON.stringify(
      Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v)])))}`);
  }, 120_000);

  test(`${KILL_CYCLES} kill/restart cycles right after the last acknowledged commit`, async () => {
    console.log(`[interop offsets-sigkill] seed=${SEED} (repeat with STRAND_TEST_SEED=${SEED})`);
    const random = rng(SEED);
    const topic = "offsets-sigkill";
    const group = "offsets-sigkill-group";
    const t0 = freshT0();
    const spec = ["--bootstrap", target.bootstrap, "--topic", topic, "--partitions", `${PARTITIONS}`, "--count", `${COUNT}`, "--t0", `${t0}`];
    await createTopics(target.port, [{ name: topic, partitions: PARTITIONS }]);

    let t = performance.now();
    const produced = eventOf(await collect("java produce", client.spawn(["produce", ...spec]), { timeoutMs: 90_000 }), "produced");
    timings.produceMs = performance.now() - t;
    expect(produced.errors).toEqual([]);
    expect(produced.acked).toBe(COUNT);

    const ends = Array.from({ length: PARTITIONS }, (_, p) => partitionCount(COUNT, PARTITIONS, p));
    const acknowledged: Array<{ cycle: number; offsets: Offsets }> = []; // every commit the broker acknowledged
    let lastAcked: Offsets = Array.from({ length: PARTITIONS }, () => -1);
    let consumedTotal = 0;
    const cuts: Array<PowerLossCut | null> = [];

    for (let cycle = 1; cycle <= KILL_CYCLES + 1; cycle++) {
      const last = cycle > KILL_CYCLES; // the last member reads the rest and leaves normally
      const records = last ? COUNT : 300 + Math.floor(random() * 400);
      const maxPoll = 20 + Math.floor(random() * 40);
      // Fetches from a fraction of a producer batch (batch.size 16384) to three batches per partition, so
      // polls and commits move several partitions, and a later partition's first batch often does not
      // fit: it gets no records, as from Kafka (ReplicaManager.checkFetchDataInfo), not a partial batch
      // (test/integration/fetch-oversized-first-batch.test.ts).
      const fetchBytes = 4_000 + Math.floor(random() * 46_000);
      const proc = client.spawn(["commit", ...spec, "--group", group, "--records", `${records}`,
        "--max-poll-records", `${maxPoll}`, "--max-partition-fetch-bytes", `${fetchBytes}`, "--session-timeout-ms", `${SESSION_TIMEOUT_MS}`,
        "--timeout-ms", "90000", "--hold", `${!last}`], { stdin: "pipe" });
      let restart: Promise<PowerLossCut | null> | null = null;
      t = performance.now();
      const run = await collectMember(`java commit (cycle ${cycle})`, proc, !last, (e) => {
        if (e.event === "committed") acknowledged.push({ cycle, offsets: e.offsets as Offsets });
        if (e.event !== "final" || last) return;
        // The member is holding: nothing after its last acknowledged commit reached the broker.
        const r0 = performance.now();
        restart = target.crash().then((cut) => {
          timings[`restart${cycle}Ms`] = performance.now() - r0;
          return cut;
        });
        proc.kill("SIGKILL");
      });
      timings[`member${cycle}Ms`] = performance.now() - t;
      const where = `cycle ${cycle} (seed ${SEED}, ${records} records, max.poll.records ${maxPoll}, max.partition.fetch.bytes ${fetchBytes})`;
      const assigned = run.events.find((e) => e.event === "assigned");
      const commits = run.events.filter((e) => e.event === "committed").map((e) => e.offsets as Offsets);
      const final = eventOf(run, "final");
      // Where this member started is what the last one committed before the kill (or nothing at all).
      expect({ where, start: assigned?.committed }).toEqual({ where, start: lastAcked });
      expect({ where, errors: final.errors }).toEqual({ where, errors: [] });
      // Several commits per member (each poll returns at most max.poll.records).
      expect({ where, severalCommits: commits.length >= 2 }).toEqual({ where, severalCommits: true });
      for (let i = 1; i < commits.length; i++) {
        for (let p = 0; p < PARTITIONS; p++) expect(commits[i][p]).toBeGreaterThanOrEqual(commits[i - 1][p]);
      }
      expect(final.offsets).toEqual(commits[commits.length - 1]);
      consumedTotal += final.consumed as number;
      lastAcked = final.offsets as Offsets;
      if (last) break;

      expect(restart).not.toBeNull();
      const cut = await restart!;
      cuts.push(cut);
      t = performance.now();
      const listed = eventOf(await collect(`java group-offsets (after kill ${cycle})`, client.spawn(["group-offsets",
        "--bootstrap", target.bootstrap, "--group", group, "--topic", topic, "--partitions", `${PARTITIONS}`]),
      { timeoutMs: 90_000 }), "groupOffsets");
      timings[`listOffsets${cycle}Ms`] = performance.now() - t;
      // At least the last acknowledged commit, and exactly it: the member committed last.
      const after = `${where}, after the kill and cut ${JSON.stringify(cut)}`;
      expect({ after, listed: listed.offsets, others: listed.others }).toEqual({ after, listed: lastAcked, others: 0 });
    }

    // Every record read exactly once across the members: each started where the previous one committed.
    expect(lastAcked).toEqual(ends);
    expect(consumedTotal).toBe(COUNT);
    console.log(`[interop offsets-sigkill/${interopTarget()}] ${acknowledged.length} acknowledged commits over ` +
      `${KILL_CYCLES + 1} members; after each kill: ${JSON.stringify(acknowledged.filter((a, i, all) =>
        all[i + 1]?.cycle !== a.cycle).map((a) => a.offsets))}; ` + (interopTarget() === "kafka"
        ? "no power-loss cut against Kafka (no sync log; Kafka does not fsync before acknowledging by default)"
        : `power-loss cuts of ${OFFSETS_PARTITION} (unsynced data dropped): ${JSON.stringify(cuts)}`));
  }, 400_000);

  /** collect() for a member; one that holds is SIGKILLed on purpose after "final" and returns its output. */
  async function collectMember(name: string, proc: ReturnType<JavaClient["spawn"]>, holds: boolean,
    onEvent: (e: DriverEvent) => void): Promise<DriverResult> {
    let killedOnPurpose = false;
    try {
      return await collect(name, proc, {
        timeoutMs: 150_000,
        onEvent: (e) => {
          if (e.event === "final" && holds) killedOnPurpose = true;
          onEvent(e);
        },
      });
    } catch (e) {
      if (e instanceof DriverError && killedOnPurpose && !e.driver.includes("killed after")) return e.result;
      if (e instanceof DriverError) throw new Error(`${e.message}\n--- broker log (tail) ---\n${target.logTail()}`);
      throw e;
    }
  }
});
