// Text outputs of a run: the Markdown table (printed to stdout and written into the README between
// <!-- bench:start --> and <!-- bench:end -->). Pure functions except rewriteReadme's file access.
import { readFileSync, writeFileSync } from "node:fs";
import { displayLabel, median, summarize } from "./metrics.ts";
import type { BenchResult, SummaryRow } from "./metrics.ts";

export const README_START = "<!-- bench:start -->";
export const README_END = "<!-- bench:end -->";

export function fmtValue(v: number | null): string {
  if (v === null) return "—";
  const a = Math.abs(v);
  if (a >= 1000) return Math.round(v).toLocaleString("en-US");
  if (a >= 100) return v.toFixed(0);
  if (a >= 10) return v.toFixed(1);
  if (a >= 1) return v.toFixed(2);
  return v.toFixed(3);
}

export function fmtRatio(r: number | null): string {
  if (r === null) return "—";
  return r >= 0.1 ? `${r.toFixed(2)}×` : `1/${(1 / r).toFixed(r >= 0.01 ? 1 : 0)}`;
}

function statusText(row: SummaryRow): string {
  if (!row.def.target) return "";
  if (row.status === "met") return `${row.def.target.text} ✅ met`;
  if (row.status === "missed") return `${row.def.target.text} ❌ missed`;
  return `${row.def.target.text} (no data)`;
}

export function machineLine(r: BenchResult): string {
  const m = r.machine;
  return `${m.nproc} cores (${m.cpuModel}), ${m.memGiB} GiB RAM, Linux ${m.kernel}, Bun ${m.bun}, ${m.java}`;
}

export function ceilingsLine(r: BenchResult): string {
  const tcp = median(r.ceilings.loopbackTcpMiBps);
  const dd = median(r.ceilings.pageCacheWriteMiBps);
  return `machine ceilings in this run (medians): loopback TCP ${fmtValue(tcp)} MiB/s, page-cache write (dd) ${fmtValue(dd)} MiB/s`;
}

const OWN_LOAD = 2;

/** A warning when other work shared the cores during the run (load average above the core count). */
export function loadWarning(r: BenchResult): string | null {
  const loads = r.loadAvg1m ?? [];
  if (loads.length === 0) return null;
  const max = Math.max(...loads);
  // The benchmark itself keeps about two tasks runnable (the broker and the client JVM).
  if (max <= r.machine.nproc + OWN_LOAD) return null;
  return `the machine was busy with other work during this run (1-minute load average up to ${max.toFixed(1)} on ${r.machine.nproc} cores, of which the benchmark itself accounts for about ${OWN_LOAD}): figures are noisy`;
}

/** A run restricted by --only or --skip: its table leaves out the rows nothing was measured for. */
function restricted(r: BenchResult): boolean {
  const list = (x: unknown) => (Array.isArray(x) ? x.length : 0);
  return list(r.options.only) > 0 || list(r.options.skip) > 0;
}

export function markdownTable(r: BenchResult): string {
  const rows = summarize(r).filter((row) => !restricted(r) || row.rounds.a + row.rounds.b > 0);
  const a = r.systems.a.label;
  const b = r.systems.b.label;
  const lines = [
    `| figure | unit | ${a} | ${b} | ${b} / ${a} | target |`,
    "| --- | --- | ---: | ---: | ---: | --- |",
    ...rows.map((row) => `| ${displayLabel(row.def, r)} | ${row.def.unit} | ${fmtValue(row.a)} | ${fmtValue(row.b)} | ${fmtRatio(row.ratio)} | ${statusText(row)} |`),
  ];
  return lines.join("\n");
}

export function errorLines(r: BenchResult, maxChars = 300): string[] {
  return r.errors.map((e) => {
    const first = e.message.split("\n").find((l) => l.trim() !== "") ?? e.message;
    return `- round ${e.round}, ${e.system}, ${e.workload}: ${first.slice(0, maxChars)}`;
  });
}

