// The replication chaos scenario of issue 13, against a ReplicatedCluster of either target: a topic
// with replication factor 3 and min.insync.replicas=2; idempotent acks=all Java producers
// (chaos-produce) and a consumer (chaos-consume) running throughout while `rounds` faults
// (replication-faults.ts) hit partition leaders and the active controller, each followed by the cluster
// becoming whole again and the producers making progress; then a final read of every partition, and
// the checker (replication-checker.ts) over what was acknowledged and what was read. Returns the
// report; the caller asserts on it. Every process it starts is stopped before it returns or throws.
import type { FileSink, Subprocess } from "bun";
import { collect, eventOf } from "../interop/driver-output.ts";
import type { DriverEvent, DriverResult } from "../interop/driver-output.ts";
import type { JavaClient } from "./clients/java.ts";
import type { ReplicatedCluster } from "./replicated-cluster.ts";
import { checkHistory, failoverMs } from "./replication-checker.ts";
import type { AckedRecord, CheckReport, ReadRecord } from "./replication-checker.ts";
import { injectFault } from "./replication-faults.ts";
import type { FaultKind, InjectedFault } from "./replication-faults.ts";
import { awaitWhole, createReplicatedTopic } from "./replication-probe.ts";
import { seededRandom } from "./seeded-random.ts";
import { until } from "./until.ts";

export interface ReplicationChaosOptions {
  cluster: ReplicatedCluster;
  java: JavaClient;
  seed: number;
  rounds: number;
  kinds: readonly FaultKind[];
  topic?: string;
  partitions?: number;
  producers?: number;
  /** Records per second of each producer. */
  ratePerProducer?: number;
  /** The longest the Java clients may run (they are killed after it). */
  clientTimeoutMs: number;
}

export interface FaultOutcome extends InjectedFault {
  round: number;
  /** Fault to the first acknowledgement of a record sent after it (to a partition the victim led). */
  failoverMs: number | null;
}

export interface ReplicationChaosResult {
  seed: number;
  report: CheckReport;
  faults: FaultOutcome[];
  producers: Array<{ id: string; sent: number; acked: number; failed: number; failures: string[] }>;
  /** Times the running consumer was told its offset was out of range (the log was cut below it). */
  outOfRange: number;
  /** Whether the final read reached the end offsets it asked for. */
  finalReadComplete: boolean;
  /** The moments of the run, for a failure message. */
  events: string[];
}

const REPLICATION_FACTOR = 3;
const WHOLE_TIMEOUT_MS = 120_000;
const MAX_EVENTS = 2_000;

type JavaProc = Subprocess<"pipe" | "ignore", "pipe", "pipe">;

/** Closes a driver's stdin: its signal to finish. */
function endInput(p: JavaProc): void {
  try {
    (p.stdin as FileSink).end();
  } catch {
    // already closed (the process is gone)
  }
}

