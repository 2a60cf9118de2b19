// RecordBatchView, builder, record iteration and message sets, including hostile input.
import { describe, expect, test } from "bun:test";
import {
  ATTRIBUTES_OFFSET,
  BATCH_LENGTH_OFFSET,
  buildRecordBatch,
  CRC_OFFSET,
  KafkaErrorCode,
  LAST_OFFSET_DELTA_OFFSET,
  MAGIC_OFFSET,
  MessageSetIterator,
  RECORD_COUNT_OFFSET,
  RecordBatchError,
  RecordBatchView,
  RECORDS_OFFSET,
  splitMessageSet,
} from "../../../src/protocol/records/index.ts";
import { crc32c } from "../../../src/protocol/records/crc32c.ts";
import type { KafkaErrorCodeValue } from "../../../src/protocol/records/errors.ts";

const te = new TextEncoder();
const td = new TextDecoder();

function sample(compression = 0): Uint8Array {
  return buildRecordBatch({
    compression,
    baseOffset: 1000n,
    partitionLeaderEpoch: 4,
    producerId: 77n,
    producerEpoch: 2,
    baseSequence: 10,
    records: [
      { key: te.encode("a"), value: te.encode("first"), timestamp: 5000n, headers: [{ key: "k", value: te.encode("v") }] },
      { key: null, value: null, timestamp: 4990n },
      { value: te.encode("x".repeat(300)), timestamp: 5100n, headers: [{ key: te.encode("bin"), value: null }] },
    ],
  });
}

function fixCrc(b: Uint8Array): Uint8Array {
  new DataView(b.buffer, b.byteOffset).setUint32(CRC_OFFSET, crc32c(b, 21, b.length));
  return b;
}

describe("builder + view", () => {
  test.each([0, 1, 2, 3, 4])("compression %i: header fields and records", (compression) => {
    const b = sample(compression);
    const v = new RecordBatchView(b);
    expect(v.validate()).toBeNull();
    expect(v.magic).toBe(2);
    expect(v.compression).toBe(compression);
    expect(v.sizeInBytes).toBe(b.length);
    expect(v.baseOffset).toBe(1000n);
    expect(v.lastOffset).toBe(1002n);
    expect(v.partitionLeaderEpoch).toBe(4);
    expect(v.producerId).toBe(77n);
    expect(v.producerEpoch).toBe(2);
    expect(v.baseSequence).toBe(10);
    expect(v.recordCount).toBe(3);
    expect(v.baseTimestamp).toBe(5000n);
    expect(v.maxTimestamp).toBe(5100n);
    expect(v.isTransactional).toBe(false);
    const rs = [...v.records()];
    expect(rs.map((r) => r.offset)).toEqual([1000n, 1001n, 1002n]);
    expect(rs.map((r) => r.timestamp)).toEqual([5000n, 4990n, 5100n]);
    expect(td.decode(rs[0]!.key!)).toBe("a");
    expect(td.decode(rs[0]!.value!)).toBe("first");
    expect(rs[0]!.headers.map((h) => [td.decode(h.key), td.decode(h.value!)])).toEqual([["k", "v"]]);
    expect(rs[1]!.key).toBeNull();
    expect(rs[1]!.value).toBeNull();
    expect(rs[2]!.value!.length).toBe(300);
    expect(rs[2]!.headers[0]!.value).toBeNull();
  });

  test("flags: transactional, control, log-append time", () => {
    const b = buildRecordBatch({ isTransactional: true, isControl: true, timestampType: "log-append", records: [{ value: te.encode("m"), timestamp: 1 }] });
    const v = new RecordBatchView(b);
    expect(v.validate()).toBeNull();
    expect([v.isTransactional, v.isControl, v.isLogAppendTime]).toEqual([true, true, true]);
  });

  test("view at an offset inside a larger buffer, without copying", () => {
    const b = sample();
    const big = new Uint8Array(b.length + 100);
    big.set(b, 37);
    const v = new RecordBatchView(big, 37);
    expect(v.validate()).toBeNull();
    expect(v.bytes.buffer).toBe(big.buffer);
    expect(v.records().next().value!.value!.buffer).toBe(big.buffer);
  });

  test("setBaseOffset keeps the CRC valid; setLogAppendTime rewrites it", () => {
    const v = new RecordBatchView(sample());
    v.setBaseOffset(123_456_789_012n);
    v.setPartitionLeaderEpoch(8);
    expect(v.validate()).toBeNull();
    expect([...v.records()][2]!.offset).toBe(123_456_789_014n);
    v.setLogAppendTime(9_999n);
    expect(v.validate()).toBeNull();
    expect([...v.records()].map((r) => r.timestamp)).toEqual([9_999n, 9_999n, 9_999n]);
  });

  test("builder refuses no records and non-increasing offset deltas", () => {
    expect(() => buildRecordBatch({ records: [] })).toThrow(RangeError);
    expect(() => buildRecordBatch({ records: [{ offsetDelta: 1 }, { offsetDelta: 1 }] })).toThrow(RangeError);
  });
});

