// Produce against the real broker process: every compression codec (built with our record builder)
// fetched back intact, acks 0 / 1 / -1, and the validation errors a client sees on the wire.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startStrand, type StrandHandle } from "../support/strand.ts";
import { batchViews, createTopic, fetchOnce, produce } from "../unit/produce/wire-helpers.ts";

let broker: StrandHandle;
let c: KafkaTestClient;
beforeAll(async () => {
  broker = await startStrand();
  c = await KafkaTestClient.connect(broker.port);
}, 120_000);
afterAll(async () => {
  c?.close();
  await broker?.stop();
}, 120_000);

const enc = new TextEncoder();
const dec = new TextDecoder();

test("each codec round-trips keys, values, headers and timestamps", async () => {
  await createTopic(c, "codecs", 1);
  const now = Date.now();
  let expected = 0;
  for (const compression of [0, 1, 2, 3, 4]) {
    const records = Array.from({ length: 50 }, (_, i) => ({ key: enc.encode(`k${compression}-${i}`), value: enc.encode(`v${i}`.repeat(i + 1)), headers: [{ key: "h", value: enc.encode(String(i)) }], timestamp: now + i }));
    const r = await produce(c, "codecs", 0, buildRecordBatch({ records, compression }), { version: compression === 4 ? 7 : 9 });
    expect(r.errorCode).toBe(0);
    expect(r.baseOffset).toBe(BigInt(expected));
    expected += 50;
  }
  const f = await fetchOnce(c, "codecs", [{ partition: 0, offset: 0n }]);
  const p = f.partitions[0]!;
  expect(p.highWatermark).toBe(250n);
  const batches = batchViews(p.records);
  expect(batches.map((b) => b.compression)).toEqual([0, 1, 2, 3, 4]);
  for (const [bi, b] of batches.entries()) {
    expect(b.validate()).toBeNull();
    const recs = [...b.records()];
    expect(recs.length).toBe(50);
    expect(recs[7]!.offset).toBe(BigInt(bi * 50 + 7));
    expect(dec.decode(recs[7]!.key!)).toBe(`k${bi}-7`);
    expect(dec.decode(recs[7]!.value!)).toBe("v7".repeat(8));
    expect(dec.decode(recs[7]!.headers[0]!.value!)).toBe("7");
    expect(recs[7]!.timestamp).toBe(BigInt(now + 7));
  }
});

test("acks 0, 1 and -1 all append; acks=0 gets no answer", async () => {
  await createTopic(c, "acks", 1);
  c.sendOnly(0, 9, { transactionalId: null, acks: 0, timeoutMs: 1000, topicData: [{ name: "acks", partitionData: [{ index: 0, records: buildRecordBatch({ records: [{ value: enc.encode("zero") }] }) }] }] });
  const one = await produce(c, "acks", 0, buildRecordBatch({ records: [{ value: enc.encode("one") }] }), { acks: 1 });
  expect(one).toMatchObject({ errorCode: 0, baseOffset: 1n });
  const all = await produce(c, "acks", 0, buildRecordBatch({ records: [{ value: enc.encode("all") }] }), { acks: -1 });
  expect(all).toMatchObject({ errorCode: 0, baseOffset: 2n });
  const f = await fetchOnce(c, "acks", [{ partition: 0, offset: 0n }]);
  expect(batchViews(f.partitions[0]!.records).flatMap((b) => [...b.records()].map((r) => dec.decode(r.value!)))).toEqual(["zero", "one", "all"]);
});

test("validation errors reach the client as Kafka's codes", async () => {
  await createTopic(c, "strict", 1, { "max.message.bytes": "1000", "message.timestamp.after.max.ms": "1000" });
  const big = await produce(c, "strict", 0, buildRecordBatch({ records: [{ value: new Uint8Array(2000) }] }));
  expect(big.errorCode).toBe(10); // MESSAGE_TOO_LARGE
  const bad = buildRecordBatch({ records: [{ value: enc.encode("x") }] });
  bad[bad.length - 1]! ^= 1;
  expect((await produce(c, "strict", 0, bad)).errorCode).toBe(2); // CORRUPT_MESSAGE
  const future = await produce(c, "strict", 0, buildRecordBatch({ records: [{ value: enc.encode("f"), timestamp: Date.now() + 3_600_000 }] }));
  expect(future.errorCode).toBe(32); // INVALID_TIMESTAMP
  expect(future.recordErrors.map((e) => e.batchIndex)).toEqual([0]);
  expect((await produce(c, "nosuch", 0, bad)).errorCode).toBe(3); // UNKNOWN_TOPIC_OR_PARTITION
  expect((await produce(c, "strict", 0, buildRecordBatch({ records: [{ value: enc.encode("x") }] }), { acks: 5 })).errorCode).toBe(21);
});

test("LogAppendTime topics answer with the broker's time", async () => {
  await createTopic(c, "lat", 1, { "message.timestamp.type": "LogAppendTime" });
  const before = BigInt(Date.now());
  const r = await produce(c, "lat", 0, buildRecordBatch({ records: [{ value: enc.encode("x"), timestamp: 1 }], compression: 3 }));
  expect(r.errorCode).toBe(0);
  expect(r.logAppendTimeMs >= before).toBe(true);
  const f = await fetchOnce(c, "lat", [{ partition: 0, offset: 0n }]);
  const b = batchViews(f.partitions[0]!.records)[0]!;
  expect(b.isLogAppendTime).toBe(true);
  expect([...b.records()][0]!.timestamp).toBe(r.logAppendTimeMs);
});
