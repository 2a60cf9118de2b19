// Summarises a .cpuprofile (Chrome DevTools format, as written by `bun --cpu-prof`): self time per
// function (name, file:line), the top N, and the share of idle/GC/program time.
//
//   bun bench/cpuprofile-summary.ts FILE [--top N] [--inclusive]
import { readFileSync } from "node:fs";

interface CallFrame { functionName: string; url: string; lineNumber: number }
interface Node { id: number; callFrame: CallFrame; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const file = process.argv[2];
if (!file) throw new Error("usage: bun bench/cpuprofile-summary.ts FILE [--top N] [--inclusive]");
const topIdx = process.argv.indexOf("--top");
const top = topIdx >= 0 ? Number(process.argv[topIdx + 1]) : 40;
const inclusive = process.argv.includes("--inclusive");
const p = JSON.parse(readFileSync(file, "utf8")) as Profile;

const byId = new Map<number, Node>();
for (const n of p.nodes) byId.set(n.id, n);
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const selfUs = new Map<number, number>();
for (let i = 0; i < p.samples.length; i++) {
  const id = p.samples[i]!;
  // A sample's time is the delta to the next sample.
  const dt = p.timeDeltas[i + 1] ?? 0;
  selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
}
const key = (n: Node): string => {
  const url = n.callFrame.url.replace(/^.*\/(src|bench|test)\//, "$1/");
  return `${n.callFrame.functionName || "(anonymous)"}  ${url}:${n.callFrame.lineNumber + 1}`;
};
const agg = new Map<string, number>();
let total = 0;
for (const [id, us] of selfUs) {
  total += us;
  if (inclusive) {
    // Bounded by the tree depth: each ancestor once (a recursive function counts once per path).
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const k = key(byId.get(cur)!);
      if (!seen.has(k)) agg.set(k, (agg.get(k) ?? 0) + us);
      seen.add(k);
    }
  } else {
    const k = key(byId.get(id)!);
    agg.set(k, (agg.get(k) ?? 0) + us);
  }
}
const rows = [...agg].sort((a, b) => b[1] - a[1]).slice(0, top);
console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled (${inclusive ? "inclusive" : "self"} time)`);
for (const [k, us] of rows) {
  console.log(`${(us / 1e3).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
}