describe("validate names what is wrong", () => {
  const check = (b: Uint8Array, reason: string, code: KafkaErrorCodeValue, pattern: RegExp) => {
    const e = new RecordBatchView(b).validate();
    expect(e).toBeInstanceOf(RecordBatchError);
    expect(e!.reason).toBe(reason as RecordBatchError["reason"]);
    expect(e!.kafkaErrorCode).toBe(code);
    expect(e!.message).toMatch(pattern);
  };

  test("bad CRC -> CORRUPT_MESSAGE", () => {
    const b = sample();
    b[b.length - 1] ^= 1;
    check(b, "bad-crc", KafkaErrorCode.CORRUPT_MESSAGE, /stored CRC 0x[0-9a-f]{8} but computed/);
  });

  test.each([0, 1])("magic %i (legacy message set) -> INVALID_RECORD, as Kafka 4", (magic) => {
    // A legacy v1 message: offset, size, crc, magic, attributes, timestamp, key, value.
    const b = new Uint8Array(12 + 22);
    const dv = new DataView(b.buffer);
    dv.setInt32(8, 22);
    b[MAGIC_OFFSET] = magic;
    dv.setInt32(26, -1);
    dv.setInt32(30, -1);
    check(b, "unsupported-magic", KafkaErrorCode.INVALID_RECORD, /magic version 2/);
    expect(KafkaErrorCode.INVALID_RECORD).toBe(87);
    const set = splitMessageSet(b);
    expect(set.batches.length).toBe(1);
    expect(set.batches[0]!.magic).toBe(magic);
  });

  test("truncated batch", () => {
    check(sample().subarray(0, 100), "truncated", KafkaErrorCode.CORRUPT_MESSAGE, /only 100 are present/);
    check(sample().subarray(0, 40), "truncated", KafkaErrorCode.CORRUPT_MESSAGE, /fewer than the 61-byte header/);
  });

  test("batchLength below the header", () => {
    const b = sample();
    new DataView(b.buffer).setInt32(BATCH_LENGTH_OFFSET, 20);
    check(b, "bad-length", KafkaErrorCode.CORRUPT_MESSAGE, /batchLength 20/);
  });

  test("record count vs lastOffsetDelta -> INVALID_RECORD", () => {
    const b = sample();
    new DataView(b.buffer).setInt32(LAST_OFFSET_DELTA_OFFSET, 5);
    check(fixCrc(b), "bad-record-count", KafkaErrorCode.INVALID_RECORD, /lastOffsetDelta 5 implies 6/);
    expect(new RecordBatchView(b).validate({ strictRecordCount: false })).toBeNull();
  });

  test("huge record count", () => {
    const b = sample();
    new DataView(b.buffer).setInt32(RECORD_COUNT_OFFSET, 1 << 30);
    new DataView(b.buffer).setInt32(LAST_OFFSET_DELTA_OFFSET, (1 << 30) - 1);
    check(fixCrc(b), "bad-record-count", KafkaErrorCode.INVALID_RECORD, /cannot fit/);
  });

  test("unknown compression id -> UNSUPPORTED_COMPRESSION_TYPE", () => {
    const b = sample();
    new DataView(b.buffer).setInt16(ATTRIBUTES_OFFSET, 6);
    check(fixCrc(b), "unsupported-compression", KafkaErrorCode.UNSUPPORTED_COMPRESSION_TYPE, /compression id 6/);
  });
});

