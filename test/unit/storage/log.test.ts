import { afterEach, describe, expect, test } from "bun:test";
import { readdirSync, statSync, truncateSync, openSync, writeSync, readSync, closeSync } from "node:fs";
import { join } from "node:path";
import { makeLogConfig } from "../../../src/storage/log-config.ts";
import type { LogConfig } from "../../../src/storage/log-config.ts";
import { loadLog } from "../../../src/storage/recovery.ts";
import type { LoadStats } from "../../../src/storage/recovery.ts";
import type { Log } from "../../../src/storage/log.ts";
import { CorruptRecordError, InvalidBatchError, OffsetOutOfRangeError } from "../../../src/storage/errors.ts";
import { batchesIn, readSlice, tempDir } from "./helpers.ts";
import { valuesBatch } from "./batch-builder.ts";

const tp = { topic: "t", partition: 0 };
let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
}, 120_000);

function open(dir: string, config: LogConfig, clean = true, recoveryPoint = 0, stats?: LoadStats): Log {
  const log = loadLog(dir, tp, config, { recoveryPoint, logStartOffset: 0, highWatermark: 0, cleanShutdown: clean }, stats);
  cleanups.unshift(() => log.closeNow());
  return log;
}

function fresh(config: Partial<LogConfig> = {}): { dir: string; log: Log; config: LogConfig } {
  const d = tempDir();
  cleanups.push(d.cleanup);
  const c = makeLogConfig(config);
  return { dir: d.path, log: open(d.path, c), config: c };
}

function readAll(log: Log, from = log.logStartOffset): { baseOffset: number; lastOffset: number }[] {
  const out: { baseOffset: number; lastOffset: number }[] = [];
  let next = from;
  for (let i = 0; i < 100_000 && next < log.logEndOffset; i++) {
    const r = log.read(next, 1 << 20);
    if (!r.slice) break;
    const bs = batchesIn(readSlice(r.slice));
    for (const b of bs) if (b.lastOffset >= next) out.push(b);
    next = bs[bs.length - 1]!.lastOffset + 1;
  }
  return out;
}

