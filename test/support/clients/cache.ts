// The client cache under ~/.cache/strand/clients (or $STRAND_CACHE_DIR/clients): each installed client
// (a Maven classpath, a compiled driver, a venv, an npm tree) is one directory published by an atomic
// rename with a `.complete` marker. Two processes racing both build into private staging dirs; one
// rename wins and the loser discards its copy, so there is no lock to go stale. A cached entry costs
// one stat.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { createHash, randomBytes } from "node:crypto";

export const CLIENTS_CACHE_DIR = join(process.env.STRAND_CACHE_DIR ?? join(homedir(), ".cache", "strand"), "clients");
const MARKER = ".complete";

/** The package registry of a client cannot be reached: the caller's tests skip with this reason. */
export class RegistryUnreachableError extends Error {
  constructor(
    readonly client: string,
    readonly reason: string,
    readonly output: string,
  ) {
    super(`${client}: package registry unreachable (${reason})`);
    this.name = "RegistryUnreachableError";
  }
}

/** Any other install or build failure: a real test failure, with the tool's output. */
export class ClientInstallError extends Error {
  constructor(
    readonly client: string,
    readonly step: string,
    readonly output: string,
  ) {
    super(`${client}: ${step} failed\n${output.slice(-6000)}`);
    this.name = "ClientInstallError";
  }
}

const UNREACHABLE: RegExp[] = [
  /UnknownHostException/i,
  /Temporary failure in name resolution/i,
  /Name or service not known/i,
  /Network is unreachable/i,
  /No route to host/i,
  /Could not transfer artifact/i,
  /Connect(ion)? timed out/i,
  /getaddrinfo (ENOTFOUND|EAI_AGAIN)/i,
  /Could not resolve host/i,
  /dial tcp: lookup/i,
  /Failed to establish a new connection/i,
  /Could not fetch URL/i,
  /Temporary failure resolving/i,
  /Failed to fetch/i,
  /ETIMEDOUT|ECONNREFUSED|ENETUNREACH/,
];

/** The first network-unreachable symptom in a tool's output, or null. */
export function unreachableReason(output: string): string | null {
  for (const p of UNREACHABLE) {
    const m = output.match(p);
    if (m) return m[0];
  }
  return null;
}

export interface RunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  durationMs: number;
}

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** SIGKILL after this long; installs from a registry may be slow but must never hang a run. */
  timeoutMs?: number;
  stdin?: string | Uint8Array;
}

/** Runs a command to completion; a non-zero exit is returned, not thrown. */
export async function run(cmd: string[], opts: RunOptions = {}): Promise<RunResult> {
  const t0 = performance.now();
  const stdinBytes = typeof opts.stdin === "string" ? new TextEncoder().encode(opts.stdin) : opts.stdin;
  const proc = Bun.spawn({
    cmd,
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env } as Record<string, string>,
    stdin: stdinBytes ?? "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    proc.kill("SIGKILL");
  }, opts.timeoutMs ?? 10 * 60_000);
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  clearTimeout(timer);
  if (timedOut) {
    throw new ClientInstallError(cmd[0] ?? "?", `${cmd.join(" ")} (timed out after ${opts.timeoutMs} ms)`, `${stdout}\n${stderr}`);
  }
  return { exitCode, stdout, stderr, durationMs: performance.now() - t0 };
}

/** Runs an install step; exit != 0 becomes RegistryUnreachableError or ClientInstallError. */
export async function runStep(client: string, cmd: string[], opts: RunOptions = {}): Promise<RunResult> {
  const r = await run(cmd, opts);
  if (r.exitCode !== 0) {
    const output = `${r.stdout}\n${r.stderr}`;
    const reason = unreachableReason(output);
    if (reason) throw new RegistryUnreachableError(client, reason, output);
    throw new ClientInstallError(client, `${cmd.join(" ")} (exit ${r.exitCode})`, output);
  }
  return r;
}

/** A short content hash of files (sources of a driver), so an edit rebuilds into a fresh entry. */
export function hashFiles(paths: readonly string[], extra = ""): string {
  const h = createHash("sha256").update(extra);
  for (const p of [...paths].sort()) h.update(p).update("\0").update(readFileSync(p)).update("\0");
  return h.digest("hex").slice(0, 12);
}

/** Files directly in `dir` whose name ends with one of `exts`. */
export function listFiles(dir: string, exts: readonly string[]): string[] {
  return readdirSync(dir)
    .filter((f) => exts.some((e) => f.endsWith(e)))
    .map((f) => join(dir, f))
    .filter((p) => statSync(p).isFile());
}

const memo = new Map<string, Promise<string>>();

/**
 * The cache directory `name`, built by `build(stagingDir)` the first time. Idempotent, race-safe
 * across processes, and shared by concurrent callers in this process.
 */
export function cachedDir(name: string, build: (stagingDir: string) => Promise<void>): Promise<string> {
  let p = memo.get(name);
  if (!p) {
    p = publish(name, build).catch((err: unknown) => {
      memo.delete(name); // a later call may retry
      throw err;
    });
    memo.set(name, p);
  }
  return p;
}

async function publish(name: string, build: (stagingDir: string) => Promise<void>): Promise<string> {
  if (!/^[A-Za-z0-9._-]+$/.test(name)) throw new RangeError(`cache entry name must be [A-Za-z0-9._-]+, got ${name}`);
  const final = join(CLIENTS_CACHE_DIR, name);
  if (existsSync(join(final, MARKER))) return final;
  mkdirSync(CLIENTS_CACHE_DIR, { recursive: true });
  const staging = join(CLIENTS_CACHE_DIR, `.staging-${name}-${process.pid}-${randomBytes(4).toString("hex")}`);
  mkdirSync(staging, { recursive: true });
  try {
    await build(staging);
    writeFileSync(join(staging, MARKER), `${JSON.stringify({ name, at: new Date().toISOString() })}\n`);
    if (existsSync(final) && !existsSync(join(final, MARKER))) {
      // Left by an interrupted run of an older layout: not ours to trust, move it aside.
      renameSync(final, `${staging}.stale`);
      rmSync(`${staging}.stale`, { recursive: true, force: true });
    }
    try {
      renameSync(staging, final);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if ((code !== "ENOTEMPTY" && code !== "EEXIST") || !existsSync(join(final, MARKER))) throw e;
      // Another process published first; its copy is equivalent.
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return final;
}

export type Probe<T> = { ok: true; value: T } | { ok: false; reason: string };

/** For tests: `{ ok: false, reason }` (printed) only when a registry is unreachable; other errors throw. */
export async function probeInstall<T>(client: string, install: () => Promise<T>): Promise<Probe<T>> {
  try {
    return { ok: true, value: await install() };
  } catch (err) {
    if (err instanceof RegistryUnreachableError) {
      console.warn(`[clients] skipping ${client}: ${err.message}`);
      return { ok: false, reason: err.message };
    }
    throw err;
  }
}
