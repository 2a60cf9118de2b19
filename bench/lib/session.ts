// One session: one broker (Kafka or Strand) started on a fresh data dir, every workload run against it
// in a fixed order, the broker stopped and its data deleted. A failing workload is recorded (with the
// tool's stderr tail) and the session goes on; a broker that died ends the session.
//
//   start-up -> idle RSS -> produce x4 (peak RSS, broker CPU, GCs) -> consume -> the same with franz-go
//   (bench/lib/franz-workloads.ts) -> transactional produce (Java, then franz-go) -> transaction commit
//   latency -> fixed-rate latency -> topic with many partitions (create time, Metadata latency, RSS)
import { startUnderTest } from "./brokers.ts";
import type { BrokerSettings, BrokerUnderTest } from "./brokers.ts";
import { consumerPerf, franzTxnPerf, producerPerf, rateLatency, txnCommitLatency } from "./kafka-perf.ts";
import { addSample, median } from "./metrics.ts";
import { franzWorkloads } from "./franz-workloads.ts";
import { gcFinish, gcStart } from "./gc-rows.ts";
import type { BenchResult, Slot } from "./metrics.ts";
import type { BenchOptions, SystemName } from "./options.ts";
import { cpuSeconds, RssSampler, rssKb } from "./procs.ts";
import { BenchClient } from "./wire.ts";
import { loadavg } from "node:os";

const KIB_PER_MIB = 1024;
const PARTITIONS = 6;
/** Slowest rate any workload is allowed before its time bound kills it: 5 MiB/s. */
const MIN_RATE_MIB_PER_S = 5;

export interface Ctx {
  o: BenchOptions;
  r: BenchResult;
  slot: Slot;
  system: SystemName;
  round: number;
  broker: BrokerUnderTest;
  details: Record<string, unknown>;
}

export function log(c: { slot: Slot; system: string; round: number }, msg: string): void {
  console.log(`[bench] round ${c.round} ${c.slot}=${c.system}: ${msg}`);
}

export function recordError(c: Omit<Ctx, "broker" | "details">, workload: string, e: unknown, brokerTail?: string): void {
  const message = (e instanceof Error ? e.message : String(e)) + (brokerTail ? `\n--- broker log (tail) ---\n${brokerTail}` : "");
  c.r.errors.push({ slot: c.slot, system: c.system, round: c.round, workload, message });
  console.error(`[bench] round ${c.round} ${c.slot}=${c.system}: ${workload} FAILED: ${message.split("\n").slice(0, 30).join("\n")}`);
}

export function alive(c: Ctx): boolean {
  return rssKb(c.broker.pid) !== null;
}

/**
 * --skip x skips every workload whose id starts with x ("txn" skips txn.produce, txn.produce.franz, txn.commit);
 * --only x skips every workload whose id does not.
 */
export function skipped(o: Pick<BenchOptions, "skip" | "only">, workload: string): boolean {
  if (o.only.length > 0 && !o.only.some((s) => workload.startsWith(s))) return true;
  return o.skip.some((s) => workload.startsWith(s));
}

/** The workloads of the main session (runSession); with --only none of them, it is not started. */
export const MAIN_SESSION_WORKLOADS = ["startup", "idle-rss", "produce", "consume", "franz", "txn", "latency", "many"] as const;

export function mainSessionSkipped(o: Pick<BenchOptions, "skip" | "only">): boolean {
  return o.only.length > 0 && MAIN_SESSION_WORKLOADS.every((w) => skipped(o, w));
}