describe("Log append and read", () => {
  test("assigns offsets, rewrites base offsets, reads back file slices", () => {
    const { log } = fresh();
    const r1 = log.append(valuesBatch(3, 100, 1, { baseOffset: 999 }));
    const r2 = log.append(valuesBatch(2, 100, 2));
    expect([r1.firstOffset, r1.lastOffset, r2.firstOffset, r2.lastOffset]).toEqual([0, 2, 3, 4]);
    expect(log.logEndOffset).toBe(5);
    const r = log.read(4, 1 << 20);
    expect(r.slice).not.toBeNull();
    const bytes = readSlice(r.slice!);
    expect(batchesIn(bytes)).toEqual([{ baseOffset: 3, lastOffset: 4, position: 0, size: bytes.length }]);
    expect(r.slice!.firstBatchBaseOffset).toBe(3);
    expect(log.read(5, 100).slice).toBeNull();
    expect(() => log.read(6, 100)).toThrow(OffsetOutOfRangeError);
  });

  test("rejects malformed input before writing anything", () => {
    const { log } = fresh();
    const good = valuesBatch(2, 10);
    const bad = valuesBatch(2, 10);
    bad[70] ^= 0xff;
    expect(() => log.append(new Uint8Array([...good, ...bad]))).toThrow(InvalidBatchError);
    expect(log.logEndOffset).toBe(0);
    expect(log.active.sizeBytes).toBe(0);
  });

  test("a batch larger than segment.bytes is refused", () => {
    const { log } = fresh({ segmentBytes: 1000 });
    expect(() => log.append(valuesBatch(2, 600))).toThrow(/exceeds segment.bytes 1000/);
  });

  test("reads up to the high watermark and by maxBytes", () => {
    const { log } = fresh();
    for (let i = 0; i < 10; i++) log.append(valuesBatch(1, 100, i));
    log.setHighWatermark(4);
    const r = log.read(0, 1 << 20, "highWatermark");
    expect(batchesIn(readSlice(r.slice!)).map((b) => b.baseOffset)).toEqual([0, 1, 2, 3]);
    expect(log.read(4, 1 << 20, "highWatermark").slice).toBeNull();
    // maxBytes smaller than a batch still returns the whole first batch.
    const one = log.read(0, 1);
    expect(batchesIn(readSlice(one.slice!)).length).toBe(1);
  });

  test("a maxBytes cut inside the data ends on a batch boundary the index knows (no partial batch)", () => {
    // Batches of ~1.1 KB, an index entry every 4 KiB of data: some batches are indexed, some not.
    const { log } = fresh({ indexIntervalBytes: 4096 });
    for (let i = 0; i < 40; i++) log.append(valuesBatch(1, 1000 + (i % 5) * 40, i));
    const sizes = batchesIn(readSlice(log.read(0, 1 << 20).slice!)).map((b) => b.size);
    expect(sizes.length).toBe(40);
    for (const maxBytes of [1500, 5000, 9999, 20_000, 33_333]) {
      for (const from of [0, 3, 17]) {
        const bytes = readSlice(log.read(from, maxBytes).slice!);
        const whole = batchesIn(bytes);
        // Only whole batches, starting at `from`, no trailing partial batch.
        expect(whole[0]!.baseOffset).toBe(from);
        expect(whole.reduce((n, b) => n + b.size, 0)).toBe(bytes.length);
        expect(bytes.length).toBeLessThanOrEqual(Math.max(maxBytes, sizes[from]!));
        // Short of the limit by less than the gap between two index entries (interval + one batch) + one batch.
        expect(bytes.length).toBeGreaterThan(Math.min(maxBytes, sizes.slice(from).reduce((a, n) => a + n, 0)) - 4096 - 2 * 1300);
      }
    }
    // Up to the log end there is no cut: everything is returned.
    expect(batchesIn(readSlice(log.read(30, 1 << 20).slice!)).length).toBe(10);
  });

  test("rolls on segment.bytes, keeps sparse indexes that Kafka's layout expects", () => {
    const { log, dir, config } = fresh({ segmentBytes: 20_000, indexIntervalBytes: 1000 });
    for (let i = 0; i < 100; i++) log.append(valuesBatch(2, 500, i));
    expect(log.segments.length).toBeGreaterThan(4);
    expect(readAll(log).length).toBe(100);
    for (let i = 0; i < log.segments.length - 1; i++) {
      const s = log.segments[i]!;
      expect(s.offsetIndex.entries).toBeGreaterThan(0);
      expect(statSync(s.offsetIndex.path).size).toBe(s.offsetIndex.entries * 8); // trimmed on roll
      expect(statSync(s.timeIndex.path).size).toBe(s.timeIndex.entries * 12);
    }
    expect(statSync(log.active.offsetIndex.path).size).toBe(Math.floor(config.segmentIndexBytes / 8) * 8); // preallocated
    const names = readdirSync(dir);
    expect(names).toContain("00000000000000000000.log");
    expect(names.filter((n) => n.endsWith(".log")).every((n) => /^\d{20}\.log$/.test(n))).toBe(true);
    // No aborted transaction: no .txnindex, as Kafka (it creates one with a segment's first abort).
    expect(names.filter((n) => n.endsWith(".txnindex"))).toEqual([]);
    // Every index entry points at a batch start whose last offset is the entry's offset.
    for (const s of log.segments) {
      for (let i = 0; i < s.offsetIndex.entries; i++) {
        const e = s.offsetIndex.entry(i);
        const at = s.translateOffset(e.offset);
        expect(at!.position).toBe(e.position);
        expect(at!.lastOffset).toBe(e.offset);
      }
    }
  });

  test("clean close and reopen keeps everything", async () => {
    const { log, dir, config } = fresh({ segmentBytes: 20_000, indexIntervalBytes: 1000 });
    for (let i = 0; i < 50; i++) log.append(valuesBatch(2, 500, i));
    const before = readAll(log);
    await log.close();
    const again = open(dir, config, true, log.recoveryPoint);
    expect(again.logEndOffset).toBe(100);
    expect(readAll(again)).toEqual(before);
    again.append(valuesBatch(1, 10));
    expect(again.logEndOffset).toBe(101);
  });

  test("offset lookup by timestamp", () => {
    const { log } = fresh({ indexIntervalBytes: 100 });
    for (let i = 0; i < 20; i++) log.append(valuesBatch(5, 50, i, { baseTimestamp: 1000 + i * 10 }));
    // Batch i covers timestamps 1000+10i .. 1000+10i+4, offsets 5i .. 5i+4.
    expect(log.offsetForTimestamp(1000)).toEqual({ offset: 0, timestamp: 1000 });
    expect(log.offsetForTimestamp(1052)).toEqual({ offset: 27, timestamp: 1052 });
    expect(log.offsetForTimestamp(1056)).toEqual({ offset: 30, timestamp: 1060 });
    expect(log.offsetForTimestamp(5000)).toBeNull();
  });
});

