// The share-group workload (issue 17, KIP-932): its own session per broker (a fresh Kafka 4.4.0 or
// Strand with the same settings), after the other sessions of the slot and round.
//
//   fill      ProducerPerformance writes --share-mib of 1 KiB records (acks=1, no compression) into
//             `share-bench`, 6 partitions.
//   consume   bench/java/ShareConsumeBench.java: 1, 4 and 16 KafkaShareConsumers (threads of one JVM) in
//             a fresh share group each (share.auto.offset.reset=earliest) read the whole topic with
//             implicit acknowledgement; MiB/s from the first record to the last (the group join, which
//             Kafka delays by its assignment and share-state initialisation, is reported apart as joinMs).
//   ack       the same tool, one consumer, explicit acknowledgement: every record ACCEPTed and
//             commitSync() timed after each poll (the ShareAcknowledge round trip, answered once the
//             acknowledgement is persisted); p50 / p99 over --share-mib / 4 of records.
// Broker CPU (/proc/PID/stat) over each consume run, per GiB.
import { loadavg } from "node:os";
import { setGroupConfigs } from "../../test/interop/share-members.ts";
import { startUnderTest } from "./brokers.ts";
import type { BrokerSettings } from "./brokers.ts";
import { ensureBenchClasses, javaTool, producerPerf } from "./kafka-perf.ts";
import { franzShareConsume } from "./franz-perf.ts";
import { addSample } from "./metrics.ts";
import type { BenchResult, Slot } from "./metrics.ts";
import type { BenchOptions, SystemName } from "./options.ts";
import { cpuSeconds } from "./procs.ts";
import { ParseError } from "./parse.ts";
import { log, recordError, skipped, step, withClient, workloadTimeoutMs } from "./session.ts";
import type { Ctx } from "./session.ts";

const TOPIC = "share-bench";
const PARTITIONS = 6;
const RECORD_BYTES = 1024;
export const SHARE_CONSUMERS = [1, 4, 16] as const;
const MIB = 1024 * 1024;

export interface ShareConsumeResult {
  records: number;
  bytes: number;
  consumers: number;
  joinMs: number;
  steadyMs: number;
  totalMs: number;
  commits: number;
  ackP50Us: number;
  ackP99Us: number;
  ackMaxUs: number;
}

export function parseShareConsumeBench(stdout: string): ShareConsumeResult {
  const line = stdout.split("\n").reverse().find((l) => l.trim().startsWith("{\"records\""));
  if (!line) throw new ParseError("ShareConsumeBench JSON line", stdout);
  const j = JSON.parse(line) as ShareConsumeResult;
  for (const k of ["records", "bytes", "consumers", "joinMs", "steadyMs", "totalMs", "commits", "ackP50Us", "ackP99Us", "ackMaxUs"] as const) {
    if (typeof j[k] !== "number") throw new ParseError(`ShareConsumeBench field ${k}`, stdout);
  }
  return j;
}

async function shareConsume(c: Ctx, group: string, records: number, consumers: number, mode: "implicit" | "explicit"): Promise<ShareConsumeResult> {
  await setGroupConfigs(c.broker.port, group, { "share.auto.offset.reset": "earliest" });
  const classes = await ensureBenchClasses();
  const timeoutMs = workloadTimeoutMs({ dataMiB: (records * RECORD_BYTES) / MIB });
  const run = await javaTool("ShareConsumeBench", [c.broker.bootstrap, TOPIC, group, String(records), String(consumers), mode, String(timeoutMs)],
    { name: "ShareConsumeBench", timeoutMs: timeoutMs + 60_000, extraClasspath: classes });
  const res = parseShareConsumeBench(run.stdout);
  if (res.records < records) throw new Error(`ShareConsumeBench read ${res.records} of ${records} records in ${res.totalMs} ms\n${run.stderr.slice(-2000)}`);
  return res;
}

