// Child processes of the benchmark: every one is tracked and killed when the benchmark exits (normally,
// on an exception, or on SIGINT/SIGTERM/SIGHUP), each tool run has a time bound, and a failing tool
// raises ToolError carrying the tail of its stderr. Also /proc readers for RSS and CPU time.
import type { Subprocess } from "bun";
import { existsSync, readFileSync, rmSync } from "node:fs";

const live = new Set<Subprocess>();
/** Cleanups run on exit (temp dirs, broker handles); bounded by what the harness registers (a few). */
const cleanups = new Set<() => void>();
let hooksInstalled = false;

function killAllNow(): void {
  for (const p of live) {
    try {
      p.kill("SIGKILL");
    } catch {
      // already gone
    }
  }
  live.clear();
  for (const c of cleanups) {
    try {
      c();
    } catch {
      // best effort at exit
    }
  }
  cleanups.clear();
}

/** Installs the exit and signal hooks once. Signals exit with 128 + signal number, as shells do. */
export function installExitHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on("exit", killAllNow);
  const signals: Array<[NodeJS.Signals, number]> = [["SIGINT", 2], ["SIGTERM", 15], ["SIGHUP", 1]];
  for (const [sig, num] of signals) {
    process.on(sig, () => {
      console.error(`\n[bench] ${sig}: killing ${live.size} child process(es) and exiting`);
      killAllNow();
      process.exit(128 + num);
    });
  }
}

export function trackProcess(p: Subprocess): void {
  installExitHooks();
  live.add(p);
  void p.exited.then(() => live.delete(p));
}

/** Registers a cleanup run at exit; returns a function that unregisters it. */
export function onExit(fn: () => void): () => void {
  installExitHooks();
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

/** A temp directory removed at exit (and by the returned function, earlier). */
export function removeAtExit(dir: string): () => void {
  const rm = () => rmSync(dir, { recursive: true, force: true });
  const off = onExit(rm);
  return () => {
    off();
    rm();
  };
}

export class ToolError extends Error {
  constructor(
    readonly tool: string,
    readonly reason: "exit" | "timeout",
    readonly exitCode: number | null,
    readonly stderrTail: string,
    readonly stdoutTail: string,
  ) {
    super(`${tool} ${reason === "timeout" ? "timed out" : `exited with ${exitCode}`}\n--- stderr (tail) ---\n${stderrTail || "(empty)"}` +
      (stdoutTail ? `\n--- stdout (tail) ---\n${stdoutTail}` : ""));
    this.name = "ToolError";
  }
}

export function tailOf(text: string, maxLines = 25, maxChars = 4_000): string {
  const lines = text.trimEnd().split("\n");
  const t = lines.slice(-maxLines).join("\n");
  return t.length > maxChars ? t.slice(-maxChars) : t;
}

export interface ToolRun {
  stdout: string;
  stderr: string;
  exitCode: number;
  durationMs: number;
  /** user + system CPU seconds of the tool process (sampled from /proc/PID/stat every 100 ms). */
  cpuSeconds: number;
}

export interface RunToolOptions {
  /** Name used in errors (e.g. "ProducerPerformance"). */
  name: string;
  timeoutMs: number;
  cwd?: string;
  env?: Record<string, string>;
  /** Called once the process is spawned (e.g. to start sampling). */
  onSpawn?: (pid: number) => void;
  /** A non-zero exit is returned rather than thrown. */
  allowFailure?: boolean;
}

/** Output kept per stream: tools print a few lines; a runaway tool must not fill memory. */
const MAX_CAPTURE_CHARS = 2_000_000;

async function collect(stream: ReadableStream<Uint8Array>): Promise<string> {
  const dec = new TextDecoder();
  let out = "";
  for await (const chunk of stream) {
    out += dec.decode(chunk, { stream: true });
    if (out.length > MAX_CAPTURE_CHARS) out = out.slice(-MAX_CAPTURE_CHARS / 2);
  }
  return out;
}

/** Runs a command to completion within timeoutMs; throws ToolError on timeout or non-zero exit. */
export async function runTool(cmd: string[], opts: RunToolOptions): Promise<ToolRun> {
  if (cmd.length === 0) throw new RangeError("runTool: empty command");
  const started = performance.now();
  const proc = Bun.spawn({
    cmd,
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  trackProcess(proc);
  opts.onSpawn?.(proc.pid);
  const cpu = new CpuSampler(proc.pid, 100).start();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    proc.kill("SIGKILL");
  }, opts.timeoutMs);
  const [stdout, stderr, exitCode] = await Promise.all([collect(proc.stdout), collect(proc.stderr), proc.exited]);
  clearTimeout(timer);
  const cpuS = cpu.stop();
  if (timedOut) throw new ToolError(opts.name, "timeout", null, tailOf(stderr), tailOf(stdout, 10));
  if (exitCode !== 0 && !opts.allowFailure) throw new ToolError(opts.name, "exit", exitCode, tailOf(stderr), tailOf(stdout, 10));
  return { stdout, stderr, exitCode, durationMs: performance.now() - started, cpuSeconds: cpuS };
}

/** VmRSS of a live process in KiB, or null when it is gone. */
export function rssKb(pid: number): number | null {
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return null;
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(file, "utf8"));
    return m ? Number(m[1]) : null;
  } catch {
    return null; // exited between the check and the read
  }
}

