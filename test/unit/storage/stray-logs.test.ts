// Issue 19 item 7: damaged or stray partition logs are never deleted silently. Each test makes the exact
// damage of the issue on a log holding 250 acknowledged batches, opens it again, and checks that the
// 250 batches are still on disk (in a `<topic>-<partition>.<uuid>-stray` dir, as Kafka 4.4.0 renames
// stray logs) and that the ERROR says what to do.
import { afterEach, expect, test } from "bun:test";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isStrayDirName, partitionDirNameWithSuffix } from "../../../src/storage/file-names.ts";
import { LogManager } from "../../../src/storage/log-manager.ts";
import { loadLog } from "../../../src/storage/recovery.ts";
import { makeLogConfig } from "../../../src/storage/log-config.ts";
import { markStrayLogs, PARTITION_METADATA_FILE, readPartitionTopicId, writePartitionTopicId } from "../../../src/replication/partition-logs.ts";
import type { Logger } from "../../../src/util/log.ts";
import { imageOf, NODE_ID } from "../replication/helpers.ts";
import { valuesBatch } from "./batch-builder.ts";
import { batchesIn, tempDir } from "./helpers.ts";

const CLUSTER = "testclusterAAAAAAAAAAA";
const BATCHES = 250;
let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
}, 120_000);

interface Line {
  level: string;
  msg: string;
  fields: Record<string, unknown>;
}
function recordingLogger(lines: Line[]): Logger {
  const at =
    (level: string) =>
    (msg: string, fields: Record<string, unknown> = {}): void => {
      lines.push({ level, msg, fields });
    };
  const l: Logger = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error"), child: () => l } as unknown as Logger;
  return l;
}

/** A log dir with `topics` (name -> partitions), each partition holding 250 batches of 2 records, stopped cleanly. */
async function filledDir(topics: Record<string, number>, topicIds: Record<string, string>): Promise<string> {
  const d = tempDir();
  cleanups.push(d.cleanup);
  const m = LogManager.open({ logDirs: [d.path], nodeId: NODE_ID, clusterId: CLUSTER });
  for (const [topic, n] of Object.entries(topics)) {
    for (let p = 0; p < n; p++) {
      const log = m.getOrCreateLog({ topic, partition: p });
      writePartitionTopicId(log, topicIds[topic]!);
      for (let i = 0; i < BATCHES; i++) log.append(valuesBatch(2, 16, i));
      log.setHighWatermark(log.logEndOffset);
    }
  }
  await m.close();
  return d.path;
}

/** Batches in every `.log` of a dir. */
function batchesOnDisk(dir: string): number {
  let n = 0;
  for (const f of readdirSync(dir)) if (f.endsWith(".log")) n += batchesIn(new Uint8Array(readFileSync(join(dir, f)))).length;
  return n;
}

function strayDirs(root: string): string[] {
  return readdirSync(root).filter(isStrayDirName).sort();
}

test("the stray dir name is Kafka's: <topic>-<partition>.<uuid>-stray, capped at 255 characters", () => {
  const id = "0123456789abcdef0123456789abcdef";
  expect(partitionDirNameWithSuffix({ topic: "orders", partition: 3 }, "-stray", id)).toBe(`orders-3.${id}-stray`);
  const long = partitionDirNameWithSuffix({ topic: "x".repeat(249), partition: 12 }, "-stray", id);
  expect(long.length).toBe(255);
  expect(long.endsWith(`x-12.${id}-stray`)).toBe(true);
  expect(isStrayDirName(`orders-3.${id}-stray`)).toBe(true);
  expect(isStrayDirName("orders-3")).toBe(false);
});

