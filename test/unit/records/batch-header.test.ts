// The one record-batch header parser (issue 10, item 3): readBatchHeader reads every field as the
// RecordBatchView getters do, checkBatch refuses every malformed header with the reason it always
// gave, and the header produce validation parsed is what the append uses (not parsed again), with the
// same bytes on disk as an append that parses for itself.
import { describe, expect, test } from "bun:test";
import {
  BASE_OFFSET_OFFSET,
  BATCH_LENGTH_OFFSET,
  CRC_OFFSET,
  CRC_START,
  LAST_OFFSET_DELTA_OFFSET,
  MAGIC_OFFSET,
  RECORD_COUNT_OFFSET,
  RecordBatchView,
  buildRecordBatch,
  checkBatch,
  crc32c,
  readBatchHeader,
} from "../../../src/protocol/records/index.ts";
import { validateProducedRecords } from "../../../src/server/produce/validate.ts";
import type { TopicSettings } from "../../../src/server/produce/topic-settings.ts";
import { prepareAppend } from "../../../src/storage/append-prepare.ts";
import { InvalidBatchError } from "../../../src/storage/errors.ts";
import { makeLogConfig } from "../../../src/storage/log-config.ts";

const SEED = 0x5eed;
console.log(`batch-header.test seed ${SEED}`);
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const NOW = 1_700_000_000_000;
const settings = (logAppendTime = false): TopicSettings => ({
  maxMessageBytes: 1 << 20,
  logAppendTime,
  timestampBeforeMaxMs: Number.MAX_SAFE_INTEGER,
  timestampAfterMaxMs: Number.MAX_SAFE_INTEGER,
  compression: "producer",
  compact: false,
  delete: true,
  segmentBytes: 1 << 30,
  minInsyncReplicas: 1,
});

function batch(count: number, o: { producerId?: bigint; compression?: number } = {}): Uint8Array {
  return buildRecordBatch({
    records: Array.from({ length: count }, (_, i) => ({ value: new TextEncoder().encode(`v${i}`.padEnd(30, ".")), timestamp: NOW + i })),
    producerId: o.producerId ?? -1n,
    producerEpoch: o.producerId === undefined ? -1 : 3,
    baseSequence: o.producerId === undefined ? -1 : 7,
    compression: o.compression ?? 0,
  });
}

/** The batch with an int32 at `at` replaced and (unless keepCrc) the CRC recomputed. */
function patched(b: Uint8Array, at: number, value: number, width: 1 | 4 | 8 = 4, keepCrc = false): Uint8Array {
  const out = b.slice();
  const dv = new DataView(out.buffer);
  if (width === 1) out[at] = value;
  else if (width === 4) dv.setInt32(at, value);
  else dv.setBigInt64(at, BigInt(value));
  if (!keepCrc && at >= CRC_START) dv.setUint32(CRC_OFFSET, crc32c(out, CRC_START, out.length));
  return out;
}

describe("readBatchHeader", () => {
  test("reads every field as RecordBatchView does", () => {
    const r = rng(SEED);
    for (let i = 0; i < 50; i++) {
      const b = batch(1 + Math.floor(r() * 20), { producerId: r() < 0.5 ? BigInt(Math.floor(r() * 1e6)) : undefined, compression: Math.floor(r() * 5) });
      const h = readBatchHeader(b, 0);
      const v = new RecordBatchView(b);
      expect(h).toEqual({
        baseOffset: Number(v.baseOffset),
        lastOffset: Number(v.lastOffset),
        sizeBytes: v.sizeInBytes,
        partitionLeaderEpoch: v.partitionLeaderEpoch,
        magic: v.magic,
        crc: v.crc,
        attributes: v.attributes,
        lastOffsetDelta: v.lastOffsetDelta,
        baseTimestamp: Number(v.baseTimestamp),
        maxTimestamp: Number(v.maxTimestamp),
        producerId: v.producerId,
        producerEpoch: v.producerEpoch,
        baseSequence: v.baseSequence,
        recordCount: v.recordCount,
      });
    }
  });
  test("a base offset outside [0, 2^53-1] reads as -1", () => {
    expect(readBatchHeader(patched(batch(1), BASE_OFFSET_OFFSET, -5, 8), 0).baseOffset).toBe(-1);
  });
});