describe("hostile records", () => {
  // One uncompressed batch whose records section is replaced by `records`, with a valid CRC.
  const withRecords = (records: number[], count = 1) => {
    const base = buildRecordBatch({ records: Array.from({ length: count }, () => ({ value: te.encode("v"), timestamp: 0 })) });
    const b = new Uint8Array(RECORDS_OFFSET + records.length);
    b.set(base.subarray(0, RECORDS_OFFSET));
    b.set(records, RECORDS_OFFSET);
    new DataView(b.buffer).setInt32(BATCH_LENGTH_OFFSET, b.length - 12);
    return new RecordBatchView(fixCrc(b));
  };
  const iterate = (v: RecordBatchView) => () => [...v.records()];

  test("record length beyond the batch", () => {
    expect(iterate(withRecords([0x7e, 0, 0, 0, 1, 1, 0, 0]))).toThrow(/length 63 outside/);
  });
  test("key length beyond the record", () => {
    // length 7: attrs, tsDelta 0, offDelta 0, keyLen 100 (zigzag 200 = c8 01)
    expect(iterate(withRecords([14, 0, 0, 0, 0xc8, 0x01, 1, 0]))).toThrow(/key length 100 outside the record/);
  });
  test("varint longer than 5 bytes", () => {
    expect(iterate(withRecords([14, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]))).toThrow(RecordBatchError);
  });
  test("huge header count", () => {
    expect(iterate(withRecords([20, 0, 0, 0, 1, 1, 0xfe, 0xff, 0xff, 0xff, 0x0f]))).toThrow(/header count/);
  });
  test("bytes left after the last record", () => {
    const good = buildRecordBatch({ records: [{ value: te.encode("v"), timestamp: 0 }] }).subarray(RECORDS_OFFSET);
    expect(iterate(withRecords([...good, 0, 0]))).toThrow(/2 bytes left after the last of 1 records/);
  });
  test("random garbage never throws anything but RecordBatchError", () => {
    let s = 1;
    for (let k = 0; k < 500; k++) {
      const n = 1 + (k % 60);
      const garbage = Array.from({ length: n }, () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) >>> 24));
      try {
        [...withRecords(garbage, 1 + (k % 3)).records()];
      } catch (e) {
        if (!(e instanceof RecordBatchError)) throw e;
      }
    }
  });
  test("a compressed batch past the limit fails as decompression", () => {
    const b = buildRecordBatch({ compression: 4, records: [{ value: new Uint8Array(1 << 20) }] });
    const v = new RecordBatchView(b);
    expect(v.validate()).toBeNull();
    expect(() => v.records({ maxUncompressedBytes: 1000 })).toThrow(/exceeds the limit of 1000/);
    expect([...v.records({ maxUncompressedBytes: 2 << 20 })].length).toBe(1);
  });
});

describe("message sets", () => {
  const three = () => {
    const parts = [sample(0), sample(2), sample(3)];
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let o = 0;
    for (const p of parts) {
      out.set(p, o);
      o += p.length;
    }
    return { out, sizes: parts.map((p) => p.length) };
  };

  test("iterates whole batches and ends cleanly", () => {
    const { out, sizes } = three();
    const it = new MessageSetIterator(out);
    const batches = [...it];
    expect(batches.map((b) => b.sizeInBytes)).toEqual(sizes);
    expect(batches.every((b) => b.validate() === null)).toBe(true);
    expect([it.stop, it.stoppedAt, it.error]).toEqual(["end", out.length, null]);
  });

  test("a truncated last batch: returns what is whole and where it stopped", () => {
    const { out, sizes } = three();
    for (const cut of [1, 10, 16, 17, 60, sizes[2]! - 1]) {
      const s = splitMessageSet(out.subarray(0, out.length - cut));
      expect(s.batches.length).toBe(2);
      expect(s.stop).toBe("truncated");
      expect(s.stoppedAt).toBe(sizes[0]! + sizes[1]!);
      expect(s.error!.reason).toBe("truncated");
    }
  });

  test("a corrupt size field stops iteration as corrupt", () => {
    const { out, sizes } = three();
    new DataView(out.buffer).setInt32(sizes[0]! + BATCH_LENGTH_OFFSET, -5);
    const s = splitMessageSet(out);
    expect([s.batches.length, s.stop, s.stoppedAt]).toEqual([1, "corrupt", sizes[0]!]);
  });

  test("a batch view cannot read into the next batch", () => {
    const { out, sizes } = three();
    const first = splitMessageSet(out).batches[0]!;
    expect(first.availableBytes).toBe(sizes[0]!);
  });
});
