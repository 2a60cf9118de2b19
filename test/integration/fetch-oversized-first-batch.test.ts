// Fetch v3+ (KIP-74) against the real broker process: a partition after the first one with data whose
// first batch is larger than what is left for it (its partition_max_bytes, or the response's max_bytes
// minus what earlier partitions took) gets no records at all. Kafka's LogSegment.read cuts the range
// inside that batch and ReplicaManager.readFromLog (checkFetchDataInfo, firstEntryIncomplete) then
// replaces it with empty records; the consumer fetches the partition again in its next request, which
// puts it first. Strand answered the partial batch instead, and the Java consumer 4.4.0 failed on it:
// "Failed to make progress reading messages at <tp>=<offset>. Received a non-empty fetch response from
// the server, but no complete records were found" (seen by test/interop/offsets-sigkill.test.ts with
// max.partition.fetch.bytes below the producer's batch size, STRAND_TEST_SEED=1421510593 at its first
// commit; Kafka 4.4.0 passes the same run).
//
// Fixed in LogSegment.read (src/storage/segment.ts): an incomplete first batch with minOneBatch off
// gives an empty range.
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
  await createTopic(c, "oversized", 2);
  for (const partition of [0, 1]) {
    const batch = buildRecordBatch({ records: Array.from({ length: 10 }, (_, i) => ({ value: new Uint8Array(100).fill(i) })) });
    expect((await produce(c, "oversized", partition, batch)).errorCode).toBe(0);
  }
}, 60_000);
afterAll(async () => {
  c?.close();
  await broker?.stop();
}, 120_000);

test("a later partition whose first batch does not fit gets empty records, not part of the batch", async () => {
  const whole = await fetchOnce(c, "oversized", [{ partition: 0, offset: 0n }]);
  const batchBytes = whole.partitions[0]!.records!.length;
  expect(batchViews(whole.partitions[0]!.records).length).toBe(1);
  expect(batchBytes).toBeGreaterThan(1000);

  // The limit is the partition's own partition_max_bytes ...
  const byPartition = await fetchOnce(c, "oversized", [{ partition: 0, offset: 0n }, { partition: 1, offset: 0n, maxBytes: 100 }]);
  // ... or what the response's max_bytes leaves after partition 0 (the first may exceed it: minOneMessage).
  const byResponse = await fetchOnce(c, "oversized", [{ partition: 0, offset: 0n }, { partition: 1, offset: 0n }], { maxBytes: batchBytes + 100 });
  for (const f of [byPartition, byResponse]) {
    const [p0, p1] = f.partitions;
    expect(batchViews(p0!.records).length).toBe(1);
    expect(p1!.errorCode).toBe(0);
    expect(p1!.highWatermark).toBe(10n);
    expect(p1!.records?.length ?? 0).toBe(0);
  }
});