/** Runs one workload; false when it failed (the error is recorded). */
export async function step(c: Ctx, workload: string, fn: () => Promise<void>): Promise<boolean> {
  if (skipped(c.o, workload)) return true;
  if (!alive(c)) {
    recordError(c, workload, new Error("the broker process is gone"), c.broker.logTail());
    return false;
  }
  const t0 = performance.now();
  try {
    await fn();
    log(c, `${workload} done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return true;
  } catch (e) {
    recordError(c, workload, e, alive(c) ? undefined : c.broker.logTail());
    return false;
  }
}

export async function withClient<T>(c: Ctx, fn: (client: BenchClient) => Promise<T>): Promise<T> {
  const client = await BenchClient.connect(c.broker.port);
  try {
    return await fn(client);
  } finally {
    client.close();
  }
}

const PRODUCE_CONFIGS = [
  { id: "produce.acks1.none", acks: "1", compression: "none" },
  { id: "produce.acks1.lz4", acks: "1", compression: "lz4" },
  { id: "produce.acksall.none", acks: "all", compression: "none" },
  { id: "produce.acksall.lz4", acks: "all", compression: "lz4" },
] as const;
const CONSUME_TOPIC = "perf-acks1-none";

export interface CpuCost {
  brokerCpuS: number;
  clientCpuS: number;
  wallMs: number;
  /** CPU seconds per wall second over the tool's run (1 = one core busy the whole time). */
  brokerCores: number;
  clientCores: number;
  /** Client's share of the CPU the two used: client / (client + broker). */
  clientShare: number;
  gib: number;
}

/** Broker CPU (two /proc samples around the tool run) beside the tool JVM's own CPU over the same run. */
export function cpuCost(broker0: number | null, broker1: number | null, tool: { clientCpuS: number; clientWallMs: number }, gib: number): CpuCost | null {
  if (broker0 === null || broker1 === null || tool.clientWallMs <= 0) return null;
  const brokerCpuS = broker1 - broker0;
  const wallS = tool.clientWallMs / 1000;
  const total = brokerCpuS + tool.clientCpuS;
  return {
    brokerCpuS, clientCpuS: tool.clientCpuS, wallMs: tool.clientWallMs,
    brokerCores: brokerCpuS / wallS, clientCores: tool.clientCpuS / wallS,
    clientShare: total > 0 ? tool.clientCpuS / total : 0, gib,
  };
}

function cpuText(cost: CpuCost | null): string {
  return cost ? `; CPU broker ${cost.brokerCores.toFixed(2)} cores, client ${cost.clientCores.toFixed(2)} cores` : "";
}

export function workloadTimeoutMs(o: Pick<BenchOptions, "dataMiB">): number {
  return 90_000 + (o.dataMiB / MIN_RATE_MIB_PER_S) * 1000;
}

async function produceAll(c: Ctx): Promise<void> {
  const { o } = c;
  const numRecords = Math.floor((o.dataMiB * 1024 * 1024) / o.recordBytes);
  const peak = new RssSampler(c.broker.pid, 100).start();
  const gc = gcStart(c);
  let gibDone = 0;
  try {
    for (const p of PRODUCE_CONFIGS) {
      const topic = `perf-acks${p.acks}-${p.compression}`;
      await step(c, p.id, async () => {
        await withClient(c, (cl) => cl.createTopic(topic, PARTITIONS));
        const cpu0 = cpuSeconds(c.broker.pid);
        const res = await producerPerf(c.broker.bootstrap, {
          topic, numRecords, recordBytes: o.recordBytes, throughput: -1, timeoutMs: workloadTimeoutMs(o),
          producerProps: { acks: p.acks, "compression.type": p.compression, "linger.ms": 5, "batch.size": 65536 },
        });
        const cpu1 = cpuSeconds(c.broker.pid);
        if (res.records < numRecords) throw new Error(`ProducerPerformance sent ${res.records} of ${numRecords} records\n${res.stdout.slice(-2000)}`);
        addSample(c.r, p.id, c.slot, res.mbPerSec);
        const { stdout: _s, ...parsed } = res;
        c.details[p.id] = parsed;
        const gib = (numRecords * o.recordBytes) / 2 ** 30;
        const cost = cpuCost(cpu0, cpu1, res, gib);
        gibDone += gib;
        if (cost) c.details[`cpu.${p.id}`] = cost;
        // Broker CPU per GiB for every workload; acks=1/none's row keeps its older id, cpu.produce.
        if (p.id !== "produce.acks1.none" && cost) addSample(c.r, `cpu.${p.id}`, c.slot, cost.brokerCpuS / gib);
        if (p.id === "produce.acks1.none" && cost) {
          addSample(c.r, "cpu.produce", c.slot, cost.brokerCpuS / gib);
          addSample(c.r, "cpu.produce.client", c.slot, cost.clientCpuS / gib);
          c.details["cpu.produce"] = { cpuSeconds: cost.brokerCpuS, ...cost };
        }
        log(c, `${p.id}: ${res.mbPerSec} MiB/s, ${res.recordsPerSec} rec/s, p99 ${res.p99Ms} ms${cpuText(cost)}`);
      });
    }
  } finally {
    gcFinish(c, "gc.produce", gc, gibDone);
    const peakKb = peak.stop();
    if (peakKb > 0) {
      addSample(c.r, "rss.peakProduce", c.slot, peakKb / KIB_PER_MIB);
      c.details["rss.peakProduce"] = { peakKb, samples: peak.samples };
    }
  }
}

async function consume(c: Ctx): Promise<void> {
  const numRecords = Math.floor((c.o.dataMiB * 1024 * 1024) / c.o.recordBytes);
  const gc = gcStart(c);
  let gibDone = 0;
  await step(c, "consume", async () => {
    const cpu0 = cpuSeconds(c.broker.pid);
    const res = await consumerPerf(c.broker.bootstrap, {
      topic: CONSUME_TOPIC, numRecords, group: `bench-consume-${c.round}`, timeoutMs: workloadTimeoutMs(c.o),
    });
    const cpu1 = cpuSeconds(c.broker.pid);
    addSample(c.r, "consume", c.slot, res.fetchMbPerSec);
    const gib = (numRecords * c.o.recordBytes) / 2 ** 30;
    gibDone = gib;
    const cost = cpuCost(cpu0, cpu1, res, gib);
    if (cost) {
      addSample(c.r, "cpu.consume", c.slot, cost.brokerCpuS / gib);
      addSample(c.r, "cpu.consume.client", c.slot, cost.clientCpuS / gib);
      c.details["cpu.consume"] = cost;
      log(c, `consume CPU: broker ${cost.brokerCpuS.toFixed(2)} s (${cost.brokerCores.toFixed(2)} cores), client ${cost.clientCpuS.toFixed(2)} s (${cost.clientCores.toFixed(2)} cores) over ${(cost.wallMs / 1000).toFixed(1)} s`);
    }
    const { stdout: _s, ...parsed } = res;
    c.details.consume = parsed;
    log(c, `consume: ${res.fetchMbPerSec} MiB/s in the fetch phase (${res.mbPerSec} MiB/s overall, rebalance ${res.rebalanceMs} ms)`);
  });
  gcFinish(c, "gc.consume", gc, gibDone);
}

/**
 * Transactions: ProducerPerformance with a transactional id committing every txnDurationMs (MiB/s as
 * for the other produce workloads), the same with franz-go's producer (test/interop/go/txnperf.go), then
 * TxnCommitLatency: what commitTransaction takes once the
 * transaction's records are acknowledged (the EndTxn round trip), and the whole small transaction.
 */
async function transactions(c: Ctx): Promise<void> {
  const { o } = c;
  const numRecords = Math.floor((o.dataMiB * 1024 * 1024) / o.recordBytes);
  await step(c, "txn.produce", async () => {
    const topic = "perf-txn";
    await withClient(c, (cl) => cl.createTopic(topic, PARTITIONS));
    const cpu0 = cpuSeconds(c.broker.pid);
    const res = await producerPerf(c.broker.bootstrap, {
      topic, numRecords, recordBytes: o.recordBytes, throughput: -1, timeoutMs: workloadTimeoutMs(o),
      producerProps: { acks: "all", "compression.type": "none", "linger.ms": 5, "batch.size": 65536 },
      transaction: { transactionalId: `bench-txn-${c.round}`, durationMs: o.txnDurationMs },
    });
    const cost = cpuCost(cpu0, cpuSeconds(c.broker.pid), res, (numRecords * o.recordBytes) / 2 ** 30);
    if (res.records < numRecords) throw new Error(`ProducerPerformance sent ${res.records} of ${numRecords} records\n${res.stdout.slice(-2000)}`);
    addSample(c.r, "txn.produce", c.slot, res.mbPerSec);
    const { stdout: _s, ...parsed } = res;
    c.details["txn.produce"] = { ...parsed, transactionDurationMs: o.txnDurationMs };
    if (cost) {
      c.details["cpu.txn.produce"] = cost;
      addSample(c.r, "cpu.txn.produce", c.slot, cost.brokerCpuS / cost.gib);
    }
    log(c, `txn.produce (commit every ${o.txnDurationMs} ms): ${res.mbPerSec} MiB/s, ${res.recordsPerSec} rec/s, p99 ${res.p99Ms} ms${cpuText(cost)}`);
  });
  // The same workload with a lighter client (franz-go): on a 2-core machine the Java client's own CPU bounds the figure above.
  await step(c, "txn.produce.franz", async () => {
    const topic = "perf-txn-franz";
    await withClient(c, (cl) => cl.createTopic(topic, PARTITIONS));
    const cpu0 = cpuSeconds(c.broker.pid);
    const res = await franzTxnPerf(c.broker.bootstrap, {
      topic, dataMiB: o.dataMiB, recordBytes: o.recordBytes, txnDurationMs: o.txnDurationMs,
      transactionalId: `bench-txn-franz-${c.round}`, timeoutMs: workloadTimeoutMs(o),
    });
    const cost = cpuCost(cpu0, cpuSeconds(c.broker.pid), res, res.bytes / 2 ** 30);
    if (res.records < numRecords) throw new Error(`franz-go txn-perf sent ${res.records} of ${numRecords} records`);
    addSample(c.r, "txn.produce.franz", c.slot, res.mibPerSec);
    c.details["txn.produce.franz"] = { ...res, transactionDurationMs: o.txnDurationMs };
    if (cost) {
      c.details["cpu.txn.produce.franz"] = cost;
      addSample(c.r, "cpu.txn.produce.franz", c.slot, cost.brokerCpuS / cost.gib);
    }
    log(c, `txn.produce.franz (${res.client}, commit every ${o.txnDurationMs} ms): ${res.mibPerSec.toFixed(1)} MiB/s, ` +
      `${res.recordsPerSec.toFixed(0)} rec/s, ${res.commits} commits, commit p50 ${res.commitP50Ms} ms, p99 ${res.commitP99Ms} ms${cpuText(cost)}`);
  });
  await step(c, "txn.commit", async () => {
    const topic = "txn-commit";
    await withClient(c, (cl) => cl.createTopic(topic, PARTITIONS));
    const res = await txnCommitLatency(c.broker.bootstrap, {
      topic, transactions: o.txnCommits, recordsPerTxn: o.txnRecords, recordBytes: o.recordBytes, warmupTxns: o.txnWarmup,
      transactionalId: `bench-commit-${c.round}`, timeoutMs: 90_000 + o.txnCommits * 200,
    });
    addSample(c.r, "txn.commit.p50", c.slot, res.commitP50Us / 1000);
    addSample(c.r, "txn.commit.p99", c.slot, res.commitP99Us / 1000);
    c.details["txn.commit"] = res;
    log(c, `txn.commit over ${res.counted} transactions of ${o.txnRecords} records: commit p50 ${res.commitP50Us} µs, p99 ${res.commitP99Us} µs; ` +
      `whole transaction p50 ${res.txnP50Us} µs, p99 ${res.txnP99Us} µs`);
  });
}

async function latency(c: Ctx): Promise<void> {
  const { o } = c;
  await step(c, "latency", async () => {
    await withClient(c, (cl) => cl.createTopic("latency", PARTITIONS));
    const res = await rateLatency(c.broker.bootstrap, {
      topic: "latency", ratePerSec: o.latencyRatePerSec, durationS: o.latencyDurationS, warmupS: o.latencyWarmupS,
      recordBytes: o.recordBytes, acks: o.latencyAcks,
    });
    addSample(c.r, "e2e.p50", c.slot, res.p50Us / 1000);
    addSample(c.r, "e2e.p99", c.slot, res.p99Us / 1000);
    addSample(c.r, "e2e.p999", c.slot, res.p999Us / 1000);
    c.details.latency = res;
    log(c, `latency at ${res.rate}/s: p50 ${res.p50Us} µs, p99 ${res.p99Us} µs, p99.9 ${res.p999Us} µs`);
  });
}

async function manyPartitions(c: Ctx): Promise<void> {
  const { o } = c;
  await step(c, "many", async () => {
    const topic = "many-partitions";
    const t0 = performance.now();
    await withClient(c, (cl) => cl.createLargeTopic(topic, o.manyPartitions, 600_000));
    // Bounded wait (120 s) until Metadata lists every partition: creation may finish asynchronously.
    let count = -1;
    const deadline = performance.now() + 120_000;
    while (performance.now() < deadline) {
      count = await withClient(c, (cl) => cl.partitionCount(topic));
      if (count === o.manyPartitions) break;
      await Bun.sleep(100);
    }
    if (count !== o.manyPartitions) throw new Error(`Metadata lists ${count} of ${o.manyPartitions} partitions after 120 s`);
    const createMs = performance.now() - t0;
    const times = await withClient(c, async (cl) => {
      for (let i = 0; i < 3; i++) await cl.metadataRoundTripMs(topic); // warm-up, not counted
      const ms: number[] = [];
      let bytes = 0;
      for (let i = 0; i < o.metadataRequests; i++) {
        const x = await cl.metadataRoundTripMs(topic);
        ms.push(x.ms);
        bytes = x.bytes;
      }
      return { ms, bytes };
    });
    const rss = rssKb(c.broker.pid);
    addSample(c.r, "many.create", c.slot, createMs);
    addSample(c.r, "many.metadata", c.slot, median(times.ms)!);
    if (rss !== null) addSample(c.r, "many.rss", c.slot, rss / KIB_PER_MIB);
    c.details.many = { partitions: o.manyPartitions, createMs, metadataMs: times.ms, responseBytes: times.bytes, rssKb: rss };
    log(c, `${o.manyPartitions} partitions: created in ${createMs.toFixed(0)} ms, Metadata median ${median(times.ms)!.toFixed(2)} ms (${times.bytes} B), RSS ${rss} KiB`);
  });
}

/** Runs one session and records its samples in `r`. */
export async function runSession(o: BenchOptions, r: BenchResult, slot: Slot, system: SystemName, round: number, settings: BrokerSettings): Promise<void> {
  const base = { o, r, slot, system, round };
  r.loadAvg1m?.push(loadavg()[0]);
  log(base, `starting the broker (load average ${loadavg()[0].toFixed(2)})`);
  let broker: BrokerUnderTest;
  try {
    broker = await startUnderTest(system, settings);
  } catch (e) {
    recordError(base, "startup", e);
    return;
  }
  const c: Ctx = { ...base, broker, details: {} };
  try {
    addSample(r, "startup", slot, broker.startupMs);
    const listening = broker.listeningMs === undefined ? "" : `; listening after ${broker.listeningMs.toFixed(0)} ms`;
    log(c, `first acknowledged produce ${broker.startupMs.toFixed(0)} ms after spawn (pid ${broker.pid}${listening})`);
    await step(c, "idle-rss", async () => {
      await Bun.sleep(o.idleSettleMs);
      const samples: number[] = [];
      for (let i = 0; i < 5; i++) {
        const kb = rssKb(broker.pid);
        if (kb !== null) samples.push(kb);
        await Bun.sleep(200);
      }
      const kb = median(samples);
      if (kb === null) throw new Error("no RSS sample");
      addSample(r, "rss.idle", slot, kb / KIB_PER_MIB);
      log(c, `idle RSS ${(kb / KIB_PER_MIB).toFixed(1)} MiB`);
    });
    if (!skipped(o, "produce")) await produceAll(c);
    if (!skipped(o, "produce")) await consume(c); // reads what produce wrote
    if (!skipped(o, "franz")) await franzWorkloads(c);
    await transactions(c);
    await latency(c);
    await manyPartitions(c);
  } finally {
    r.loadAvg1m?.push(loadavg()[0]);
    r.details.push({ round, slot, system, startupMs: broker.startupMs, listeningMs: broker.listeningMs, ...c.details });
    await broker.stop().catch((e: unknown) => recordError(base, "stop", e));
  }
}
