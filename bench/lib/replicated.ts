// The replicated workload (issue 13): a session of its own per system and round, after the elections
// session of the same slot. Three combined (broker + controller) nodes over loopback, no proxies:
// three Strand processes (the run's binary) or three Kafka 4.4.0 JVMs (--kafka-heap-mb each), built by
// test/support/replicated-cluster-nodes.ts, the same server.properties for both (COMMON_OVERRIDES with
// replicated internal topics). One topic of 6 partitions, replication factor 3, min.insync.replicas=2;
// the same clients as the single-node rows:
//   replicated.produce     ProducerPerformance, a quarter of --data-mib of 1 KB records, acks=all
//                          (idempotent), no compression, linger.ms=5, batch.size=65536: MiB/s.
//   replicated.e2e.*       RateLatency (bench/java) at --latency-rate for --latency-seconds, acks=all:
//                          send to a consumer's receipt, which waits for the high watermark, so the
//                          followers' fetch round trip is in every figure: p50, p99.
import { loadavg } from "node:os";
import type { ReplicatedCluster } from "../../test/support/replicated-cluster.ts";
import { startReplicatedCluster } from "../../test/support/replicated-cluster-nodes.ts";
import { awaitWhole, createReplicatedTopic } from "../../test/support/replication-probe.ts";
import { COMMON_OVERRIDES, STRAND_ONLY_OVERRIDES, type BrokerSettings } from "./brokers.ts";
import { producerPerf, rateLatency } from "./kafka-perf.ts";
import { addSample, type BenchResult, type Slot } from "./metrics.ts";
import type { BenchOptions, SystemName } from "./options.ts";
import { log, recordError, workloadTimeoutMs } from "./session.ts";

const PARTITIONS = 6;
const REPLICATION_FACTOR = 3;
const WHOLE_TIMEOUT_MS = 120_000;

/** Both systems: the single-node rows' settings, internal topics replicated like the data. */
const REPLICATED_OVERRIDES: Record<string, string | number | boolean> = {
  ...COMMON_OVERRIDES,
  "offsets.topic.replication.factor": 3,
  "transaction.state.log.replication.factor": 3,
  "transaction.state.log.min.isr": 2,
  "min.insync.replicas": 2,
  "auto.create.topics.enable": false,
};

/** The MiB the replicated produce row writes: each byte is written three times on the one disk. */
export function replicatedProduceMiB(o: Pick<BenchOptions, "dataMiB">): number {
  return Math.max(16, Math.floor(o.dataMiB / 4));
}

export async function runReplicatedSession(o: BenchOptions, r: BenchResult, slot: Slot, system: SystemName, round: number, s: BrokerSettings): Promise<void> {
  const base = { o, r, slot, system, round };
  r.loadAvg1m?.push(loadavg()[0]);
  log(base, `replicated: starting three ${system} nodes, RF ${REPLICATION_FACTOR} (load average ${loadavg()[0].toFixed(2)})`);
  let c: ReplicatedCluster;
  try {
    c = await startReplicatedCluster(system, {
      proxied: false,
      dataRoot: s.dataRoot,
      strandBinary: s.strandBinary ?? undefined,
      kafkaHeapMb: s.kafkaHeapMb,
      startTimeoutMs: s.startTimeoutMs,
      overrides: REPLICATED_OVERRIDES,
      strandOverrides: STRAND_ONLY_OVERRIDES,
    });
  } catch (e) {
    recordError(base, "replicated", e);
    return;
  }
  // At an abnormal exit the processes are killed by their trackers and the data dirs, under the run's
  // work dir (s.dataRoot), go with it.
  const details: Record<string, unknown> = {};
  try {
    const configs = { "min.insync.replicas": "2" };
    try {
      await createReplicatedTopic(c, c.ids[0]!, "replicated-perf", PARTITIONS, REPLICATION_FACTOR, configs);
      await awaitWhole(c, "replicated-perf", PARTITIONS, REPLICATION_FACTOR, WHOLE_TIMEOUT_MS);
      const mib = replicatedProduceMiB(o);
      const numRecords = Math.floor((mib * 1024 * 1024) / o.recordBytes);
      const res = await producerPerf(c.bootstrap, {
        topic: "replicated-perf", numRecords, recordBytes: o.recordBytes, throughput: -1, timeoutMs: workloadTimeoutMs({ dataMiB: mib * REPLICATION_FACTOR }),
        producerProps: { acks: "all", "compression.type": "none", "linger.ms": 5, "batch.size": 65536 },
      });
      if (res.records < numRecords) throw new Error(`ProducerPerformance sent ${res.records} of ${numRecords} records\n${res.stdout.slice(-2000)}`);
      addSample(r, "replicated.produce", slot, res.mbPerSec);
      const { stdout: _s, ...parsed } = res;
      details["replicated.produce"] = { mib, ...parsed };
      log(base, `replicated.produce: ${res.mbPerSec} MiB/s, ${res.recordsPerSec} rec/s, p99 ${res.p99Ms} ms (${mib} MiB, RF 3, acks=all)`);
    } catch (e) {
      recordError(base, "replicated.produce", e, c.ids.map((id) => `--- node ${id} ---\n${c.logTail(id, 1_500)}`).join("\n"));
    }
    try {
      await createReplicatedTopic(c, c.ids[0]!, "replicated-latency", PARTITIONS, REPLICATION_FACTOR, configs);
      await awaitWhole(c, "replicated-latency", PARTITIONS, REPLICATION_FACTOR, WHOLE_TIMEOUT_MS);
      const res = await rateLatency(c.bootstrap, {
        topic: "replicated-latency", ratePerSec: o.latencyRatePerSec, durationS: o.latencyDurationS, warmupS: o.latencyWarmupS,
        recordBytes: o.recordBytes, acks: "all",
      });
      addSample(r, "replicated.e2e.p50", slot, res.p50Us / 1000);
      addSample(r, "replicated.e2e.p99", slot, res.p99Us / 1000);
      details["replicated.e2e"] = res;
      log(base, `replicated latency at ${res.rate}/s: p50 ${res.p50Us} µs, p99 ${res.p99Us} µs (RF 3, acks=all)`);
    } catch (e) {
      recordError(base, "replicated.e2e", e, c.ids.map((id) => `--- node ${id} ---\n${c.logTail(id, 1_500)}`).join("\n"));
    }
  } finally {
    r.loadAvg1m?.push(loadavg()[0]);
    r.details.push({ round, slot, system, workload: "replicated", ...details });
    await c.close().catch((e: unknown) => recordError(base, "replicated.stop", e));
  }
}
