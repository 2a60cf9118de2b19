import { afterEach, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { Reader } from "../../../src/protocol/primitives/reader.ts";
import { readProducerSnapshot } from "../../../src/protocol/generated/storage/producer-snapshot.ts";
import { crc32c } from "../../../src/protocol/records/crc32c.ts";
import { CorruptSnapshotError } from "../../../src/storage/errors.ts";
import { readBatchHeader } from "../../../src/storage/batch.ts";
import { makeLogConfig } from "../../../src/storage/log-config.ts";
import { readProducerSnapshotBytes, writeProducerSnapshotBytes } from "../../../src/storage/producer-snapshot.ts";
import type { ProducerEntry } from "../../../src/storage/producer-snapshot.ts";
import { ProducerStateManager } from "../../../src/storage/producer-state.ts";
import { loadLog } from "../../../src/storage/recovery.ts";
import { valuesBatch } from "./batch-builder.ts";
import { tempDir } from "./helpers.ts";

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
}, 120_000);

function dir(): string {
  const d = tempDir();
  cleanups.push(d.cleanup);
  return d.path;
}

const ENTRY: ProducerEntry = { producerId: 1234567890123n, epoch: 5, lastSequence: 99, lastOffset: 1000n, offsetDelta: 4, timestamp: 1_700_000_000_123n, coordinatorEpoch: 2, currentTxnFirstOffset: 990n };

/** A batch header as the log hands it to the producer state (offsets assigned). */
function header(producerId: bigint, o: { baseOffset?: number; baseSequence?: number; count?: number; timestampMs?: number; epoch?: number; transactional?: boolean } = {}) {
  const bytes = valuesBatch(o.count ?? 1, 8, 0, {
    producerId,
    producerEpoch: o.epoch ?? 0,
    baseSequence: o.baseSequence ?? 0,
    baseOffset: o.baseOffset ?? 0,
    baseTimestamp: o.timestampMs ?? 1_700_000_000_000,
    transactional: o.transactional,
  });
  return readBatchHeader(bytes, 0);
}

test("snapshot file: Kafka's version-prefixed layout, CRC32C over bytes 6.., decoded by the generated codec", () => {
  const bytes = writeProducerSnapshotBytes([ENTRY]);
  expect(bytes.length).toBe(2 + 4 + 4 + 46);
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(v.getInt16(0)).toBe(1);
  expect(v.getUint32(2)).toBe(crc32c(bytes, 6, bytes.length));
  expect(v.getInt32(6)).toBe(1);
  // The struct after the version is exactly the generated ProducerSnapshot v1.
  const r = new Reader(bytes, 2);
  const m = readProducerSnapshot(r, 1);
  expect(r.ok).toBe(true);
  expect(r.pos).toBe(bytes.length);
  expect(m.producerEntries).toEqual([ENTRY]);
  expect(readProducerSnapshotBytes(bytes, "x")).toEqual([ENTRY]);
  expect(readProducerSnapshotBytes(writeProducerSnapshotBytes([]), "empty")).toEqual([]);
});

test("a corrupt snapshot is a CorruptSnapshotError with Kafka's message: CRC, version, truncation", () => {
  const good = writeProducerSnapshotBytes([ENTRY, { ...ENTRY, producerId: 7n }]);
  const flipped = good.slice();
  flipped[20]! ^= 1;
  expect(() => readProducerSnapshotBytes(flipped, "f")).toThrow(CorruptSnapshotError);
  expect(() => readProducerSnapshotBytes(flipped, "f")).toThrow(/^Snapshot is corrupt \(CRC is no longer valid\)\. Stored crc: \d+\. Computed crc: \d+ \(producer snapshot f\)$/);
  const v2 = good.slice();
  new DataView(v2.buffer).setInt16(0, 2);
  expect(() => readProducerSnapshotBytes(v2, "v")).toThrow("Snapshot failed schema validation: Snapshot contained an unknown file version 2");
  for (const n of [0, 1, 5, 9, good.length - 1]) {
    expect(() => readProducerSnapshotBytes(good.subarray(0, n), "t")).toThrow(/^Snapshot failed schema validation: /);
  }
  // A count far larger than the file is refused before anything is allocated.
  const huge = good.slice();
  new DataView(huge.buffer).setInt32(6, 0x7fffffff);
  expect(() => readProducerSnapshotBytes(huge, "h")).toThrow(CorruptSnapshotError);
  // Bytes appended after the entries are under the CRC.
  const longer = new Uint8Array(good.length + 3);
  longer.set(good);
  expect(() => readProducerSnapshotBytes(longer, "l")).toThrow(/CRC is no longer valid/);
});

