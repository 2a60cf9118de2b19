import { afterEach, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { makeLogConfig } from "../../../src/storage/log-config.ts";
import type { LogConfig } from "../../../src/storage/log-config.ts";
import type { Log } from "../../../src/storage/log.ts";
import { loadLog } from "../../../src/storage/recovery.ts";
import { deleteOldSegments, deleteRecordsBefore } from "../../../src/storage/retention.ts";
import { valuesBatch } from "./batch-builder.ts";
import { tempDir } from "./helpers.ts";

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
}, 120_000);

/** 10 segments of 10 one-record batches; batch i has timestamp 1000 * i. */
function filled(config: Partial<LogConfig>): { log: Log; dir: string } {
  const d = tempDir();
  cleanups.push(d.cleanup);
  const log = loadLog(d.path, { topic: "r", partition: 0 }, makeLogConfig({ segmentBytes: 10 * 170, fileDeleteDelayMs: 30, ...config }), { recoveryPoint: 0, logStartOffset: 0, highWatermark: 0, cleanShutdown: true });
  cleanups.unshift(() => log.closeNow());
  for (let i = 0; i < 100; i++) log.append(valuesBatch(1, 100, i, { baseTimestamp: 1000 * i }));
  log.setHighWatermark(log.logEndOffset);
  return { log, dir: d.path };
}

test("retention.ms deletes whole expired segments through .deleted files", async () => {
  const { log, dir } = filled({ retentionMs: 50_000 });
  expect(log.segments.length).toBe(10);
  // Now = 100 s: segments whose largest timestamp is older than 50 s go (batches 0..49).
  const r = deleteOldSegments(log, 100_000);
  expect(r.deletedSegments).toBe(5);
  expect(log.logStartOffset).toBe(50);
  expect(readdirSync(dir).filter((n) => n.endsWith(".log.deleted")).length).toBe(5);
  await Bun.sleep(80);
  expect(readdirSync(dir).filter((n) => n.endsWith(".deleted")).length).toBe(0);
  expect(existsSync(`${dir}/00000000000000000050.log`)).toBe(true);
});

test("retention.bytes keeps the log at or under the limit, oldest first", () => {
  const { log } = filled({ retentionBytes: 3 * 10 * 170 + 5 });
  deleteOldSegments(log, 0);
  expect(log.segments.length).toBe(4); // 3 full + what is left of the 4th limit; never the active one
  expect(log.sizeBytes).toBeLessThanOrEqual(3 * 10 * 170 + 5 + 10 * 170);
  expect(log.logStartOffset).toBe(60);
});

test("only segments below the high watermark go", () => {
  const { log } = filled({ retentionMs: 1 });
  log.setHighWatermark(35);
  deleteOldSegments(log, 10_000_000);
  expect(log.logStartOffset).toBe(30);
});

test("DeleteRecords moves the log start and drops the segments below it", () => {
  const { log } = filled({ retentionMs: -1 });
  expect(deleteRecordsBefore(log, 47, 0)).toBe(47);
  expect(log.segments[0]!.baseOffset).toBe(40);
  expect(() => log.read(46, 100)).toThrow();
  expect(log.read(47, 100).slice!.firstBatchBaseOffset).toBe(47);
});

test("when every segment expires the log rolls and keeps its end offset", () => {
  const { log } = filled({ retentionMs: 1 });
  deleteOldSegments(log, 10_000_000);
  expect(log.segments.length).toBe(1);
  expect(log.logStartOffset).toBe(100);
  expect(log.logEndOffset).toBe(100);
  expect(log.append(valuesBatch(1, 10)).firstOffset).toBe(100);
});
