// Running CRC32C (crc32cUpdate): a CRC continued across slices equals the one-pass CRC, for the
// TypeScript implementation and every native build; and crcOfParts over a batch split at every position
// in and around its header equals the batch's stored CRC.
import { describe, expect, test } from "bun:test";
import { crc32cUpdateTs } from "../../../src/protocol/records/crc32c.ts";
import { loadNative, loadNativeCrc32c } from "../../../src/protocol/records/crc32c-native.ts";
import { batchParts, buildRecordBatch, concatParts, crcOfParts, crc32cUpdate, RecordBatchView } from "../../../src/protocol/records/index.ts";

type Update = (crc: number, b: Uint8Array, s?: number, e?: number) => number;

function data(n: number): Uint8Array {
  const b = new Uint8Array(n);
  let s = 99;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    b[i] = s >>> 24;
  }
  return b;
}

function checkRunning(update: Update): void {
  const b = data(5000);
  const whole = crc32cUpdateTs(0, b);
  // Every split point of a short prefix, and slices of many sizes across the whole buffer.
  for (let cut = 0; cut <= 300; cut++) expect(update(update(0, b, 0, cut), b, cut)).toBe(whole);
  for (let cut = 0; cut <= 300; cut++) expect(update(update(0, b.subarray(0, cut)), b.subarray(cut))).toBe(whole);
  for (const size of [1, 3, 7, 8, 9, 61, 1000]) {
    let crc = 0;
    for (let at = 0; at < b.length; at += size) crc = update(crc, b.subarray(at, Math.min(at + size, b.length)));
    expect(crc).toBe(whole);
  }
}

describe("running CRC32C", () => {
  test("TypeScript", () => checkRunning(crc32cUpdateTs));
  test("the implementation loadNative() installs (crc32cUpdate)", () => {
    loadNative();
    checkRunning(crc32cUpdate);
  });
  for (const source of ["prebuilt", "cache", "tcc"] as const) {
    test(`native (${source}), when it loads`, () => {
      const failures: string[] = [];
      const n = loadNativeCrc32c(source, failures);
      if (!n) {
        // prebuilt needs `make -C native`; the others must load on this machine (gcc and TinyCC present).
        expect(source).toBe("prebuilt");
        return;
      }
      try {
        checkRunning(n.crc32cUpdate);
        // A running value above 2^31 (the TinyCC argument case) must carry through.
        const b = data(64);
        const first = crc32cUpdateTs(0, b, 0, 20);
        expect(n.crc32cUpdate(first, b, 20)).toBe(crc32cUpdateTs(0, b));
      } finally {
        n.close();
      }
    });
  }
});

test("crcOfParts over a batch split at every position up to 200 bytes and at the end equals its CRC", () => {
  const batch = buildRecordBatch({ records: Array.from({ length: 20 }, (_, i) => ({ key: new Uint8Array([i]), value: data(50 + i) })) });
  const view = new RecordBatchView(batch);
  expect(view.validate()).toBeNull();
  const cuts = [...Array.from({ length: 200 }, (_, i) => i), ...Array.from({ length: 20 }, (_, i) => batch.length - i)];
  for (const cut of cuts) {
    const slices = [batch.subarray(0, cut), batch.subarray(cut)].filter((s) => s.length > 0);
    const parts = batchParts(slices, batch.length);
    expect(crcOfParts(parts)).toBe(view.crc);
    expect(concatParts(parts)).toEqual(batch);
  }
});
