// `make bench`: Strand side by side with Apache Kafka 4.4.0 on this machine (issue 6, item 1).
// `bun bench/run.ts --help` lists the options; bench/README.md explains each workload.
//
// Each round runs a session per slot, A (Apache Kafka) then B (Strand): a fresh broker on the same
// filesystem, every workload with the same clients (Kafka's own Java tools, and franz-go processes for the
// produce, consume and one transactional workload), the broker stopped and its
// data deleted; then, per slot, the log-cleaner workload in a session of its own (bench/lib/compaction.ts)
// and the elections workload on a three-node cluster (bench/lib/elections.ts), and the replicated workload
// (RF 3, acks=all) on three nodes of its own (bench/lib/replicated.ts), and the TLS rows on a broker with
// an SSL listener, and over a SASL_SSL one with SCRAM-SHA-512 (bench/lib/tls.ts), and the share-group
// workload (KIP-932) in a session of its own (bench/lib/share.ts).
// The machine's ceilings (loopback TCP, page-cache write) are measured in every round.
// Output: a table of medians and B/A ratios on stdout, bench/results/<date>.json and .svg, and the
// README table between <!-- bench:start --> and <!-- bench:end -->.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { cpus, release, totalmem } from "node:os";
import { join, relative, resolve } from "node:path";
import { ensureKafkaDist, KAFKA_VERSION } from "../test/support/kafka-dist.ts";
import type { BrokerSettings } from "./lib/brokers.ts";
import { loopbackTcpBytesPerSec, pageCacheWriteBytesPerSec } from "./lib/ceilings.ts";
import { ensureBenchClasses } from "./lib/kafka-perf.ts";
import { addSample, emptyResult } from "./lib/metrics.ts";
import type { BenchResult, MachineInfo, Slot } from "./lib/metrics.ts";
import { measureRestart, RESTART_PARTITIONS } from "./lib/restart.ts";
import { parseOptions } from "./lib/options.ts";
import type { BenchOptions, SystemName } from "./lib/options.ts";
import { installExitHooks, removeAtExit, runTool } from "./lib/procs.ts";
import { ceilingsLine, errorLines, loadWarning, markdownTable, readmeSection, rewriteReadme } from "./lib/report.ts";
import { mainSessionSkipped, runSession, skipped } from "./lib/session.ts";
import { runCompactionSession } from "./lib/compaction.ts";
import { runElectionSession } from "./lib/elections.ts";
import { runReplicatedSession } from "./lib/replicated.ts";
import { runTlsSession } from "./lib/tls.ts";
import { runShareSession } from "./lib/share.ts";
import { chartSvg } from "./lib/svg.ts";
import { ensureGoClient } from "../test/support/clients/go.ts";
import { COMPILE_DESCRIPTION, compileArgs } from "../tools/compile.ts";

const ROOT = resolve(import.meta.dir, "..");
const MIB = 1024 * 1024;
/** Pause between sessions after `sync`. */
const SETTLE_MS = 2_000;

