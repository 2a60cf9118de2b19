// Starts the real Strand broker as a child process for integration and interop tests.
// It binds 127.0.0.1 port 0 and reports the port it got in its "strand started" log line, so there is
// no race for a free port. Data lives in a temp dir unless one is given (restarts reuse it). The admin
// HTTP listener (strand.admin.listener) binds port 0 too, so brokers never collide on 9644; its URL is
// read from the same line (admin=http://127.0.0.1:PORT).

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Subprocess } from "bun";

const ROOT = resolve(import.meta.dir, "../..");

export interface StrandHandle {
  bootstrap: string;
  port: number;
  /** http://127.0.0.1:PORT of the admin listener (metrics, health); null when a test turned it off. */
  adminUrl: string | null;
  dataDir: string;
  pid: number;
  /** Everything the broker wrote to stderr/stdout so far (the last 2–4 MB of it once it wrote more). */
  output(): string;
  /** Characters the broker wrote so far, trimmed or not: output().slice(-(now - then)) is what came after `then`. */
  outputChars(): number;
  /** SIGTERM and wait for exit (clean shutdown). Returns the exit code. */
  stop(timeoutMs?: number): Promise<number>;
  /** SIGKILL now. */
  kill(): Promise<void>;
  readonly exited: Promise<number>;
}

export interface StartStrandOptions {
  dataDir?: string;
  overrides?: Record<string, string | number | boolean>;
  /** Run this executable instead of `bun src/cli/main.ts` (the compiled binary). */
  binary?: string;
  env?: Record<string, string>;
  startTimeoutMs?: number;
  /**
   * A node without a broker listener (process.roles=controller) has no client port: started once its
   * "strand started" line appears; `port` is then 0.
   */
  controllerOnly?: boolean;
  /**
   * The log line that means started; its first group, if any, is the port. Default: "strand started"
   * with the advertised PLAINTEXT port. A controller-only node advertises no client listener.
   */
  readyPattern?: RegExp;
}

const live = new Set<Subprocess>();
process.on("exit", () => {
  for (const p of live) p.kill("SIGKILL");
});

export async function startStrand(opts: StartStrandOptions = {}): Promise<StrandHandle> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "strand-it-"));
  const props: Record<string, string> = {
    "log.dirs": join(dataDir, "logs"),
    listeners: "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0",
    "strand.admin.listener": "127.0.0.1:0",
    ...(opts.controllerOnly ? {} : { "advertised.listeners": "PLAINTEXT://127.0.0.1:0" }),
    ...Object.fromEntries(Object.entries(opts.overrides ?? {}).map(([k, v]) => [k, String(v)])),
  };
  const args = ["server", "start", ...Object.entries(props).flatMap(([k, v]) => ["--override", `${k}=${v}`])];
  const cmd = opts.binary ? [opts.binary, ...args] : [process.execPath, join(ROOT, "src/cli/main.ts"), ...args];
  const proc = Bun.spawn(cmd, {
    cwd: dataDir,
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, ...opts.env },
  });
  live.add(proc);
  let out = "";
  let outChars = 0;
  let ready = false;
  let resolvePort: (p: number) => void = () => {};
  const portPromise = new Promise<number>((r) => (resolvePort = r));
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const dec = new TextDecoder();
    for await (const chunk of stream) {
      const text = dec.decode(chunk);
      out += text;
      outChars += text.length;
      // Matched until the ready line is seen, not on every later chunk: a chatty broker (BUN_JSC_logGC in
      // the benchmark) would otherwise cost this process a scan of megabytes per chunk.
      if (!ready) {
        const m = (opts.readyPattern ?? /strand started .*advertised=PLAINTEXT:\/\/127\.0\.0\.1:(\d+)/).exec(out);
        if (m) {
          ready = true;
          resolvePort(m[1] === undefined ? 0 : Number(m[1]));
        } else if (opts.controllerOnly && /strand started/.test(out)) {
          ready = true;
          resolvePort(0);
        }
      }
      if (out.length > 4_000_000) out = out.slice(-2_000_000); // bound what a chatty broker keeps in memory
    }
  };
  void pump(proc.stdout);
  void pump(proc.stderr);
  const exited = proc.exited.then((c) => {
    live.delete(proc);
    return c;
  });
  const timeoutMs = opts.startTimeoutMs ?? 20_000;
  let started = false;
  const port = await Promise.race([
    portPromise,
    exited.then((c) => {
      throw new Error(`strand exited with ${c} before starting:\n${out}`);
    }),
    Bun.sleep(timeoutMs).then(() => {
      if (started) return 0;
      // The test fails here and never gets a handle: the process must not outlive it.
      proc.kill("SIGKILL");
      throw new Error(`strand did not start within ${timeoutMs} ms:\n${out}`);
    }),
  ]);
  started = true;
  const admin = /strand started .* admin=(http:\/\/\S+)/.exec(out);
  return {
    bootstrap: `127.0.0.1:${port}`,
    port,
    adminUrl: admin ? admin[1]! : null,
    dataDir,
    pid: proc.pid,
    output: () => out,
    outputChars: () => outChars,
    exited,
    async stop(stopTimeoutMs = 15_000) {
      proc.kill("SIGTERM");
      const code = await Promise.race([exited, Bun.sleep(stopTimeoutMs).then(() => -1)]);
      if (code === -1) {
        proc.kill("SIGKILL");
        throw new Error(`strand did not stop within ${stopTimeoutMs} ms:\n${out.slice(-4000)}`);
      }
      return code;
    },
    async kill() {
      proc.kill("SIGKILL");
      await exited;
    },
  };
}

/** Remove a data dir made by startStrand. */
export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
