// Re-renders the outputs of an earlier run from its JSON, without running anything:
//   bun bench/report.ts bench/results/<date>.json [--readme] [--note "text"]
// prints the table, rewrites <date>.svg next to the JSON and, with --readme, the README section.
// --note adds a sentence to the JSON (kept in `notes`) and to the README section, e.g. to record that
// the machine was busy during a run made before load averages were recorded.
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { BenchResult } from "./lib/metrics.ts";
import { ceilingsLine, markdownTable, readmeSection, rewriteReadme } from "./lib/report.ts";
import { chartSvg } from "./lib/svg.ts";

const ROOT = resolve(import.meta.dir, "..");
const args = process.argv.slice(2);
const jsonPath = args.find((a) => a.endsWith(".json"));
if (!jsonPath) {
  console.error("usage: bun bench/report.ts bench/results/<date>.json [--readme] [--note TEXT]");
  process.exit(2);
}
const noteAt = args.indexOf("--note");
const note = noteAt >= 0 ? args[noteAt + 1] : undefined;
const r = JSON.parse(readFileSync(jsonPath, "utf8")) as BenchResult;
if (r.version !== 1) throw new Error(`${jsonPath}: unknown result version ${String(r.version)}`);
if (note) {
  r.notes = [...(r.notes ?? []), note];
  writeFileSync(jsonPath, `${JSON.stringify(r, null, 2)}\n`);
}
const svgPath = jsonPath.replace(/\.json$/, ".svg");
writeFileSync(svgPath, chartSvg(r));
console.log(markdownTable(r));
console.log(`\n${ceilingsLine(r)}`);
if (args.includes("--readme")) {
  rewriteReadme(join(ROOT, "README.md"), readmeSection(r, relative(ROOT, resolve(jsonPath)), relative(ROOT, resolve(svgPath))));
  console.log("README.md benchmark table rewritten");
}
