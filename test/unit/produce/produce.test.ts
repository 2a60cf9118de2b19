// Produce handler against a real LogManager and a fake metadata layer: offsets, every codec, the
// validation errors Kafka returns, LogAppendTime, recompression and acks.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import type { ProduceResponse } from "../../../src/protocol/generated/messages/produce-response.ts";
import { RecordBatchView, buildRecordBatch, type BuildOptions } from "../../../src/protocol/records/index.ts";
import { produceHandler } from "../../../src/server/api/00-produce.ts";
import { NO_RESPONSE } from "../../../src/server/handler.ts";
import { readSlice } from "../storage/helpers.ts";
import { FakeBroker, produceRequest } from "./fake-broker.ts";

let b: FakeBroker;
beforeEach(() => {
  b = new FakeBroker();
  b.addTopic("t", 2);
}, 120_000);
afterEach(async () => {
  await b.close();
}, 120_000);

const enc = new TextEncoder();
function batch(n: number, opts: Partial<BuildOptions> = {}): Uint8Array {
  return buildRecordBatch({ records: Array.from({ length: n }, (_, i) => ({ key: enc.encode(`k${i}`), value: enc.encode(`value-${i}`) })), ...opts });
}


async function produce(records: Uint8Array | null, version = 9, acks = -1, topic = "t", partition = 0) {
  const res = await b.call<ProduceResponse>(produceHandler, version, produceRequest(topic, records, acks, partition));
  return res.responses[0]!.partitionResponses[0]!;
}

test("offsets are assigned from the log end and the batch is stored as sent", async () => {
  const r1 = await produce(batch(3));
  expect(r1.errorCode).toBe(0);
  expect(r1.baseOffset).toBe(0n);
  expect(r1.logAppendTimeMs).toBe(-1n);
  expect(r1.logStartOffset).toBe(0n);
  const r2 = await produce(batch(2));
  expect(r2.baseOffset).toBe(3n);
  const log = b.partitionLog("t");
  expect(log.logEndOffset).toBe(5);
  expect(log.highWatermark).toBe(5);
  const read = log.read(3, 1 << 20);
  const v = new RecordBatchView(readSlice(read.slice!));
  expect(v.baseOffset).toBe(3n);
  expect([...v.records()].map((r) => new TextDecoder().decode(r.value!))).toEqual(["value-0", "value-1"]);
});

test("every codec is accepted and its records kept", async () => {
  for (const compression of [0, 1, 2, 3, 4]) {
    const r = await produce(batch(10, { compression }));
    expect(r.errorCode).toBe(0);
  }
  const log = b.partitionLog("t");
  expect(log.logEndOffset).toBe(50);
  const read = log.read(40, 1 << 20);
  const v = new RecordBatchView(readSlice(read.slice!));
  expect(v.compression).toBe(4);
  expect([...v.records()].length).toBe(10);
});

test("topic compression.type other than producer recompresses", async () => {
  b.addTopic("z", 1, { "compression.type": "zstd" });
  const res = await b.call<ProduceResponse>(produceHandler, 9, produceRequest("z", batch(20, { compression: 1 })));
  expect(res.responses[0]!.partitionResponses[0]!.errorCode).toBe(0);
  const v = new RecordBatchView(readSlice(b.partitionLog("z").read(0, 1 << 20).slice!));
  expect(v.compression).toBe(4);
  expect([...v.records()].map((r) => new TextDecoder().decode(r.key!))[19]).toBe("k19");
  // uncompressed producer batches are compressed too
  await b.call<ProduceResponse>(produceHandler, 9, produceRequest("z", batch(5)));
  const v2 = new RecordBatchView(readSlice(b.partitionLog("z").read(20, 1 << 20).slice!));
  expect(v2.compression).toBe(4);
  expect(v2.baseOffset).toBe(20n);
});

test("LogAppendTime topics stamp the batch and return the time", async () => {
  b.addTopic("lat", 1, { "message.timestamp.type": "LogAppendTime" });
  const before = Date.now();
  for (const compression of [0, 3]) {
    const res = await b.call<ProduceResponse>(produceHandler, 9, produceRequest("lat", batch(2, { compression, records: [{ value: enc.encode("a"), timestamp: 5 }] })));
    const p = res.responses[0]!.partitionResponses[0]!;
    expect(p.errorCode).toBe(0);
    expect(Number(p.logAppendTimeMs)).toBeGreaterThanOrEqual(before);
    const v = new RecordBatchView(readSlice(b.partitionLog("lat").read(Number(p.baseOffset), 1 << 20).slice!));
    expect(v.isLogAppendTime).toBe(true);
    expect(v.maxTimestamp).toBe(p.logAppendTimeMs);
    expect(v.validate()).toBeNull();
  }
});

