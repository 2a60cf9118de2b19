// What BUN_JSC_logGC=1 costs Strand (issue 18, item 3: GC figures only if logging them does not slow the
// broker): the franz-go produce workload (acks=1, none; --procs processes) against a fresh Strand with and
// without the GC log, alternated run by run, and the broker's CPU seconds per GiB and MiB/s of each.
//
//   bun bench/gc-log-overhead.ts [--runs 3] [--data-mib 512] [--procs 2] [--strand PATH]
//
// Broker CPU per GiB is the figure to compare (less sensitive than throughput to other work on the machine).
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startStrandUnderTest } from "./lib/brokers.ts";
import { franzProduce } from "./lib/franz-perf.ts";
import { gcMark, gcSince } from "./lib/gc-log.ts";
import { median } from "./lib/metrics.ts";
import { cpuSeconds, installExitHooks, removeAtExit } from "./lib/procs.ts";
import { BenchClient } from "./lib/wire.ts";

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : dflt;
}

function positiveInt(name: string, dflt: number, max: number): number {
  const v = arg(name, String(dflt));
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new RangeError(`--${name} ${v}: expected an integer in 1..${max}`);
  return n;
}

async function main(): Promise<void> {
  installExitHooks();
  const runs = positiveInt("runs", 3, 20);
  const dataMiB = positiveInt("data-mib", 512, 65_536);
  const procs = positiveInt("procs", 2, 16);
  const binary = arg("strand", "") || null;
  const root = mkdtempSync(join(tmpdir(), "strand-gc-overhead-"));
  mkdirSync(root, { recursive: true });
  removeAtExit(root);
  const out: Record<"off" | "on", { cpuPerGiB: number[]; mibPerSec: number[] }> = { off: { cpuPerGiB: [], mibPerSec: [] }, on: { cpuPerGiB: [], mibPerSec: [] } };
  for (let run = 1; run <= runs; run++) {
    for (const mode of run % 2 === 1 ? (["off", "on"] as const) : (["on", "off"] as const)) {
      const b = await startStrandUnderTest({ dataRoot: root, kafkaHeapMb: 1024, strandBinary: binary, startTimeoutMs: 60_000, gcLog: mode === "on" });
      try {
        const client = await BenchClient.connect(b.port);
        try {
          await client.createTopic("gc-overhead", 6);
        } finally {
          client.close();
        }
        const w = b.gcLog ? gcMark(b.gcLog) : null;
        const cpu0 = cpuSeconds(b.pid)!;
        const res = await franzProduce(b.bootstrap, {
          topic: "gc-overhead", records: Math.floor((dataMiB * 2 ** 20) / 1024), recordBytes: 1024, acks: "1", compression: "none", seed: run, timeoutMs: 600_000,
        }, procs);
        const cpuS = cpuSeconds(b.pid)! - cpu0;
        const gib = res.bytes / 2 ** 30;
        out[mode].cpuPerGiB.push(cpuS / gib);
        out[mode].mibPerSec.push(res.mibPerSec);
        const gc = w ? gcSince(w) : null;
        console.log(`run ${run} GC log ${mode}: ${res.mibPerSec.toFixed(1)} MiB/s, broker ${(cpuS / gib).toFixed(3)} s/GiB` +
          (gc ? `; ${gc.collections} collections, ${gc.pauses} pauses, p99 ${gc.p99PauseMs} ms, ${gc.logChars} chars logged` : ""));
      } finally {
        await b.stop();
      }
    }
  }
  for (const mode of ["off", "on"] as const) {
    console.log(`GC log ${mode}: median ${median(out[mode].mibPerSec)!.toFixed(1)} MiB/s, broker ${median(out[mode].cpuPerGiB)!.toFixed(3)} s/GiB ` +
      `(runs: ${out[mode].cpuPerGiB.map((x) => x.toFixed(3)).join(" / ")} s/GiB)`);
  }
}

main().then(() => process.exit(0), (e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});
