// recordsPassCheck (the produce path's object-free check of compressed records) against the record
// iterator it stands in for: on valid batches both pass; on thousands of mutated or truncated records
// sections, whenever the fast check says yes, the iterator must also accept every record with the same
// key, offset and timestamp rules (the fast check may say no more often: the caller then takes the slow
// path, which names the error).
import { expect, test } from "bun:test";
import { RecordBatchView, buildRecordBatch, type RecordInput } from "../../../src/protocol/records/index.ts";
import { recordsPassCheck, type RecordCheck } from "../../../src/protocol/records/record-scan.ts";
import { RecordIterator } from "../../../src/protocol/records/record.ts";

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

const enc = new TextEncoder();
const NOW = 1_764_000_000_000;

function randomRecords(next: () => number): RecordInput[] {
  const n = 1 + Math.floor(next() * 12);
  return Array.from({ length: n }, (_, i) => ({
    key: next() < 0.2 ? null : enc.encode(`key-${i}-${Math.floor(next() * 1000)}`),
    value: next() < 0.1 ? null : new Uint8Array(Math.floor(next() * 300)).fill(i),
    headers: next() < 0.3 ? [{ key: `h${i}`, value: next() < 0.5 ? null : enc.encode("hv") }] : [],
    timestamp: NOW + Math.floor((next() - 0.5) * 20_000),
  }));
}

/** What the slow path checks, written with the iterator: structure, offsets = index, keys, window. */
function reference(bytes: Uint8Array, count: number, base: bigint, c: RecordCheck): boolean {
  try {
    let index = 0;
    for (const r of new RecordIterator(bytes, 0, bytes.length, count, 0n, base, 0)) {
      if (r.offsetDelta !== index) return false;
      if (c.requireKeys && r.key === null) return false;
      const t = Number(r.timestamp);
      if (c.checkTimestamps && t !== -1 && (t < c.minTimestampMs || t > c.maxTimestampMs)) return false;
      index++;
    }
    return true;
  } catch {
    return false;
  }
}

function section(batch: Uint8Array): { bytes: Uint8Array; count: number; base: bigint } {
  const v = new RecordBatchView(batch);
  return { bytes: v.recordsBytes(), count: v.recordCount, base: v.baseTimestamp };
}

test("valid batches pass, and the key and timestamp rules match the iterator's", () => {
  const next = rng(1);
  let passed = 0;
  for (let i = 0; i < 500; i++) {
    const { bytes, count, base } = section(buildRecordBatch({ records: randomRecords(next) }));
    const open: RecordCheck = { baseTimestampMs: Number(base), checkTimestamps: false, minTimestampMs: 0, maxTimestampMs: 0, requireKeys: false };
    expect(recordsPassCheck(bytes, 0, bytes.length, count, open)).toBe(true);
    for (const c of [
      { ...open, requireKeys: true },
      { ...open, checkTimestamps: true, minTimestampMs: NOW - 5_000, maxTimestampMs: NOW + 5_000 },
      { ...open, checkTimestamps: true, minTimestampMs: NOW - 60_000, maxTimestampMs: NOW + 60_000 },
    ]) {
      const fast = recordsPassCheck(bytes, 0, bytes.length, count, c);
      expect(fast).toBe(reference(bytes, count, base, c));
      if (fast) passed++;
    }
  }
  // Both outcomes occurred.
  expect(passed).toBeGreaterThan(100);
  expect(passed).toBeLessThan(1400);
});

test("mutated and truncated sections: a yes from the fast check is always a yes from the iterator", () => {
  const next = rng(2);
  let yes = 0;
  let no = 0;
  for (let i = 0; i < 3000; i++) {
    const { bytes, count, base } = section(buildRecordBatch({ records: randomRecords(next) }));
    const m = bytes.slice();
    const flips = 1 + Math.floor(next() * 3);
    for (let f = 0; f < flips; f++) m[Math.floor(next() * m.length)] = Math.floor(next() * 256);
    const cut = next() < 0.3 ? Math.floor(next() * m.length) : m.length;
    const countUsed = next() < 0.1 ? count + 1 : count;
    const c: RecordCheck = { baseTimestampMs: Number(base), checkTimestamps: next() < 0.5, minTimestampMs: NOW - 15_000, maxTimestampMs: NOW + 15_000, requireKeys: next() < 0.3 };
    const fast = recordsPassCheck(m, 0, cut, countUsed, c);
    if (fast) {
      yes++;
      expect(reference(m.subarray(0, cut), countUsed, base, c)).toBe(true);
    } else no++;
  }
  expect(yes).toBeGreaterThan(50);
  expect(no).toBeGreaterThan(50);
});

test("a timestamp of -1 is not checked, an unsafe base timestamp and negative counts say no", () => {
  const b = buildRecordBatch({ records: [{ value: enc.encode("a"), timestamp: -1 }] });
  const { bytes, count, base } = section(b);
  expect(base).toBe(-1n);
  expect(recordsPassCheck(bytes, 0, bytes.length, count, { baseTimestampMs: -1, checkTimestamps: true, minTimestampMs: NOW, maxTimestampMs: NOW, requireKeys: false })).toBe(true);
  expect(recordsPassCheck(bytes, 0, bytes.length, count, { baseTimestampMs: 2 ** 60, checkTimestamps: false, minTimestampMs: 0, maxTimestampMs: 0, requireKeys: false })).toBe(false);
  expect(recordsPassCheck(bytes, 0, bytes.length, -1, { baseTimestampMs: -1, checkTimestamps: false, minTimestampMs: 0, maxTimestampMs: 0, requireKeys: false })).toBe(false);
  expect(recordsPassCheck(bytes, 0, bytes.length + 1, count, { baseTimestampMs: -1, checkTimestamps: false, minTimestampMs: 0, maxTimestampMs: 0, requireKeys: false })).toBe(false);
});