test("a corrupted CRC is CORRUPT_MESSAGE and nothing is appended", async () => {
  const bytes = batch(2);
  bytes[bytes.length - 1]! ^= 0xff;
  expect((await produce(bytes)).errorCode).toBe(ErrorCode.CORRUPT_MESSAGE);
  expect(b.partitionLog("t").logEndOffset).toBe(0);
});

test("magic 1, two batches, no batch, a non-zero base offset and a bad count are INVALID_RECORD", async () => {
  const m1 = batch(1);
  m1[16] = 1;
  expect((await produce(m1)).errorCode).toBe(ErrorCode.INVALID_RECORD);
  const two = new Uint8Array([...batch(1), ...batch(1)]);
  expect((await produce(two)).errorCode).toBe(ErrorCode.INVALID_RECORD);
  expect((await produce(null)).errorCode).toBe(ErrorCode.INVALID_RECORD);
  expect((await produce(batch(1, { baseOffset: 7n }))).errorCode).toBe(ErrorCode.INVALID_RECORD);
  // record count 3 with lastOffsetDelta 1 (CRC recomputed so only the count is wrong)
  const bad = batch(2);
  const v = new RecordBatchView(bad);
  new DataView(bad.buffer).setInt32(57, 3);
  new DataView(bad.buffer).setUint32(17, v.computeCrc());
  expect((await produce(bad)).errorCode).toBe(ErrorCode.INVALID_RECORD);
  expect((await produce(batch(1, { isControl: true }))).errorCode).toBe(ErrorCode.INVALID_RECORD);
  expect((await produce(batch(1, { producerId: 5n, producerEpoch: 0, baseSequence: -1 }))).errorCode).toBe(ErrorCode.INVALID_RECORD);
  expect(b.partitionLog("t").logEndOffset).toBe(0);
});

test("zstd before v7 is UNSUPPORTED_COMPRESSION_TYPE", async () => {
  expect((await produce(batch(1, { compression: 4 }), 6)).errorCode).toBe(ErrorCode.UNSUPPORTED_COMPRESSION_TYPE);
  expect((await produce(batch(1, { compression: 4 }), 7)).errorCode).toBe(0);
});

test("max.message.bytes gives MESSAGE_TOO_LARGE and segment.bytes RECORD_LIST_TOO_LARGE", async () => {
  b.addTopic("small", 1, { "max.message.bytes": "200" });
  const big = buildRecordBatch({ records: [{ value: new Uint8Array(300) }] });
  const res = await b.call<ProduceResponse>(produceHandler, 9, produceRequest("small", big));
  expect(res.responses[0]!.partitionResponses[0]!.errorCode).toBe(ErrorCode.MESSAGE_TOO_LARGE);
  b.addTopic("seg", 1, { "segment.bytes": "300" });
  const res2 = await b.call<ProduceResponse>(produceHandler, 9, produceRequest("seg", buildRecordBatch({ records: [{ value: new Uint8Array(400) }] })));
  expect(res2.responses[0]!.partitionResponses[0]!.errorCode).toBe(ErrorCode.RECORD_LIST_TOO_LARGE);
});

test("timestamps outside message.timestamp.after/before.max.ms are INVALID_TIMESTAMP with record errors", async () => {
  b.addTopic("ts", 1, { "message.timestamp.after.max.ms": "1000", "message.timestamp.before.max.ms": "60000" });
  const now = Date.now();
  const records = [{ value: enc.encode("ok"), timestamp: now }, { value: enc.encode("future"), timestamp: now + 100_000 }, { value: enc.encode("old"), timestamp: now - 120_000 }];
  for (const compression of [0, 2, 3]) {
    const res = await b.call<ProduceResponse>(produceHandler, 9, produceRequest("ts", buildRecordBatch({ records, compression })));
    const p = res.responses[0]!.partitionResponses[0]!;
    expect(p.errorCode).toBe(ErrorCode.INVALID_TIMESTAMP);
    expect(p.recordErrors.map((e) => e.batchIndex)).toEqual([1, 2]);
    expect(p.errorMessage).toBe("One or more records have been rejected due to invalid timestamp");
    expect(p.recordErrors[0]!.batchIndexErrorMessage).toContain("is out of range");
  }
  expect(b.partitionLog("ts").logEndOffset).toBe(0);
});

