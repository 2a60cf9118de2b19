// Output of the client commands: a table for people, JSON for scripts (--json / STRAND_JSON=1).
// JSON goes to stdout as one document per command (bigint as a number when exact, else a string);
// tables are plain columns, no colours, so they paste and grep well. Nothing else is written to stdout:
// progress and notes go to stderr.

import { toJsonValue } from "../json.ts";

export type Cell = string | number | bigint | boolean | null | undefined;

function cellText(c: Cell): string {
  if (c === null || c === undefined || c === "") return "-";
  return String(c);
}

/** Columns padded to their widest cell; the header row in upper case as given. */
export function formatTable(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const text = [header.map((h) => h.toUpperCase()), ...rows.map((r) => r.map(cellText))];
  const widths = header.map((_, i) => Math.max(...text.map((r) => (r[i] ?? "").length)));
  return text.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join("  ").trimEnd()).join("\n");
}

/** `KEY  value` lines for one object (cluster info, a topic's summary). */
export function formatPairs(pairs: readonly (readonly [string, Cell])[]): string {
  const w = Math.max(0, ...pairs.map(([k]) => k.length));
  return pairs.map(([k, v]) => `${k.padEnd(w)}  ${cellText(v)}`).join("\n");
}

export interface Output {
  readonly json: boolean;
  /** Print `value` as JSON, or call `human` for the table form. */
  result(value: unknown, human: () => string): void;
  /** A note for people on stderr (never in JSON mode's stdout). */
  note(line: string): void;
}

export function output(json: boolean, write: (s: string) => void = (s) => process.stdout.write(s)): Output {
  return {
    json,
    result(value, human) {
      const text = json ? JSON.stringify(toJsonValue(value), null, 2) : human();
      if (text !== "") write(text.endsWith("\n") ? text : `${text}\n`);
    },
    note(line) {
      process.stderr.write(`${line}\n`);
    },
  };
}
