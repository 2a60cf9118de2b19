// DeleteRecords on a replicated partition (RF 3, three Strand nodes): as Kafka's
// ReplicaManager.deleteRecords, the leader answers once every replica's log start passed the offset
// (the low watermark), so right after the answer each follower already serves from the new log start.
// Then Kafka 4.4.0's kafka-delete-records.sh (DeleteRecordsCommand, the Java admin client) does the
// same against the cluster and prints the low watermark.

import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { withClient } from "../support/kafka-client.ts";
import { runKafkaClass } from "../support/kafka-dist.ts";
import { StrandCluster } from "../support/strand-cluster.ts";
import { until } from "../support/until.ts";
import { fetchOnce, produce } from "../unit/produce/wire-helpers.ts";

type PartitionMd = { partitionIndex: number; errorCode: number; leaderId: number; replicaNodes: number[]; isrNodes: number[] };
type MetadataRes = { topics: Array<{ name: string | null; errorCode: number; partitions: PartitionMd[] }> };
type DeleteRecordsRes = { topics: Array<{ name: string; partitions: Array<{ partitionIndex: number; lowWatermark: bigint; errorCode: number }> }> };

let cluster: StrandCluster | null = null;
let tmp: string | null = null;
afterAll(async () => {
  await cluster?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}, 120_000);

async function partitionOn(cl: StrandCluster, id: number, topic: string): Promise<PartitionMd | null> {
  const md = await withClient(cl.portOf(id), (c) => c.request<MetadataRes>(3, 12, { topics: [{ name: topic, topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], allowAutoTopicCreation: false }));
  const t = md.topics[0];
  if (!t || t.errorCode !== 0) return null;
  return t.partitions[0] ?? null;
}

/** Node `id`'s own log start for the partition, from a consumer fetch at `offset` it serves (KIP-392 read). */
async function logStartOn(cl: StrandCluster, id: number, topic: string, offset: bigint): Promise<bigint> {
  const f = await withClient(cl.portOf(id), (c) => fetchOnce(c, topic, [{ partition: 0, offset }], { rackId: "r" }));
  const part = f.partitions[0]!;
  expect(part.errorCode).toBe(0);
  return part.logStartOffset;
}

const encoder = new TextEncoder();
const batchOf = (from: number, count: number) => buildRecordBatch({ records: Array.from({ length: count }, (_, i) => ({ value: encoder.encode(`record-${from + i}`) })) });

test("RF 3: DeleteRecords answers with the low watermark once every replica's log start has moved", async () => {
  cluster = await StrandCluster.start({ size: 3 });
  const cl = cluster;
  const topic = "deleted";
  const created = await withClient(cl.portOf(1), (c) =>
    c.request<{ topics: Array<{ errorCode: number }> }>(19, 7, { topics: [{ name: topic, numPartitions: 1, replicationFactor: 3, assignments: [], configs: [] }], timeoutMs: 10_000, validateOnly: false }),
  );
  expect(created.topics[0]!.errorCode).toBe(0);
  const p = await until("an ISR of three", async () => {
    const s = await partitionOn(cl, 1, topic);
    return s !== null && s.leaderId >= 0 && s.isrNodes.length === 3 ? s : null;
  }, 30_000);
  const leader = p.leaderId;
  const followers = p.replicaNodes.filter((id) => id !== leader);
  // acks=all: once answered, every ISR member holds the 20 records (the leader may still be settling in).
  await until("20 records acknowledged by all", async () => withClient(cl.portOf(leader), async (c) => (await produce(c, topic, 0, batchOf(0, 20), { acks: -1 })).errorCode === 0), 30_000);
  // Every follower learns the high watermark (20) with its next fetch; it serves reads up to it.
  for (const id of followers) await until(`follower ${id} at the high watermark`, async () => withClient(cl.portOf(id), async (c) => (await fetchOnce(c, topic, [{ partition: 0, offset: 0n }], { rackId: "r" })).partitions[0]!.highWatermark === 20n), 30_000);
  for (const id of p.replicaNodes) expect(await logStartOn(cl, id, topic, 0n)).toBe(0n);

  const res = await withClient(cl.portOf(leader), (c) => c.request<DeleteRecordsRes>(21, 2, { topics: [{ name: topic, partitions: [{ partitionIndex: 0, offset: 12n }] }], timeoutMs: 30_000 }, 40_000));
  expect(res.topics[0]!.partitions[0]).toMatchObject({ partitionIndex: 0, errorCode: 0, lowWatermark: 12n });
  // Answered only once the followers reported the new log start: each one has it already, no waiting.
  for (const id of p.replicaNodes) expect(await logStartOn(cl, id, topic, 12n)).toBe(12n);

  // Kafka's own tool through the Java admin client: the same wait, the low watermark printed.
  tmp = mkdtempSync(join(tmpdir(), "strand-delrec-"));
  const json = join(tmp, "offsets.json");
  writeFileSync(json, JSON.stringify({ version: 1, partitions: [{ topic, partition: 0, offset: 15 }] }));
  const bootstrap = cl.ids.map((id) => `127.0.0.1:${cl.portOf(id)}`).join(",");
  const out = await runKafkaClass("org.apache.kafka.tools.DeleteRecordsCommand", ["--bootstrap-server", bootstrap, "--offset-json-file", json]);
  expect(out.exitCode).toBe(0);
  expect(out.stdout).toContain(`partition: ${topic}-0\tlow_watermark: 15`);
  for (const id of p.replicaNodes) expect(await logStartOn(cl, id, topic, 15n)).toBe(15n);
}, 90_000);
