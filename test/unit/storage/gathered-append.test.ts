// The zero-copy append: writeGathered (one positioned writev) and Log.append(BatchParts) write exactly
// the bytes a contiguous append writes, for a batch split at every position in and around its header
// and at many positions after; read back, every batch passes its CRC. LogAppendTime logs and the CRC
// check when the caller did not verify it work on parts too.
import { afterEach, describe, expect, test } from "bun:test";
import { closeSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { batchParts, RecordBatchView, type BatchParts } from "../../../src/protocol/records/index.ts";
import { IOV_MAX, writeGathered } from "../../../src/storage/gathered-write.ts";
import { InvalidBatchError } from "../../../src/storage/errors.ts";
import type { Log } from "../../../src/storage/log.ts";
import { valuesBatch } from "./batch-builder.ts";
import { batchesIn, readSlice, tempDir, TempLogs } from "./helpers.ts";

const logs = new TempLogs("t");
afterEach(logs.cleanup, 120_000);
const fresh = logs.fresh;

/** The batch cut at `cuts` into slices of one buffer (no copy), as BatchParts. */
function partsOf(batch: Uint8Array, cuts: number[]): BatchParts {
  const edges = [0, ...cuts.filter((c) => c > 0 && c < batch.length).sort((a, b) => a - b), batch.length];
  const slices = edges.slice(1).map((e, i) => batch.subarray(edges[i]!, e));
  return batchParts(slices, batch.length);
}

function logBytes(log: Log): Uint8Array {
  const r = log.read(0, 1 << 30);
  return r.slice ? readSlice(r.slice) : new Uint8Array(0);
}

describe("writeGathered", () => {
  test("writes every buffer in order at the position, more buffers than IOV_MAX, empty ones skipped", () => {
    const d = tempDir();
    logs.track(d.cleanup);
    const path = join(d.path, "f");
    const fd = openSync(path, "w+");
    try {
      const bufs = Array.from({ length: IOV_MAX * 2 + 5 }, (_, i) => new Uint8Array(i % 7).fill(i & 0xff));
      const want = Buffer.concat([Buffer.alloc(10), ...bufs]);
      const n = writeGathered(fd, bufs, 10, path);
      expect(n).toBe(want.length - 10);
      expect(Buffer.from(readFileSync(path)).equals(want)).toBe(true);
    } finally {
      closeSync(fd);
    }
  });
});

describe("Log.append(BatchParts)", () => {
  const batches = [valuesBatch(30, 700, 1), valuesBatch(5, 40, 2), valuesBatch(80, 300, 3)];

  test("bytes on disk equal the contiguous append's, for cuts at every header position and beyond", () => {
    const contiguous = fresh();
    for (const b of batches) contiguous.append(b.slice(), { leaderEpoch: 3, nowMs: 1000 });
    const want = logBytes(contiguous);
    const big = batches[0]!;
    const cutSets: number[][] = [];
    for (let c = 1; c < 130; c++) cutSets.push([c]);
    for (let c = big.length - 70; c < big.length; c++) cutSets.push([c]);
    cutSets.push([1, 2, 3, 17, 21, 60, 61, 62, 5000, 9000]);
    cutSets.push(Array.from({ length: big.length - 1 }, (_, i) => i + 1)); // one slice per byte
    for (const cuts of cutSets) {
      const log = fresh();
      const original = big.slice();
      const r = log.append(partsOf(original, cuts), { leaderEpoch: 3, nowMs: 1000, crcVerified: true });
      expect(r.firstOffset).toBe(0);
      expect(r.sizeBytes).toBe(big.length);
      expect(Buffer.from(original.subarray(61)).equals(big.subarray(61))).toBe(true); // the body slices are never written to
      log.append(batches[1]!.slice(), { leaderEpoch: 3, nowMs: 1000 });
      log.append(partsOf(batches[2]!.slice(), [cuts[0]!]), { leaderEpoch: 3, nowMs: 1000 });
      const got = logBytes(log);
      if (!Buffer.from(got).equals(want)) throw new Error(`cuts ${cuts.slice(0, 5).join(",")}: log bytes differ`);
    }
    // Read back: whole batches, each passing its CRC, offsets and leader epoch rewritten.
    const found = batchesIn(want);
    expect(found.map((b) => b.baseOffset)).toEqual([0, 30, 35]);
    for (const b of found) {
      const v = new RecordBatchView(want, b.position);
      expect(v.validate()).toBeNull();
      expect(v.partitionLeaderEpoch).toBe(3);
    }
  });

  test("LogAppendTime logs stamp the header copy and rewrite the CRC over the slices", () => {
    const contiguous = fresh({ timestampType: "LogAppendTime" });
    contiguous.append(batches[0]!.slice(), { nowMs: 123456 });
    const sliced = fresh({ timestampType: "LogAppendTime" });
    const r = sliced.append(partsOf(batches[0]!.slice(), [30, 4000]), { nowMs: 123456 });
    expect(r.logAppendTimeMs).toBe(123456);
    const got = logBytes(sliced);
    expect(Buffer.from(got).equals(logBytes(contiguous))).toBe(true);
    const v = new RecordBatchView(got);
    expect(v.validate()).toBeNull();
    expect(v.maxTimestamp).toBe(123456n);
  });

  test("without crcVerified the CRC is checked across the slices, and nothing is written on a mismatch", () => {
    const log = fresh();
    expect(() => log.append(partsOf(batches[0]!.slice(), [100, 7000]))).not.toThrow();
    const bad = batches[2]!.slice();
    bad[bad.length - 3]! ^= 0x40;
    expect(() => log.append(partsOf(bad, [61, 1000]))).toThrow(InvalidBatchError);
    expect(log.logEndOffset).toBe(30);
    expect(batchesIn(logBytes(log)).length).toBe(1);
  });
});
