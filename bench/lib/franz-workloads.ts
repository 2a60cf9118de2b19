// The main session's franz-go workloads (issue 18): the four produce workloads and consume again, driven by
// --franz-procs franz-go processes at once (bench/lib/franz-perf.ts) instead of one Java tool, so the
// broker's ceiling shows. Same records (1 KB, no key), same topic shape (6 partitions), same producer
// settings (linger 5 ms, 64 KiB batches, 32 MiB buffered per process); each into a fresh topic, and consume
// reads the acks=1/none one. Broker CPU per GiB for each, and the broker's GCs over the four produce
// workloads and over consume (gc.franz.*).
import { franzConsume, franzProduce } from "./franz-perf.ts";
import type { FranzGroupRun } from "./franz-perf.ts";
import { gcFinish, gcStart } from "./gc-rows.ts";
import { addSample } from "./metrics.ts";
import { cpuSeconds } from "./procs.ts";
import { cpuCost, log, step, withClient, workloadTimeoutMs } from "./session.ts";
import type { Ctx, CpuCost } from "./session.ts";

const PARTITIONS = 6;

export const FRANZ_PRODUCE_CONFIGS = [
  { id: "franz.produce.acks1.none", acks: "1", compression: "none" },
  { id: "franz.produce.acks1.lz4", acks: "1", compression: "lz4" },
  { id: "franz.produce.acksall.none", acks: "all", compression: "none" },
  { id: "franz.produce.acksall.lz4", acks: "all", compression: "lz4" },
] as const;
const CONSUME_TOPIC = "franz-acks1-none";

function summary(res: FranzGroupRun, cost: CpuCost | null): string {
  const cpu = cost ? `; CPU broker ${cost.brokerCores.toFixed(2)} cores (${(cost.brokerCpuS / cost.gib).toFixed(2)} s/GiB), clients ${cost.clientCores.toFixed(2)} cores` : "";
  return `${res.mibPerSec.toFixed(1)} MiB/s, ${res.recordsPerSec.toFixed(0)} rec/s over ${(res.spanMs / 1000).toFixed(1)} s (${res.processes} processes, ` +
    `per process ${res.perProcess.map((p) => p.mibPerSec.toFixed(1)).join(" / ")} MiB/s; clients' own CPU ${res.selfCpuSeconds.toFixed(2)} s)${cpu}`;
}

function record(c: Ctx, id: string, res: FranzGroupRun, cost: CpuCost | null): void {
  addSample(c.r, id, c.slot, res.mibPerSec);
  const { perProcess, ...rest } = res;
  c.details[id] = { ...rest, perProcess };
  if (cost) {
    addSample(c.r, `cpu.${id}`, c.slot, cost.brokerCpuS / cost.gib);
    c.details[`cpu.${id}`] = cost;
  }
  log(c, `${id}: ${summary(res, cost)}`);
}

async function produceAll(c: Ctx): Promise<void> {
  const { o } = c;
  const numRecords = Math.floor((o.dataMiB * 1024 * 1024) / o.recordBytes);
  const gc = gcStart(c);
  let gib = 0;
  for (const p of FRANZ_PRODUCE_CONFIGS) {
    const topic = `franz-acks${p.acks}-${p.compression}`;
    await step(c, p.id, async () => {
      await withClient(c, (cl) => cl.createTopic(topic, PARTITIONS));
      const cpu0 = cpuSeconds(c.broker.pid);
      const res = await franzProduce(c.broker.bootstrap, {
        topic, records: numRecords, recordBytes: o.recordBytes, acks: p.acks, compression: p.compression,
        seed: 18_000 + c.round * 100, timeoutMs: workloadTimeoutMs(o),
      }, o.franzProcs);
      const cost = cpuCost(cpu0, cpuSeconds(c.broker.pid), res, res.bytes / 2 ** 30);
      if (res.records < numRecords) throw new Error(`franz-go produce-perf sent ${res.records} of ${numRecords} records`);
      gib += res.bytes / 2 ** 30;
      record(c, p.id, res, cost);
      if (p.id === "franz.produce.acks1.none" && cost) addSample(c.r, "cpu.franz.produce.client", c.slot, cost.clientCpuS / cost.gib);
    });
  }
  gcFinish(c, "gc.franz.produce", gc, gib);
}

async function consume(c: Ctx): Promise<void> {
  const gc = gcStart(c);
  let gib = 0;
  await step(c, "franz.consume", async () => {
    const numRecords = Math.floor((c.o.dataMiB * 1024 * 1024) / c.o.recordBytes);
    const cpu0 = cpuSeconds(c.broker.pid);
    const res = await franzConsume(c.broker.bootstrap, CONSUME_TOPIC, PARTITIONS, c.o.franzProcs, workloadTimeoutMs(c.o));
    const cost = cpuCost(cpu0, cpuSeconds(c.broker.pid), res, res.bytes / 2 ** 30);
    if (res.records < numRecords) throw new Error(`franz-go consume-perf read ${res.records} of ${numRecords} records`);
    gib = res.bytes / 2 ** 30;
    record(c, "franz.consume", res, cost);
    if (cost) addSample(c.r, "cpu.franz.consume.client", c.slot, cost.clientCpuS / cost.gib);
  });
  gcFinish(c, "gc.franz.consume", gc, gib);
}

/** The franz-go workloads of a session (skipped as a group with --skip franz, or one by one by id). */
export async function franzWorkloads(c: Ctx): Promise<void> {
  await produceAll(c);
  await consume(c);
}
