// The chart of a run, written as SVG by hand: two panels (throughput, higher is better; latency, lower
// is better), one row per metric with the baseline's bar above the candidate's. Each row is scaled to
// its own larger value, so the bars compare the two brokers, not metrics with each other.
import { displayLabel, summarize } from "./metrics.ts";
import type { BenchResult, SummaryRow } from "./metrics.ts";
import { fmtRatio, fmtValue, machineLine } from "./report.ts";

const WIDTH = 900;
const LABEL_W = 250;
const BAR_MAX_W = 470;
const BAR_H = 16;
const ROW_H = 2 * BAR_H + 16;
const COLORS = { a: "#8c8c8c", b: "#1f8a70" } as const;

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function rowSvg(row: SummaryRow, y: number, labels: { a: string; b: string }, label: string): string {
  const max = Math.max(row.a ?? 0, row.b ?? 0);
  const w = (v: number | null) => (v === null || max <= 0 ? 0 : Math.max(1, (v / max) * BAR_MAX_W));
  const parts = [
    `<text x="${LABEL_W - 10}" y="${y + BAR_H + 4}" text-anchor="end" font-size="13">${esc(label)}</text>`,
  ];
  (["a", "b"] as const).forEach((slot, i) => {
    const v = row[slot];
    const by = y + i * (BAR_H + 2);
    parts.push(`<rect x="${LABEL_W}" y="${by}" width="${w(v).toFixed(1)}" height="${BAR_H}" fill="${COLORS[slot]}"><title>${esc(labels[slot])}: ${fmtValue(v)} ${esc(row.def.unit)}</title></rect>`);
    parts.push(`<text x="${(LABEL_W + w(v) + 6).toFixed(1)}" y="${by + BAR_H - 4}" font-size="11">${v === null ? "no data" : `${fmtValue(v)} ${esc(row.def.unit)}`}</text>`);
  });
  const mark = row.status === "met" ? " ✓" : row.status === "missed" ? " ✗" : "";
  parts.push(`<text x="${WIDTH - 10}" y="${y + BAR_H + 4}" text-anchor="end" font-size="12" font-weight="bold">${esc(fmtRatio(row.ratio) + mark)}</text>`);
  return parts.join("\n");
}

export function chartSvg(r: BenchResult): string {
  const rows = summarize(r);
  const labels = { a: r.systems.a.label, b: r.systems.b.label };
  const panels: Array<{ title: string; rows: SummaryRow[] }> = [
    { title: "Throughput (higher is better)", rows: rows.filter((x) => x.def.chart === "throughput") },
    { title: "Latency (lower is better)", rows: rows.filter((x) => x.def.chart === "latency") },
  ];
  const body: string[] = [];
  let y = 62;
  for (const p of panels) {
    body.push(`<text x="10" y="${y}" font-size="15" font-weight="bold">${esc(p.title)}</text>`);
    body.push(`<text x="${WIDTH - 10}" y="${y}" text-anchor="end" font-size="11">${esc(labels.b)} / ${esc(labels.a)}</text>`);
    y += 12;
    for (const row of p.rows) {
      body.push(rowSvg(row, y, labels, displayLabel(row.def, r)));
      y += ROW_H;
    }
    y += 18;
  }
  const height = y + 10;
  const title = `${labels.b} vs ${labels.a} — ${r.finishedAt.slice(0, 10)}${r.quick ? " (quick mode)" : ""}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="10" y="22" font-size="17" font-weight="bold">${esc(title)}</text>`,
    `<text x="10" y="40" font-size="11" fill="#444">${esc(machineLine(r))}; medians of each slot's rounds</text>`,
    `<rect x="${WIDTH - 260}" y="8" width="12" height="12" fill="${COLORS.a}"/><text x="${WIDTH - 243}" y="18" font-size="12">${esc(labels.a)}</text>`,
    `<rect x="${WIDTH - 130}" y="8" width="12" height="12" fill="${COLORS.b}"/><text x="${WIDTH - 113}" y="18" font-size="12">${esc(labels.b)}</text>`,
    ...body,
    "</svg>",
    "",
  ].join("\n");
}