/** ", log cleaner: 1,024 MiB of keyed records, 1,048,576 keys" when the run had the compaction workload's sizes. */
export function compactionSizes(r: BenchResult): string {
  const mib = Number(r.options.compactMiB);
  const keys = Number(r.options.compactKeys);
  if (!Number.isInteger(mib) || !Number.isInteger(keys) || mib <= 0 || keys <= 0) return "";
  return `, log cleaner: ${mib.toLocaleString("en-US")} MiB of keyed records (key + value), ${keys.toLocaleString("en-US")} keys, 1 partition`;
}

/** What the rows' clients are, and the CPU and GC columns (bench/README.md has the details). */
export function clientsLine(r: BenchResult): string {
  const procs = Number(r.options.franzProcs);
  const franz = Number.isInteger(procs) && procs > 0 ? `${procs} franz-go process${procs === 1 ? "" : "es"} at once` : "franz-go processes";
  return `Clients: rows without a client named use Kafka's Java tools (ProducerPerformance, ConsumerPerformance: one JVM); rows marked franz-go use ${franz} (test/interop/go/perf.go), which leave the broker most of the cores. ` +
    "Broker CPU per GiB = the broker process's user + system CPU seconds over the workload per GiB moved. " +
    "GC rows: collections per GiB and the p99 stop-the-world pause from the broker's own GC log (Strand: BUN_JSC_logGC=1; Kafka: -Xlog:gc), over the four produce workloads together and over consume.";
}

/** The README section: date, machine, table, ceilings, failures, how to reproduce. */
export function readmeSection(r: BenchResult, jsonPath: string, svgPath: string): string {
  const rounds = Number(r.options.rounds ?? 0);
  const errs = errorLines(r);
  return [
    README_START,
    `Latest run: ${r.finishedAt.slice(0, 10)} (${r.quick ? "--quick mode, " : ""}${rounds} round${rounds === 1 ? "" : "s"}, medians; ${r.systems.a.label} and ${r.systems.b.label} alternated in each round).`,
    `Machine: ${machineLine(r)}.`,
    `Sizes: ${String(r.options.dataMiB)} MiB per produce workload (1 KB records, 6 partitions), latency at ${String(r.options.latencyRatePerSec)} records/s for ${String(r.options.latencyDurationS)} s, many partitions = ${Number(r.options.manyPartitions).toLocaleString("en-US")}${compactionSizes(r)}. Strand ran as ${String(r.options.strandRunsAs ?? "?")}.`,
    clientsLine(r),
    "",
    markdownTable(r),
    "",
    `${ceilingsLine(r)[0].toUpperCase()}${ceilingsLine(r).slice(1)}.`,
    ...(loadWarning(r) ? ["", `**Note:** ${loadWarning(r)}.`] : []),
    ...(r.notes ?? []).flatMap((n) => ["", `**Note:** ${n}`]),
    ...(errs.length > 0 ? ["", "Workloads that failed in this run:", "", ...errs] : []),
    "",
    `Raw data: \`${jsonPath}\`; chart: \`${svgPath}\`. Reproduce with \`make bench\` (see bench/README.md).`,
    "",
    `![benchmark chart](${svgPath})`,
    README_END,
  ].join("\n");
}

/** Replaces the section between the markers (appends a "## Benchmark" section when absent). */
export function replaceSection(readme: string, section: string): string {
  const s = readme.indexOf(README_START);
  const e = readme.indexOf(README_END);
  if (s >= 0 && e > s) return readme.slice(0, s) + section + readme.slice(e + README_END.length);
  return `${readme.trimEnd()}\n\n## Benchmark: Strand vs Apache Kafka 4.4.0\n\n${section}\n`;
}

export function rewriteReadme(path: string, section: string): void {
  writeFileSync(path, replaceSection(readFileSync(path, "utf8"), section));
}
