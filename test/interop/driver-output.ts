// Runs an interop driver process (any language) that prints one JSON object per line on stdout, and
// collects those lines. Non-JSON lines are kept as text for the failure message.
import type { Subprocess } from "bun";

export interface DriverEvent {
  event: string;
  [field: string]: unknown;
}

export interface DriverResult {
  exitCode: number;
  events: DriverEvent[];
  stderr: string;
  /** stdout lines that were not JSON. */
  text: string[];
  durationMs: number;
}

export class DriverError extends Error {
  constructor(
    readonly driver: string,
    readonly result: DriverResult,
  ) {
    super(`${driver} exited with ${result.exitCode}\n--- events ---\n${JSON.stringify(result.events).slice(0, 4000)}\n` +
      `--- stdout text ---\n${result.text.join("\n").slice(-3000)}\n--- stderr ---\n${result.stderr.slice(-6000)}`);
    this.name = "DriverError";
  }
}

export interface CollectOptions {
  timeoutMs: number;
  /** Called for each event as it arrives (e.g. to restart the broker on "progress"). */
  onEvent?: (e: DriverEvent) => void;
}

/** Reads a spawned driver to its exit. Kills it (SIGKILL) after timeoutMs and throws. */
export async function collect(
  name: string,
  proc: Subprocess<"pipe" | "ignore", "pipe", "pipe">,
  opts: CollectOptions,
): Promise<DriverResult> {
  const t0 = performance.now();
  const events: DriverEvent[] = [];
  const text: string[] = [];
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    proc.kill("SIGKILL");
  }, opts.timeoutMs);
  const readStdout = async () => {
    const dec = new TextDecoder();
    let buf = "";
    const take = (line: string) => {
      if (line.trim() === "") return;
      try {
        const e = JSON.parse(line) as DriverEvent;
        events.push(e);
        opts.onEvent?.(e);
      } catch {
        if (text.length < 10_000) text.push(line); // bounded: a chatty driver cannot fill memory
      }
    };
    for await (const chunk of proc.stdout) {
      buf += dec.decode(chunk, { stream: true });
      let nl: number;
      while ((nl = buf.indexOf("\n")) >= 0) {
        take(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
      }
    }
    take(buf);
  };
  const [, stderr, exitCode] = await Promise.all([readStdout(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(timer);
  const result = { exitCode, events, stderr, text, durationMs: performance.now() - t0 };
  if (timedOut) throw new DriverError(`${name} (killed after ${opts.timeoutMs} ms)`, result);
  if (exitCode !== 0) throw new DriverError(name, result);
  return result;
}

/** The one event named `name`, or a failure that shows everything the driver said. */
export function eventOf(r: DriverResult, name: string): DriverEvent {
  const e = r.events.find((x) => x.event === name);
  if (!e) throw new Error(`no "${name}" event; events: ${JSON.stringify(r.events).slice(0, 3000)}\nstderr: ${r.stderr.slice(-3000)}`);
  return e;
}
