import { afterEach, expect, test } from "bun:test";
import { existsSync, openSync, readFileSync, writeSync, closeSync } from "node:fs";
import { join } from "node:path";
import { LogDirLockedError, LogOfflineError } from "../../../src/storage/errors.ts";
import { LogManager, readCleanShutdownMarker } from "../../../src/storage/log-manager.ts";
import { readMetaProperties } from "../../../src/storage/meta-properties.ts";
import { valuesBatch } from "./batch-builder.ts";
import { tempDir } from "./helpers.ts";

const CLUSTER = "testclusterAAAAAAAAAAA";
let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
}, 120_000);
function dirs(n: number): string[] {
  return Array.from({ length: n }, () => {
    const d = tempDir();
    cleanups.push(d.cleanup);
    return d.path;
  });
}

test("meta.properties, checkpoints and the clean-shutdown marker in Kafka's formats", async () => {
  const [a, b] = dirs(2);
  const m = LogManager.open({ logDirs: [a!, b!], nodeId: 3, clusterId: CLUSTER });
  const l0 = m.getOrCreateLog({ topic: "orders", partition: 0 });
  const l1 = m.getOrCreateLog({ topic: "orders", partition: 1 });
  expect(l0.dir.startsWith(a!) !== l1.dir.startsWith(a!)).toBe(true); // spread over the dirs
  for (let i = 0; i < 5; i++) l0.append(valuesBatch(2, 10, i));
  l0.setHighWatermark(6);
  await m.close();
  const metaA = readMetaProperties(a!)!;
  expect(metaA).toMatchObject({ version: 1, clusterId: CLUSTER, nodeId: 3 });
  expect(metaA.directoryId).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(readMetaProperties(b!)!.directoryId).not.toBe(metaA.directoryId);
  const home = l0.dir.startsWith(a!) ? a! : b!;
  expect(readFileSync(join(home, "recovery-point-offset-checkpoint"), "utf8")).toBe("0\n1\norders 0 10\n");
  expect(readFileSync(join(home, "replication-offset-checkpoint"), "utf8")).toBe("0\n1\norders 0 6\n");
  expect(readFileSync(join(home, "log-start-offset-checkpoint"), "utf8")).toBe("0\n1\norders 0 0\n");
  expect(readCleanShutdownMarker(home)).toEqual({ version: 0, brokerEpoch: -1 });
  // Reopen: the marker is consumed, the log is back as it was.
  const again = LogManager.open({ logDirs: [a!, b!], nodeId: 3, clusterId: CLUSTER });
  expect(again.hadCleanShutdown.get(home)).toBe(true);
  expect(existsSync(join(home, ".kafka_cleanshutdown"))).toBe(false);
  const r = again.getLog({ topic: "orders", partition: 0 })!;
  expect([r.logEndOffset, r.highWatermark, r.recoveryPoint]).toEqual([10, 6, 10]);
  await again.close();
});

test("previousBrokerEpoch: the epoch every dir's clean-shutdown marker names (Kafka's readBrokerEpochFromCleanShutdownFiles), -1 after a crash or when they differ", async () => {
  const [a, b] = dirs(2);
  const first = LogManager.open({ logDirs: [a!, b!], nodeId: 3, clusterId: CLUSTER });
  expect(first.previousBrokerEpoch).toBe(-1n); // a fresh dir: no marker
  first.setBrokerEpoch(42n);
  await first.close();
  expect(readCleanShutdownMarker(a!)).toEqual({ version: 0, brokerEpoch: 42 });
  const second = LogManager.open({ logDirs: [a!, b!], nodeId: 3, clusterId: CLUSTER });
  expect(second.previousBrokerEpoch).toBe(42n);
  second.abandon(); // a crash: no marker written
  const third = LogManager.open({ logDirs: [a!, b!], nodeId: 3, clusterId: CLUSTER });
  expect(third.previousBrokerEpoch).toBe(-1n);
  third.setBrokerEpoch(7n);
  await third.close();
  // Dirs that disagree, or a marker that does not parse, count as unclean.
  const { writeFileSync } = await import("node:fs");
  writeFileSync(join(b!, ".kafka_cleanshutdown"), JSON.stringify({ version: 0, brokerEpoch: 8 }));
  const fourth = LogManager.open({ logDirs: [a!, b!], nodeId: 3, clusterId: CLUSTER });
  expect(fourth.previousBrokerEpoch).toBe(-1n);
  await fourth.close();
  writeFileSync(join(a!, ".kafka_cleanshutdown"), "{not json");
  const fifth = LogManager.open({ logDirs: [a!, b!], nodeId: 3, clusterId: CLUSTER });
  expect(fifth.previousBrokerEpoch).toBe(-1n);
  await fifth.close();
});

