// A real Prometheus server for tests (Debian's `prometheus` package, /usr/bin/prometheus): installed
// with apt-get when missing (bounded time; a failure says why), started on a free loopback port with a
// generated config that scrapes the given targets every second and its own tsdb in a temp dir, and
// queried through its HTTP API (/api/v1/query). stop() ends it and removes the dir.

import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./ports.ts";
import { until } from "./until.ts";

export const PROMETHEUS_BIN = "/usr/bin/prometheus";
const INSTALL_TIMEOUT_MS = 300_000;

function run(cmd: string[], timeoutMs: number): { ok: boolean; out: string } {
  const p = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe", timeout: timeoutMs, env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  const out = `${p.stdout.toString()}\n${p.stderr.toString()}`;
  return { ok: p.exitCode === 0, out: out.length > 3000 ? out.slice(-3000) : out };
}

/**
 * The path of the prometheus binary, installing Debian's package when it is missing. Throws with the
 * reason (apt-get's last output) when it cannot.
 */
export function ensurePrometheus(): string {
  if (existsSync(PROMETHEUS_BIN)) return PROMETHEUS_BIN;
  const install = ["apt-get", "-o", "DPkg::Lock::Timeout=300", "install", "-y", "--no-install-recommends", "prometheus"];
  let r = run(install, INSTALL_TIMEOUT_MS);
  if (!r.ok) {
    // Package lists missing or stale: refresh once and try again.
    const update = run(["apt-get", "-o", "DPkg::Lock::Timeout=300", "update"], INSTALL_TIMEOUT_MS);
    if (!update.ok) throw new Error(`cannot install prometheus: 'apt-get update' failed:\n${update.out}`);
    r = run(install, INSTALL_TIMEOUT_MS);
  }
  if (!r.ok || !existsSync(PROMETHEUS_BIN)) throw new Error(`cannot install prometheus with '${install.join(" ")}':\n${r.out}`);
  return PROMETHEUS_BIN;
}

export interface PrometheusHandle {
  readonly url: string;
  /** An instant query's result vector ([] when nothing matches). */
  query(expr: string): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>>;
  /** Everything it logged so far. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartPrometheusOptions {
  /** host:port of each target scraped at /metrics. */
  targets: readonly string[];
  scrapeIntervalS?: number;
  startTimeoutMs?: number;
}

export async function startPrometheus(o: StartPrometheusOptions): Promise<PrometheusHandle> {
  const bin = ensurePrometheus();
  const dir = mkdtempSync(join(tmpdir(), "strand-prometheus-"));
  const interval = `${o.scrapeIntervalS ?? 1}s`;
  const config = [
    "global:",
    `  scrape_interval: ${interval}`,
    `  scrape_timeout: ${interval}`,
    "scrape_configs:",
    "  - job_name: strand",
    `    static_configs:`,
    `      - targets: [${o.targets.map((t) => `"${t}"`).join(", ")}]`,
    "",
  ].join("\n");
  writeFileSync(join(dir, "prometheus.yml"), config);
  // A free port can be taken between freePort() and the bind: retry a few times (bounded).
  let last = "";
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const proc = Bun.spawn([bin, `--config.file=${join(dir, "prometheus.yml")}`, `--storage.tsdb.path=${join(dir, "data")}`, `--web.listen-address=127.0.0.1:${port}`, "--log.level=warn"], { stdout: "pipe", stderr: "pipe" });
    let out = "";
    const pump = async (s: ReadableStream<Uint8Array>) => {
      const dec = new TextDecoder();
      for await (const c of s) {
        out += dec.decode(c);
        if (out.length > 200_000) out = out.slice(-100_000);
      }
    };
    void pump(proc.stdout);
    void pump(proc.stderr);
    const url = `http://127.0.0.1:${port}`;
    const stop = async () => {
      proc.kill("SIGTERM");
      const code = await Promise.race([proc.exited, Bun.sleep(10_000).then(() => null)]);
      if (code === null) {
        proc.kill("SIGKILL");
        await proc.exited;
      }
      rmSync(dir, { recursive: true, force: true });
    };
    try {
      await until("prometheus ready", async () => {
        if (proc.exitCode !== null) throw new Error(`prometheus exited with ${proc.exitCode}:\n${out}`);
        const r = await fetch(`${url}/-/ready`).catch(() => null);
        return r?.ok === true;
      }, o.startTimeoutMs ?? 30_000, 200);
    } catch (e) {
      last = String(e);
      proc.kill("SIGKILL");
      await proc.exited;
      if (/address already in use/.test(out)) continue;
      rmSync(dir, { recursive: true, force: true });
      throw e;
    }
    return {
      url,
      output: () => out,
      stop,
      async query(expr) {
        const r = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expr)}`);
        const body = (await r.json()) as { status: string; error?: string; data?: { resultType: string; result: Array<{ metric: Record<string, string>; value: [number, string] }> } };
        if (body.status !== "success") throw new Error(`query ${expr} failed: ${body.error ?? r.status}`);
        return body.data!.result;
      },
    };
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`prometheus could not bind a free port: ${last}`);
}
