// Helpers for the data-path integration tests (test/integration/produce-*, fetch-*, list-offsets-*,
// idempotence-*): create a topic, produce one batch, fetch, and split fetched bytes into batches.
import type { KafkaTestClient } from "../../support/kafka-client.ts";
import { RecordBatchView } from "../../../src/protocol/records/index.ts";

export const ZERO_UUID = "AAAAAAAAAAAAAAAAAAAAAA";

export async function createTopic(c: KafkaTestClient, name: string, partitions = 1, configs: Record<string, string> = {}): Promise<string> {
  const res = await c.request<{ topics: Array<{ name: string; errorCode: number; errorMessage: string | null; topicId: string }> }>(19, 7, {
    topics: [{ name, numPartitions: partitions, replicationFactor: 1, assignments: [], configs: Object.entries(configs).map(([k, v]) => ({ name: k, value: v })) }],
    timeoutMs: 10_000,
    validateOnly: false,
  });
  const t = res.topics[0]!;
  if (t.errorCode !== 0) throw new Error(`CreateTopics ${name}: error ${t.errorCode} ${t.errorMessage}`);
  return t.topicId;
}

/**
 * CreateTopics answers once the controller has committed the topic, before Kafka's broker has applied
 * it and leads the partitions: until then Produce answers UNKNOWN_TOPIC_OR_PARTITION or
 * NOT_LEADER_OR_FOLLOWER. Waits until a fetch of every partition answers without error (30 s bound).
 */
export async function waitForLeaders(c: KafkaTestClient, topic: string, partitions = 1, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // Bounded by the deadline; one probe every 50 ms.
  for (;;) {
    const res = await fetchOnce(c, topic, Array.from({ length: partitions }, (_, partition) => ({ partition, offset: 0n })));
    const errors = res.partitions.map((p) => p.errorCode);
    if (errors.length === partitions && errors.every((e) => e === 0)) return;
    if (Date.now() > deadline) throw new Error(`${topic}: partitions without a leader ${timeoutMs} ms after CreateTopics (errors ${errors.join(",")})`);
    await Bun.sleep(50);
  }
}

export interface ProducePartitionAnswer {
  index: number;
  errorCode: number;
  baseOffset: bigint;
  logAppendTimeMs: bigint;
  logStartOffset: bigint;
  recordErrors: Array<{ batchIndex: number; batchIndexErrorMessage: string | null }>;
  errorMessage: string | null;
}

export async function produce(c: KafkaTestClient, topic: string, partition: number, records: Uint8Array, o: { acks?: number; version?: number; topicId?: string } = {}): Promise<ProducePartitionAnswer> {
  const v = o.version ?? 9;
  const res = await c.request<{ responses: Array<{ partitionResponses: ProducePartitionAnswer[] }> }>(0, v, {
    transactionalId: null,
    acks: o.acks ?? -1,
    timeoutMs: 10_000,
    topicData: [{ name: v >= 13 ? "" : topic, topicId: o.topicId ?? ZERO_UUID, partitionData: [{ index: partition, records }] }],
  });
  return res.responses[0]!.partitionResponses[0]!;
}

export interface FetchedPartition {
  partitionIndex: number;
  errorCode: number;
  highWatermark: bigint;
  lastStableOffset: bigint;
  logStartOffset: bigint;
  records: Uint8Array | null;
  preferredReadReplica?: number;
}

export async function fetchOnce(
  c: KafkaTestClient,
  topic: string,
  parts: Array<{ partition: number; offset: bigint; maxBytes?: number }>,
  o: { maxWaitMs?: number; minBytes?: number; maxBytes?: number; version?: number; sessionId?: number; sessionEpoch?: number; timeoutMs?: number; rackId?: string } = {},
): Promise<{ errorCode: number; sessionId: number; partitions: FetchedPartition[] }> {
  const res = await c.request<{ errorCode: number; sessionId: number; responses: Array<{ partitions: FetchedPartition[] }> }>(
    1,
    o.version ?? 12,
    {
      replicaId: -1,
      maxWaitMs: o.maxWaitMs ?? 0,
      minBytes: o.minBytes ?? 1,
      maxBytes: o.maxBytes ?? 50 * 1024 * 1024,
      isolationLevel: 0,
      sessionId: o.sessionId ?? 0,
      sessionEpoch: o.sessionEpoch ?? -1,
      topics: [{ topic, topicId: ZERO_UUID, partitions: parts.map((p) => ({ partition: p.partition, currentLeaderEpoch: -1, fetchOffset: p.offset, lastFetchedEpoch: -1, logStartOffset: -1n, partitionMaxBytes: p.maxBytes ?? 1 << 20 })) }],
      forgottenTopicsData: [],
      rackId: o.rackId ?? "",
    },
    o.timeoutMs ?? 30_000,
  );
  return { errorCode: res.errorCode, sessionId: res.sessionId, partitions: res.responses.flatMap((t) => t.partitions) };
}

/** Whole batches in fetched bytes (a partial batch at the end is dropped, as clients do). */
export function batchViews(bytes: Uint8Array | null): RecordBatchView[] {
  const out: RecordBatchView[] = [];
  if (!bytes) return out;
  let p = 0;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  while (p + 61 <= bytes.length) {
    const size = dv.getInt32(p + 8) + 12;
    if (p + size > bytes.length) break;
    out.push(new RecordBatchView(bytes.subarray(p, p + size)));
    p += size;
  }
  return out;
}
