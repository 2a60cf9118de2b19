import { afterEach, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { OffsetIndex } from "../../../src/storage/offset-index.ts";
import { TimeIndex } from "../../../src/storage/time-index.ts";
import { valuesBatch } from "./batch-builder.ts";
import { tempDir, TempLogs } from "./helpers.ts";

const logs = new TempLogs("s");
afterEach(logs.cleanup, 120_000);
const fresh = logs.fresh;

test("rolls on segment.ms, counted from the first batch's timestamp", () => {
  const log = fresh({ segmentMs: 1000 });
  log.append(valuesBatch(1, 10, 0, { baseTimestamp: 10_000 }));
  log.append(valuesBatch(1, 10, 0, { baseTimestamp: 10_900 }));
  expect(log.segments.length).toBe(1);
  log.append(valuesBatch(1, 10, 0, { baseTimestamp: 11_001 }));
  expect(log.segments.map((s) => s.baseOffset)).toEqual([0, 2]);
});

test("rolls when the offset index is full", () => {
  const log = fresh({ segmentIndexBytes: 8 * 4, indexIntervalBytes: 0 });
  for (let i = 0; i < 20; i++) log.append(valuesBatch(1, 10, i));
  expect(log.segments.length).toBeGreaterThan(3);
  for (const s of log.segments) expect(s.offsetIndex.entries).toBeLessThanOrEqual(4);
});

test("rolls when an offset no longer fits 32 bits relative to the segment base", () => {
  const log = fresh();
  log.append(valuesBatch(1, 10, 0, { baseOffset: 0 }), { assignOffsets: false });
  log.append(valuesBatch(1, 10, 0, { baseOffset: 2 ** 31 + 5 }), { assignOffsets: false });
  expect(log.segments.map((s) => s.baseOffset)).toEqual([0, 2 ** 31 + 5]);
  expect(log.logEndOffset).toBe(2 ** 31 + 6);
  expect(log.read(2 ** 31 + 5, 100).slice!.firstBatchBaseOffset).toBe(2 ** 31 + 5);
});

test("index files: preallocated, trailing zeros of a crash are ignored, trim on close", () => {
  const d = tempDir();
  logs.track(d.cleanup);
  const path = `${d.path}/00000000000000000100.index`;
  const idx = OffsetIndex.open(path, 100, 8 * 1000);
  idx.preallocate(8 * 1000);
  idx.append(105, 0);
  idx.append(110, 4096);
  expect(statSync(path).size).toBe(8000);
  // Entries are gathered in memory until a flush (or 128 of them): the file has none yet.
  expect(OffsetIndex.open(path, 100, 8 * 1000).lookup(107)).toEqual({ offset: 100, position: 0 });
  idx.sync();
  // Reopen without a trim (a crash after that flush): two entries, not damaged.
  const again = OffsetIndex.open(path, 100, 8 * 1000);
  expect(again.entries).toBe(2);
  expect(again.damaged).toBe(false);
  expect(again.lookup(107)).toEqual({ offset: 105, position: 0 });
  expect(again.lookup(99)).toEqual({ offset: 100, position: 0 });
  again.close();
  idx.truncateTo(110);
  expect(idx.entries).toBe(1);
  idx.close();
  expect(statSync(path).size).toBe(8);

  const tpath = `${d.path}/00000000000000000100.timeindex`;
  const t = TimeIndex.open(tpath, 100, 12 * 10);
  t.maybeAppend(1000, 101);
  t.maybeAppend(900, 102); // not above the last timestamp: skipped
  t.maybeAppend(2000, 103);
  expect(t.entries).toBe(2);
  expect(t.lookup(1500)).toEqual({ timestamp: 1000, offset: 101 });
  expect(t.lookup(10)).toEqual({ timestamp: -1, offset: 100 });
  t.close();
  expect(statSync(tpath).size).toBe(24);

  // More than one batch of pending entries, then a close: every entry on disk, in order.
  const mpath = `${d.path}/00000000000000000000.index`;
  const many = OffsetIndex.open(mpath, 0, 8 * 1000);
  many.preallocate(8 * 1000);
  for (let i = 0; i < 300; i++) many.append(i * 3 + 2, i * 5000);
  // 256 written by the two full batches of 128, the last 44 still pending.
  expect(OffsetIndex.open(mpath, 0, 8 * 1000).entries).toBe(256);
  many.close();
  const back = OffsetIndex.open(mpath, 0, 8 * 1000);
  expect(back.entries).toBe(300);
  expect(back.damaged).toBe(false);
  expect(back.entry(299)).toEqual({ offset: 299 * 3 + 2, position: 299 * 5000 });
  back.close();
});