test("a second process cannot open a locked log dir", async () => {
  const [a] = dirs(1);
  const m = LogManager.open({ logDirs: [a!], nodeId: 1, clusterId: CLUSTER });
  expect(() => LogManager.open({ logDirs: [a!], nodeId: 1, clusterId: CLUSTER })).toThrow(LogDirLockedError);
  const script = `import { LogManager } from ${JSON.stringify(join(import.meta.dir, "../../../src/storage/log-manager.ts"))};
try { LogManager.open({ logDirs: [${JSON.stringify(a)}], nodeId: 1, clusterId: ${JSON.stringify(CLUSTER)} }); console.log("opened"); }
catch (e) { console.log(e.name); }`;
  const child = Bun.spawnSync([process.execPath, "-e", script]);
  expect(child.stdout.toString().trim()).toBe("LogDirLockedError");
  await m.close();
  const child2 = Bun.spawnSync([process.execPath, "-e", script]);
  expect(child2.stdout.toString().trim()).toBe("opened");
});

test("a log dir of another cluster is refused", async () => {
  const [a] = dirs(1);
  await LogManager.open({ logDirs: [a!], nodeId: 1, clusterId: CLUSTER }).close();
  expect(() => LogManager.open({ logDirs: [a!], nodeId: 1, clusterId: "otherclusterAAAAAAAAAA" })).toThrow(/belongs to cluster/);
});

test("a corrupt partition goes offline with the file and position; the others serve", async () => {
  const [a] = dirs(1);
  const m = LogManager.open({ logDirs: [a!], nodeId: 1, clusterId: CLUSTER, defaultConfig: { segmentBytes: 4000 } });
  const bad = m.getOrCreateLog({ topic: "bad", partition: 0 });
  const good = m.getOrCreateLog({ topic: "good", partition: 0 });
  for (let i = 0; i < 30; i++) {
    bad.append(valuesBatch(2, 200, i));
    good.append(valuesBatch(2, 200, i));
  }
  m.abandon(); // crash: no marker, recovery points at 0
  const file = join(a!, "bad-0", "00000000000000000000.log");
  const fd = openSync(file, "r+");
  writeSync(fd, new Uint8Array([0xde, 0xad]), 0, 2, 500);
  closeSync(fd);
  const m2 = LogManager.open({ logDirs: [a!], nodeId: 1, clusterId: CLUSTER, defaultConfig: { segmentBytes: 4000 } });
  const off = m2.offlinePartitions();
  expect(off.length).toBe(1);
  expect(off[0]!.tp).toEqual({ topic: "bad", partition: 0 });
  expect(off[0]!.error.message).toContain(file);
  expect(off[0]!.error.message).toMatch(/at position \d+/);
  expect(() => m2.getLog({ topic: "bad", partition: 0 })).toThrow(LogOfflineError);
  const g = m2.getLog({ topic: "good", partition: 0 })!;
  expect(g.logEndOffset).toBe(60);
  g.append(valuesBatch(1, 10));
  await m2.close();
  expect(existsSync(join(a!, ".kafka_cleanshutdown"))).toBe(false); // not clean while a partition is offline
});

