// Storage benchmark (not a test): `node_modules/.bin/bun bench/storage.ts [MiB]` (default 1024).
//
// Prints, for a log in a temp dir on the same filesystem:
//   - dd page-cache write and read bandwidth (the ceiling), measured in the same run;
//   - append MB/s of 1 KB records in 16 KB and 1 MB batches (page cache, no fsync), with the CRC
//     left to the produce path (crcVerified) and with storage checking it too;
//   - fsync-before-ack append MB/s with 16 concurrent 16 KB appenders (group commit), and how late
//     a 1 ms timer fires meanwhile (event-loop lag);
//   - sequential read MB/s through the file slices (pread into one buffer; sendfile would not copy);
//   - recovery time of the whole log (every batch re-read and CRC-checked, indexes rebuilt), with
//     the native CRC32C and with the TypeScript one.
import { closeSync, fdatasync, fdatasyncSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32cUpdateTs, setCrc32cImplementation } from "../src/protocol/records/crc32c.ts";
import { loadNative } from "../src/protocol/records/crc32c-native.ts";
import { makeLogConfig } from "../src/storage/log-config.ts";
import type { Log } from "../src/storage/log.ts";
import { loadLog } from "../src/storage/recovery.ts";
import { valuesBatch } from "../test/unit/storage/batch-builder.ts";

const totalMiB = Number(process.argv[2] ?? 1024);
const MB = 1e6;
const root = mkdtempSync(join(process.env.STRAND_BENCH_DIR ?? tmpdir(), "strand-bench-"));
const tp = { topic: "bench", partition: 0 };
const config = makeLogConfig({ segmentBytes: 1 << 30 });
const native = loadNative();

function fmt(n: number, unit: string): string {
  return `${n.toFixed(n >= 100 ? 0 : 1)} ${unit}`;
}

function dd(args: string[]): string {
  const r = Bun.spawnSync(["dd", ...args]);
  const line = r.stderr.toString().trim().split("\n").pop() ?? "";
  return line.replace(/^.*copied, /, "");
}

function open(dir: string, clean = true): Log {
  return loadLog(dir, tp, config, { recoveryPoint: 0, logStartOffset: 0, highWatermark: 0, cleanShutdown: clean });
}

function appendRun(name: string, batch: Uint8Array, crcVerified: boolean): { dir: string; bytes: number } {
  const dir = mkdtempSync(join(root, name));
  const log = open(dir);
  const n = Math.max(1, Math.floor((totalMiB * 1048576) / batch.length));
  const t0 = performance.now();
  for (let i = 0; i < n; i++) log.append(batch, { crcVerified });
  const s = (performance.now() - t0) / 1000;
  const bytes = n * batch.length;
  console.log(`append ${name.padEnd(22)} ${fmt(bytes / MB / s, "MB/s")}  (${(bytes / 1048576).toFixed(0)} MiB, ${n} batches, ${s.toFixed(2)} s)`);
  log.closeNow(); // no flush, no marker: the recovery run below re-reads everything
  return { dir, bytes };
}

async function fsyncRun(): Promise<void> {
  const dir = mkdtempSync(join(root, "fsync"));
  const log = open(dir);
  const batch = valuesBatch(16, 1000);
  const target = Math.min(totalMiB, 256) * 1048576;
  let written = 0;
  let lagMax = 0;
  const lags: number[] = [];
  let stop = false;
  const ticker = (async () => {
    while (!stop) {
      const t = performance.now();
      await Bun.sleep(1);
      const lag = performance.now() - t - 1;
      lags.push(lag);
      lagMax = Math.max(lagMax, lag);
    }
  })();
  const t0 = performance.now();
  const appender = async (): Promise<void> => {
    while (written < target) {
      const copy = batch.slice();
      const r = log.append(copy, { crcVerified: true });
      written += copy.length;
      await log.waitDurable(r.lastOffset + 1);
    }
  };
  await Promise.all(Array.from({ length: 16 }, appender));
  const s = (performance.now() - t0) / 1000;
  stop = true;
  await ticker;
  lags.sort((a, b) => a - b);
  const p99 = lags[Math.floor(lags.length * 0.99)] ?? 0;
  console.log(
    `append fsync-before-ack 16x16KB  ${fmt(written / MB / s, "MB/s")}  (${log.groupCommitRounds} fdatasync rounds, ${(written / 16384 / log.groupCommitRounds).toFixed(1)} appends/round; 1 ms timer lag p99 ${p99.toFixed(2)} ms, max ${lagMax.toFixed(2)} ms)`,
  );
  log.closeNow();
}

