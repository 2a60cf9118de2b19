import { afterEach, expect, test } from "bun:test";
import { valuesBatch } from "./batch-builder.ts";
import { TempLogs } from "./helpers.ts";

const logs = new TempLogs("f");
afterEach(logs.cleanup, 120_000);
const fresh = logs.fresh;

test("group commit: one fdatasync round covers every append made before it started", async () => {
  const log = fresh();
  const waits: Promise<void>[] = [];
  for (let i = 0; i < 200; i++) {
    const r = log.append(valuesBatch(1, 1000, i));
    waits.push(log.waitDurable(r.lastOffset + 1));
  }
  await Promise.all(waits);
  expect(log.durableOffset).toBe(200);
  expect(log.groupCommitRounds).toBe(1);
  await log.waitDurable(200); // already durable: no new round
  expect(log.groupCommitRounds).toBe(1);
});

test("group commit does not block the event loop", async () => {
  const log = fresh();
  let ticks = 0;
  let stop = false;
  // setImmediate, not a timer: it runs once per event-loop turn whatever the clock says, so the count
  // does not depend on how fast this disk's fdatasync is. A sync fsync on the loop would leave the
  // loop no turn between rounds (each round would resolve in microtasks) and ticks would stay ~0; with
  // fdatasync on the thread pool every round needs at least one turn of the loop.
  const ticker = (async () => {
    while (!stop) {
      await new Promise((r) => setImmediate(r));
      ticks++;
    }
  })();
  let acked = 0;
  const t0 = performance.now();
  // 40 rounds of 16 KiB appends each waiting for its own fsync.
  for (let i = 0; i < 40; i++) {
    const r = log.append(valuesBatch(16, 1000, i));
    await log.waitDurable(r.lastOffset + 1);
    acked++;
  }
  const elapsed = performance.now() - t0;
  stop = true;
  await ticker;
  expect(acked).toBe(40);
  // The timer loop kept running while fdatasync ran on the thread pool.
  expect(ticks).toBeGreaterThanOrEqual(20);
  expect(elapsed).toBeLessThan(20_000);
});

test("flush.messages flushes and moves the recovery point", async () => {
  const log = fresh({ flushMessages: 10 });
  for (let i = 0; i < 9; i++) log.append(valuesBatch(1, 10, i));
  await Bun.sleep(20);
  expect(log.recoveryPoint).toBe(0);
  log.append(valuesBatch(1, 10, 9));
  for (let i = 0; i < 100 && log.recoveryPoint < 10; i++) await Bun.sleep(5);
  expect(log.recoveryPoint).toBe(10);
});

test("flush.ms flushes when the oldest unflushed append is old enough", async () => {
  const log = fresh({ flushMs: 1000 });
  log.append(valuesBatch(1, 10), { nowMs: 5000 });
  log.maybeFlushByTime(5500);
  await Bun.sleep(20);
  expect(log.recoveryPoint).toBe(0);
  log.maybeFlushByTime(6000);
  for (let i = 0; i < 100 && log.recoveryPoint < 1; i++) await Bun.sleep(5);
  expect(log.recoveryPoint).toBe(1);
});

test("follower truncation drops later offsets, segments and leader epochs", () => {
  const log = fresh({ segmentBytes: 2000 });
  for (let i = 0; i < 30; i++) log.append(valuesBatch(2, 100, i), { leaderEpoch: i < 15 ? 1 : 2 });
  expect(log.epochs.all).toEqual([{ epoch: 1, startOffset: 0 }, { epoch: 2, startOffset: 30 }]);
  log.truncateTo(20);
  expect(log.logEndOffset).toBe(20);
  expect(log.epochs.all).toEqual([{ epoch: 1, startOffset: 0 }]);
  expect(log.active.baseOffset).toBeLessThanOrEqual(20);
  expect(log.append(valuesBatch(1, 10)).firstOffset).toBe(20);
  expect(log.epochs.endOffsetFor(1, log.logEndOffset)).toEqual({ epoch: 1, endOffset: 21 });
});

test("truncation at or past the log end still drops epochs starting there (a leader that appended nothing)", () => {
  const log = fresh();
  log.append(valuesBatch(4, 10), { leaderEpoch: 1 });
  // Leader in epoch 5 (assigned at the log end), no append before the next leader took over.
  log.epochs.assign(5, log.logEndOffset);
  expect(log.epochs.latestEpoch()).toBe(5);
  log.truncateTo(log.logEndOffset);
  expect(log.logEndOffset).toBe(4);
  expect(log.epochs.all).toEqual([{ epoch: 1, startOffset: 0 }]);
  log.epochs.assign(6, 4);
  log.truncateTo(10);
  expect(log.epochs.all).toEqual([{ epoch: 1, startOffset: 0 }]);
});

test("follower appends keep the leader's offsets", () => {
  const log = fresh();
  const r = log.append(valuesBatch(3, 10, 0, { baseOffset: 0 }), { assignOffsets: false });
  expect(r.lastOffset).toBe(2);
  expect(() => log.append(valuesBatch(1, 10, 0, { baseOffset: 1 }), { assignOffsets: false })).toThrow(/below the log end offset/);
  expect(log.append(valuesBatch(1, 10, 0, { baseOffset: 3 }), { assignOffsets: false }).firstOffset).toBe(3);
});