async function machineInfo(): Promise<MachineInfo> {
  const cpuModel = cpus()[0]?.model?.trim() || "unknown CPU";
  const dist = await ensureKafkaDist();
  const j = await runTool([dist.javaBin, "-version"], { name: "java -version", timeoutMs: 30_000 });
  const java = (j.stderr.split("\n")[0] ?? "java").replace(/"/g, "").trim();
  return {
    nproc: navigator.hardwareConcurrency,
    memGiB: Math.round(totalmem() / 2 ** 30),
    cpuModel,
    kernel: release(),
    bun: Bun.version,
    java,
  };
}

function label(system: SystemName, slot: Slot, pair: [SystemName, SystemName]): string {
  const name = system === "kafka" ? `Kafka ${KAFKA_VERSION}` : "Strand";
  return pair[0] === pair[1] ? `${name} (${slot.toUpperCase()})` : name;
}

/** The Strand binary to run: a fresh compile of the working tree (default), the sources, or a path. */
async function strandBinary(o: BenchOptions, workDir: string): Promise<{ binary: string | null; how: string }> {
  if (o.strand === "source") return { binary: null, how: "bun src/cli/main.ts (sources, transpiled at start)" };
  if (o.strand !== "compiled") return { binary: resolve(o.strand), how: `the binary ${o.strand}` };
  const out = join(workDir, "strand");
  await runTool([process.execPath, ...compileArgs(out)], { name: "bun build --compile", timeoutMs: 300_000, cwd: ROOT });
  return { binary: out, how: `a fresh \`${COMPILE_DESCRIPTION}\` of the working tree (as \`make build\`)` };
}

/** Strand's restart rows (bench/lib/restart.ts): after SIGKILL and after a clean stop, 2,000 partitions. */
async function restartRows(r: BenchResult, slot: Slot, round: number, settings: BrokerSettings): Promise<void> {
  for (const how of ["kill", "stop"] as const) {
    const id = how === "kill" ? "restart.sigkill" : "restart.sigterm";
    try {
      const x = await measureRestart({ root: settings.dataRoot, partitions: RESTART_PARTITIONS, binary: settings.strandBinary ?? undefined, how });
      addSample(r, id, slot, x.ms);
      console.log(`[bench] round ${round} ${slot}=strand: ${id} ${x.ms.toFixed(0)} ms (broker read ${(x.readBytes / 2 ** 20).toFixed(1)} MiB)`);
    } catch (e) {
      r.errors.push({ slot, system: "strand", round, workload: id, message: e instanceof Error ? e.message : String(e) });
      console.error(`[bench] ${id} failed: ${String(e)}`);
    }
  }
}

function stamp(d: Date): string {
  return d.toISOString().slice(0, 16).replace(/:/g, "-").replace("T", "_");
}

async function main(): Promise<void> {
  installExitHooks();
  const o = parseOptions(process.argv.slice(2));
  const started = new Date();
  console.log(`[bench] preparing: Kafka ${KAFKA_VERSION} jars (cached in ~/.cache/strand), bench/java (RateLatency, TxnCommitLatency), the franz-go driver, Strand`);
  const dist = await ensureKafkaDist();
  await ensureBenchClasses(dist);
  // Built before anything is timed (go build from the module proxy the first time, cached by source hash after).
  if (!mainSessionSkipped(o) && (!skipped(o, "franz") || !skipped(o, "txn.produce.franz"))) await ensureGoClient();
  mkdirSync(o.dataRoot, { recursive: true });
  const workDir = mkdtempSync(join(o.dataRoot, "strand-bench-run-"));
  removeAtExit(workDir);
  const strand = o.pair.includes("strand") ? await strandBinary(o, workDir) : { binary: null, how: "(not run)" };
  const settings: BrokerSettings = { dataRoot: workDir, kafkaHeapMb: o.kafkaHeapMb, strandBinary: strand.binary, startTimeoutMs: 120_000 };
  const r = emptyResult({
    startedAt: started.toISOString(),
    quick: o.quick,
    machine: await machineInfo(),
    options: { ...o, strandRunsAs: strand.how, kafkaJvm: `-Xms${o.kafkaHeapMb}m -Xmx${o.kafkaHeapMb}m G1 (kafka-server-start.sh flags)` },
    systems: { a: { system: o.pair[0], label: label(o.pair[0], "a", o.pair) }, b: { system: o.pair[1], label: label(o.pair[1], "b", o.pair) } },
  });
  console.log(`[bench] machine: ${JSON.stringify(r.machine)}`);
  console.log(`[bench] Strand runs as ${strand.how}; data under ${workDir}`);

  for (let round = 1; round <= o.rounds; round++) {
    if (!skipped(o, "ceilings")) {
      try {
        r.ceilings.loopbackTcpMiBps.push((await loopbackTcpBytesPerSec(o.ceilingMiB * MIB)) / MIB);
        r.ceilings.pageCacheWriteMiBps.push((await pageCacheWriteBytesPerSec(workDir, o.ceilingMiB)) / MIB);
        console.log(`[bench] round ${round}: ${ceilingsLine({ ...r, ceilings: { loopbackTcpMiBps: r.ceilings.loopbackTcpMiBps.slice(-1), pageCacheWriteMiBps: r.ceilings.pageCacheWriteMiBps.slice(-1) } })}`);
      } catch (e) {
        r.errors.push({ slot: "a", system: "machine", round, workload: "ceilings", message: e instanceof Error ? e.message : String(e) });
        console.error(`[bench] ceilings failed: ${String(e)}`);
      }
    }
    for (const slot of ["a", "b"] as const) {
      // Let the previous session's (or the dd ceiling's) dirty pages reach the disk first, so its
      // writeback does not run during this session; then a short pause.
      await runTool(["sync"], { name: "sync", timeoutMs: 300_000 });
      await Bun.sleep(SETTLE_MS);
      const system = o.pair[slot === "a" ? 0 : 1];
      if (!mainSessionSkipped(o)) await runSession(o, r, slot, system, round, { ...settings, gcLog: o.gcLog }); // GC logs: the main session's gc.* rows only
      if (!skipped(o, "compact")) {
        await runTool(["sync"], { name: "sync", timeoutMs: 300_000 });
        await runCompactionSession(o, r, slot, system, round, settings);
      }
      if (system === "strand" && !skipped(o, "restart")) await restartRows(r, slot, round, settings);
      if (!skipped(o, "elections")) {
        await runTool(["sync"], { name: "sync", timeoutMs: 300_000 });
        await runElectionSession(o, r, slot, system, round, settings);
      }
      if (!skipped(o, "tls")) {
        await runTool(["sync"], { name: "sync", timeoutMs: 300_000 });
        await runTlsSession(o, r, slot, system, round, settings);
      }
      if (!skipped(o, "sasl_ssl")) {
        await runTool(["sync"], { name: "sync", timeoutMs: 300_000 });
        await runTlsSession(o, r, slot, system, round, settings, "sasl_ssl");
      }
      if (!skipped(o, "replicated")) {
        await runTool(["sync"], { name: "sync", timeoutMs: 300_000 });
        await runReplicatedSession(o, r, slot, system, round, settings);
      }
      if (!skipped(o, "share")) {
        await runTool(["sync"], { name: "sync", timeoutMs: 300_000 });
        await runShareSession(o, r, slot, system, round, settings);
      }
    }
  }
  r.finishedAt = new Date().toISOString();

  const resultsDir = resolve(o.resultsDir ?? join(ROOT, "bench", "results", o.quick ? "tmp" : ""));
  mkdirSync(resultsDir, { recursive: true });
  const base = join(resultsDir, stamp(started));
  writeFileSync(`${base}.json`, `${JSON.stringify(r, null, 2)}\n`);
  writeFileSync(`${base}.svg`, chartSvg(r));
  const table = markdownTable(r);
  console.log(`\n${r.systems.b.label} vs ${r.systems.a.label}, ${o.rounds} round(s), medians — ${r.finishedAt}\n`);
  console.log(table);
  console.log(`\n${ceilingsLine(r)}`);
  const busy = loadWarning(r);
  if (busy) console.log(`WARNING: ${busy}`);
  const errs = errorLines(r);
  if (errs.length > 0) console.log(`\nFailed workloads (details in the JSON):\n${errs.join("\n")}`);
  console.log(`\nraw: ${relative(ROOT, `${base}.json`)}\nchart: ${relative(ROOT, `${base}.svg`)}`);
  if (o.writeReadme) {
    const readme = join(ROOT, "README.md");
    rewriteReadme(readme, readmeSection(r, relative(ROOT, `${base}.json`), relative(ROOT, `${base}.svg`)));
    console.log(`README.md benchmark table rewritten`);
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(`[bench] failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    process.exit(1);
  },
);