test("partition.metadata naming another topic id: the log is set aside as -stray with its 250 batches, and created again", async () => {
  const image = imageOf([{ name: "orders", partitions: 1 }]);
  const currentId = image.topicsByName.get("orders")!.topicId;
  const root = await filledDir({ orders: 1 }, { orders: "oldTopicIdAAAAAAAAAAAA" });
  const lines: Line[] = [];
  const m = LogManager.open({ logDirs: [root], nodeId: NODE_ID, clusterId: CLUSTER });
  expect(markStrayLogs(image, m, NODE_ID, recordingLogger(lines))).toBe(1);
  expect(m.getLog({ topic: "orders", partition: 0 })).toBeUndefined();
  const [stray] = strayDirs(root);
  expect(stray).toMatch(/^orders-0\.[0-9a-f]{32}-stray$/);
  expect(batchesOnDisk(join(root, stray!))).toBe(BATCHES);
  expect(readPartitionTopicId(join(root, stray!))).toBe("oldTopicIdAAAAAAAAAAAA");
  const err = lines.find((l) => l.level === "error")!;
  expect(err.msg).toContain("set aside, not deleted");
  expect(err.fields.reason).toContain(`partition.metadata names topic id oldTopicIdAAAAAAAAAAAA, the metadata image ${currentId}`);
  expect(String(err.fields.action)).toContain("rename the dir back");
  expect(lines.some((l) => l.msg.includes("deleting"))).toBe(false);
  // The partition of the current topic starts a new log beside the kept one.
  const fresh = m.getOrCreateLog({ topic: "orders", partition: 0 });
  expect(fresh.logEndOffset).toBe(0);
  await m.close();
  // Next start: the stray dir is reported (WARN, as Kafka's "Loaded stray log"), not loaded, not deleted.
  const again: Line[] = [];
  const m2 = LogManager.open({ logDirs: [root], nodeId: NODE_ID, clusterId: CLUSTER, logger: recordingLogger(again) });
  expect(m2.strayDirs).toEqual([join(root, stray!)]);
  expect(again.some((l) => l.level === "warn" && l.msg.includes("stray partition log kept"))).toBe(true);
  expect(m2.allLogs().map((l) => l.name)).toEqual(["orders-0"]);
  expect(batchesOnDisk(join(root, stray!))).toBe(BATCHES);
  await m2.close();
});

test("metadata log missing (an image with no topics): every partition log is set aside with its 250 batches, and one ERROR says restore the metadata", async () => {
  const root = await filledDir({ orders: 2, events: 1 }, { orders: "ordersIdAAAAAAAAAAAAAA", events: "eventsIdAAAAAAAAAAAAAA" });
  const lines: Line[] = [];
  const m = LogManager.open({ logDirs: [root], nodeId: NODE_ID, clusterId: CLUSTER });
  expect(markStrayLogs(imageOf([]), m, NODE_ID, recordingLogger(lines))).toBe(3);
  expect(m.allLogs()).toEqual([]);
  const kept = strayDirs(root);
  expect(kept.map((n) => n.replace(/\.[0-9a-f]{32}-stray$/, "")).sort()).toEqual(["events-0", "orders-0", "orders-1"]);
  for (const k of kept) expect(batchesOnDisk(join(root, k))).toBe(BATCHES);
  const errors = lines.filter((l) => l.level === "error");
  expect(errors.length).toBe(4);
  expect(errors.every((e) => e.fields.reason === undefined || e.fields.reason === "topic not in the metadata image")).toBe(true);
  const summary = errors.find((e) => e.msg.includes("knows no topics"))!;
  expect(String(summary.fields.action)).toContain("restore it from a backup");
  await m.close();
  // Nothing is checkpointed for the kept logs and nothing is reloaded from them.
  const m2 = LogManager.open({ logDirs: [root], nodeId: NODE_ID, clusterId: CLUSTER });
  expect(m2.allLogs()).toEqual([]);
  expect(m2.strayDirs.length).toBe(3);
  await m2.close();
});

test("a partition not assigned to this broker is set aside, not deleted; a log the image places here is left alone", async () => {
  const image = imageOf([{ name: "orders", partitions: 1 }]);
  const root = await filledDir({ orders: 2 }, { orders: image.topicsByName.get("orders")!.topicId });
  const m = LogManager.open({ logDirs: [root], nodeId: NODE_ID, clusterId: CLUSTER });
  const lines: Line[] = [];
  expect(markStrayLogs(image, m, NODE_ID, recordingLogger(lines))).toBe(1);
  expect(lines.find((l) => l.level === "error")!.fields.reason).toBe("partition not assigned to this broker");
  expect(m.getLog({ topic: "orders", partition: 0 })!.logEndOffset).toBe(2 * BATCHES);
  expect(strayDirs(root).length).toBe(1);
  expect(batchesOnDisk(join(root, strayDirs(root)[0]!))).toBe(BATCHES);
  await m.close();
});