/** Latency of one 16 KiB append + fdatasync: blocking call vs the thread-pool variant we use. */
async function fdatasyncLatency(): Promise<void> {
  const path = join(root, "sync.bin");
  const fd = openSync(path, "w");
  const buf = new Uint8Array(16384);
  const N = 200;
  const pct = (xs: number[], p: number): string => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)]!.toFixed(3);
  const blocking: number[] = [];
  for (let i = 0; i < N; i++) {
    writeSync(fd, buf, 0, buf.length, i * buf.length);
    const t = performance.now();
    fdatasyncSync(fd);
    blocking.push(performance.now() - t);
  }
  const pooled: number[] = [];
  for (let i = 0; i < N; i++) {
    writeSync(fd, buf, 0, buf.length, (N + i) * buf.length);
    const t = performance.now();
    await new Promise<void>((res, rej) => fdatasync(fd, (e) => (e ? rej(e) : res())));
    pooled.push(performance.now() - t);
  }
  closeSync(fd);
  rmSync(path);
  console.log(`fdatasync 16 KiB blocking       p50 ${pct(blocking, 0.5)} ms, p99 ${pct(blocking, 0.99)} ms`);
  console.log(`fdatasync 16 KiB thread pool    p50 ${pct(pooled, 0.5)} ms, p99 ${pct(pooled, 0.99)} ms (event loop free meanwhile)`);
}

function readRun(dir: string): void {
  const log = open(dir, true);
  const buf = new Uint8Array(1 << 20);
  let next = 0;
  let bytes = 0;
  const t0 = performance.now();
  // Bounded by the log end offset.
  while (next < log.logEndOffset) {
    const r = log.read(next, buf.length);
    const s = r.slice!;
    const n = readSync(s.file.fd, buf, 0, s.length, s.position);
    bytes += n;
    // Whole batches only: find the last complete one in what was read.
    const v = new DataView(buf.buffer);
    let p = 0;
    let last = -1;
    while (p + 61 <= n) {
      const size = v.getInt32(p + 8) + 12;
      if (p + size > n) break;
      last = Number(v.getBigInt64(p)) + v.getInt32(p + 23);
      p += size;
    }
    next = last + 1;
  }
  const s = (performance.now() - t0) / 1000;
  console.log(`read sequential 1 MiB fetches   ${fmt(bytes / MB / s, "MB/s")}  (${(bytes / 1048576).toFixed(0)} MiB)`);
  log.closeNow();
}

function recoveryRun(dir: string, bytes: number, label: string): void {
  const t0 = performance.now();
  const log = open(dir, false);
  const s = (performance.now() - t0) / 1000;
  console.log(`recovery ${label.padEnd(24)} ${s.toFixed(2)} s for ${(bytes / 1048576).toFixed(0)} MiB (${fmt(bytes / MB / s, "MB/s")}), log end ${log.logEndOffset}`);
  log.closeNow();
}

try {
  console.log(`storage bench: ${totalMiB} MiB per run in ${root}; CRC32C ${native.implementation}${native.hardware ? " (hardware)" : ""}; Bun ${Bun.version}`);
  const ddFile = join(root, "dd.bin");
  // Twice: the first run also pays for whatever writeback earlier runs left behind.
  for (const run of [1, 2]) {
    rmSync(ddFile, { force: true });
    console.log(`dd write (page cache) bs=1M #${run}  ${dd(["if=/dev/zero", `of=${ddFile}`, "bs=1M", `count=${totalMiB}`])}`);
  }
  console.log(`dd read  (page cache) bs=1M     ${dd([`if=${ddFile}`, "of=/dev/null", "bs=1M"])}`);
  rmSync(ddFile);
  const small = appendRun("16KB-batches", valuesBatch(16, 1000), true);
  const big = appendRun("1MB-batches", valuesBatch(1000, 1000), true);
  rmSync(appendRun("16KB-batches+crc", valuesBatch(16, 1000), false).dir, { recursive: true });
  rmSync(appendRun("1MB-batches+crc", valuesBatch(1000, 1000), false).dir, { recursive: true });
  await fdatasyncLatency();
  await fsyncRun();
  readRun(big.dir);
  recoveryRun(big.dir, big.bytes, `1MB batches, ${native.implementation} CRC`);
  recoveryRun(small.dir, small.bytes, `16KB batches, ${native.implementation} CRC`);
  setCrc32cImplementation((b, s = 0, e = b.length) => crc32cUpdateTs(0, b, s, e));
  recoveryRun(big.dir, big.bytes, "1MB batches, TS CRC");
} finally {
  rmSync(root, { recursive: true, force: true });
}