test("round trip through a file: state written at close is the state loaded, batches rebuilt with wrapping sequences", () => {
  const d = dir();
  const m = new ProducerStateManager(d);
  m.update(header(1n, { baseOffset: 10, baseSequence: 0x7ffffffe, count: 3, timestampMs: 5_000 })); // sequences 2^31-2, 2^31-1, 0
  m.update(header(2n, { baseOffset: 13, baseSequence: 0, count: 2, timestampMs: 6_000, transactional: true }));
  m.takeSnapshot(15);
  const again = new ProducerStateManager(d);
  expect(again.loadLatest(15, 6_000)).toBe(15);
  expect(again.get(1n)).toEqual({ producerId: 1n, epoch: 0, coordinatorEpoch: -1, currentTxnFirstOffset: -1, lastTimestamp: 5_002, lastBatches: [{ firstSequence: 0x7ffffffe, lastSequence: 0, firstOffset: 10, lastOffset: 12, timestamp: 5_002 }] });
  expect(again.get(2n)!.currentTxnFirstOffset).toBe(13);
  expect(again.get(2n)!.lastBatches).toEqual([{ firstSequence: 0, lastSequence: 1, firstOffset: 13, lastOffset: 14, timestamp: 6_001 }]);
});

test("producer state survives a clean restart and is rebuilt after a crash", async () => {
  const d = dir();
  const config = makeLogConfig({ segmentBytes: 3000 });
  // The batches' timestamps are from 2023: load "now" just after them, or they would be long expired.
  const params = { recoveryPoint: 0, logStartOffset: 0, highWatermark: 0, cleanShutdown: true, nowMs: 1_700_000_060_000 };
  const log = loadLog(d, { topic: "p", partition: 0 }, config, params);
  for (let i = 0; i < 40; i++) log.append(valuesBatch(2, 50, i, { producerId: BigInt(i % 3), producerEpoch: 1, baseSequence: Math.floor(i / 3) * 2 }));
  const expected = [0n, 1n, 2n].map((p) => log.producers.get(p)!.lastBatches.at(-1));
  await log.close();
  const snap = readFileSync(`${d}/00000000000000000080.snapshot`);
  expect(readProducerSnapshotBytes(new Uint8Array(snap), "s").length).toBe(3);

  const again = loadLog(d, { topic: "p", partition: 0 }, config, { ...params, recoveryPoint: 80 });
  expect([0n, 1n, 2n].map((p) => again.producers.get(p)!.lastBatches.at(-1))).toEqual(expected);
  for (let i = 40; i < 46; i++) again.append(valuesBatch(2, 50, i, { producerId: BigInt(i % 3), producerEpoch: 1, baseSequence: Math.floor(i / 3) * 2 }));
  const expected2 = [0n, 1n, 2n].map((p) => again.producers.get(p)!.lastBatches.at(-1));
  again.closeNow(); // crash: no snapshot at 92, the replay covers it
  const third = loadLog(d, { topic: "p", partition: 0 }, config, { ...params, cleanShutdown: false, recoveryPoint: 80 });
  expect([0n, 1n, 2n].map((p) => third.producers.get(p)!.lastBatches.at(-1))).toEqual(expected2);
  expect(third.producers.get(1n)!.epoch).toBe(1);
  third.closeNow();
});

test("a corrupt newest snapshot is logged, deleted, and the state rebuilt from the older one plus the log", async () => {
  const d = dir();
  const config = makeLogConfig({ segmentBytes: 3000 });
  // The batches' timestamps are from 2023: load "now" just after them, or they would be long expired.
  const params = { recoveryPoint: 0, logStartOffset: 0, highWatermark: 0, cleanShutdown: true, nowMs: 1_700_000_060_000 };
  const log = loadLog(d, { topic: "p", partition: 0 }, config, params);
  for (let i = 0; i < 40; i++) log.append(valuesBatch(2, 50, i, { producerId: BigInt(i % 3), producerEpoch: 1, baseSequence: Math.floor(i / 3) * 2 }));
  const expected = [0n, 1n, 2n].map((p) => log.producers.get(p)!.lastBatches.at(-1));
  await log.close();
  const newest = `${d}/00000000000000000080.snapshot`;
  const bytes = new Uint8Array(readFileSync(newest));
  bytes[bytes.length - 3]! ^= 0xff;
  writeFileSync(newest, bytes);
  const warnings: string[] = [];
  const logger = { info: () => undefined, warn: (msg: string) => void warnings.push(msg) };
  const again = loadLog(d, { topic: "p", partition: 0 }, config, { ...params, recoveryPoint: 80, logger });
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toStartWith(`Failed to load producer snapshot from '${newest}': Snapshot is corrupt (CRC is no longer valid)`);
  expect(existsSync(newest)).toBe(false);
  expect([0n, 1n, 2n].map((p) => again.producers.get(p)!.lastBatches.at(-1))).toEqual(expected);
  again.closeNow();

  // Every snapshot unreadable (here: truncated to 3 bytes): the replay from the log rebuilds it all.
  for (const o of again.producers.snapshotOffsets()) writeFileSync(`${d}/${String(o).padStart(20, "0")}.snapshot`, new Uint8Array([0, 1, 0]));
  const third = loadLog(d, { topic: "p", partition: 0 }, config, { ...params, cleanShutdown: false, logger });
  expect([0n, 1n, 2n].map((p) => third.producers.get(p)!.lastBatches.at(-1))).toEqual(expected);
  third.closeNow();
});

