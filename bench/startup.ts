// Start-up only, measured exactly as bench/run.ts measures it (bench/lib/brokers.ts startStrandUnderTest:
// spawn with a fresh data dir, auto-format, the harness's client creates a 1-partition topic and
// produces one batch with acks=1), for one or more Strand binaries, alternating A B A B ...
//
//   bun bench/startup.ts [--runs N] [--dir PATH] [--env K=V]... LABEL=BINARY [LABEL=BINARY ...]
//
// Example (before/after):  bun bench/startup.ts --runs 7 before=/tmp/strand-before after=dist/strand
// Prints every sample (start-up ms and ms until the "strand started" line) and the medians.
// With --env STRAND_STARTUP_TRACE=1 the broker's start-up trace line is printed for each run.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { COMMON_OVERRIDES, STRAND_ONLY_OVERRIDES } from "./lib/brokers.ts";
import { firstAckMs } from "./lib/wire.ts";
import { startStrand } from "../test/support/strand.ts";

/** Upper bound on runs per binary (each takes well under a second; this keeps a typo from running for hours). */
const MAX_RUNS = 200;
const START_TIMEOUT_MS = 60_000;

interface Args {
  runs: number;
  dir: string;
  env: Record<string, string>;
  binaries: Array<{ label: string; path: string }>;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { runs: 7, dir: tmpdir(), env: {}, binaries: [] };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i]!;
    if (x === "--runs") a.runs = Number(argv[++i]);
    else if (x === "--dir") a.dir = argv[++i]!;
    else if (x === "--env") {
      const kv = argv[++i] ?? "";
      const eq = kv.indexOf("=");
      if (eq <= 0) throw new Error(`--env expects K=V, got ${JSON.stringify(kv)}`);
      a.env[kv.slice(0, eq)] = kv.slice(eq + 1);
    } else {
      const eq = x.indexOf("=");
      if (eq <= 0) throw new Error(`expected LABEL=BINARY, got ${JSON.stringify(x)}`);
      a.binaries.push({ label: x.slice(0, eq), path: resolve(x.slice(eq + 1)) });
    }
  }
  if (!Number.isInteger(a.runs) || a.runs < 1 || a.runs > MAX_RUNS) throw new Error(`--runs must be 1..${MAX_RUNS}`);
  if (a.binaries.length === 0) throw new Error("usage: bun bench/startup.ts [--runs N] [--dir PATH] [--env K=V] LABEL=BINARY ...");
  return a;
}

function median(xs: number[]): number {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** One start-up, as startStrandUnderTest does it; returns [startup ms, listening ms, trace line]. */
async function once(binary: string, root: string, env: Record<string, string>): Promise<[number, number, string]> {
  const dataDir = mkdtempSync(join(root, "bench-strand-"));
  let port: number | null = null;
  let listeningMs = 0;
  const stopFlag = { stopped: false };
  const t0 = performance.now();
  const started = startStrand({ dataDir, binary, env, overrides: { ...COMMON_OVERRIDES, ...STRAND_ONLY_OVERRIDES }, startTimeoutMs: START_TIMEOUT_MS });
  started.then((h) => {
    listeningMs = performance.now() - t0;
    port = h.port;
  }, () => (stopFlag.stopped = true));
  const ack = firstAckMs(() => port, "bench-startup", t0, START_TIMEOUT_MS, 5, stopFlag);
  const h = await started;
  try {
    const ms = await ack;
    await Bun.sleep(50); // let a trace line printed after the first produce arrive
    let trace = h.output().split("\n").filter((l) => l.includes("startup trace")).join("\n");
    const origin = /timeOrigin=([\d.]+)/.exec(trace);
    const produced = /first-produce=([\d.]+)/.exec(trace);
    if (origin && produced) {
      // Place the broker's clock on ours: when its process started and when it answered the Produce.
      const execMs = Number(origin[1]) - (performance.timeOrigin + t0);
      trace += `\n  on the harness clock: broker process start +${execMs.toFixed(1)} ms, Produce answered +${(execMs + Number(produced[1])).toFixed(1)} ms, ack seen +${ms.toFixed(1)} ms`;
    }
    return [ms, listeningMs, trace];
  } finally {
    await h.stop(15_000).catch(() => h.kill());
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const args = parseArgs(process.argv.slice(2));
mkdirSync(args.dir, { recursive: true });
const root = mkdtempSync(join(args.dir, "strand-startup-"));
const samples = new Map<string, { startup: number[]; listening: number[] }>(args.binaries.map((b) => [b.label, { startup: [], listening: [] }]));
/** Per label, per start-up trace mark (name#occurrence): ms since process start, one per run. */
const marks = new Map<string, Map<string, number[]>>(args.binaries.map((b) => [b.label, new Map()]));

function addMarks(label: string, trace: string): void {
  const m = /startup trace \(ms since process start\) ([^\n]*)/.exec(trace);
  if (!m) return;
  const seen = new Map<string, number>();
  for (const pair of m[1]!.split(" ").filter((p) => !p.startsWith("timeOrigin="))) {
    const [name, ms] = pair.split("=");
    const n = (seen.get(name!) ?? 0) + 1;
    seen.set(name!, n);
    const key = n === 1 ? name! : `${name}#${n}`;
    const per = marks.get(label)!;
    if (!per.has(key)) per.set(key, []);
    per.get(key)!.push(Number(ms));
  }
}
try {
  // Warm-up (not counted): the page cache holds each binary, and this harness's client code is compiled.
  for (const b of args.binaries) await once(b.path, root, args.env);
  for (let r = 0; r < args.runs; r++) {
    for (const b of args.binaries) {
      const [ms, listening, trace] = await once(b.path, root, args.env);
      samples.get(b.label)!.startup.push(ms);
      samples.get(b.label)!.listening.push(listening);
      addMarks(b.label, trace);
      console.log(`${b.label.padEnd(10)} run ${r + 1}: first ack ${ms.toFixed(1)} ms (listening ${listening.toFixed(1)} ms)${trace ? `\n  ${trace}` : ""}`);
      await Bun.sleep(200);
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
console.log("\nmedians (ms from spawn):");
for (const [label, s] of samples) {
  console.log(`${label.padEnd(10)} first ack ${median(s.startup).toFixed(1)}  listening ${median(s.listening).toFixed(1)}  (runs: ${s.startup.map((x) => x.toFixed(0)).join(" ")})`);
}
for (const [label, per] of marks) {
  if (per.size === 0) continue;
  console.log(`\n${label}: start-up trace, median ms since process start (step = difference from the previous mark)`);
  let prev = 0;
  for (const [name, xs] of per) {
    const m = median(xs);
    console.log(`  ${name.padEnd(28)} ${m.toFixed(1).padStart(6)}  (+${(m - prev).toFixed(1)})`);
    prev = m;
  }
}
