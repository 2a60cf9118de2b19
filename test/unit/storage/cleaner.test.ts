// The log cleaner on a log in a temp dir: seeded random keyed workloads (tombstones, null values,
// headers, every codec, idempotent and transactional producers, committed and aborted transactions)
// cleaned and checked against a model of "latest value per key"; the offset map; .cleaned/.swap
// crash recovery at the file level.
import { afterEach, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RecordBatchView } from "../../../src/protocol/records/batch-view.ts";
import { buildRecordBatch } from "../../../src/protocol/records/builder.ts";
import { buildEndTxnMarkerBatch } from "../../../src/protocol/records/control-batch.ts";
import { SkimpyOffsetMap } from "../../../src/storage/cleaner/offset-map.ts";
import { LogCleaner, DEFAULT_CLEANER_CONFIG } from "../../../src/storage/cleaner/log-cleaner.ts";
import { CLEANER_OFFSET_CHECKPOINT } from "../../../src/storage/cleaner/log-cleaner-manager.ts";
import { readOffsetCheckpoint } from "../../../src/storage/checkpoint-file.ts";
import type { Log } from "../../../src/storage/log.ts";
import { makeLogConfig } from "../../../src/storage/log-config.ts";
import { loadLog } from "../../../src/storage/recovery.ts";
import { tempDir } from "./helpers.ts";
import { seededRandom as rng } from "../../support/seeded-random.ts";

const NOW = 1_700_000_000_000;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
}, 120_000);
const enc = new TextEncoder();
const dec = new TextDecoder();

const config = makeLogConfig({ segmentBytes: 2048, compact: true, delete: false, deleteRetentionMs: 0, minCleanableDirtyRatio: 0.01, fileDeleteDelayMs: 0 });

function open(dir: string, clean = true): Log {
  const log = loadLog(dir, { topic: "t", partition: 0 }, config, { recoveryPoint: clean ? Number.MAX_SAFE_INTEGER : 0, logStartOffset: 0, highWatermark: Number.MAX_SAFE_INTEGER, cleanShutdown: clean, nowMs: NOW });
  cleanups.push(() => log.closeNow());
  return log;
}

function cleanerFor(log: Log, dir: string): LogCleaner {
  const live = new Map([["t-0", { log, dir }]]);
  const c = new LogCleaner({ ...DEFAULT_CLEANER_CONFIG, executor: "inline", dedupeBufferBytes: 1 << 20 }, [dir], () => live);
  cleanups.push(() => void c.close());
  return c;
}

interface Rec {
  offset: number;
  key: string | null;
  value: string | null;
  headers: string[];
  headerValues: string[];
  producerId: bigint;
  control: boolean;
  batchBase: number;
}

function readAll(log: Log): { recs: Rec[]; batches: Array<{ base: number; last: number; producerId: bigint; seq: number; count: number; control: boolean; attrs: number; baseTs: bigint }> } {
  const recs: Rec[] = [];
  const batches = [];
  for (const seg of log.segments) {
    const bytes = readFileSync(seg.logPath);
    let p = 0;
    while (p < bytes.length) {
      const v = new RecordBatchView(bytes, p);
      v.assertValid({ strictRecordCount: false });
      batches.push({ base: Number(v.baseOffset), last: Number(v.lastOffset), producerId: v.producerId, seq: v.baseSequence, count: v.recordCount, control: v.isControl, attrs: v.attributes, baseTs: v.baseTimestamp });
      for (const r of v.records()) {
        recs.push({ offset: Number(r.offset), key: r.key && dec.decode(r.key), value: r.value && dec.decode(r.value), headers: r.headers.map((h) => dec.decode(h.key)), headerValues: r.headers.map((h) => (h.value ? dec.decode(h.value) : "")), producerId: v.producerId, control: v.isControl, batchBase: Number(v.baseOffset) });
      }
      p += v.sizeInBytes;
    }
  }
  return { recs, batches };
}