test("a compacted topic refuses records without keys", async () => {
  b.addTopic("c", 1, { "cleanup.policy": "compact" });
  for (const compression of [0, 3]) {
    const res = await b.call<ProduceResponse>(produceHandler, 9, produceRequest("c", buildRecordBatch({ compression, records: [{ key: enc.encode("a"), value: enc.encode("1") }, { value: enc.encode("2") }] })));
    const p = res.responses[0]!.partitionResponses[0]!;
    expect(p.errorCode).toBe(ErrorCode.INVALID_RECORD);
    expect(p.recordErrors).toEqual([{ batchIndex: 1, batchIndexErrorMessage: "Compacted topic cannot accept message without key in topic partition c-0" }]);
  }
  expect(b.partitionLog("c").logEndOffset).toBe(0);
});

test("compressed batches kept in their codec: inner offsets with a gap are INVALID_RECORD, good ones append", async () => {
  for (const compression of [2, 3]) {
    const gap = buildRecordBatch({ compression, records: [{ value: enc.encode("a"), offsetDelta: 0 }, { value: enc.encode("b"), offsetDelta: 2 }] });
    // Count and lastOffsetDelta must agree for the batch to reach the inner check: patch lastOffsetDelta to 1.
    new DataView(gap.buffer, gap.byteOffset).setInt32(23, 1);
    const v = new RecordBatchView(gap);
    new DataView(gap.buffer, gap.byteOffset).setUint32(17, v.computeCrc());
    const p = await produce(gap);
    expect(p.errorCode).toBe(ErrorCode.INVALID_RECORD);
    expect(p.errorMessage).toContain("does not have incremental offsets, expected offset is 1");
  }
  // Many good batches of growing size in a row through the reused decompression buffer: all appended.
  const before = b.partitionLog("t").logEndOffset;
  for (let i = 0; i < 20; i++) {
    const sent = batch(50 + i * 37, { compression: i % 2 === 0 ? 3 : 2 });
    const p = await produce(sent);
    expect(p.errorCode).toBe(0);
  }
  expect(b.partitionLog("t").logEndOffset - before).toBe(Array.from({ length: 20 }, (_, i) => 50 + i * 37).reduce((a, n) => a + n, 0));
});

test("acks outside -1/0/1, unknown topics, partitions and topic ids", async () => {
  expect((await produce(batch(1), 9, 2)).errorCode).toBe(ErrorCode.INVALID_REQUIRED_ACKS);
  expect((await produce(batch(1), 9, 1, "nope")).errorCode).toBe(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
  expect((await produce(batch(1), 9, 1, "t", 5)).errorCode).toBe(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
  const res = await b.call<ProduceResponse>(produceHandler, 13, produceRequest("", batch(1), 1, 0, "AQIDBAUGBwgJCgsMDQ4PEA"));
  expect(res.responses[0]!.partitionResponses[0]!.errorCode).toBe(ErrorCode.UNKNOWN_TOPIC_ID);
  const id = b.metadata.image.topicsByName.get("t")!.topicId;
  const ok = await b.call<ProduceResponse>(produceHandler, 13, produceRequest("", batch(1), 1, 1, id));
  expect(ok.responses[0]!.topicId).toBe(id);
  expect(ok.responses[0]!.partitionResponses[0]!.errorCode).toBe(0);
});

test("acks=0 sends no response but appends", async () => {
  const r = await produceHandler.handle(b.ctx(0, 9), produceRequest("t", batch(4), 0));
  expect(r).toBe(NO_RESPONSE);
  expect(b.partitionLog("t").logEndOffset).toBe(4);
});

test("transactional batches without the request's transactional id are refused as Kafka does", async () => {
  const r = await produce(batch(1, { producerId: 1n, producerEpoch: 0, baseSequence: 0, isTransactional: true }));
  expect(r.errorCode).toBe(ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED);
});

test("acks=-1 with strand.log.fsync.before.ack waits until the offsets are durable", async () => {
  const f = new FakeBroker({ "strand.log.fsync.before.ack": "true" });
  try {
    f.addTopic("d", 1);
    const pending = produceHandler.handle(f.ctx(0, 9), produceRequest("d", batch(3), -1));
    expect(pending).toBeInstanceOf(Promise);
    const res = (await pending) as ProduceResponse;
    expect(res.responses[0]!.partitionResponses[0]!.errorCode).toBe(0);
    const log = f.partitionLog("d");
    expect(log.durableOffset).toBeGreaterThanOrEqual(3);
    await Bun.sleep(1);
    expect(log.highWatermark).toBe(3);
  } finally {
    await f.close();
  }
});