test("expiry: an idle producer without an open transaction goes at producer.id.expiration.ms, and leaves the next snapshot", () => {
  const d = dir();
  const m = new ProducerStateManager(d, { producerIdExpirationMs: 1_000 });
  m.update(header(1n, { timestampMs: 10_000 }));
  m.update(header(2n, { baseOffset: 1, timestampMs: 10_500 }));
  m.update(header(3n, { baseOffset: 2, timestampMs: 10_000, transactional: true })); // an open transaction never expires
  expect(m.removeExpiredProducers(10_999)).toBe(0);
  expect(m.removeExpiredProducers(11_000)).toBe(1); // now - lastTimestamp >= expiration, as Kafka
  expect(m.get(1n)).toBeUndefined();
  expect([...m.all()].map((s) => s.producerId)).toEqual([2n, 3n]);
  expect(m.removeExpiredProducers(1_000_000)).toBe(1);
  expect([...m.all()].map((s) => s.producerId)).toEqual([3n]);
  const path = m.takeSnapshot(3);
  expect(readProducerSnapshotBytes(new Uint8Array(readFileSync(path)), path).map((e) => e.producerId)).toEqual([3n]);
});

test("expiry: a later write restarts the clock; a snapshot's expired entries are not loaded", () => {
  const d = dir();
  const m = new ProducerStateManager(d, { producerIdExpirationMs: 1_000 });
  m.update(header(1n, { timestampMs: 10_000 }));
  m.update(header(2n, { baseOffset: 1, timestampMs: 10_000 }));
  m.update(header(1n, { baseOffset: 2, baseSequence: 1, timestampMs: 10_800 }));
  m.takeSnapshot(3);
  expect(m.removeExpiredProducers(11_000)).toBe(1);
  expect(m.get(1n)).toBeDefined();
  const loaded = new ProducerStateManager(d, { producerIdExpirationMs: 1_000 });
  expect(loaded.loadLatest(3, 11_500)).toBe(3);
  expect([...loaded.all()].map((s) => s.producerId)).toEqual([1n]);
  expect(loaded.removeExpiredProducers(11_800)).toBe(1);
  expect(loaded.size).toBe(0);
});

test("bound: past maxProducers the idle producers with the oldest last write are forgotten, down to 90%", () => {
  const m = new ProducerStateManager(dir(), { maxProducers: 3 });
  m.update(header(1n, { transactional: true, timestampMs: 100 }));
  m.update(header(2n, { baseOffset: 1, timestampMs: 300 }));
  m.update(header(3n, { baseOffset: 2, timestampMs: 200 }));
  m.update(header(4n, { baseOffset: 3, timestampMs: 400 })); // 3 wrote longest ago among the idle ones
  expect([...m.all()].map((s) => s.producerId).sort()).toEqual([1n, 2n, 4n]);
  expect(m.evictedCount).toBe(1);
  for (let i = 0; i < 1000; i++) m.update(header(BigInt(100 + i), { baseOffset: 4 + i, timestampMs: 1_000 + i }));
  expect(m.size).toBe(3);
  expect([...m.all()].map((s) => s.producerId).sort()).toEqual([1n, 1098n, 1099n]); // 1's transaction is open

  const big = new ProducerStateManager(dir(), { maxProducers: 1000 });
  for (let i = 0; i < 1000; i++) big.update(header(BigInt(i), { baseOffset: i, timestampMs: 10_000 - i })); // older as ids grow
  big.update(header(5000n, { baseOffset: 1000, timestampMs: 20_000 }));
  expect(big.size).toBe(901); // down to 90%, plus the newcomer
  expect(big.get(899n)).toBeDefined();
  expect(big.get(900n)).toBeUndefined();
});