/** A seeded workload; returns the model (latest committed value per key, null = tombstone). */
function workload(log: Log, seed: number, batches: number): { model: Map<string, string | null>; lastSeq: number } {
  const r = rng(seed);
  // Latest offset wins: a committed transaction's records count at their offsets, not at the marker's.
  const at = new Map<string, { offset: number; value: string | null }>();
  const model = new Map<string, string | null>();
  const set = (k: string, e: { offset: number; value: string | null }): void => {
    if ((at.get(k)?.offset ?? -1) < e.offset) at.set(k, e);
  };
  let seq = 0;
  let txnSeq = 0;
  let txnOpen: Map<string, { offset: number; value: string | null }> | null = null;
  const keys = 40;
  for (let b = 0; b < batches; b++) {
    const kind = r();
    if (txnOpen && kind < 0.15) {
      const commit = r() < 0.5;
      log.append(buildEndTxnMarkerBatch({ producerId: 2000n, producerEpoch: 0, coordinatorEpoch: 0, result: commit ? "COMMIT" : "ABORT", timestampMs: NOW }), { nowMs: NOW });
      if (commit) for (const [k, v] of txnOpen) set(k, v);
      txnOpen = null;
      log.setHighWatermark(log.logEndOffset);
      continue;
    }
    const n = 1 + Math.floor(r() * 4);
    const transactional = kind > 0.75;
    const idempotent = !transactional && kind > 0.4;
    const records = Array.from({ length: n }, (_, i) => {
      const k = `k${Math.floor(r() * keys)}`;
      const tomb = r() < 0.15;
      const v = tomb ? null : `v${b}-${i}-${Math.floor(r() * 1e6)}`;
      return { key: enc.encode(k), value: v === null ? null : enc.encode(v), headers: v !== null && r() < 0.3 ? [{ key: "h", value: enc.encode(v) }] : [], timestamp: NOW + b, k, v };
    });
    const compression = Math.floor(r() * 5);
    const batch = buildRecordBatch({
      records,
      compression,
      ...(transactional ? { producerId: 2000n, producerEpoch: 0, baseSequence: txnSeq, isTransactional: true } : idempotent ? { producerId: 1000n, producerEpoch: 0, baseSequence: seq } : {}),
    });
    if (transactional) {
      txnSeq += n;
      txnOpen ??= new Map();
    } else if (idempotent) seq += n;
    const base = log.append(batch, { nowMs: NOW }).firstOffset;
    records.forEach((x, i) => {
      const e = { offset: base + i, value: x.v };
      if (transactional) txnOpen!.set(x.k, e);
      else set(x.k, e);
    });
    log.setHighWatermark(log.logEndOffset);
  }
  if (txnOpen) {
    log.append(buildEndTxnMarkerBatch({ producerId: 2000n, producerEpoch: 0, coordinatorEpoch: 0, result: "ABORT", timestampMs: NOW }), { nowMs: NOW });
    log.setHighWatermark(log.logEndOffset);
  }
  for (const [k, e] of at) model.set(k, e.value);
  return { model, lastSeq: seq - 1 };
}

function latestSeen(recs: Rec[]): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const r of recs) if (!r.control && r.key !== null) out.set(r.key, r.value);
  return out;
}

test("offset map: latest offset per key, bounded by Kafka's slots", () => {
  const m = new SkimpyOffsetMap(24 * 100);
  expect(m.slots).toBe(100);
  for (let i = 0; i < 90; i++) m.put(enc.encode(`k${i % 30}`), i);
  expect(m.size).toBe(30);
  expect(m.get(enc.encode("k0"))).toBe(60);
  expect(m.get(enc.encode("k29"))).toBe(89);
  expect(m.get(enc.encode("nope"))).toBe(-1);
  expect(m.latestOffset).toBe(89);
  m.updateLatestOffset(120);
  expect(m.latestOffset).toBe(120);
  for (let i = 0; i < 60; i++) m.put(enc.encode(`x${i}`), 200 + i);
  expect(m.get(enc.encode("x5"))).toBe(205);
  m.clear();
  expect(m.size).toBe(0);
  expect(m.get(enc.encode("x5"))).toBe(-1);
}, 10_000);

