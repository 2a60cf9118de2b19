// validateProducedRecords on sliced records (a request that arrived in several socket chunks) gives what
// it gives on the same bytes contiguous: the same batch (uncompressed: as BatchParts whose bytes equal
// the contiguous result, with no copy of the body), the same errors, the same LogAppendTime stamp; and
// compressed batches, or batches whose records must be walked, take the contiguous path.
import { describe, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { slicedRecords } from "../../../src/protocol/primitives/records-ref.ts";
import { buildRecordBatch, concatParts, type BatchParts } from "../../../src/protocol/records/index.ts";
import { ProducePartitionError } from "../../../src/replication/errors.ts";
import type { TopicSettings } from "../../../src/server/produce/topic-settings.ts";
import { validateProducedRecords, type ValidateOptions } from "../../../src/server/produce/validate.ts";

const NOW = 1_700_000_000_000;

function options(s: Partial<TopicSettings> = {}): ValidateOptions {
  const settings: TopicSettings = {
    maxMessageBytes: 1 << 20,
    logAppendTime: false,
    timestampBeforeMaxMs: Number.MAX_SAFE_INTEGER,
    timestampAfterMaxMs: 3_600_000,
    compression: "producer",
    compact: false,
    delete: true,
    segmentBytes: 1 << 30,
    minInsyncReplicas: 1,
    ...s,
  };
  return { apiVersion: 9, settings, partitionName: "t-0", nowMs: NOW };
}

function batch(compression = 0, count = 40): Uint8Array {
  return buildRecordBatch({
    compression,
    records: Array.from({ length: count }, (_, i) => ({ key: new Uint8Array([i]), value: new Uint8Array(300).fill(i), timestamp: NOW - 10 + i })),
  });
}

const cutAt = (b: Uint8Array, cut: number) => slicedRecords([b.subarray(0, cut), b.subarray(cut)]);
const bytesOf = (x: Uint8Array | BatchParts): Uint8Array => (x instanceof Uint8Array ? x : concatParts(x));

function outcome(f: () => ReturnType<typeof validateProducedRecords>): { bytes?: number[]; error?: [number, string]; logAppendTimeMs?: number } {
  try {
    const v = f();
    return { bytes: [...bytesOf(v.bytes)], logAppendTimeMs: v.logAppendTimeMs };
  } catch (e) {
    if (e instanceof ProducePartitionError) return { error: [e.code, e.message] };
    throw e;
  }
}

describe("sliced records", () => {
  test("uncompressed, cut at every position: BatchParts equal to the contiguous batch, body not copied", () => {
    const b = batch();
    const want = validateProducedRecords(b.slice(), options());
    for (let cut = 1; cut < b.length; cut++) {
      const input = b.slice();
      const v = validateProducedRecords(cutAt(input, cut), options());
      if (v.bytes instanceof Uint8Array) throw new Error(`cut ${cut}: contiguous result`);
      for (const s of v.bytes.body) expect(s.buffer).toBe(input.buffer);
      if (!Buffer.from(concatParts(v.bytes)).equals(want.bytes as Uint8Array)) throw new Error(`cut ${cut}: bytes differ`);
      expect(v.view.producerId).toBe(want.view.producerId);
      expect(v.view.lastOffsetDelta).toBe(want.view.lastOffsetDelta);
    }
  });

  test("errors are the contiguous path's: CRC, size, base offset, magic, two batches, too short", () => {
    const good = batch();
    const badCrc = good.slice();
    badCrc[badCrc.length - 1]! ^= 1;
    const baseOffset = good.slice();
    baseOffset[7] = 5;
    const magic = good.slice();
    magic[16] = 1;
    const cases: [Uint8Array, Partial<TopicSettings>][] = [
      [badCrc, {}],
      [good, { maxMessageBytes: 1000 }],
      [baseOffset, {}],
      [magic, {}],
      [new Uint8Array([...good, ...good]), {}],
      [good.subarray(0, 40), {}],
    ];
    for (const [bytes, s] of cases) {
      const want = outcome(() => validateProducedRecords(bytes.slice(), options(s)));
      expect(want.error).toBeDefined();
      for (const cut of [1, 4, 9, 12, 17, 30, 60, 61, 62, bytes.length - 1]) {
        if (cut >= bytes.length) continue;
        expect(outcome(() => validateProducedRecords(cutAt(bytes.slice(), cut), options(s)))).toEqual(want);
      }
    }
    const want = outcome(() => validateProducedRecords(good.slice(), options()));
    expect(want.error).toBeUndefined();
    expect(outcome(() => validateProducedRecords(cutAt(badCrc.slice(), 500), options())).error?.[0]).toBe(ErrorCode.CORRUPT_MESSAGE);
  });

  test("LogAppendTime: the header copy is stamped with a CRC over the slices, as the contiguous path stamps", () => {
    const b = batch();
    const want = outcome(() => validateProducedRecords(b.slice(), options({ logAppendTime: true })));
    for (const cut of [5, 27, 40, 61, 700, b.length - 2]) {
      expect(outcome(() => validateProducedRecords(cutAt(b.slice(), cut), options({ logAppendTime: true })))).toEqual(want);
    }
  });

  test("compressed, recompressed, compacted or timestamp-walked batches take the contiguous path with the same result", () => {
    const variants: [Uint8Array, Partial<TopicSettings>][] = [
      [batch(1), {}],
      [batch(0), { compression: "gzip" }],
      [batch(0), { compact: true }],
      [batch(0), { timestampBeforeMaxMs: 1000 }],
      [buildRecordBatch({ records: [{ value: new Uint8Array(10), timestamp: NOW + 7_200_000 }] }), {}],
    ];
    // The contiguous path returns a buffer, not BatchParts.
    expect(validateProducedRecords(cutAt(batch(1), 100), options()).bytes instanceof Uint8Array).toBe(true);
    for (const [b, s] of variants) {
      const want = outcome(() => validateProducedRecords(b.slice(), options(s)));
      for (const cut of [3, 61, b.length >> 1]) {
        expect(outcome(() => validateProducedRecords(cutAt(b.slice(), cut), options(s)))).toEqual(want);
      }
    }
  });
});