describe("checkBatch refuses every malformed header", () => {
  const good = batch(3);
  const cases: Array<[string, Uint8Array, number, string]> = [
    ["fewer than 12 bytes", good.subarray(0, 10), 1 << 20, "only 10 bytes left, a batch needs at least 61"],
    ["a length below the header", patched(good, BATCH_LENGTH_OFFSET, 20), 1 << 20, "batch length 20 is below the header size"],
    ["a batch above the limit", good, 100, `batch size ${good.length} exceeds the limit 100`],
    ["a length past the bytes", patched(good, BATCH_LENGTH_OFFSET, good.length), 1 << 20, `batch size ${good.length + 12} runs past the ${good.length} bytes left`],
    ["magic 1", patched(good, MAGIC_OFFSET, 1, 1), 1 << 20, "magic 1 is not 2"],
    ["a negative base offset", patched(good, BASE_OFFSET_OFFSET, -1, 8), 1 << 20, "base offset is negative or beyond 2^53-1"],
    ["a negative last offset delta", patched(good, LAST_OFFSET_DELTA_OFFSET, -1), 1 << 20, "last offset delta -1 is negative"],
    ["more records than offsets", patched(good, RECORD_COUNT_OFFSET, 9), 1 << 20, "record count 9 does not fit last offset delta 2"],
    ["a negative record count", patched(good, RECORD_COUNT_OFFSET, -1), 1 << 20, "record count -1 does not fit last offset delta 2"],
  ];
  for (const [name, bytes, max, reason] of cases) {
    test(name, () => {
      expect(checkBatch(bytes, 0, bytes.length, max)).toBe(reason);
      // The append (which parses for itself when no header is given) refuses it the same way.
      expect(() => prepareAppend(bytes.slice(), 0, makeLogConfig({ maxMessageBytes: max }), {}, NOW)).toThrow(new InvalidBatchError(0, reason));
    });
  }
  test("a bad CRC, unless the caller verified it", () => {
    const bad = patched(good, CRC_OFFSET, 12345, 4, true);
    expect(checkBatch(bad, 0, bad.length, 1 << 20)).toMatch(/^CRC mismatch: stored 12345, computed \d+$/);
    expect(checkBatch(bad, 0, bad.length, 1 << 20, true)).toBeNull();
  });
  test("a good batch passes", () => {
    expect(checkBatch(good, 0, good.length, 1 << 20)).toBeNull();
  });
});

describe("the validated header goes to the append", () => {
  for (const logAppendTime of [false, true]) {
    test(`the append uses validation's header and writes what a self-parsing append writes (LogAppendTime ${logAppendTime})`, () => {
      const config = makeLogConfig({ timestampType: logAppendTime ? "LogAppendTime" : "CreateTime" });
      const v = validateProducedRecords(batch(5, { producerId: 42n }), { apiVersion: 9, settings: settings(logAppendTime), partitionName: "t-0", nowMs: NOW });
      const bytes = v.bytes as Uint8Array;
      const twin = bytes.slice();
      const handed = v.header;
      const withHeader = prepareAppend(bytes, 100, config, { leaderEpoch: 4, crcVerified: true, header: handed }, NOW);
      const parsed = prepareAppend(twin, 100, config, { leaderEpoch: 4, crcVerified: true }, NOW);
      expect(withHeader.headers[0]).toBe(handed); // not parsed again
      expect(withHeader.headers).toEqual(parsed.headers);
      expect(withHeader.headers[0]).toEqual(readBatchHeader(bytes, 0)); // in step with the bytes
      expect(bytes).toEqual(twin);
      expect({ ...withHeader, headers: null }).toEqual({ ...parsed, headers: null });
      expect(checkBatch(bytes, 0, bytes.length, 1 << 20)).toBeNull();
    });
  }
  test("a header that does not describe the bytes given is refused", () => {
    const v = validateProducedRecords(batch(2), { apiVersion: 9, settings: settings(), partitionName: "t-0", nowMs: NOW });
    const two = new Uint8Array([...(v.bytes as Uint8Array), ...(v.bytes as Uint8Array)]);
    expect(() => prepareAppend(two, 0, makeLogConfig(), { header: v.header }, NOW)).toThrow(InvalidBatchError);
  });
});
