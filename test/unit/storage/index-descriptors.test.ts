// Index files keep their entries in memory and hold a descriptor only through a bounded cache, so many
// partitions cost about one descriptor per segment (the .log), not three.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { IndexFile, openIndexDescriptors, setIndexFdLimit } from "../../../src/storage/index-file.ts";
import { OffsetIndex } from "../../../src/storage/offset-index.ts";

const dir = mkdtempSync(join(tmpdir(), "strand-idxfd-"));
afterAll(() => {
  setIndexFdLimit(1024);
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

test("open index descriptors stay under the limit, and evicted files keep working", async () => {
  setIndexFdLimit(8);
  const indexes: OffsetIndex[] = [];
  for (let i = 0; i < 40; i++) {
    const idx = OffsetIndex.open(join(dir, `${i}.index`), 1000 * i, 1024);
    idx.preallocate(1024);
    indexes.push(idx);
    expect(openIndexDescriptors()).toBeLessThanOrEqual(8);
  }
  // Every index, evicted or not, still appends, syncs and trims.
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < indexes.length; i++) {
      indexes[i]!.append(1000 * i + 10 * (round + 1), 4096 * round);
      if (i % 7 === 0) await indexes[i]!.syncAsync();
      expect(openIndexDescriptors()).toBeLessThanOrEqual(8);
    }
  }
  for (const idx of indexes) idx.close();
  expect(openIndexDescriptors()).toBe(0);
  // What was written through evicted descriptors is on disk: 3 entries of 8 bytes, trimmed at close.
  for (let i = 0; i < 40; i++) {
    const path = join(dir, `${i}.index`);
    expect(statSync(path).size).toBe(24);
    const b = readFileSync(path);
    expect(new DataView(b.buffer, b.byteOffset).getInt32(16)).toBe(30);
  }
  const reopened = IndexFile.open(join(dir, "0.index"), 8);
  expect(reopened.bytes.length).toBe(24);
  reopened.file.close();
});

test("a failing periodic log-manager task is reported, not thrown", async () => {
  const { LogManager } = await import("../../../src/storage/log-manager.ts");
  const logDir = mkdtempSync(join(tmpdir(), "strand-task-"));
  const errors: Error[] = [];
  const m = LogManager.open({ logDirs: [logDir], nodeId: 1, clusterId: "AAAAAAAAAAAAAAAAAAAAAQ", onTaskError: (e) => errors.push(e) });
  m.getOrCreateLog({ topic: "t", partition: 0 });
  // Pull the directory from under the checkpoint writer: writing the checkpoint now fails.
  rmSync(logDir, { recursive: true, force: true });
  m.startScheduler({ checkpointMs: 5, flushCheckMs: 60_000, retentionCheckMs: 60_000 });
  await Bun.sleep(60);
  expect(errors.length).toBeGreaterThan(0);
  m.abandon();
});
