// What the metrics cost on the produce and fetch paths (issue 16): the same broker source without
// metrics (the commit this branch started from, extracted with `git archive` into a temp dir) and with
// them (this tree), run from source on fresh brokers, alternating which goes first each round. Kafka's
// ProducerPerformance writes `--records` records of `--record-bytes` into a 6-partition topic (acks=1),
// then ConsumerPerformance reads them back. Prints, per run and as medians with the spread (min-max),
// records/s of each phase and the broker's CPU seconds per GiB of records. Nothing scrapes /metrics
// during the runs (that is the counting cost alone); after each run with metrics one scrape reads its
// request counts (and is timed).
//
//   bun bench/metrics-overhead.ts [--records N] [--record-bytes N] [--rounds N] [--base <commit>]
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startStrand, type StrandHandle } from "../test/support/strand.ts";
import { createTopics } from "../test/interop/topics.ts";
import { consumerPerf, producerPerf } from "./lib/kafka-perf.ts";

const ROOT = resolve(import.meta.dir, "..");
const argv = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1]! : dflt;
};
const RECORDS = Number(opt("records", "500000"));
const RECORD_BYTES = Number(opt("record-bytes", "1024"));
const ROUNDS = Number(opt("rounds", "5"));
const base = opt("base", Bun.spawnSync(["git", "-C", ROOT, "merge-base", "HEAD", "main"]).stdout.toString().trim());
const TOPIC = "bench-metrics";
const GIB = 1024 ** 3;

function cpuSeconds(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = f.slice(f.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A directory holding `commit`'s tree, sharing this tree's node_modules, and a start script for it. */
function checkout(commit: string, work: string): string {
  const dir = join(work, "base");
  Bun.spawnSync(["mkdir", "-p", dir]);
  const tar = Bun.spawnSync(["sh", "-c", `git -C ${ROOT} archive ${commit} | tar -x -C ${dir}`]);
  if (tar.exitCode !== 0) throw new Error(`git archive ${commit} failed: ${tar.stderr.toString()}`);
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  return dir;
}

function wrapper(sourceRoot: string, work: string, name: string): string {
  const path = join(work, `${name}.sh`);
  writeFileSync(path, `#!/bin/sh\nexec ${process.execPath} ${join(sourceRoot, "src/cli/main.ts")} "$@"\n`);
  chmodSync(path, 0o755);
  return path;
}

interface Run {
  produceRecordsPerSec: number;
  produceCpuSPerGiB: number;
  consumeRecordsPerSec: number;
  consumeCpuSPerGiB: number;
}

/** With metrics: the run's request counts, scraped after it (to set the per-request cost of bench/metrics-micro.ts against). */
interface Scraped {
  produceRequests: number;
  fetchConsumerRequests: number;
  brokerCpuUsPerProduceRequest: number;
  scrapeMs: number;
}
const scraped: Scraped[] = [];

/** The broker of the previous run, stopped before the next one starts (the last one is scraped). */
const held: { last: StrandHandle | null } = { last: null };

async function once(binary: string): Promise<Run> {
  // The previous run's broker stops first: an idle broker left running would share the machine with this one.
  const prev = held.last;
  held.last = null;
  if (prev) {
    await prev.stop().catch(() => -1);
    rmSync(prev.dataDir, { recursive: true, force: true });
  }
  const h = await startStrand({ binary, overrides: { "offsets.topic.num.partitions": 1, "group.initial.rebalance.delay.ms": 0, "log.segment.bytes": 1073741824 }, startTimeoutMs: 60_000 });
  try {
    await createTopics(h.port, [{ name: TOPIC, partitions: 6 }]);
    const gib = (RECORDS * RECORD_BYTES) / GIB;
    const c0 = cpuSeconds(h.pid);
    const p = await producerPerf(h.bootstrap, { topic: TOPIC, numRecords: RECORDS, recordBytes: RECORD_BYTES, throughput: -1, producerProps: { acks: 1, "batch.size": 65536, "linger.ms": 5 }, timeoutMs: 600_000 });
    const c1 = cpuSeconds(h.pid);
    if (p.records !== RECORDS) throw new Error(`sent ${p.records} of ${RECORDS}`);
    const c = await consumerPerf(h.bootstrap, { topic: TOPIC, numRecords: RECORDS, group: "bench-metrics-group", timeoutMs: 600_000 });
    const c2 = cpuSeconds(h.pid);
    if (h.adminUrl) {
      const t0 = performance.now();
      const text = await (await fetch(`${h.adminUrl}/metrics`)).text();
      const scrapeMs = Number((performance.now() - t0).toFixed(2));
      const count = (request: string) => Number(new RegExp(`^kafka_network_requestmetrics_totaltimems_count\\{request="${request}"\\} (\\S+)$`, "m").exec(text)?.[1] ?? NaN);
      const s = { produceRequests: count("Produce"), fetchConsumerRequests: count("FetchConsumer"), brokerCpuUsPerProduceRequest: Math.round(((c1 - c0) * 1e6) / count("Produce")), scrapeMs };
      scraped.push(s);
      console.log(JSON.stringify(s));
    }
    return { produceRecordsPerSec: p.recordsPerSec, produceCpuSPerGiB: (c1 - c0) / gib, consumeRecordsPerSec: c.fetchRecordsPerSec, consumeCpuSPerGiB: (c2 - c1) / gib };
  } finally {
    // Stopped when the next run starts (or at the end).
    held.last = h;
  }
}

const work = mkdtempSync(join(tmpdir(), "strand-metrics-bench-"));
const binaries = { without: wrapper(checkout(base, work), work, "without"), with: wrapper(ROOT, work, "with") };
const runs: Record<"without" | "with", Run[]> = { without: [], with: [] };
try {
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first, so a machine that warms up or gets busier favours neither.
    for (const mode of round % 2 === 0 ? (["without", "with"] as const) : (["with", "without"] as const)) {
      const r = await once(binaries[mode]);
      runs[mode].push(r);
      console.log(JSON.stringify({ round, metrics: mode, ...r }));
    }
  }
} finally {
  const last = held.last;
  if (last) {
    await last.stop().catch(() => -1);
    rmSync(last.dataDir, { recursive: true, force: true });
  }
  rmSync(work, { recursive: true, force: true });
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: Number(s[Math.floor(s.length / 2)]!.toFixed(2)), min: Number(s[0]!.toFixed(2)), max: Number(s[s.length - 1]!.toFixed(2)) };
};
const summary = (rs: Run[]) => Object.fromEntries((Object.keys(rs[0]!) as Array<keyof Run>).map((k) => [k, stats(rs.map((r) => r[k]))]));
const s = { without: summary(runs.without), with: summary(runs.with) };
const ratio = (k: keyof Run) => Number((s.with[k]!.median / s.without[k]!.median).toFixed(3));
console.log(JSON.stringify({ base, records: RECORDS, recordBytes: RECORD_BYTES, rounds: ROUNDS, ...s, withOverWithout: { produceRecordsPerSec: ratio("produceRecordsPerSec"), produceCpuSPerGiB: ratio("produceCpuSPerGiB"), consumeRecordsPerSec: ratio("consumeRecordsPerSec"), consumeCpuSPerGiB: ratio("consumeCpuSPerGiB") } }, null, 1));
