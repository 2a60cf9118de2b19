// flush.messages / flush.ms force a flush that the append's caller can wait for (issue 20, bug 2): the
// sync hook holds each flush until the test releases it, so "not done before the fsync returned" is
// checked without timing.
import { afterEach, expect, test } from "bun:test";
import { setSyncHookForTests, type SyncKind } from "../../../src/storage/sync-hook.ts";
import { valuesBatch } from "./batch-builder.ts";
import { TempLogs } from "./helpers.ts";

const logs = new TempLogs("ff");
afterEach(() => {
  setSyncHookForTests(null);
  logs.cleanup();
}, 90_000);

/**
 * Holds every flush of this file's logs (topic "ff") until release(); records what completed. A flush
 * of another file's log that is still finishing in this process passes through: counting it as held
 * would wait forever for held() === 1.
 */
function gate(): { release: () => void; done: Array<{ kind: SyncKind; offset: number }>; held: () => number } {
  const waiting: Array<() => void> = [];
  let open = false;
  const done: Array<{ kind: SyncKind; offset: number }> = [];
  setSyncHookForTests(async (partition, kind, offset) => {
    if (!partition.startsWith("ff-")) return;
    if (kind === "flush" && !open) await new Promise<void>((r) => waiting.push(r));
    done.push({ kind, offset });
  });
  return {
    release: () => {
      open = true;
      for (const w of waiting.splice(0)) w();
    },
    done,
    held: () => waiting.length,
  };
}

/** Polls until cond holds: bounded by a deadline, not a count, since a real fdatasync on a busy disk can take seconds. */
async function until(cond: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond() && Date.now() < deadline) await Bun.sleep(5);
  expect(cond()).toBe(true);
}

test("flush.messages=1: the wait resolves only after the flush covering the append returned", async () => {
  const g = gate();
  const log = logs.fresh({ flushMessages: 1 });
  const r = log.append(valuesBatch(3, 10));
  expect(log.pendingFlushOffset).toBe(3);
  let resolved = false;
  const w = log.waitFlushed(log.pendingFlushOffset).then(() => (resolved = true));
  await until(() => g.held() === 1);
  expect(resolved).toBe(false);
  expect(log.durableOffset).toBe(0);
  g.release();
  await w;
  expect(g.done).toEqual([{ kind: "flush", offset: r.lastOffset + 1 }]);
  expect(log.recoveryPoint).toBe(3);
  expect(log.durableOffset).toBe(3);
  expect(log.pendingFlushOffset).toBe(-1);
}, 90_000);

test("forced flushes are group-committed: appends made during a flush share the next one", async () => {
  const g = gate();
  const log = logs.fresh({ flushMessages: 1 });
  const waits = [log.append(valuesBatch(1, 10, 0))].map((r) => log.waitFlushed(r.lastOffset + 1));
  await until(() => g.held() === 1);
  for (let i = 1; i < 50; i++) waits.push(log.waitFlushed(log.append(valuesBatch(1, 10, i)).lastOffset + 1));
  g.release();
  await Promise.all(waits);
  expect(g.done.map((d) => d.offset)).toEqual([1, 50]);
  expect(log.durableOffset).toBe(50);
}, 90_000);

test("an append made while a forced flush is pending waits for it; one below flush.messages alone does not", async () => {
  const g = gate();
  const log = logs.fresh({ flushMessages: 10 });
  for (let i = 0; i < 9; i++) log.append(valuesBatch(1, 10, i));
  expect(log.pendingFlushOffset).toBe(-1);
  log.append(valuesBatch(1, 10, 9));
  expect(log.pendingFlushOffset).toBe(10);
  log.append(valuesBatch(1, 10, 10));
  expect(log.pendingFlushOffset).toBe(10);
  await until(() => g.held() === 1);
  g.release();
  await log.waitFlushed(10);
  expect(log.pendingFlushOffset).toBe(-1);
  expect(log.recoveryPoint).toBeGreaterThanOrEqual(10);
}, 90_000);

test("flush.ms forces a flush at the append that finds the oldest unflushed append that old", async () => {
  const g = gate();
  g.release();
  const log = logs.fresh({ flushMs: 1000 });
  log.append(valuesBatch(1, 10, 0), { nowMs: 5000 });
  log.append(valuesBatch(1, 10, 1), { nowMs: 5500 });
  expect(log.pendingFlushOffset).toBe(-1);
  log.append(valuesBatch(1, 10, 2), { nowMs: 6000 });
  expect(log.pendingFlushOffset).toBe(3);
  await log.waitFlushed(3);
  expect(log.recoveryPoint).toBe(3);
  const zero = logs.fresh({ flushMs: 0 });
  zero.append(valuesBatch(1, 10));
  expect(zero.pendingFlushOffset).toBe(1);
  await zero.waitFlushed(1);
}, 90_000);

test("without flush.messages / flush.ms nothing is forced", () => {
  const log = logs.fresh();
  for (let i = 0; i < 100; i++) log.append(valuesBatch(1, 10, i));
  expect(log.pendingFlushOffset).toBe(-1);
}, 90_000);
