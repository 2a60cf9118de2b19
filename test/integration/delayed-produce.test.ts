// DelayedProduce against the real broker process (issue 10, item 2): a produce's partitions settle one
// by one, as Kafka's DelayedProduce does. When the request's timeout passes, only the partitions still
// waiting answer REQUEST_TIMED_OUT; a partition whose high watermark already passed its batch answers
// success with its offset (before ReplicaManager, one pending partition turned every partition of the
// request into REQUEST_TIMED_OUT, though their records were committed and readable).
//
// The broker runs with the test-only slow disk (STRAND_TEST_SYNC_DELAY_MS, src/storage/sync-hook.ts):
// every flush returns no sooner than the delay, so the partition of a topic with flush.messages=1 cannot
// be answered inside the produce's short timeout, while the other topic (no forced flush) is committed
// at once. The delay is a floor, not a race: nothing here depends on how busy the machine is.
import { afterAll, expect, test } from "bun:test";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { fetchOnce, ZERO_UUID, type ProducePartitionAnswer } from "../unit/produce/wire-helpers.ts";

const REQUEST_TIMED_OUT = 7;
const SLOW_DISK_MS = 4000;
const PRODUCE_TIMEOUT_MS = 100;

let broker: StrandHandle | null = null;
afterAll(async () => {
  // SIGKILL: a clean stop would wait out the slow flushes; the data dir is not needed afterwards.
  await broker?.kill();
  if (broker) removeDataDir(broker.dataDir);
}, 120_000);

const batch = (tag: string, n: number) => buildRecordBatch({ records: Array.from({ length: n }, (_, i) => ({ value: new TextEncoder().encode(`${tag}-${i}`) })) });

test("a produce timing out answers REQUEST_TIMED_OUT only for its partitions still waiting", async () => {
  // Start-up makes about five metadata commits (bootstrap, two registrations, the first producer-id
  // block, ...), each waiting out the slow disk once.
  broker = await startStrand({ env: { STRAND_TEST_SYNC_DELAY_MS: String(SLOW_DISK_MS) }, startTimeoutMs: 20 * SLOW_DISK_MS });
  const c = await KafkaTestClient.connect(broker.port);
  // One CreateTopics for both (each metadata commit waits out the slow disk once).
  const created = await c.request<{ topics: Array<{ name: string; errorCode: number }> }>(19, 7, {
    topics: [
      { name: "fast", numPartitions: 1, replicationFactor: 1, assignments: [], configs: [] },
      { name: "slow", numPartitions: 1, replicationFactor: 1, assignments: [], configs: [{ name: "flush.messages", value: "1" }] },
    ],
    timeoutMs: 60_000,
    validateOnly: false,
  }, 60_000);
  expect(created.topics.map((t) => t.errorCode)).toEqual([0, 0]);

  const res = await c.request<{ responses: Array<{ name: string; partitionResponses: ProducePartitionAnswer[] }> }>(0, 9, {
    transactionalId: null,
    acks: -1,
    timeoutMs: PRODUCE_TIMEOUT_MS,
    topicData: [
      { name: "fast", topicId: ZERO_UUID, partitionData: [{ index: 0, records: batch("f", 3) }] },
      { name: "slow", topicId: ZERO_UUID, partitionData: [{ index: 0, records: batch("s", 2) }] },
    ],
  }, 60_000);
  const byTopic = new Map(res.responses.map((t) => [t.name, t.partitionResponses[0]!]));
  // The slow partition's flush cannot have returned within the produce timeout.
  expect(byTopic.get("slow")!.errorCode).toBe(REQUEST_TIMED_OUT);
  // The fast partition was committed at once: success, with its offset.
  expect(byTopic.get("fast")!.errorCode).toBe(0);
  expect(byTopic.get("fast")!.baseOffset).toBe(0n);
  const fetched = await fetchOnce(c, "fast", [{ partition: 0, offset: 0n }]);
  expect(fetched.partitions[0]!.highWatermark).toBe(3n);
  c.close();
}, 90_000);