test("cleaning a random keyed workload keeps exactly the latest value per key; tombstones go on a later pass", async () => {
  const seed = Number(process.env.STRAND_TEST_SEED ?? Date.now() % 100000);
  console.log(`cleaner workload seed=${seed}`);
  const d = tempDir("strand-cleaner-");
  cleanups.push(d.cleanup);
  const dir = join(d.path, "t-0");
  mkdirSync(dir);
  const log = open(dir);
  const { model, lastSeq } = workload(log, seed, 300);
  log.roll();
  log.setHighWatermark(log.logEndOffset);
  const end = log.logEndOffset;
  const before = readAll(log);
  const cleaner = cleanerFor(log, d.path);
  expect(await cleaner.runOnce(0, NOW + 1000)).toBe(true);
  await cleaner.manager.flushed();
  // The checkpoint: Kafka's file, at the end of the cleaned range.
  const cp = readOffsetCheckpoint(join(d.path, CLEANER_OFFSET_CHECKPOINT));
  expect(cp.get("t-0")?.offset).toBe(end);
  let after = readAll(log);
  if (process.env.DBG) {
    const mx = (x: Rec[]) => Math.max(...x.map((r) => r.offset));
    console.log("before", before.recs.length, mx(before.recs), "after", after.recs.length, mx(after.recs), "segs", log.segments.map((s) => `${s.baseOffset}:${s.sizeBytes}`).join(" "));
    const seen = latestSeen(after.recs);
    const bad = [...new Set([...model.keys(), ...seen.keys()])].filter((x) => model.get(x) !== seen.get(x));
    const k = bad[0] ?? [...model.keys()][0]!;
    console.log(k, model.get(k), before.recs.filter((r) => r.key === k).map((r) => `${r.offset}=${r.value}/${r.producerId}`).join(" "), "AFTER", after.recs.filter((r) => r.key === k).map((r) => `${r.offset}=${r.value}`).join(" "));
  }
  // Offsets increasing, the log end unchanged, the last offset kept.
  for (let i = 1; i < after.batches.length; i++) expect(after.batches[i]!.base).toBeGreaterThan(after.batches[i - 1]!.last);
  expect(log.logEndOffset).toBe(end);
  expect(after.batches[after.batches.length - 1]!.last).toBe(end - 1);
  // Each key at most once; no aborted record; what is seen is the model (tombstones still there).
  const data = after.recs.filter((r) => !r.control);
  expect(new Set(data.map((r) => r.key)).size).toBe(data.length);
  expect(latestSeen(after.recs)).toEqual(model);
  expect(after.recs.length).toBeLessThan(before.recs.length);
  // Headers survive the rewrite (a record's header holds its own value).
  const withHeaders = after.recs.filter((r) => r.headers.length > 0);
  for (const r of withHeaders) expect([r.headers, r.headerValues]).toEqual([["h"], [r.value!]]);
  // Producer 1000's last batch (its sequence) survives.
  const last1000 = after.batches.filter((b) => b.producerId === 1000n).at(-1);
  if (lastSeq >= 0) expect(last1000!.seq + (last1000!.last - last1000!.base)).toBe(lastSeq);
  // Tombstones carry the delete horizon now (attribute 0x40, base timestamp = now + delete.retention.ms).
  const tombBatches = new Set(after.recs.filter((r) => r.value === null && !r.control).map((r) => r.batchBase));
  for (const b of after.batches.filter((x) => tombBatches.has(x.base))) {
    expect(b.attrs & 0x40).toBe(0x40);
    expect(b.baseTs).toBe(BigInt(NOW + 1000));
  }
  // Second pass after the horizon: tombstones are gone; the model without them.
  log.roll();
  cleaner.manager.updateCheckpoint(d.path, log.tp, 0);
  expect(await cleaner.runOnce(0, NOW + 2000)).toBe(true);
  after = readAll(log);
  const live = new Map([...model].filter(([, v]) => v !== null));
  expect(latestSeen(after.recs)).toEqual(live);
  // Recovery from the data alone (no clean shutdown) reads the cleaned log back the same, with the producer state.
  const seqBefore = log.producers.get(1000n)?.lastBatches.at(-1);
  log.closeNow();
  const again = open(dir, false);
  expect(latestSeen(readAll(again).recs)).toEqual(live);
  expect(again.logEndOffset).toBe(end);
  if (seqBefore) expect(again.producers.get(1000n)?.lastBatches.at(-1)?.lastSequence).toBe(seqBefore.lastSequence);
}, 30_000);

test("crash recovery: .cleaned files are deleted, a complete .swap replaces the segments it covers", async () => {
  const d = tempDir("strand-cleaner-swap-");
  cleanups.push(d.cleanup);
  const dir = join(d.path, "t-0");
  mkdirSync(dir);
  let log = open(dir);
  const { model } = workload(log, 7, 120);
  log.roll();
  log.setHighWatermark(log.logEndOffset);
  const segsBefore = log.segments.map((s) => s.baseOffset);
  expect(segsBefore.length).toBeGreaterThan(3);
  // A cleaning that produced its .cleaned files, then a crash before the swap: all of it goes.
  const cleaner = cleanerFor(log, d.path);
  const ltc = cleaner.manager.grabFilthiestCompactedLog(NOW)!;
  const { cleanLog } = await import("../../../src/storage/cleaner/cleaner.ts");
  const task = (cleaner as unknown as { buildTask: (l: typeof ltc, n: number) => { task: Parameters<typeof cleanLog>[0] } }).buildTask(ltc, NOW);
  const result = cleanLog(task.task);
  expect(result.groups.length).toBeGreaterThan(0);
  const g = result.groups[0]!;
  expect(existsSync(join(dir, `${String(g.baseOffset).padStart(20, "0")}.log.cleaned`))).toBe(true);
  // Save the cleaned files, then "crash": reload.
  const stem = join(dir, String(g.baseOffset).padStart(20, "0"));
  const saved = new Map<string, Buffer>();
  for (const s of [".log", ".index", ".timeindex", ".txnindex"]) if (existsSync(stem + s + ".cleaned")) saved.set(s, readFileSync(stem + s + ".cleaned"));
  log.closeNow();
  log = open(dir, false);
  expect(readdirSync(dir).some((n) => n.endsWith(".cleaned"))).toBe(false);
  expect(log.segments.map((s) => s.baseOffset)).toEqual(segsBefore);
  const fullBefore = latestSeen(readAll(log).recs);
  log.closeNow();
  // A .log.swap with an index still .cleaned: the swap had not started; it is deleted.
  writeFileSync(stem + ".log.swap", saved.get(".log")!);
  writeFileSync(stem + ".index.cleaned", saved.get(".index") ?? new Uint8Array());
  log = open(dir, false);
  expect(readdirSync(dir).some((n) => n.endsWith(".swap") || n.endsWith(".cleaned"))).toBe(false);
  expect(log.segments.map((s) => s.baseOffset)).toEqual(segsBefore);
  log.closeNow();
  // All files .swap (the old segments not yet renamed .deleted): the swap completes.
  for (const [s, b] of saved) writeFileSync(stem + s + ".swap", b);
  log = open(dir, false);
  expect(readdirSync(dir).some((n) => n.endsWith(".swap"))).toBe(false);
  const covered = g.sources.slice(1);
  for (const b of covered) expect(log.segments.some((s) => s.baseOffset === b)).toBe(false);
  expect(latestSeen(readAll(log).recs)).toEqual(fullBefore);
  void model;
  log.closeNow();
}, 30_000);

