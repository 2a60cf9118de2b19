// The log cleaner's scheduling (Kafka's LogCleanerManager): the dirtiest log above
// min.cleanable.dirty.ratio first, min.compaction.lag.ms and the last stable offset bounding the
// cleanable range, max.compaction.lag.ms forcing a cleaning, retention under compact,delete, and a
// cleaning dropped when the log changes under it (truncation, deleted segments).
import { afterEach, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { buildRecordBatch } from "../../../src/protocol/records/builder.ts";
import { DEFAULT_CLEANER_CONFIG, LogCleaner } from "../../../src/storage/cleaner/log-cleaner.ts";
import { cleanableOffsets } from "../../../src/storage/cleaner/log-cleaner-manager.ts";
import type { Log } from "../../../src/storage/log.ts";
import { makeLogConfig, type LogConfig } from "../../../src/storage/log-config.ts";
import { loadLog } from "../../../src/storage/recovery.ts";
import { tempDir } from "./helpers.ts";

const NOW = 1_700_000_000_000;
const enc = new TextEncoder();
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
}, 120_000);

function makeLog(root: string, name: string, cfg: Partial<LogConfig>): Log {
  const dir = join(root, `${name}-0`);
  mkdirSync(dir, { recursive: true });
  const log = loadLog(dir, { topic: name, partition: 0 }, makeLogConfig({ segmentBytes: 1024, compact: true, delete: false, minCleanableDirtyRatio: 0.5, fileDeleteDelayMs: 0, ...cfg }), { recoveryPoint: 0, logStartOffset: 0, highWatermark: 0, cleanShutdown: true, nowMs: NOW });
  cleanups.push(() => log.closeNow());
  return log;
}

/** `n` batches of one record each over `keys` keys, timestamps from ts. */
function fill(log: Log, n: number, keys: number, ts = NOW, pid?: bigint): void {
  for (let i = 0; i < n; i++) {
    log.append(buildRecordBatch({ records: [{ key: enc.encode(`k${i % keys}`), value: enc.encode(`v${i}`), timestamp: ts }], ...(pid !== undefined ? { producerId: pid, producerEpoch: 0, baseSequence: i, isTransactional: true } : {}) }), { nowMs: ts });
    log.setHighWatermark(log.logEndOffset);
  }
}

function setup(): { root: string; live: Map<string, { log: Log; dir: string }>; cleaner: LogCleaner } {
  const d = tempDir("strand-cleaner-mgr-");
  cleanups.push(d.cleanup);
  const live = new Map<string, { log: Log; dir: string }>();
  const cleaner = new LogCleaner({ ...DEFAULT_CLEANER_CONFIG, executor: "inline", dedupeBufferBytes: 1 << 20 }, [d.path], () => live);
  cleanups.push(() => void cleaner.close());
  return { root: d.path, live, cleaner };
}

test("the dirtiest log above min.cleanable.dirty.ratio is cleaned first; a log below it is left", async () => {
  const { root, live, cleaner } = setup();
  const a = makeLog(root, "a", {});
  const b = makeLog(root, "b", {});
  const c = makeLog(root, "c", { compact: false, delete: true });
  for (const [log, name] of [[a, "a"], [b, "b"], [c, "c"]] as const) live.set(`${name}-0`, { log, dir: root });
  fill(a, 200, 100);
  fill(b, 200, 5);
  fill(c, 200, 5);
  a.roll();
  b.roll();
  c.roll();
  // Never cleaned: all of each log is dirty (ratio 1); ties go to the first listed.
  const first = cleaner.manager.grabFilthiestCompactedLog(NOW)!;
  expect(first.log.name).toBe("a-0");
  expect(first.cleanableRatio).toBe(1);
  cleaner.manager.doneCleaningIfLeft(first);
  expect(await cleaner.runOnce(0, NOW)).toBe(true);
  expect(await cleaner.runOnce(0, NOW)).toBe(true);
  // Both cleaned; c is not compacted.
  expect(cleaner.manager.allCleanerCheckpoints().get("a-0")).toBe(a.active.baseOffset);
  expect(cleaner.manager.allCleanerCheckpoints().get("b-0")).toBe(b.active.baseOffset);
  expect(cleaner.manager.allCleanerCheckpoints().has("c-0")).toBe(false);
  // A little more dirt: below the ratio, nothing to clean.
  fill(b, 5, 5);
  b.roll();
  const l = cleaner.manager.grabFilthiestCompactedLog(NOW);
  expect(l).toBeNull();
  expect(cleaner.manager.dirtiestLogCleanableRatio).toBeGreaterThan(0);
  expect(cleaner.manager.dirtiestLogCleanableRatio).toBeLessThan(0.5);
  expect(await cleaner.runOnce(0, NOW)).toBe(false);
}, 20_000);

