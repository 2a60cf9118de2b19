// Focused measurements of one Strand workload, optionally under `bun --cpu-prof`, for the performance
// work of issue 6 (the side-by-side run is bench/run.ts). Strand runs from source (`bun src/cli/main.ts`)
// unless --binary is given; the clients are the same as bench/run.ts (ProducerPerformance,
// ConsumerPerformance, RateLatency, the Bun wire client).
//
//   bun bench/profile.ts WORKLOAD [--mib N] [--acks 1|all] [--compression none|lz4] [--partitions N]
//                                 [--repeat N] [--cpu-prof DIR] [--binary PATH]
//   WORKLOAD: produce | consume | latency | metadata | create | txn-franz
//   (txn-franz: the franz-go transactional producer of bench/run.ts, a commit every 100 ms)
//
// Each line printed carries brokerCpuS: the broker process's CPU seconds during that workload.
// With --cpu-prof the broker writes DIR/*.cpuprofile at its (clean) exit; summarise it with
// `bun bench/cpuprofile-summary.ts FILE`.
import { mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { startStrand } from "../test/support/strand.ts";
import { BenchClient } from "./lib/wire.ts";
import { consumerPerf, franzTxnPerf, producerPerf, rateLatency } from "./lib/kafka-perf.ts";
import { cpuSeconds } from "./lib/procs.ts";

const ROOT = resolve(import.meta.dir, "..");
const argv = process.argv.slice(2);
const workload = argv[0] ?? "produce";
function opt(name: string, dflt: string): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : dflt;
}
const mib = Number(opt("mib", "512"));
const acks = opt("acks", "1");
const compression = opt("compression", "none");
const partitions = Number(opt("partitions", "10000"));
const repeat = Number(opt("repeat", "1"));
const cpuProfDir = opt("cpu-prof", "");
const binary = opt("binary", "");
/** A checkout whose src/cli/main.ts runs instead of this one's (before/after comparisons). */
const sourceRoot = resolve(opt("source", ROOT));

const dataDir = mkdtempSync(join("/tmp", "strand-prof-"));
const env: Record<string, string> = {};
let bin: string | undefined = binary || undefined;
if (cpuProfDir || sourceRoot !== ROOT) {
  // A wrapper script so startStrand's command line stays `<binary> server start ...`.
  const wrapper = join(dataDir, "strand-cpu-prof.sh");
  await Bun.write(wrapper, `#!/bin/sh\nexec ${process.execPath} ${cpuProfDir ? `--cpu-prof --cpu-prof-dir=${resolve(cpuProfDir)}` : ""} ${join(sourceRoot, "src/cli/main.ts")} "$@"\n`);
  await Bun.spawn(["chmod", "+x", wrapper]).exited;
  bin = wrapper;
}
const h = await startStrand({
  dataDir,
  binary: bin,
  env,
  overrides: {
    "num.partitions": 6,
    "message.max.bytes": 1048588,
    "log.segment.bytes": 1073741824,
    "group.initial.rebalance.delay.ms": 0,
    "offsets.topic.num.partitions": 1,
    "strand.log.fsync.before.ack": false,
  },
  startTimeoutMs: 60_000,
});
const records = Math.floor((mib * 1024 * 1024) / 1024);
const out: unknown[] = [];
try {
  for (let i = 0; i < repeat; i++) {
    const topic = `t-${workload}-${i}`;
    const cpuBeforeS = cpuSeconds(h.pid) ?? 0;
    if (workload === "produce" || workload === "consume") {
      const p = await producerPerf(h.bootstrap, {
        topic, numRecords: records, recordBytes: 1024, throughput: -1,
        producerProps: { acks, "compression.type": compression, "linger.ms": 5, "batch.size": 65536 },
        timeoutMs: 600_000,
      });
      if (workload === "produce") out.push({ produceMiBs: p.mbPerSec });
      else {
        const c = await consumerPerf(h.bootstrap, { topic, numRecords: records, group: `g${i}`, timeoutMs: 600_000 });
        out.push({ consumeMiBs: c.fetchMbPerSec, consumerCpuS: c.clientCpuS });
      }
    } else if (workload === "txn-franz") {
      const c = await BenchClient.connect(h.port);
      await c.createTopic(topic, 6);
      c.client.close();
      const r = await franzTxnPerf(h.bootstrap, { topic, dataMiB: mib, recordBytes: 1024, txnDurationMs: 100, transactionalId: `prof-txn-${i}`, timeoutMs: 600_000 });
      out.push({ txnMiBs: r.mibPerSec, commits: r.commits, commitP50Ms: r.commitP50Ms, clientCpuS: r.clientCpuS });
    } else if (workload === "latency") {
      const c = await BenchClient.connect(h.port);
      await c.createTopic(topic, 6);
      c.client.close();
      const r = await rateLatency(h.bootstrap, { topic, ratePerSec: 2000, durationS: 20, warmupS: 5, recordBytes: 1024, acks: "all" });
      out.push(r);
    } else if (workload === "metadata" || workload === "create") {
      const c = await BenchClient.connect(h.port);
      const t0 = performance.now();
      await c.createLargeTopic(topic, partitions);
      const createMs = performance.now() - t0;
      const lat: number[] = [];
      if (workload === "metadata") {
        for (let k = 0; k < 50; k++) lat.push((await c.metadataRoundTripMs(topic)).ms);
      }
      lat.sort((a, b) => a - b);
      c.client.close();
      out.push({ createMs: Math.round(createMs), metadataMedianMs: lat[Math.floor(lat.length / 2)] });
    } else {
      throw new Error(`unknown workload ${workload}`);
    }
    // The broker's user + system CPU over this workload (clients excluded), for before/after comparisons.
    const brokerCpuS = Math.round(((cpuSeconds(h.pid) ?? 0) - cpuBeforeS) * 100) / 100;
    console.log(JSON.stringify({ ...(out[out.length - 1] as object), brokerCpuS }));
  }
} finally {
  await h.stop(60_000);
  // STRAND_PROFILE_OUTPUT=1: the broker's own stdout/stderr (e.g. with BUN_JSC_logGC=1 in the environment).
  if (process.env.STRAND_PROFILE_OUTPUT === "1") console.log(h.output());
  rmSync(dataDir, { recursive: true, force: true });
}