export async function runReplicationChaos(o: ReplicationChaosOptions): Promise<ReplicationChaosResult> {
  const c = o.cluster;
  const topic = o.topic ?? "replication-chaos";
  const partitions = o.partitions ?? 3;
  const random = seededRandom(o.seed);
  const t0 = Date.now();
  const events: string[] = [];
  const note = (s: string) => {
    events.push(`${String(Date.now() - t0).padStart(7)} ms  ${s}`);
    if (events.length > MAX_EVENTS) events.shift();
  };

  await createReplicatedTopic(c, c.ids[0]!, topic, partitions, REPLICATION_FACTOR, { "min.insync.replicas": "2", "unclean.leader.election.enable": "false" });
  await awaitWhole(c, topic, partitions, REPLICATION_FACTOR, WHOLE_TIMEOUT_MS);
  note(`topic ${topic}: ${partitions} partitions, RF ${REPLICATION_FACTOR}, min.insync.replicas=2`);

  const acks: AckedRecord[] = [];
  const duringRun: ReadRecord[] = [];
  let outOfRange = 0;
  const procs: JavaProc[] = [];
  const spawn = (args: string[]): JavaProc => {
    const p = o.java.spawn(args, { stdin: "pipe", jvmArgs: ["-Xmx256m"] });
    procs.push(p);
    return p;
  };
  const common = ["--bootstrap", c.bootstrap, "--topic", topic, "--partitions", `${partitions}`];
  try {
    const producerIds = Array.from({ length: o.producers ?? 2 }, (_, i) => `p${i}`);
    const producerProcs = producerIds.map((id) => spawn(["chaos-produce", ...common, "--id", id, "--rate", `${o.ratePerProducer ?? 100}`]));
    const onProducerEvent = (id: string) => (e: DriverEvent) => {
      if (e.event !== "acks") return;
      for (const [partition, offset, seq, sentAtMs, ackedAtMs] of e.r as number[][]) acks.push({ partition: partition!, offset: offset!, value: `${id}-${seq}`, sentAtMs: sentAtMs!, ackedAtMs: ackedAtMs! });
    };
    const producing = producerIds.map((id, i) => collect(`chaos-produce ${id}`, producerProcs[i]!, { timeoutMs: o.clientTimeoutMs, onEvent: onProducerEvent(id) }));
    const consumerProc = spawn(["chaos-consume", ...common, "--until", "stdin", "--timeout-ms", `${o.clientTimeoutMs}`]);
    const consuming = collect("chaos-consume (during the run)", consumerProc, {
      timeoutMs: o.clientTimeoutMs,
      onEvent: (e) => {
        if (e.event === "records") for (const [partition, offset, value] of e.r as Array<[number, number, string]>) duringRun.push({ partition, offset, value });
        else if (e.event === "outOfRange") {
          outOfRange++;
          note(`consumer: offset out of range ${JSON.stringify(e)}`);
        }
      },
    });
    // A client that dies early fails the run at once rather than at the end.
    const early = Promise.race([...producing, consuming]).then((r) => {
      throw new Error(`a client exited during the run: ${JSON.stringify(r.events.slice(-3)).slice(0, 2000)}\n${r.stderr.slice(-3000)}`);
    });
    early.catch(() => {});
    // Every partition must take acks=all writes again before the next fault: a fault's failover is then
    // measured in full, and a partition left stuck fails the run here rather than going unnoticed.
    const progressSince = async (what: string, sinceMs: number, perPartition: number) => {
      // Records sent after sinceMs are acknowledged after it, so they sit past today's end of `acks`.
      const from = acks.length;
      const counts = new Array<number>(partitions).fill(0);
      let scanned = from;
      await Promise.race([early, until(what, async () => {
        for (; scanned < acks.length; scanned++) {
          const a = acks[scanned]!;
          if (a.sentAtMs >= sinceMs) counts[a.partition] = (counts[a.partition] ?? 0) + 1;
        }
        return counts.every((n) => n >= perPartition);
      }, 90_000, 200, () => `acknowledged per partition since ${sinceMs}: ${counts.join(",")}`)]);
    };
    await progressSince("the first acknowledgements on every partition", 0, 20);
    note(`producing: ${acks.length} acknowledged`);

    const faults: FaultOutcome[] = [];
    // Bounded by `rounds`.
    let deck: FaultKind[] = [];
    for (let round = 1; round <= o.rounds; round++) {
      // Kinds are dealt from a shuffled deck, reshuffled when empty: a short run meets different kinds.
      if (deck.length === 0) deck = shuffled(o.kinds, random);
      const kind = deck.pop()!;
      note(`round ${round}: ${kind}`);
      const f = await Promise.race([early, injectFault({ cluster: c, topic, partitions, replicationFactor: REPLICATION_FACTOR, random, note }, kind)]);
      await Promise.race([early, awaitWhole(c, topic, partitions, REPLICATION_FACTOR, WHOLE_TIMEOUT_MS)]);
      note(`round ${round}: whole again`);
      await progressSince(`acknowledgements on every partition after round ${round}`, Date.now(), 10);
      faults.push({ ...f, round, failoverMs: null });
      await Bun.sleep(200 + Math.floor(random() * 1_300));
    }

    for (const p of producerProcs) endInput(p);
    const produced = await Promise.all(producing);
    endInput(consumerProc);
    await consuming;
    note(`producers done: ${acks.length} acknowledged; consumer read ${duringRun.length}`);
    await awaitWhole(c, topic, partitions, REPLICATION_FACTOR, WHOLE_TIMEOUT_MS);

    const finalRead: ReadRecord[] = [];
    const fin = await collect("chaos-consume (final read)", spawn(["chaos-consume", ...common, "--until", "end", "--timeout-ms", "120000"]), {
      timeoutMs: 180_000,
      onEvent: (e) => {
        if (e.event === "records") for (const [partition, offset, value] of e.r as Array<[number, number, string]>) finalRead.push({ partition, offset, value });
      },
    });
    const consumed = eventOf(fin, "consumed");
    note(`final read: ${finalRead.length} records, end offsets ${JSON.stringify(consumed.endOffsets)}`);

    const sent = new Set<string>();
    const producers = produced.map((r: DriverResult, i) => {
      const id = producerIds[i]!;
      const e = eventOf(r, "produced");
      const n = Number(e.sent);
      for (let s = 0; s < n; s++) sent.add(`${id}-${s}`);
      const failures = r.events.filter((x) => x.event === "failed").flatMap((x) => (x.r as Array<[number, string]>).map(([seq, err]) => `${id}-${seq}: ${err}`));
      return { id, sent: n, acked: Number(e.acked), failed: Number(e.failed), failures: failures.slice(0, 20) };
    });
    const report = checkHistory({ acks, duringRun, final: finalRead, sent });
    for (const f of faults) {
      // Measured up to the next fault: a later fault's outage is not this one's failover.
      const next = faults.find((g) => g.round === f.round + 1);
      f.failoverMs = failoverMs(acks, f.atMs, f.led.length > 0 ? f.led : null, next?.atMs);
    }
    return { seed: o.seed, report, faults, producers, outOfRange, finalReadComplete: consumed.complete === true, events };
  } catch (e) {
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n--- events (seed ${o.seed}) ---\n${events.join("\n")}`);
  } finally {
    for (const p of procs) if (p.exitCode === null) p.kill("SIGKILL");
  }
}

/** A seeded Fisher-Yates shuffle of `xs`. */
function shuffled<T>(xs: readonly T[], random: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The run's totals, one line a fault, for the test's output. */
export function summarise(target: string, r: ReplicationChaosResult): string {
  const rep = r.report;
  const lines = [
    `[replication-chaos ${target}] seed=${r.seed} (STRAND_CHAOS_SEED=${r.seed} repeats the fault choices) faults=${r.faults.length}`,
    `  acknowledged=${rep.acknowledged} readDuringRun=${rep.readDuringRun} readAtEnd=${rep.readAtEnd} | lost=${rep.lost} duplicates=${rep.duplicates} inconsistentOffsets=${rep.inconsistentOffsets} readThenTruncated=${rep.readThenTruncated} phantoms=${rep.phantoms} outOfRange=${r.outOfRange} finalReadComplete=${r.finalReadComplete}`,
    `  producers: ${r.producers.map((p) => `${p.id} sent=${p.sent} acked=${p.acked} failed=${p.failed}`).join("; ")}`,
    ...r.faults.map((f) => `  round ${f.round}: ${f.detail} -> failover ${f.failoverMs === null ? "n/a" : `${f.failoverMs} ms`} to the first acks=all produce` +
      `${f.reelectedAtMs === null ? "" : `, new leaders after ${f.reelectedAtMs - f.atMs} ms`} (healed after ${f.healedAtMs - f.atMs} ms)`),
  ];
  return lines.join("\n");
}
