// Opening an index reads its entries, not its file size (issue 20, bug 11): a preallocated 10 MiB index
// left untrimmed by a crash is read up to its first zero entry.
import { afterAll, expect, test } from "bun:test";
import { closeSync, ftruncateSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { indexFileBytesRead } from "../../../src/storage/index-file.ts";
import { OffsetIndex } from "../../../src/storage/offset-index.ts";
import { TimeIndex } from "../../../src/storage/time-index.ts";

const dir = mkdtempSync(join(tmpdir(), "strand-idxopen-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
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
