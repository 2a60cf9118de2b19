// Fetch against the real broker process: a long poll woken by an append, a 1 MB batch fetched with a
// smaller max_bytes, a fetch from the middle of a batch, and an incremental session.
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
  await createTopic(c, "f", 2);
}, 120_000);
afterAll(async () => {
  c?.close();
  await broker?.stop();
}, 120_000);

test("a long poll returns as soon as a record is appended", async () => {
  await createTopic(c, "poll", 1);
  const consumer = await KafkaTestClient.connect(broker.port);
  const t0 = Date.now();
  const pending = fetchOnce(consumer, "poll", [{ partition: 0, offset: 0n }], { maxWaitMs: 20_000, minBytes: 1 });
  await Bun.sleep(100);
  await produce(c, "poll", 0, buildRecordBatch({ records: [{ value: new Uint8Array([1, 2, 3]) }] }));
  const f = await pending;
  const waited = Date.now() - t0;
  expect(waited).toBeGreaterThanOrEqual(90);
  expect(waited).toBeLessThan(10_000);
  expect(batchViews(f.partitions[0]!.records).length).toBe(1);
  // with nothing new, the poll lasts max_wait_ms and answers empty
  const t1 = Date.now();
  const empty = await fetchOnce(consumer, "poll", [{ partition: 0, offset: 1n }], { maxWaitMs: 200 });
  expect(Date.now() - t1).toBeGreaterThanOrEqual(180);
  expect(empty.partitions[0]!.records?.length ?? 0).toBe(0);
  consumer.close();
});

test("a 1 MB batch comes back whole although max_bytes is smaller", async () => {
  const r = await produce(c, "f", 1, buildRecordBatch({ records: [{ value: new Uint8Array(1_000_000).fill(7) }] }));
  expect(r.errorCode).toBe(0);
  const f = await fetchOnce(c, "f", [{ partition: 1, offset: 0n, maxBytes: 1024 }], { maxBytes: 2048 });
  const batches = batchViews(f.partitions[0]!.records);
  expect(batches.length).toBe(1);
  expect(batches[0]!.validate()).toBeNull();
  expect([...batches[0]!.records()][0]!.value!.length).toBe(1_000_000);
});

test("a fetch from the middle of a batch returns the whole batch", async () => {
  await produce(c, "f", 0, buildRecordBatch({ records: Array.from({ length: 10 }, (_, i) => ({ value: new Uint8Array([i]) })) }));
  const f = await fetchOnce(c, "f", [{ partition: 0, offset: 6n }]);
  const b = batchViews(f.partitions[0]!.records)[0]!;
  expect(b.baseOffset).toBe(0n);
  expect(b.lastOffset).toBe(9n);
  const outOfRange = await fetchOnce(c, "f", [{ partition: 0, offset: 99n }]);
  expect(outOfRange.partitions[0]!.errorCode).toBe(1); // OFFSET_OUT_OF_RANGE
});

test("an incremental session answers only partitions with news", async () => {
  const full = await fetchOnce(c, "f", [{ partition: 0, offset: 10n }, { partition: 1, offset: 1n }], { sessionEpoch: 0 });
  expect(full.sessionId).toBeGreaterThan(0);
  expect(full.partitions.length).toBe(2);
  const quiet = await fetchOnce(c, "f", [], { sessionId: full.sessionId, sessionEpoch: 1 });
  expect(quiet.partitions.length).toBe(0);
  await produce(c, "f", 0, buildRecordBatch({ records: [{ value: new Uint8Array([9]) }] }));
  const news = await fetchOnce(c, "f", [], { sessionId: full.sessionId, sessionEpoch: 2 });
  expect(news.partitions.map((p) => p.partitionIndex)).toEqual([0]);
  expect(batchViews(news.partitions[0]!.records)[0]!.baseOffset).toBe(10n);
  const stale = await fetchOnce(c, "f", [], { sessionId: full.sessionId, sessionEpoch: 2 });
  expect(stale.errorCode).toBe(71); // INVALID_FETCH_SESSION_EPOCH
});