test("a log that fails a write goes offline: reported, checkpoint kept, no clean marker for its dir only", async () => {
  const [a, b] = dirs(2);
  const seen: string[] = [];
  const m = LogManager.open({ logDirs: [a!, b!], nodeId: 1, clusterId: CLUSTER, onPartitionOffline: (o) => seen.push(`${o.tp.topic}-${o.tp.partition}`) });
  const failing = m.getOrCreateLog({ topic: "f", partition: 0 });
  const healthy = m.getOrCreateLog({ topic: "f", partition: 1 });
  for (let i = 0; i < 3; i++) failing.append(valuesBatch(2, 10, i));
  healthy.append(valuesBatch(2, 10));
  failing.setHighWatermark(6);
  const changes = m.offlineChanges;
  // What a failed write or fdatasync does (Log.append / flush catch their I/O error this way).
  failing.takeOffline(new Error("EIO: i/o error, fdatasync"));
  expect(seen).toEqual(["f-0"]);
  expect(m.offlineChanges).toBeGreaterThan(changes);
  expect(m.isOffline({ topic: "f", partition: 0 })).toBe(true);
  expect(() => m.getLog({ topic: "f", partition: 0 })).toThrow(LogOfflineError);
  expect(m.allLogs()).toEqual([healthy]);
  const failingDir = failing.dir.startsWith(a!) ? a! : b!;
  const healthyDir = failingDir === a ? b! : a!;
  m.checkpoint();
  expect(readFileSync(join(failingDir, "replication-offset-checkpoint"), "utf8")).toContain("f 0 6");
  const { uncleanDirs } = await m.close();
  expect(uncleanDirs).toEqual([failingDir]);
  expect(existsSync(join(failingDir, ".kafka_cleanshutdown"))).toBe(false);
  expect(existsSync(join(healthyDir, ".kafka_cleanshutdown"))).toBe(true);
  // The next open recovers the failed dir and the partition serves again.
  const m2 = LogManager.open({ logDirs: [a!, b!], nodeId: 1, clusterId: CLUSTER });
  expect(m2.hadCleanShutdown.get(failingDir)).toBe(false);
  expect(m2.getLog({ topic: "f", partition: 0 })!.logEndOffset).toBe(6);
  await m2.close();
});

test("deleting an offline partition removes its directory and its offline state", async () => {
  const [a] = dirs(1);
  const m = LogManager.open({ logDirs: [a!], nodeId: 1, clusterId: CLUSTER });
  const l = m.getOrCreateLog({ topic: "gone", partition: 0 });
  l.append(valuesBatch(1, 10));
  l.takeOffline(new Error("ENOSPC"));
  m.deleteLog({ topic: "gone", partition: 0 });
  expect(existsSync(join(a!, "gone-0"))).toBe(false);
  expect(m.isOffline({ topic: "gone", partition: 0 })).toBe(false);
  await m.close();
  expect(existsSync(join(a!, ".kafka_cleanshutdown"))).toBe(true);
});

test("deleting a partition removes its directory", async () => {
  const [a] = dirs(1);
  const m = LogManager.open({ logDirs: [a!], nodeId: 1, clusterId: CLUSTER });
  const l = m.getOrCreateLog({ topic: "gone", partition: 2 });
  l.append(valuesBatch(1, 10));
  m.deleteLog({ topic: "gone", partition: 2 });
  expect(existsSync(join(a!, "gone-2"))).toBe(false);
  expect(m.getLog({ topic: "gone", partition: 2 })).toBeUndefined();
  await m.close();
});

test("a torn batch at the end of a segment does not count in the log end, even without recovery", async () => {
  const [a] = dirs(1);
  const m = LogManager.open({ logDirs: [a!], nodeId: 1, clusterId: CLUSTER });
  const l = m.getOrCreateLog({ topic: "torn", partition: 0 });
  for (let i = 0; i < 3; i++) l.append(valuesBatch(10, 20, i));
  await m.close();
  // Half of a 10-record batch behind the clean stop's back: its whole header, part of its records.
  const torn = valuesBatch(10, 20, 9);
  new DataView(torn.buffer, torn.byteOffset).setBigInt64(0, 30n); // the offsets the append assigned
  const fd = openSync(join(a!, "torn-0", "00000000000000000000.log"), "a");
  writeSync(fd, torn, 0, Math.floor(torn.length / 2));
  closeSync(fd);
  const m2 = LogManager.open({ logDirs: [a!], nodeId: 1, clusterId: CLUSTER });
  expect(m2.hadCleanShutdown.get(a!)).toBe(true);
  expect(m2.getLog({ topic: "torn", partition: 0 })!.logEndOffset).toBe(30);
  m2.abandon();
});