test("log-start-offset-checkpoint beyond the log end: the log restarts empty at the checkpoint (as Kafka) and its 250 batches are kept aside", async () => {
  const root = await filledDir({ orders: 1 }, { orders: "ordersIdAAAAAAAAAAAAAA" });
  // The damage: the checkpoint names an offset past the log end (500).
  writeFileSync(join(root, "log-start-offset-checkpoint"), "0\n1\norders 0 1000\n");
  for (const clean of [true, false]) {
    if (!clean) {
      // Same damage after an unclean stop (no marker): recovery re-reads first, then the same answer.
      const r2 = await filledDir({ orders: 1 }, { orders: "ordersIdAAAAAAAAAAAAAA" });
      writeFileSync(join(r2, "log-start-offset-checkpoint"), "0\n1\norders 0 1000\n");
      rmSync(join(r2, ".kafka_cleanshutdown"));
      await checkStartBeyondEnd(r2);
    } else await checkStartBeyondEnd(root);
  }
});

async function checkStartBeyondEnd(root: string): Promise<void> {
  const lines: Line[] = [];
  const m = LogManager.open({ logDirs: [root], nodeId: NODE_ID, clusterId: CLUSTER, logger: recordingLogger(lines) });
  const log = m.getLog({ topic: "orders", partition: 0 })!;
  // Kafka's offsets: nothing below the checkpoint is handed out again.
  expect([log.logStartOffset, log.logEndOffset, log.highWatermark]).toEqual([1000, 1000, 1000]);
  expect(log.append(valuesBatch(1, 8, 1)).firstOffset).toBe(1000);
  expect(readPartitionTopicId(log.dir)).toBe("ordersIdAAAAAAAAAAAAAA");
  const kept = strayDirs(root);
  expect(kept.length).toBe(1);
  expect(m.strayDirs).toEqual([join(root, kept[0]!)]);
  expect(batchesOnDisk(join(root, kept[0]!))).toBe(BATCHES);
  const err = lines.find((l) => l.level === "error")!;
  expect(err.msg).toContain("beyond the log end");
  expect(err.fields).toMatchObject({ partition: "orders-0", logStartOffset: 1000, logEndOffset: 2 * BATCHES });
  expect(String(err.fields.action)).toContain("kafka-dump-log");
  await m.close();
  const m2 = LogManager.open({ logDirs: [root], nodeId: NODE_ID, clusterId: CLUSTER });
  const again = m2.getLog({ topic: "orders", partition: 0 })!;
  expect([again.logStartOffset, again.logEndOffset]).toEqual([1000, 1001]);
  await m2.close();
}

test("log start beyond the end of an empty log: no stray dir, the log starts at the checkpoint", () => {
  const d = tempDir();
  cleanups.push(d.cleanup);
  writeFileSync(join(d.path, PARTITION_METADATA_FILE), "version: 0\ntopic_id: ordersIdAAAAAAAAAAAAAA\n");
  const log = loadLog(d.path, { topic: "orders", partition: 0 }, makeLogConfig({}), { recoveryPoint: 0, logStartOffset: 42, highWatermark: 0, cleanShutdown: true });
  expect([log.logStartOffset, log.logEndOffset]).toEqual([42, 42]);
  log.closeNow();
  const log2 = loadLog(d.path, { topic: "orders", partition: 0 }, makeLogConfig({}), { recoveryPoint: 0, logStartOffset: 100, highWatermark: 0, cleanShutdown: true });
  expect([log2.logStartOffset, log2.logEndOffset]).toEqual([100, 100]);
  expect(readdirSync(d.path).filter((n) => n.endsWith(".log"))).toEqual(["00000000000000000100.log"]);
  log2.closeNow();
});
