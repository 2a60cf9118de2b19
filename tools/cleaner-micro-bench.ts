// Micro benchmark of the log cleaner (not part of `make bench`, whose cleaner workload is bench/**): a 10k-key log of ~60 MB of 100-byte
// values in 8 MB segments, cleaned once in the worker (the broker's way) while the event loop's
// timer lag is sampled every 5 ms, then once inline (the same code on the event loop) for comparison.
// Run: bun tools/cleaner-micro-bench.ts
import { mkdtempSync, rmSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildRecordBatch } from "../src/protocol/records/builder.ts";
import { LogCleaner, DEFAULT_CLEANER_CONFIG } from "../src/storage/cleaner/log-cleaner.ts";
import { makeLogConfig } from "../src/storage/log-config.ts";
import { loadLog } from "../src/storage/recovery.ts";

async function idleLag(ms: number): Promise<void> {
  const lags: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    lags.push(now - last - 5);
    last = now;
  }, 5);
  await Bun.sleep(ms);
  clearInterval(timer);
  lags.sort((a, b) => a - b);
  console.log(`idle: event-loop timer lag p50 ${lags[Math.floor(lags.length / 2)]!.toFixed(1)} ms p99 ${lags[Math.floor(lags.length * 0.99)]!.toFixed(1)} ms max ${lags[lags.length - 1]!.toFixed(1)} ms`);
}

async function run(executor: "worker" | "inline", rounds = 1): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "strand-cleaner-bench-"));
  const dir = join(root, "t-0");
  mkdirSync(dir);
  const log = loadLog(dir, { topic: "t", partition: 0 }, makeLogConfig({ segmentBytes: 8 << 20, compact: true, delete: false, minCleanableDirtyRatio: 0.01 }), { recoveryPoint: 0, logStartOffset: 0, highWatermark: 0, cleanShutdown: true });
  const enc = new TextEncoder();
  const value = new Uint8Array(100).fill(7);
  for (let b = 0; b < 40_000; b++) {
    const records = Array.from({ length: 10 }, (_, i) => ({ key: enc.encode(`key-${(b * 10 + i) % 10_000}`), value, timestamp: 1_700_000_000_000 }));
    log.append(buildRecordBatch({ records }));
  }
  log.roll();
  log.setHighWatermark(log.logEndOffset);
  const bytes = log.sizeBytes;
  const live = new Map([["t-0", { log, dir: root }]]);
  const cleaner = new LogCleaner({ ...DEFAULT_CLEANER_CONFIG, executor }, [root], () => live, { info: (m, f) => console.log(m, JSON.stringify(f)), warn: console.warn, error: console.error });
  const lags: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    lags.push(now - last - 5);
    last = now;
  }, 5);
  const t0 = performance.now();
  await cleaner.runOnce(0);
  const ms = performance.now() - t0;
  for (let i = 1; i < rounds; i++) {
    // Later rounds: the worker is warm; the log is clean already, so append dirty data again.
    void i;
  }
  clearInterval(timer);
  lags.sort((a, b) => a - b);
  const p = (q: number) => (lags.length ? lags[Math.min(lags.length - 1, Math.floor(q * lags.length))]!.toFixed(1) : "n/a");
  console.log(`${executor}: cleaned ${(bytes / 1048576).toFixed(1)} MB in ${ms.toFixed(0)} ms (${(bytes / 1048576 / (ms / 1000)).toFixed(1)} MB/s) -> ${(log.sizeBytes / 1048576).toFixed(2)} MB; event-loop timer lag p50 ${p(0.5)} ms p99 ${p(0.99)} ms max ${p(1)} ms (${lags.length} samples)`);
  await cleaner.close();
  log.closeNow();
  rmSync(root, { recursive: true, force: true });
}

await idleLag(1000);
await run("worker");
await run("worker");
await run("inline");
