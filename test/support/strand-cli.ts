// Runs the `strand` CLI as a process (`bun src/cli/main.ts ...`), as users run it, for the cli-*.test.ts
// files. The environment is the test's minus every STRAND_* variable (the CLI reads those as flags), plus
// the ones the test gives.
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "../..");

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: readonly string[], env: Record<string, string> = {}, timeoutMs = 60_000): Promise<CliResult> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("STRAND_"))) as Record<string, string>;
  const proc = Bun.spawn([process.execPath, resolve(ROOT, "src/cli/main.ts"), ...args], {
    cwd: ROOT,
    env: { ...base, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => proc.kill("SIGKILL"), timeoutMs);
  try {
    const [stdout, stderr, exitCode] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    return { exitCode, stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}

/** The rows of a table the CLI printed: header cells as keys (split on runs of 2+ spaces). */
export function tableRows(text: string): Array<Record<string, string>> {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  if (lines.length === 0) return [];
  const header = lines[0]!.trim().split(/\s{2,}/);
  return lines.slice(1).map((l) => {
    const cells = l.trim().split(/\s{2,}/);
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ""]));
  });
}