async function workloads(c: Ctx): Promise<void> {
  const records = Math.floor((c.o.shareMiB * MIB) / RECORD_BYTES);
  const filled = await step(c, "share.fill", async () => {
    await withClient(c, (cl) => cl.createTopic(TOPIC, PARTITIONS));
    const res = await producerPerf(c.broker.bootstrap, {
      topic: TOPIC, numRecords: records, recordBytes: RECORD_BYTES, throughput: -1, timeoutMs: workloadTimeoutMs({ dataMiB: c.o.shareMiB }),
      producerProps: { acks: "1", "compression.type": "none", "linger.ms": 5, "batch.size": 65536 },
    });
    if (res.records < records) throw new Error(`ProducerPerformance sent ${res.records} of ${records} records`);
    log(c, `share.fill: ${records} records, ${res.mbPerSec} MiB/s`);
  });
  if (!filled) return;
  for (const n of SHARE_CONSUMERS) {
    const id = `share.consume.${n}`;
    await step(c, id, async () => {
      const cpu0 = cpuSeconds(c.broker.pid);
      const res = await shareConsume(c, `share-bench-${n}-${c.round}`, records, n, "implicit");
      const cpu1 = cpuSeconds(c.broker.pid);
      const mibPerSec = res.bytes / MIB / (res.steadyMs / 1000);
      addSample(c.r, id, c.slot, mibPerSec);
      const cpuSPerGiB = cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) / (res.bytes / 2 ** 30);
      c.details[id] = { ...res, mibPerSec, brokerCpuSPerGiB: cpuSPerGiB };
      log(c, `${id}: ${mibPerSec.toFixed(1)} MiB/s over ${(res.steadyMs / 1000).toFixed(1)} s (join ${res.joinMs.toFixed(0)} ms)` +
        `${cpuSPerGiB === null ? "" : `, broker CPU ${cpuSPerGiB.toFixed(2)} s/GiB`}`);
    });
  }
  // The same reads with franz-go's share consumer: with 16 JVM consumers the Java client takes the 2 cores.
  for (const n of SHARE_CONSUMERS) {
    const id = `share.consume.franz.${n}`;
    await step(c, id, async () => {
      const group = `share-bench-franz-${n}-${c.round}`;
      await setGroupConfigs(c.broker.port, group, { "share.auto.offset.reset": "earliest" });
      const cpu0 = cpuSeconds(c.broker.pid);
      const res = await franzShareConsume(c.broker.bootstrap, { topic: TOPIC, group, records, consumers: n, timeoutMs: workloadTimeoutMs({ dataMiB: c.o.shareMiB }) });
      const cpu1 = cpuSeconds(c.broker.pid);
      addSample(c.r, id, c.slot, res.mibPerSec);
      const cpuSPerGiB = cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) / (res.bytes / 2 ** 30);
      c.details[id] = { ...res, brokerCpuSPerGiB: cpuSPerGiB };
      log(c, `${id} (${res.client}): ${res.mibPerSec.toFixed(1)} MiB/s over ${(res.elapsedMs / 1000).toFixed(1)} s` +
        `${cpuSPerGiB === null ? "" : `, broker CPU ${cpuSPerGiB.toFixed(2)} s/GiB`}, client CPU ${res.cpuSeconds.toFixed(2)} s`);
    });
  }
  await step(c, "share.ack", async () => {
    const res = await shareConsume(c, `share-bench-ack-${c.round}`, Math.max(1, Math.floor(records / 4)), 1, "explicit");
    addSample(c.r, "share.ack.p50", c.slot, res.ackP50Us / 1000);
    addSample(c.r, "share.ack.p99", c.slot, res.ackP99Us / 1000);
    c.details["share.ack"] = res;
    log(c, `share.ack over ${res.commits} commitSync calls: p50 ${res.ackP50Us} µs, p99 ${res.ackP99Us} µs, max ${res.ackMaxUs} µs`);
  });
}

/** One share-group session: a fresh broker, the workloads above, the broker stopped and its data deleted. */
export async function runShareSession(o: BenchOptions, r: BenchResult, slot: Slot, system: SystemName, round: number, settings: BrokerSettings): Promise<void> {
  const base = { o, r, slot, system, round };
  if (skipped(o, "share")) return;
  r.loadAvg1m?.push(loadavg()[0]);
  log(base, `share-group session: ${o.shareMiB} MiB in ${PARTITIONS} partitions, consumers ${SHARE_CONSUMERS.join(", ")}`);
  let broker;
  try {
    broker = await startUnderTest(system, settings);
  } catch (e) {
    recordError(base, "share.startup", e);
    return;
  }
  const c: Ctx = { ...base, broker, details: {} };
  try {
    await workloads(c);
  } finally {
    r.loadAvg1m?.push(loadavg()[0]);
    r.details.push({ round, slot, system, session: "share", ...c.details });
    await broker.stop().catch((e: unknown) => recordError(base, "share.stop", e));
  }
}