test("transactions as Kafka's cleaner: aborted data goes, a producer's last batch stays empty, markers go only after their transaction's batches and the delete horizon", async () => {
  const d = tempDir("strand-cleaner-txn-");
  cleanups.push(d.cleanup);
  const dir = join(d.path, "t-0");
  mkdirSync(dir);
  const log = open(dir);
  const kv = (k: string, v: string) => ({ key: enc.encode(k), value: enc.encode(v), timestamp: NOW });
  const txnData = (pid: bigint, k: string, v: string) => log.append(buildRecordBatch({ records: [kv(k, v)], producerId: pid, producerEpoch: 0, baseSequence: 0, isTransactional: true }), { nowMs: NOW });
  const mark = (pid: bigint, result: "COMMIT" | "ABORT") => log.append(buildEndTxnMarkerBatch({ producerId: pid, producerEpoch: 0, coordinatorEpoch: 0, result, timestampMs: NOW }), { nowMs: NOW });
  txnData(5n, "a", "1"); // 0
  mark(5n, "ABORT"); // 1
  txnData(6n, "b", "2"); // 2
  mark(6n, "COMMIT"); // 3
  log.append(buildRecordBatch({ records: [kv("a", "3")] }), { nowMs: NOW }); // 4
  log.append(buildRecordBatch({ records: [kv("b", "4")] }), { nowMs: NOW }); // 5
  const layout = (): string[] =>
    readAll(log).batches.map((b) => {
      const recs = readAll(log).recs.filter((r) => r.batchBase === b.base);
      const kind = b.control ? (recs.length === 0 ? "empty-control" : recs[0]!.key === null ? "marker" : "marker") : b.count === 0 ? "empty" : recs.map((r) => `${r.key}=${r.value}`).join(",");
      return `${b.base}:${kind}${b.attrs & 0x40 ? "+horizon" : ""}`;
    });
  const cleaner = cleanerFor(log, d.path);
  const pass = async (nowMs: number): Promise<void> => {
    log.roll();
    log.setHighWatermark(log.logEndOffset);
    cleaner.manager.updateCheckpoint(d.path, log.tp, 0);
    expect(await cleaner.runOnce(0, nowMs)).toBe(true);
  };
  await pass(NOW + 10);
  // Both producers are active: their last data batches stay, empty; both markers stay (their
  // transactions' batches were seen); the abort's .txnindex entry moves to the cleaned segment.
  expect(layout()).toEqual(["0:empty", "1:marker", "2:empty", "3:marker", "4:a=3", "5:b=4"]);
  expect(log.collectAbortedTransactions(0, log.logEndOffset).map((t) => [t.producerId, t.firstOffset, t.lastOffset])).toEqual([[5n, 0, 1]]);
  // The producers expire: their empty batches go; the markers stay one more pass (their batches were seen).
  log.producers.removeExpiredProducers(NOW + 10 * 86_400_000);
  await pass(NOW + 20);
  expect(layout()).toEqual(["1:marker", "3:marker", "4:a=3", "5:b=4"]);
  // No batch of either transaction left: the markers get a delete horizon (now + delete.retention.ms = now).
  await pass(NOW + 30);
  expect(layout()).toEqual(["1:marker+horizon", "3:marker+horizon", "4:a=3", "5:b=4"]);
  expect(log.collectAbortedTransactions(0, log.logEndOffset)).toEqual([]);
  // Past the horizon: the markers go.
  await pass(NOW + 40);
  expect(layout()).toEqual(["4:a=3", "5:b=4"]);
}, 30_000);