describe("Log recovery", () => {
  async function writeUnclean(config: Partial<LogConfig> = {}): Promise<{ dir: string; config: LogConfig; total: number }> {
    const { log, dir, config: c } = fresh({ segmentBytes: 30_000, indexIntervalBytes: 500, ...config });
    for (let i = 0; i < 60; i++) log.append(valuesBatch(3, 300, i));
    await log.flush();
    log.closeNow();
    return { dir, config: c, total: 180 };
  }

  for (let trial = 0; trial < 12; trial++) test(`cut at a random byte (trial ${trial}): recovers to the last whole batch`, async () => {
    const { dir, config } = await writeUnclean();
    const logs = readdirSync(dir).filter((n) => n.endsWith(".log")).sort();
    const last = join(dir, logs[logs.length - 1]!);
    const size = statSync(last).size;
    const cut = 1 + Math.floor(Math.random() * (size - 2));
    truncateSync(last, cut);
    const stats = { segmentsRecovered: 0, bytesTruncated: 0, segmentsDeleted: 0 };
    const log = open(dir, config, false, 0, stats);
    const all = readAll(log);
    expect(all.length).toBeGreaterThan(0);
    expect(all[all.length - 1]!.lastOffset + 1).toBe(log.logEndOffset);
    expect(log.logEndOffset).toBeLessThan(180);
    for (let i = 1; i < all.length; i++) expect(all[i]!.baseOffset).toBe(all[i - 1]!.lastOffset + 1);
    expect(stats.segmentsRecovered).toBe(logs.length);
    log.append(valuesBatch(1, 10));
    expect(readAll(log).length).toBe(all.length + 1);
  });

  test("bytes flipped in the last batch: that batch goes, the rest stays", async () => {
    const { dir, config } = await writeUnclean();
    const logs = readdirSync(dir).filter((n) => n.endsWith(".log")).sort();
    const last = join(dir, logs[logs.length - 1]!);
    const size = statSync(last).size;
    const fd = openSync(last, "r+");
    const b = new Uint8Array(1);
    const at = size - 1 - Math.floor(Math.random() * 900); // inside the last batch (> 900 bytes)
    readSync(fd, b, 0, 1, at);
    b[0] ^= 0x5a;
    writeSync(fd, b, 0, 1, at);
    closeSync(fd);
    const log = open(dir, config, false);
    expect(log.logEndOffset).toBe(177);
    expect(readAll(log).length).toBe(59);
  });

  test("corruption in the middle takes the partition offline, naming file and position", async () => {
    const { dir, config } = await writeUnclean();
    const first = join(dir, "00000000000000000000.log");
    const fd = openSync(first, "r+");
    const b = new Uint8Array(1);
    readSync(fd, b, 0, 1, 2000);
    b[0] ^= 0xff;
    writeSync(fd, b, 0, 1, 2000);
    closeSync(fd);
    let err: unknown;
    try {
      open(dir, config, false);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(CorruptRecordError);
    const c = err as CorruptRecordError;
    expect(c.file).toBe(first);
    expect(c.position).toBeLessThanOrEqual(2000);
    expect(c.message).toContain(first);
    // Nothing was dropped.
    expect(statSync(first).size).toBeGreaterThan(2000);
  });

  test("damaged index is rebuilt even on a clean open", async () => {
    const { dir, config } = await writeUnclean();
    const idx = join(dir, "00000000000000000000.index");
    const fd = openSync(idx, "r+");
    writeSync(fd, new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]), 0, 12, 0);
    closeSync(fd);
    const log = open(dir, config, true, 180);
    expect(readAll(log).length).toBe(60);
  });
});