test("max.compaction.lag.ms forces a cleaning below the ratio; min.compaction.lag.ms and an open transaction bound the range", async () => {
  const { root, live, cleaner } = setup();
  const forced = makeLog(root, "forced", { minCleanableDirtyRatio: 0.99, maxCompactionLagMs: 60_000 });
  live.set("forced-0", { log: forced, dir: root });
  fill(forced, 100, 100, NOW - 120_000);
  forced.roll();
  cleaner.manager.updateCheckpoint(root, forced.tp, 50);
  // Ratio below 0.99, but the dirty segments are past max.compaction.lag.ms.
  expect(await cleaner.runOnce(0, NOW)).toBe(true);

  const lagged = makeLog(root, "lagged", { minCompactionLagMs: 60_000 });
  fill(lagged, 60, 10, NOW - 120_000);
  const youngFrom = lagged.logEndOffset;
  lagged.roll();
  fill(lagged, 60, 10, NOW);
  lagged.roll();
  const o = cleanableOffsets(lagged, undefined, NOW);
  // The first segment younger than the lag bounds the range.
  const youngSeg = lagged.segments.find((s) => s.baseOffset <= youngFrom && (lagged.segments[lagged.segments.indexOf(s) + 1]?.baseOffset ?? Infinity) > youngFrom)!;
  expect(o.firstUncleanableDirtyOffset).toBeLessThanOrEqual(youngSeg.baseOffset);
  expect(o.firstUncleanableDirtyOffset).toBeGreaterThan(0);

  const txn = makeLog(root, "txn", {});
  fill(txn, 30, 10);
  const open = txn.logEndOffset;
  fill(txn, 30, 10, NOW, 9n); // transaction left open
  txn.roll();
  expect(txn.lastStableOffset).toBe(open);
  const t = cleanableOffsets(txn, undefined, NOW);
  expect(t.firstUncleanableDirtyOffset).toBe(open);
}, 20_000);

test("compact,delete: retention.ms runs through the cleaner; compact alone keeps old segments", async () => {
  const { root, live, cleaner } = setup();
  const both = makeLog(root, "both", { delete: true, retentionMs: 1000, minCleanableDirtyRatio: 1 });
  const only = makeLog(root, "only", { delete: false, retentionMs: 1000, minCleanableDirtyRatio: 1 });
  live.set("both-0", { log: both, dir: root });
  live.set("only-0", { log: only, dir: root });
  fill(both, 100, 100, NOW - 10_000);
  fill(only, 100, 100, NOW - 10_000);
  both.roll();
  only.roll();
  const bothSegs = both.segments.length;
  const onlySegs = only.segments.length;
  expect(await cleaner.runOnce(0, NOW)).toBe(false);
  expect(both.segments.length).toBe(1);
  expect(bothSegs).toBeGreaterThan(1);
  expect(only.segments.length).toBe(onlySegs);
}, 20_000);

test("a truncation aborts a running cleaning; a segment deleted meanwhile voids it", async () => {
  const { root, live, cleaner } = setup();
  const log = makeLog(root, "t", {});
  live.set("t-0", { log, dir: root });
  fill(log, 200, 10);
  log.roll();
  const segs = log.segments.map((s) => s.baseOffset);
  // The inline cleaning starts in a microtask: the truncation comes first and aborts it.
  const p = cleaner.runOnce(0, NOW);
  cleaner.onTruncated(log, root, log.logEndOffset);
  expect(await p).toBe(false);
  expect(log.segments.map((s) => s.baseOffset)).toEqual(segs);
  expect(cleaner.manager.allCleanerCheckpoints().has("t-0")).toBe(false);
  // Retention removes the first segment while a cleaning is on its way: the cleaning is void.
  const q = cleaner.runOnce(0, NOW);
  log.deleteSegments([log.segments[0]!]);
  expect(await q).toBe(false);
  // And the next round cleans.
  expect(await cleaner.runOnce(0, NOW)).toBe(true);
  expect(cleaner.manager.allCleanerCheckpoints().get("t-0")).toBe(log.active.baseOffset);
}, 20_000);

