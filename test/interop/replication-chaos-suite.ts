// The replication chaos test of issue 13, written once for both targets and both sizes (make test's
// short run in test/interop/replication-chaos.test.ts, make chaos's long loop in
// test/chaos/replication-chaos.test.ts): three combined KRaft nodes of STRAND_INTEROP_TARGET (Apache
// Kafka 4.4.0 proves the checker: it must pass), a topic with RF 3 and min.insync.replicas=2, Java
// kafka-clients 4.4.0 idempotent acks=all producers and a consumer running throughout, seeded faults on
// partition leaders and the active controller (STRAND_CHAOS_SEED repeats a run's choices), then the
// checker: no acknowledged record lost, none duplicated, no offset with two values, nothing served to a
// consumer that is later truncated. Failover times are printed with the totals.
//
// Skipped, with the reason printed, only when Maven Central cannot be
// reached for the jars. Every process and directory is removed in afterAll, also on failure.
import { afterAll, describe, expect, test } from "bun:test";
import { ensureJavaClient } from "../support/clients/java.ts";
import { probeInstall } from "../support/clients/cache.ts";
import { probeKafkaDist } from "../support/kafka-dist.ts";
import type { ReplicatedCluster } from "../support/replicated-cluster.ts";
import { startReplicatedCluster } from "../support/replicated-cluster-nodes.ts";
import { runReplicationChaos, summarise } from "../support/replication-chaos.ts";
import type { FaultKind } from "../support/replication-faults.ts";
import { interopTarget, suiteEnabled } from "./targets.ts";

export interface ReplicationChaosSuite {
  /** Why this file runs it ("make test, short" / "make chaos"). */
  label: string;
  rounds: number;
  kinds: readonly FaultKind[];
  /** Records per second of each of the two producers. */
  ratePerProducer: number;
  /** Extra reason not to run (e.g. the long loop outside make chaos); printed. */
  skipReason?: string;
}

/**
 * Broker settings that make failover take seconds, not the defaults' tens of seconds, on both targets:
 * a fenced broker after 4 s without a heartbeat, a follower out of the ISR after 5 s behind.
 */
const CLUSTER_OVERRIDES = {
  "broker.heartbeat.interval.ms": 500,
  "broker.session.timeout.ms": 4_000,
  "replica.lag.time.max.ms": 5_000,
  "unclean.leader.election.enable": false,
  "min.insync.replicas": 2,
  "offsets.topic.replication.factor": 3,
  "transaction.state.log.replication.factor": 3,
  "transaction.state.log.min.isr": 2,
} as const;

export async function replicationChaosSuite(s: ReplicationChaosSuite): Promise<void> {
  const target = interopTarget();
  const enabled = s.skipReason === undefined && suiteEnabled("replication-chaos");
  if (s.skipReason !== undefined) console.warn(`[replication-chaos] ${s.label}: not run: ${s.skipReason}`);
  const java = enabled ? await probeInstall("kafka-clients", ensureJavaClient) : { ok: false as const, reason: "disabled" };
  const dist = enabled && target === "kafka" ? await probeKafkaDist() : { ok: true as const };
  const seed = Number(process.env.STRAND_CHAOS_SEED ?? Date.now() % 1_000_000);

  let cluster: ReplicatedCluster | null = null;
  afterAll(async () => {
    await cluster?.close();
  }, 120_000);

  // Starting three nodes (~30 s for Kafka's JVMs on 2 cores), each round's fault and recovery
  // (up to ~40 s with a restart), the final read.
  const timeoutMs = 180_000 + s.rounds * 90_000;
  describe.skipIf(!enabled || !java.ok || !dist.ok)(`replication chaos vs three ${target} nodes (${s.label})`, () => {
    test(`${s.rounds} faults (${s.kinds.join(", ")}), seed ${seed}: nothing acknowledged lost, no duplicate, no offset with two values, nothing served then truncated`, async () => {
      if (!java.ok) throw new Error(java.reason);
      console.log(`[replication-chaos ${target}] seed=${seed} rounds=${s.rounds} kinds=${s.kinds.join(",")} (STRAND_CHAOS_SEED=${seed} repeats it)`);
      cluster = await startReplicatedCluster(target, { overrides: { ...CLUSTER_OVERRIDES } });
      const c = cluster;
      let r;
      try {
        r = await runReplicationChaos({
          cluster: c,
          java: java.value,
          seed,
          rounds: s.rounds,
          kinds: s.kinds,
          ratePerProducer: s.ratePerProducer,
          clientTimeoutMs: timeoutMs,
        });
      } catch (e) {
        throw new Error(`${e instanceof Error ? e.message : String(e)}\n${logs(c)}`);
      }
      console.log(summarise(target, r));
      if (process.env.STRAND_CHAOS_VERBOSE) console.log(r.events.join("\n"));
      const rep = r.report;
      const problems = [
        rep.lost > 0 && `${rep.lost} acknowledged records lost`,
        rep.duplicates > 0 && `${rep.duplicates} duplicates`,
        rep.inconsistentOffsets > 0 && `${rep.inconsistentOffsets} offsets with two values`,
        rep.readThenTruncated > 0 && `${rep.readThenTruncated} records served then truncated`,
        rep.phantoms > 0 && `${rep.phantoms} records nobody sent`,
        r.outOfRange > 0 && `the consumer was told ${r.outOfRange} times its offset was out of range (a truncation below it)`,
        !r.finalReadComplete && "the final read did not reach the end offsets",
      ].filter((x): x is string => typeof x === "string");
      if (problems.length > 0) {
        throw new Error(`${problems.join("; ")}\n${summarise(target, r)}\n--- examples ---\n${rep.examples.join("\n")}\n` +
          `--- producer failures ---\n${r.producers.flatMap((p) => p.failures).join("\n")}\n--- events ---\n${r.events.join("\n")}\n${logs(c)}`);
      }
      expect(rep.acknowledged).toBeGreaterThan(0);
      expect(r.faults.length).toBe(s.rounds);
    }, timeoutMs);
  });
}

/** Each node's WARN/ERROR lines (the last 40), for a failure message. */
function logs(c: ReplicatedCluster): string {
  return c.ids.map((id) => `--- node ${id} (WARN/ERROR, last 40) ---\n${c.logTail(id, 400_000).split("\n").filter((l) => /\b(WARN|ERROR)\b/.test(l)).slice(-40).join("\n")}`).join("\n");
}