let clockTicksCache: number | null = null;

/** Clock ticks per second of /proc/PID/stat's times (`getconf CLK_TCK`, read once; 100 if unavailable). */
export function clockTicksPerS(): number {
  if (clockTicksCache !== null) return clockTicksCache;
  let ticks = 100; // USER_HZ on Linux x86-64 and arm64, when getconf is missing
  try {
    const r = Bun.spawnSync({ cmd: ["getconf", "CLK_TCK"], stdout: "pipe", stderr: "ignore" });
    const n = Number(r.stdout.toString().trim());
    if (r.exitCode === 0 && Number.isInteger(n) && n > 0) ticks = n;
  } catch {
    // keep the default
  }
  clockTicksCache = ticks;
  return ticks;
}

export interface CpuTicks {
  utime: number;
  stime: number;
}

/**
 * utime and stime (fields 14 and 15, in clock ticks) of a /proc/PID/stat line. The command name (field 2)
 * is in parentheses and may hold spaces or ')' itself, so fields are counted from the last ')'.
 */
export function parseStatCpuTicks(stat: string): CpuTicks {
  const close = stat.lastIndexOf(")");
  if (close < 0) throw new RangeError("not a /proc/PID/stat line: no ')'");
  // After ") " come field 3 (state) onwards: utime is field 14, i.e. index 11 of the rest.
  const rest = stat.slice(close + 2).trim().split(" ");
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (!Number.isInteger(utime) || !Number.isInteger(stime) || utime < 0 || stime < 0) {
    throw new RangeError(`not a /proc/PID/stat line: utime ${rest[11]}, stime ${rest[12]}`);
  }
  return { utime, stime };
}

/** user + system CPU seconds consumed so far by a process (its own threads), or null when it is gone. */
export function cpuSeconds(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  const t = parseStatCpuTicks(stat);
  return (t.utime + t.stime) / clockTicksPerS();
}

/**
 * Samples a /proc reading of a process on an interval and keeps the largest value seen; stop() takes
 * one last sample and returns it. The process may be gone (the reading is null): the peak stands.
 */
class PeakSampler {
  private timer: ReturnType<typeof setInterval> | null = null;
  peak = 0;
  samples = 0;

  constructor(
    private readonly pid: number,
    private readonly read: (pid: number) => number | null,
    private readonly intervalMs: number,
  ) {}

  start(): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    return this;
  }

  sample(): void {
    const v = this.read(this.pid);
    if (v === null) return;
    this.samples++;
    if (v > this.peak) this.peak = v;
  }

  stop(): number {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sample();
    return this.peak;
  }
}

/**
 * Follows a child's CPU time while it runs: /proc/PID/stat disappears once the child is reaped, so the
 * last sample is the figure (it misses at most one interval of the child's exit; a JVM's is short).
 */
export class CpuSampler extends PeakSampler {
  constructor(pid: number, intervalMs = 100) {
    super(pid, cpuSeconds, intervalMs);
  }
}

/** Samples a process's RSS (KiB) on an interval and keeps the peak. */
export class RssSampler extends PeakSampler {
  constructor(pid: number, intervalMs = 100) {
    super(pid, rssKb, intervalMs);
  }
}
