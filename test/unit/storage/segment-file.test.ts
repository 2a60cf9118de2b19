// The segment's `.log` descriptor is reference-counted (src/storage/segment-file.ts): a slice retained
// by a queued response keeps the file open, and its bytes readable, through retention, topic deletion
// and truncation of the segment list; the descriptor closes with the last reference, never before.
import { afterEach, expect, test } from "bun:test";
import { closeSync, existsSync, fstatSync, openSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { deleteRecordsBefore } from "../../../src/storage/retention.ts";
import { SegmentFile } from "../../../src/storage/segment-file.ts";
import { valuesBatch } from "./batch-builder.ts";
import { readSlice, tempDir, TempLogs } from "./helpers.ts";

const logs = new TempLogs("sf");
afterEach(logs.cleanup, 120_000);

function isOpen(fd: number): boolean {
  try {
    fstatSync(fd);
    return true;
  } catch {
    return false;
  }
}

test("the descriptor closes with the last reference, owner's or holder's, and not before", () => {
  const d = tempDir();
  logs.track(d.cleanup);
  const fd = openSync(join(d.path, "f"), "w+");
  const f = new SegmentFile(fd);
  expect(f.refCount).toBe(1);
  expect(f.retain()).toBe(true);
  expect(f.refCount).toBe(2);
  f.release(); // the owner lets go first
  expect(f.fd).toBe(fd);
  expect(isOpen(fd)).toBe(true);
  f.release();
  expect(f.refCount).toBe(0);
  expect(f.fd).toBe(-1);
  expect(isOpen(fd)).toBe(false);
  // Closed for good: no new holder, and extra releases change nothing.
  expect(f.retain()).toBe(false);
  f.release();
  expect(f.refCount).toBe(0);
});

test("without holders the segment's close closes the descriptor at once", () => {
  const log = logs.fresh();
  log.append(valuesBatch(3, 100, 1));
  const file = log.segments[0]!.file;
  const fd = file.fd;
  log.closeNow();
  expect(file.fd).toBe(-1);
  expect(isOpen(fd)).toBe(false);
});

test("a retained slice of a segment that retention deleted still reads the segment's own bytes", () => {
  const log = logs.fresh({ segmentBytes: 2048, fileDeleteDelayMs: 0 });
  // Bounded: enough appends for three segments.
  for (let i = 0; log.segments.length < 3; i++) log.append(valuesBatch(4, 200, i));
  log.setHighWatermark(log.logEndOffset);
  const slice = log.read(0, 1 << 20).slice!;
  const before = readSlice(slice);
  expect(slice.file.retain()).toBe(true); // what the connection does when it takes the response
  const fd = slice.file.fd;
  const first = log.segments[0]!;
  deleteRecordsBefore(log, log.segments[1]!.baseOffset, Date.now());
  expect(log.segments).not.toContain(first);
  // file.delete.delay.ms=0: the files go on the next timer; the segment is closed by then.
  first.deleteFiles();
  expect(existsSync(first.logPath)).toBe(false);
  expect(first.fileDescriptor).toBe(-1);
  // New files take the lowest free numbers: none of them is the held one.
  const opened = Array.from({ length: 8 }, (_, i) => openSync(join(log.dir, `other-${i}`), "w+"));
  try {
    expect(opened).not.toContain(fd);
    expect(slice.file.fd).toBe(fd);
    expect(Buffer.compare(Buffer.from(readSlice(slice)), Buffer.from(before))).toBe(0);
  } finally {
    for (const o of opened) closeSync(o);
  }
  slice.file.release(); // the response was sent
  expect(slice.file.fd).toBe(-1);
  expect(isOpen(fd)).toBe(false);
});

test("topic deletion (closeNow and the directory removed) leaves a retained slice readable", () => {
  const log = logs.fresh();
  log.append(valuesBatch(5, 300, 7));
  log.setHighWatermark(log.logEndOffset);
  const slice = log.read(0, 1 << 20).slice!;
  const before = readSlice(slice);
  expect(slice.file.retain()).toBe(true);
  log.closeNow();
  // LogManager.deleteLog renames the directory and removes it recursively.
  for (const name of readdirSync(log.dir)) rmSync(join(log.dir, name), { force: true });
  expect(slice.file.fd).toBeGreaterThanOrEqual(0);
  expect(Buffer.compare(Buffer.from(readSlice(slice)), Buffer.from(before))).toBe(0);
  slice.file.release();
  expect(slice.file.fd).toBe(-1);
});

test("a segment dropped by truncation stays open while a slice of it is held", () => {
  const log = logs.fresh({ segmentBytes: 2048, fileDeleteDelayMs: 0 });
  for (let i = 0; log.segments.length < 3; i++) log.append(valuesBatch(4, 200, i));
  const last = log.segments[2]!;
  const slice = log.read(last.baseOffset, 1 << 20).slice!;
  expect(slice.file).toBe(last.file);
  expect(slice.file.retain()).toBe(true);
  const before = readSlice(slice);
  log.truncateTo(log.segments[1]!.baseOffset);
  expect(log.segments).not.toContain(last);
  last.deleteFiles();
  expect(Buffer.compare(Buffer.from(readSlice(slice)), Buffer.from(before))).toBe(0);
  slice.file.release();
  expect(slice.file.fd).toBe(-1);
});
