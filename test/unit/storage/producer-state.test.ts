import { afterEach, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { decodeProducerSnapshot, encodeProducerSnapshot } from "../../../src/storage/producer-snapshot.ts";
import { makeLogConfig } from "../../../src/storage/log-config.ts";
import { loadLog } from "../../../src/storage/recovery.ts";
import { valuesBatch } from "./batch-builder.ts";
import { tempDir } from "./helpers.ts";

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});

test("snapshot encoding: Kafka's version-prefixed layout with CRC32C from byte 6", () => {
  const e = { producerId: 1234567890123n, epoch: 5, lastSequence: 99, lastOffset: 1000, offsetDelta: 4, timestamp: 1_700_000_000_123, coordinatorEpoch: 2, currentTxnFirstOffset: 990 };
  const bytes = encodeProducerSnapshot([e]);
  expect(bytes.length).toBe(10 + 46);
  const v = new DataView(bytes.buffer);
  expect(v.getInt16(0)).toBe(1);
  expect(v.getInt32(6)).toBe(1);
  expect(decodeProducerSnapshot(bytes, "x")).toEqual([e]);
  bytes[20] ^= 1;
  expect(() => decodeProducerSnapshot(bytes, "x")).toThrow(/CRC mismatch/);
});

test("producer state survives a clean restart and is rebuilt after a crash", async () => {
  const d = tempDir();
  cleanups.push(d.cleanup);
  const config = makeLogConfig({ segmentBytes: 3000 });
  const params = { recoveryPoint: 0, logStartOffset: 0, highWatermark: 0, cleanShutdown: true };
  const log = loadLog(d.path, { topic: "p", partition: 0 }, config, params);
  for (let i = 0; i < 40; i++) log.append(valuesBatch(2, 50, i, { producerId: BigInt(i % 3), producerEpoch: 1, baseSequence: Math.floor(i / 3) * 2 }));
  const expected = [0n, 1n, 2n].map((p) => log.producers.get(p)!.lastBatches.at(-1));
  await log.close();
  const snap = readFileSync(`${d.path}/00000000000000000080.snapshot`);
  expect(decodeProducerSnapshot(new Uint8Array(snap), "s").length).toBe(3);

  const again = loadLog(d.path, { topic: "p", partition: 0 }, config, { ...params, recoveryPoint: 80 });
  expect([0n, 1n, 2n].map((p) => again.producers.get(p)!.lastBatches.at(-1))).toEqual(expected);
  for (let i = 40; i < 46; i++) again.append(valuesBatch(2, 50, i, { producerId: BigInt(i % 3), producerEpoch: 1, baseSequence: Math.floor(i / 3) * 2 }));
  const expected2 = [0n, 1n, 2n].map((p) => again.producers.get(p)!.lastBatches.at(-1));
  again.closeNow(); // crash: no snapshot at 92, the replay covers it
  const third = loadLog(d.path, { topic: "p", partition: 0 }, config, { ...params, cleanShutdown: false, recoveryPoint: 80 });
  expect([0n, 1n, 2n].map((p) => third.producers.get(p)!.lastBatches.at(-1))).toEqual(expected2);
  expect(third.producers.get(1n)!.epoch).toBe(1);
  third.closeNow();
});