test("log.cleaner.io.max.bytes.per.second: the throttler sleeps the cleaning down to the rate", async () => {
  const { Throttler } = await import("../../../src/storage/cleaner/throttler.ts");
  let now = 0;
  const slept: number[] = [];
  const t = new Throttler(1000, () => now, (ms) => {
    slept.push(ms);
    now += ms;
  });
  // 300 ms pass with 1,000 bytes: 3,333 B/s against 1,000 B/s -> sleep until 1 s has passed.
  now = 300;
  t.maybeThrottle(1000);
  expect(slept).toEqual([700]);
  // Below the rate: no sleep.
  now += 1000;
  t.maybeThrottle(500);
  expect(slept).toEqual([700]);
  // Unthrottled (Kafka's default Double.MAX_VALUE).
  const free = new Throttler(Infinity, () => now, () => slept.push(-1));
  free.maybeThrottle(1e12);
  expect(slept).toEqual([700]);
}, 20_000);

test("log.cleaner.threads: two cleaner loops clean two logs, never the same log at once", async () => {
  const d = tempDir("strand-cleaner-threads-");
  cleanups.push(d.cleanup);
  const live = new Map<string, { log: Log; dir: string }>();
  const cleaner = new LogCleaner({ ...DEFAULT_CLEANER_CONFIG, threads: 2, executor: "inline", dedupeBufferBytes: 1 << 20 }, [d.path], () => live);
  cleanups.push(() => void cleaner.close());
  const a = makeLog(d.path, "a", {});
  const b = makeLog(d.path, "b", {});
  live.set("a-0", { log: a, dir: d.path });
  live.set("b-0", { log: b, dir: d.path });
  fill(a, 100, 5);
  fill(b, 100, 5);
  a.roll();
  b.roll();
  const [r0, r1] = await Promise.all([cleaner.runOnce(0, NOW), cleaner.runOnce(1, NOW)]);
  expect([r0, r1]).toEqual([true, true]);
  expect(cleaner.manager.allCleanerCheckpoints().get("a-0")).toBe(a.active.baseOffset);
  expect(cleaner.manager.allCleanerCheckpoints().get("b-0")).toBe(b.active.baseOffset);
  expect(cleaner.cleanings).toBe(2);
}, 20_000);

test("a dedupe buffer smaller than the dirty keys: each cleaning maps what fits and the checkpoint moves part way", async () => {
  const d = tempDir("strand-cleaner-small-map-");
  cleanups.push(d.cleanup);
  const live = new Map<string, { log: Log; dir: string }>();
  // 24 * 30 bytes: Kafka's 30 slots, 27 keys at load factor 0.9.
  const cleaner = new LogCleaner({ ...DEFAULT_CLEANER_CONFIG, executor: "inline", dedupeBufferBytes: 24 * 30 }, [d.path], () => live);
  cleanups.push(() => void cleaner.close());
  const log = makeLog(d.path, "m", { minCleanableDirtyRatio: 0.01 });
  live.set("m-0", { log, dir: d.path });
  // 100 distinct keys, then each again: the map fills after 27 keys.
  for (let i = 0; i < 200; i++) {
    log.append(buildRecordBatch({ records: [{ key: enc.encode(`k${i % 100}`), value: enc.encode(`v${i}`), timestamp: NOW }] }), { nowMs: NOW });
  }
  log.setHighWatermark(log.logEndOffset);
  log.roll();
  const end = log.active.baseOffset;
  const checkpoints: number[] = [];
  // Bounded: every round moves the checkpoint by the 27 keys the map holds.
  for (let round = 0; round < 20; round++) {
    if (!(await cleaner.runOnce(0, NOW))) break;
    checkpoints.push(cleaner.manager.allCleanerCheckpoints().get("m-0")!);
    if (checkpoints.at(-1)! >= end) break;
  }
  expect(checkpoints[0]).toBe(27);
  for (let i = 1; i < checkpoints.length; i++) expect(checkpoints[i]!).toBeGreaterThan(checkpoints[i - 1]!);
  expect(checkpoints.at(-1)).toBe(end);
  // The latest value of every key, once each.
  const seen = new Map<string, string>();
  let n = 0;
  const dec = new TextDecoder();
  const { RecordBatchView } = await import("../../../src/protocol/records/batch-view.ts");
  const { readFileSync } = await import("node:fs");
  for (const seg of log.segments) {
    const bytes = readFileSync(seg.logPath);
    for (let p = 0; p < bytes.length; ) {
      const v = new RecordBatchView(bytes, p);
      for (const r of v.records()) {
        seen.set(dec.decode(r.key!), dec.decode(r.value!));
        n++;
      }
      p += v.sizeInBytes;
    }
  }
  expect(n).toBe(100);
  for (let k = 0; k < 100; k++) expect(seen.get(`k${k}`)).toBe(`v${100 + k}`);
}, 20_000);
