// acks=-1 produces waiting for durability wait in the purgatory: answered when every partition's
// durable offset reaches what was appended, false on timeout or a failed sync.
import { expect, test } from "bun:test";
import { FakeClock, Timer } from "../../../src/util/purgatory/index.ts";
import { ProduceWaiters } from "../../../src/server/produce/delayed-produce.ts";
import type { Log } from "../../../src/storage/log.ts";

function fakeLog(topic: string, partition: number): { log: Log; durable: { offset: number } } {
  const durable = { offset: 0 };
  const log = { tp: { topic, partition }, get durableOffset() { return durable.offset; } } as unknown as Log;
  return { log, durable };
}

test("completes when every partition is durable, not before", async () => {
  const clock = new FakeClock(0);
  const w = new ProduceWaiters(new Timer({ clock }));
  const a = fakeLog("t", 0);
  const b = fakeLog("t", 1);
  let syncA!: () => void;
  let syncB!: () => void;
  const pa = new Promise<void>((r) => (syncA = r));
  const pb = new Promise<void>((r) => (syncB = r));
  const result = w.wait([{ log: a.log, endOffset: 10 }, { log: b.log, endOffset: 5 }], [pa, pb], 30_000);
  expect(w.waiting).toBe(1);
  a.durable.offset = 10;
  syncA();
  await pa;
  await Bun.sleep(0);
  expect(w.waiting).toBe(1); // partition 1 is not durable yet
  b.durable.offset = 5;
  syncB();
  expect(await result).toBe(true);
  expect(w.waiting).toBe(0);
});

test("times out on the purgatory's clock", async () => {
  const clock = new FakeClock(0);
  const w = new ProduceWaiters(new Timer({ clock }));
  const a = fakeLog("t", 0);
  const result = w.wait([{ log: a.log, endOffset: 3 }], [new Promise<void>(() => {})], 1000);
  clock.advance(999);
  expect(w.waiting).toBe(1);
  clock.advance(2);
  expect(await result).toBe(false);
  expect(w.waiting).toBe(0);
});

test("a failed sync answers false at once; already durable answers true at once", async () => {
  const w = new ProduceWaiters(new Timer({ clock: new FakeClock(0) }));
  const a = fakeLog("t", 0);
  const failing = Promise.reject(new Error("EIO"));
  expect(await w.wait([{ log: a.log, endOffset: 3 }], [failing], 60_000)).toBe(false);
  a.durable.offset = 7;
  expect(await w.wait([{ log: a.log, endOffset: 7 }], [Promise.resolve()], 60_000)).toBe(true);
});
