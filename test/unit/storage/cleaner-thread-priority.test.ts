// The cleaner worker lowers its own thread's priority (strand.log.cleaner.thread.nice) and only its own:
// the kernel shows the new nice value for the worker thread, the test's thread keeps its own.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { setCurrentThreadNice } from "../../../src/storage/cleaner/thread-priority.ts";

function threadNice(): number {
  const stat = readFileSync("/proc/thread-self/stat", "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}

test("a worker thread's nice value is set for that thread only", async () => {
  const before = threadNice();
  const w = new Worker(new URL("./fixtures/nice-worker.ts", import.meta.url).href);
  try {
    const reply = await new Promise<{ ok: boolean; nice: number }>((resolve, reject) => {
      w.onmessage = (e) => resolve(e.data);
      w.onerror = (e) => reject(new Error(e.message));
      w.postMessage(Math.min(19, before + 7));
    });
    expect(reply).toEqual({ ok: true, nice: Math.min(19, before + 7) });
  } finally {
    w.terminate();
  }
  expect(threadNice()).toBe(before);
}, 20_000);

test("values outside 0..19 are refused; 0 changes nothing", () => {
  expect(() => setCurrentThreadNice(20)).toThrow(/0\.\.19, got 20/);
  expect(() => setCurrentThreadNice(-1)).toThrow(/0\.\.19/);
  expect(() => setCurrentThreadNice(1.5)).toThrow(/0\.\.19/);
  const before = threadNice();
  expect(setCurrentThreadNice(0)).toBe(true);
  expect(threadNice()).toBe(before);
});
