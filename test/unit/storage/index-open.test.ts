// Opening an index reads its entries, not its file size (issue 20, bug 11): a preallocated 10 MiB index
// left untrimmed by a crash is read up to its first zero entry. And the indexes are checked against
// the segment before they are trusted (bug 10): entries must point at real batch starts.
import { afterAll, expect, test } from "bun:test";
import { closeSync, ftruncateSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { indexFileBytesRead } from "../../../src/storage/index-file.ts";
import { OffsetIndex } from "../../../src/storage/offset-index.ts";
import { LogSegment, sampledEntries } from "../../../src/storage/segment.ts";
import { TimeIndex } from "../../../src/storage/time-index.ts";
import { buildBatch } from "./batch-builder.ts";

const dir = mkdtempSync(join(tmpdir(), "strand-idxopen-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }), 120_000);
const TEN_MIB = 10 * 1024 * 1024;

/** Writes `entries` offset-index entries (rel 10*(i+1), position 100*(i+1)), then zero-extends to size. */
function writeOffsetIndex(path: string, entries: number, size: number): void {
  const b = new Uint8Array(entries * 8);
  const v = new DataView(b.buffer);
  for (let i = 0; i < entries; i++) {
    v.setInt32(i * 8, 10 * (i + 1));
    v.setInt32(i * 8 + 4, 100 * (i + 1));
  }
  const fd = openSync(path, "w");
  writeSync(fd, b);
  ftruncateSync(fd, Math.max(size, b.length));
  closeSync(fd);
}

test("a preallocated index with few entries is read up to its first zero entry, not in full", () => {
  const path = join(dir, "few.index");
  writeOffsetIndex(path, 3, TEN_MIB);
  const before = indexFileBytesRead();
  const idx = OffsetIndex.open(path, 0, TEN_MIB);
  const read = indexFileBytesRead() - before;
  expect(idx.entries).toBe(3);
  expect(idx.damaged).toBe(false);
  expect(idx.entry(2)).toEqual({ offset: 30, position: 300 });
  expect(read).toBeLessThanOrEqual(64 * 1024);
  idx.close();

  const tpath = join(dir, "few.timeindex");
  const t = new Uint8Array(12 * 2);
  const tv = new DataView(t.buffer);
  tv.setBigInt64(0, 1000n);
  tv.setInt32(8, 5);
  tv.setBigInt64(12, 2000n);
  tv.setInt32(20, 9);
  writeFileSync(tpath, t);
  const tfd = openSync(tpath, "r+");
  ftruncateSync(tfd, TEN_MIB - (TEN_MIB % 12));
  closeSync(tfd);
  const b2 = indexFileBytesRead();
  const ti = TimeIndex.open(tpath, 0, TEN_MIB);
  expect(ti.entries).toBe(2);
  expect(ti.lastEntry()).toEqual({ timestamp: 2000, offset: 9 });
  expect(indexFileBytesRead() - b2).toBeLessThanOrEqual(64 * 1024);
  ti.close();
});

test("a full index is read whole across the doubling chunks; a zero entry ends the valid prefix", () => {
  const full = join(dir, "full.index");
  writeOffsetIndex(full, 70_000, 0); // 560,000 bytes: several chunks, the last one short
  const idx = OffsetIndex.open(full, 0, TEN_MIB);
  expect(idx.entries).toBe(70_000);
  expect(idx.entry(69_999)).toEqual({ offset: 700_000, position: 7_000_000 });
  expect(idx.damaged).toBe(false);
  idx.close();

  const holed = join(dir, "holed.index");
  writeOffsetIndex(holed, 9_000, 0);
  const bytes = readFileSync(holed);
  bytes.fill(0, 5_000 * 8, 5_001 * 8); // entry 5000 zeroed: a page the crash lost
  writeFileSync(holed, bytes);
  const h = OffsetIndex.open(holed, 0, TEN_MIB);
  expect(h.entries).toBe(5_000);
  h.close();
});

test("sampled entries: all of a small index, first and last and spread out of a large one", () => {
  expect(sampledEntries(0, 16)).toEqual([]);
  expect(sampledEntries(5, 16)).toEqual([0, 1, 2, 3, 4]);
  const s = sampledEntries(1000, 16);
  expect(s.length).toBe(16);
  expect(s[0]).toBe(0);
  expect(s[s.length - 1]).toBe(999);
});

test("checkIndexes refuses entries that do not point at batch starts; checkTail finds a torn last batch", () => {
  const sdir = mkdtempSync(join(dir, "seg-"));
  const settings = { indexIntervalBytes: 0, maxIndexBytes: 1024 * 1024 };
  const seg = LogSegment.open(sdir, 0, settings, 0);
  let next = 0;
  for (let i = 0; i < 6; i++) {
    const b = buildBatch([{ value: new Uint8Array(200).fill(i) }, { value: new Uint8Array(10) }], { baseOffset: next, baseTimestamp: 1000 + i });
    seg.append(b, [{ lastOffset: next + 1, sizeBytes: b.length, maxTimestamp: 1000 + i }]);
    next += 2;
  }
  expect(seg.offsetIndex.entries).toBeGreaterThan(2);
  expect(seg.checkIndexes(Infinity)).toBeNull();
  expect(seg.checkTail(1 << 30)).toBeNull();
  expect(seg.checkIndexes(next - 1)).toMatch(/not below the next segment's base/);
  seg.close();

  // Positions moved by 3 bytes: well-formed, wrong.
  const idxPath = join(sdir, "00000000000000000000.index");
  const raw = readFileSync(idxPath);
  const v = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  for (let p = 0; p + 8 <= raw.length; p += 8) v.setInt32(p + 4, v.getInt32(p + 4) + 3);
  writeFileSync(idxPath, raw);
  const reopened = LogSegment.open(sdir, 0, settings, 0);
  expect(reopened.checkIndexes(Infinity)).toMatch(/no batch starts there|base offset/);
  reopened.close();

  // A torn last batch: half of a batch appended after the valid ones.
  rmSync(idxPath);
  const torn = buildBatch([{ value: new Uint8Array(300) }], { baseOffset: next });
  const fd = openSync(join(sdir, "00000000000000000000.log"), "a");
  writeSync(fd, torn.subarray(0, 100));
  closeSync(fd);
  const tornSeg = LogSegment.open(sdir, 0, settings, 0);
  expect(tornSeg.checkTail(1 << 30)).toMatch(/runs past/);
  tornSeg.close();
});
