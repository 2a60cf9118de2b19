// Restart after SIGKILL (and after a clean stop, for comparison) with many partitions, on its own:
// the same measurement `make bench` makes in every round (bench/lib/restart.ts).
//
//   bun bench/restart.ts [--partitions N] [--runs N] [--dir PATH] [--strand source|PATH]
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { measureRestart, RESTART_PARTITIONS, type RestartSample } from "./lib/restart.ts";

const MAX_RUNS = 50;

interface Args {
  partitions: number;
  runs: number;
  dir: string;
  binary: string | undefined;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { partitions: RESTART_PARTITIONS, runs: 3, dir: tmpdir(), binary: undefined };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i]!;
    const v = argv[++i];
    if (x === "--partitions") a.partitions = Number(v);
    else if (x === "--runs") a.runs = Number(v);
    else if (x === "--dir") a.dir = v ?? "";
    else if (x === "--strand") a.binary = v === "source" ? undefined : resolve(v ?? "");
    else throw new Error(`unknown option ${x}: bun bench/restart.ts [--partitions N] [--runs N] [--dir PATH] [--strand source|PATH]`);
  }
  if (!Number.isInteger(a.partitions) || a.partitions < 1 || a.partitions > 100_000) throw new Error("--partitions must be 1..100000");
  if (!Number.isInteger(a.runs) || a.runs < 1 || a.runs > MAX_RUNS) throw new Error(`--runs must be 1..${MAX_RUNS}`);
  return a;
}

function median(xs: number[]): number {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const args = parseArgs(process.argv.slice(2));
mkdirSync(args.dir, { recursive: true });
const root = mkdtempSync(join(args.dir, "strand-restart-"));
const results: Record<"kill" | "stop", RestartSample[]> = { kill: [], stop: [] };
const name = { kill: "SIGKILL", stop: "SIGTERM" } as const;
try {
  for (let r = 0; r < args.runs; r++) {
    for (const how of ["kill", "stop"] as const) {
      const x = await measureRestart({ root, partitions: args.partitions, binary: args.binary, how });
      results[how].push(x);
      console.log(`run ${r + 1} after ${name[how]}: first ack ${x.ms.toFixed(0)} ms, broker read ${(x.readBytes / 2 ** 20).toFixed(1)} MiB`);
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
console.log(`\nrestart with ${args.partitions.toLocaleString("en-US")} partitions, medians of ${args.runs} (spawn to first acknowledged produce):`);
for (const how of ["kill", "stop"] as const) {
  const xs = results[how];
  console.log(`  after ${name[how]}: ${median(xs.map((x) => x.ms)).toFixed(0)} ms, ${(median(xs.map((x) => x.readBytes)) / 2 ** 20).toFixed(1)} MiB read`);
}
process.exit(0);
