// validateProducedRecords walks every record of an uncompressed batch, as Kafka's LogValidator does:
// each malformed but CRC-valid shape (test/support/malformed-batch.ts) gets Kafka's code with no
// error message and no record errors, whether the records arrived contiguous or sliced; what Kafka
// accepts (any offset deltas in an uncompressed batch) is accepted; and the per-record key and
// timestamp rules apply to every record, not only to the header's base and max timestamps.
import { describe, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { slicedRecords } from "../../../src/protocol/primitives/records-ref.ts";
import { buildRecordBatch, concatParts } from "../../../src/protocol/records/index.ts";
import { ProducePartitionError } from "../../../src/replication/errors.ts";
import type { TopicSettings } from "../../../src/server/produce/topic-settings.ts";
import { validateProducedRecords, type ValidateOptions } from "../../../src/server/produce/validate.ts";
import { ACCEPTED_BY_KAFKA, MALFORMED, buildGoodBatch, reassemble } from "../../support/malformed-batch.ts";

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

function failure(f: () => unknown): ProducePartitionError {
  try {
    f();
  } catch (e) {
    if (e instanceof ProducePartitionError) return e;
    throw e;
  }
  throw new Error("accepted");
}

const good = buildGoodBatch(5, "v", NOW);
const cuts = (b: Uint8Array) => [1, 30, 61, 62, 63, 64, 70, b.length >> 1, b.length - 2, b.length - 1];

describe("malformed CRC-valid uncompressed batches", () => {
  for (const [name, shape] of Object.entries(MALFORMED)) {
    test(`${name}: ${shape.errorCode === ErrorCode.INVALID_RECORD ? "INVALID_RECORD" : "UNKNOWN_SERVER_ERROR"}, no message`, () => {
      const [records, count] = shape.build(good);
      const bad = reassemble(good, records, count);
      for (const s of ([{}, { compact: true }, { timestampBeforeMaxMs: 60_000 }, { logAppendTime: true }, { compression: "uncompressed" as const }]) as Partial<TopicSettings>[]) {
        const e = failure(() => validateProducedRecords(bad.slice(), options(s)));
        expect([name, e.code, e.sendMessage, e.recordErrors]).toEqual([name, shape.errorCode, false, []]);
        for (const cut of cuts(bad)) {
          const b = bad.slice();
          const es = failure(() => validateProducedRecords(slicedRecords([b.subarray(0, cut), b.subarray(cut)]), options(s)));
          expect([name, cut, es.code, es.message]).toEqual([name, cut, e.code, e.message]);
        }
      }
    });
  }

  test("the good batch is accepted, sliced ones as BatchParts over the request's slices", () => {
    expect(validateProducedRecords(good.slice(), options()).bytes).toEqual(good);
    for (const cut of cuts(good)) {
      const b = good.slice();
      const v = validateProducedRecords(slicedRecords([b.subarray(0, cut), b.subarray(cut)]), options());
      if (v.bytes instanceof Uint8Array) throw new Error(`cut ${cut}: contiguous result`);
      expect(concatParts(v.bytes)).toEqual(good);
    }
  });

  for (const [name, build] of Object.entries(ACCEPTED_BY_KAFKA)) {
    test(`${name}: accepted as Kafka accepts it (offsets are base + delta in an uncompressed batch)`, () => {
      const [records, count] = build(good);
      const odd = reassemble(good, records, count);
      expect(validateProducedRecords(odd.slice(), options()).bytes).toEqual(odd);
      const v = validateProducedRecords(slicedRecords([odd.slice(0, 100), odd.slice(100)]), options());
      expect(v.bytes instanceof Uint8Array ? v.bytes : concatParts(v.bytes)).toEqual(odd);
    });
  }
});

describe("per-record rules on every record", () => {
  test("a record past message.timestamp.after.max.ms behind an honest-looking header is INVALID_TIMESTAMP", () => {
    const b = buildRecordBatch({ records: [{ value: new Uint8Array(4), timestamp: NOW }, { value: new Uint8Array(4), timestamp: NOW + 7_200_000 }] });
    // The header's maxTimestamp is made to lie (the first record's), as a broken producer might write it.
    const lying = b.slice();
    new DataView(lying.buffer).setBigInt64(35, BigInt(NOW));
    const fixed = reassemble(lying, lying.subarray(61), 2);
    for (const input of [fixed.slice(), slicedRecords([fixed.slice(0, 70), fixed.slice(70)])]) {
      const e = failure(() => validateProducedRecords(input, options()));
      expect(e.code).toBe(ErrorCode.INVALID_TIMESTAMP);
      expect(e.recordErrors.map((r) => r.batchIndex)).toEqual([1]);
    }
  });

  test("a compacted topic refuses a keyless record, sliced or not; keyed batches stay zero-copy", () => {
    const b = buildRecordBatch({ records: [{ key: new Uint8Array([1]), value: new Uint8Array(4), timestamp: NOW }, { key: null, value: new Uint8Array(4), timestamp: NOW }] });
    for (const input of [b.slice(), slicedRecords([b.slice(0, 65), b.slice(65)])]) {
      const e = failure(() => validateProducedRecords(input, options({ compact: true })));
      expect([e.code, e.recordErrors.map((r) => r.batchIndex)]).toEqual([ErrorCode.INVALID_RECORD, [1]]);
    }
    const keyed = good.slice();
    const v = validateProducedRecords(slicedRecords([keyed.subarray(0, 90), keyed.subarray(90)]), options({ compact: true }));
    expect(v.bytes instanceof Uint8Array).toBe(false);
  });
});
