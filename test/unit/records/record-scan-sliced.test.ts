// The fast record walk (record-scan.ts) against the full iterator, on seeded mutations of whole
// uncompressed batches (the seed is printed; STRAND_TEST_SEED=N reruns one): recordsPassCheck says yes
// exactly when RecordIterator accepts every record under the same rules (structure, offsetDelta =
// index, keys, timestamp window), and slicedRecordsPassCheck over the same bytes cut into slices at
// random places always answers what recordsPassCheck answers.
import { expect, test } from "bun:test";
import { RECORDS_OFFSET, RecordBatchView, buildRecordBatch, crc32c, type RecordInput } from "../../../src/protocol/records/index.ts";
import { recordsPassCheck, slicedRecordsPassCheck, type RecordCheck } from "../../../src/protocol/records/record-scan.ts";
import { RecordIterator } from "../../../src/protocol/records/record.ts";
import { MALFORMED, buildGoodBatch, reassemble } from "../../support/malformed-batch.ts";

const SEED = Number(process.env.STRAND_TEST_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.log(`record-scan-sliced seed=${SEED} (STRAND_TEST_SEED=${SEED} to rerun)`);

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
    value: next() < 0.1 ? null : new Uint8Array(Math.floor(next() * (next() < 0.1 ? 3000 : 200))).fill(i),
    headers: next() < 0.3 ? [{ key: `h${i}`, value: next() < 0.5 ? null : enc.encode("hv") }] : [],
    timestamp: NOW + Math.floor((next() - 0.5) * 20_000),
  }));
}

/** What the slow path checks, with the iterator: structure, offsets = index, keys, window. */
function reference(batch: Uint8Array, end: number, count: number, c: RecordCheck): boolean {
  try {
    let index = 0;
    for (const r of new RecordIterator(batch, RECORDS_OFFSET, end, count, 0n, BigInt(c.baseTimestampMs), 0)) {
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

/** `bytes` cut at `cuts` random places (some slices may be empty). */
function slice(bytes: Uint8Array, next: () => number, cuts: number): Uint8Array[] {
  const at = Array.from({ length: cuts }, () => Math.floor(next() * (bytes.length + 1))).sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const p of at) {
    out.push(bytes.subarray(from, p));
    from = p;
  }
  out.push(bytes.subarray(from));
  return out;
}

function mutate(batch: Uint8Array, next: () => number): { bytes: Uint8Array; count: number } {
  const v = new RecordBatchView(batch);
  let records = batch.slice(RECORDS_OFFSET);
  let count = v.recordCount;
  const kind = next();
  if (kind < 0.45) {
    const flips = 1 + Math.floor(next() * 3);
    for (let f = 0; f < flips; f++) records[Math.floor(next() * records.length)] = Math.floor(next() * 256);
  } else if (kind < 0.6) {
    records = records.slice(0, Math.floor(next() * records.length));
  } else if (kind < 0.7) {
    const extra = new Uint8Array(1 + Math.floor(next() * 6)).map(() => Math.floor(next() * 256));
    const r = new Uint8Array(records.length + extra.length);
    r.set(records);
    r.set(extra, records.length);
    records = r;
  } else if (kind < 0.85) {
    count = Math.max(1, count + Math.floor((next() - 0.5) * 6));
  } // else unchanged
  return { bytes: reassemble(batch, records, count), count };
}

test("mutated batches: the fast walk agrees with the iterator, and the sliced walk with the fast walk", () => {
  const next = rng(SEED);
  let yes = 0;
  let no = 0;
  for (let i = 0; i < 3000; i++) {
    const good = buildRecordBatch({ records: randomRecords(next) });
    const { bytes, count } = mutate(good, next);
    const c: RecordCheck = {
      baseTimestampMs: Number(new RecordBatchView(bytes).baseTimestamp),
      checkTimestamps: next() < 0.5,
      minTimestampMs: NOW - 15_000,
      maxTimestampMs: NOW + 15_000,
      requireKeys: next() < 0.3,
    };
    const fast = recordsPassCheck(bytes, RECORDS_OFFSET, bytes.length, count, c);
    const want = reference(bytes, bytes.length, count, c);
    if (fast !== want) throw new Error(`seed ${SEED} case ${i}: fast ${fast}, iterator ${want}`);
    if (fast) yes++;
    else no++;
    for (let k = 0; k < 4; k++) {
      const slices = slice(bytes, next, 1 + Math.floor(next() * 8));
      const sliced = slicedRecordsPassCheck(slices, RECORDS_OFFSET, bytes.length, count, c);
      if (sliced !== fast) throw new Error(`seed ${SEED} case ${i}: sliced ${sliced} at cuts ${slices.map((s) => s.length)}, contiguous ${fast}`);
    }
  }
  expect(yes).toBeGreaterThan(300);
  expect(no).toBeGreaterThan(300);
});

test("every malformed shape says no, contiguous and cut at every position; the good batch says yes", () => {
  const good = buildGoodBatch(5, "scan", NOW);
  const open: RecordCheck = { baseTimestampMs: NOW, checkTimestamps: false, minTimestampMs: 0, maxTimestampMs: 0, requireKeys: false };
  const shapes: [string, Uint8Array, number, boolean][] = [["good", good, 5, true]];
  for (const [name, shape] of Object.entries(MALFORMED)) {
    const [records, count] = shape.build(good);
    shapes.push([name, reassemble(good, records, count), count, false]);
  }
  for (const [name, bytes, count, ok] of shapes) {
    expect([name, recordsPassCheck(bytes, RECORDS_OFFSET, bytes.length, count, open)]).toEqual([name, ok]);
    expect([name, reference(bytes, bytes.length, count, open)]).toEqual([name, ok]);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const two = [bytes.subarray(0, cut), bytes.subarray(cut)];
      if (slicedRecordsPassCheck(two, RECORDS_OFFSET, bytes.length, count, open) !== ok) throw new Error(`${name}: cut ${cut} answered ${!ok}`);
    }
  }
});

test("a record larger than the reused copy buffer, crossing many one-byte-to-4-KiB slices", () => {
  const b = buildRecordBatch({ records: [{ key: enc.encode("k"), value: new Uint8Array(2 * 1024 * 1024).fill(3), timestamp: NOW }, { value: enc.encode("v"), timestamp: NOW }] });
  const next = rng(SEED ^ 0x5eed);
  const slices: Uint8Array[] = [];
  for (let at = 0; at < b.length; ) {
    const n = Math.min(b.length - at, 1 + Math.floor(next() * 4096));
    slices.push(b.subarray(at, at + n));
    at += n;
  }
  const c: RecordCheck = { baseTimestampMs: NOW, checkTimestamps: true, minTimestampMs: NOW - 1, maxTimestampMs: NOW + 1, requireKeys: false };
  expect(slicedRecordsPassCheck(slices, RECORDS_OFFSET, b.length, 2, c)).toBe(true);
  expect(slicedRecordsPassCheck(slices, RECORDS_OFFSET, b.length, 2, { ...c, requireKeys: true })).toBe(false);
  expect(slicedRecordsPassCheck(slices, RECORDS_OFFSET, b.length, 3, c)).toBe(false);
  expect(slicedRecordsPassCheck(slices, RECORDS_OFFSET, b.length + 1, 2, c)).toBe(false);
  // The CRC is unchanged by slicing (a sanity check that the slices hold the batch).
  expect(crc32c(b, 21, b.length)).toBe(new RecordBatchView(b).crc);
});
