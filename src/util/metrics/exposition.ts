// Prometheus text exposition format 0.0.4: "# HELP", "# TYPE", then one line per sample,
// `name{label="value",...} value`. Label values escape backslash, double quote and newline; HELP text
// escapes backslash and newline; values are Go-parsable floats (NaN, +Inf, -Inf spelled so).

export const CONTENT_TYPE_0_0_4 = "text/plain; version=0.0.4; charset=utf-8";

export type Labels = Readonly<Record<string, string>>;

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

export function isMetricName(s: string): boolean {
  return NAME.test(s);
}

export function isLabelName(s: string): boolean {
  return LABEL.test(s) && !s.startsWith("__");
}

export function formatValue(v: number): string {
  if (Number.isNaN(v)) return "NaN";
  if (v === Infinity) return "+Inf";
  if (v === -Infinity) return "-Inf";
  return String(v);
}

function escapeLabelValue(s: string): string {
  return s.replace(/[\\"\n]/g, (c) => (c === "\\" ? "\\\\" : c === '"' ? '\\"' : "\\n"));
}

export function escapeHelp(s: string): string {
  return s.replace(/[\\\n]/g, (c) => (c === "\\" ? "\\\\" : "\\n"));
}

/** `{a="x",b="y"}`, or "" with no labels; `extra` (e.g. le) goes last. */
export function formatLabels(labels: Labels | undefined, extraName?: string, extraValue?: string): string {
  let out = "";
  if (labels) {
    for (const k in labels) out += `${out === "" ? "" : ","}${k}="${escapeLabelValue(labels[k]!)}"`;
  }
  if (extraName !== undefined) out += `${out === "" ? "" : ","}${extraName}="${escapeLabelValue(extraValue!)}"`;
  return out === "" ? "" : `{${out}}`;
}
