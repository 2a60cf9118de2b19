// The reassignment throttles on three Strand nodes (Kafka's ReplicationQuotaManager, applied as Kafka
// 4.4.0 applies them): a partition on nodes 1 and 2 holds N bytes; leader.replication.throttled.replicas
// names its current replicas, follower.replication.throttled.replicas the new one (node 3), and the
// leader/follower throttled rates (cluster-default dynamic broker configs) are R bytes/s. A
// reassignment adds node 3: it catches up no faster than R (at least 0.7 × N/R seconds; unthrottled it
// takes well under a second here), while acks=all produces to the ISR {1, 2} go on being acknowledged
// during the catch-up (ISR members are never throttled).
//
// The reassignment starts as soon as the data is written, possibly within the first
// replica.lag.time.max.ms of the nodes' monotonic clocks: a replica that never caught up does not count
// as caught up then (NEVER_MS in replica-state.ts; the unit test "a follower outside the ISR that is
// caught up and eligible holds the high watermark" in leader-replication.test.ts is the one that fails
// if it does).

import { afterAll, expect, test } from "bun:test";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaTestClient, withClient } from "../support/kafka-client.ts";
import { StrandCluster } from "../support/strand-cluster.ts";
import { until } from "../support/until.ts";
import { produce } from "../unit/produce/wire-helpers.ts";

type PartitionMd = { partitionIndex: number; errorCode: number; leaderId: number; replicaNodes: number[]; isrNodes: number[] };
type MetadataRes = { topics: Array<{ name: string | null; errorCode: number; partitions: PartitionMd[] }> };

const TOPIC = "throttled";
const BATCH_BYTES = 64 * 1024;
const BATCHES = 48; // N = 3 MiB
const RATE_BYTES_PER_SEC = 256 * 1024; // N / R = 12 s
const LAG_MS = 8_000;

let cluster: StrandCluster | null = null;
afterAll(async () => {
  await cluster?.close();
}, 120_000);

async function partitionOn(cl: StrandCluster, id: number): Promise<PartitionMd | null> {
  const md = await withClient(cl.portOf(id), (c) => c.request<MetadataRes>(3, 12, { topics: [{ name: TOPIC, topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], allowAutoTopicCreation: false }));
  const t = md.topics[0];
  if (!t || t.errorCode !== 0) return null;
  return t.partitions[0] ?? null;
}

async function alterConfigs(c: KafkaTestClient, resourceType: number, resourceName: string, configs: Record<string, string>): Promise<void> {
  const res = await c.request<{ responses: Array<{ errorCode: number; errorMessage: string | null }> }>(44, 1, {
    resources: [{ resourceType, resourceName, configs: Object.entries(configs).map(([name, value]) => ({ name, configOperation: 0, value })) }],
    validateOnly: false,
  });
  const r = res.responses[0]!;
  if (r.errorCode !== 0) throw new Error(`IncrementalAlterConfigs ${resourceName}: error ${r.errorCode} ${r.errorMessage ?? ""}`);
}

const sorted = (a: number[]) => [...a].sort((x, y) => x - y);

test("a replica added by reassignment catches up no faster than the throttled rate; the ISR is never throttled", async () => {
  // Fetches of at most one batch, so the quota is looked at often (Kafka's default 1 MiB works too, coarser).
  cluster = await StrandCluster.start({ size: 3, overrides: { "replica.fetch.max.bytes": 2 * BATCH_BYTES, "replica.lag.time.max.ms": LAG_MS } });
  const cl = cluster;
  const created = await withClient(cl.portOf(1), (c) =>
    c.request<{ topics: Array<{ errorCode: number; errorMessage: string | null }> }>(19, 7, {
      topics: [{ name: TOPIC, numPartitions: -1, replicationFactor: -1, assignments: [{ partitionIndex: 0, brokerIds: [1, 2] }], configs: [{ name: "min.insync.replicas", value: "2" }] }],
      timeoutMs: 10_000,
      validateOnly: false,
    }),
  );
  expect(created.topics[0]!.errorCode).toBe(0);
  const p = await until("an ISR of two", async () => {
    const s = await partitionOn(cl, 1);
    return s !== null && s.leaderId >= 0 && s.isrNodes.length === 2 ? s : null;
  }, 30_000);
  const leader = p.leaderId;
  const value = new Uint8Array(BATCH_BYTES);
  for (let i = 0; i < value.length; i++) value[i] = (i * 7919) & 0xff;
  const batch = buildRecordBatch({ records: [{ value }] });
  await until("a first acks=all produce", async () => withClient(cl.portOf(leader), async (c) => (await produce(c, TOPIC, 0, batch, { acks: -1 })).errorCode === 0), 30_000);
  await withClient(cl.portOf(leader), async (c) => {
    for (let i = 1; i < BATCHES; i++) expect((await produce(c, TOPIC, 0, batch, { acks: -1 })).errorCode).toBe(0);
  });
  const totalBytes = BATCHES * batch.length;

  // Kafka's reassignment throttles: the existing replicas on the leader side, the new one on the follower side.
  await withClient(cl.portOf(1), async (c) => {
    await alterConfigs(c, 2, TOPIC, { "leader.replication.throttled.replicas": "0:1,0:2", "follower.replication.throttled.replicas": "0:3" });
    await alterConfigs(c, 4, "", { "leader.replication.throttled.rate": String(RATE_BYTES_PER_SEC), "follower.replication.throttled.rate": String(RATE_BYTES_PER_SEC) });
  });

  const startedMs = performance.now();
  const moved = await withClient(cl.portOf(1), (c) =>
    c.request<{ errorCode: number; responses: Array<{ partitions: Array<{ errorCode: number; errorMessage: string | null }> }> }>(45, 0, {
      timeoutMs: 10_000,
      topics: [{ name: TOPIC, partitions: [{ partitionIndex: 0, replicas: [1, 2, 3] }] }],
    }),
  );
  expect(moved.errorCode).toBe(0);
  expect(moved.responses[0]!.partitions[0]!.errorCode).toBe(0);

  // While node 3 catches up (the leader quota is exceeded by its fetches), acks=all to the ISR {1, 2}
  // is acknowledged: ISR members are not throttled.
  await withClient(cl.portOf(leader), async (c) => {
    for (let i = 0; i < 3; i++) expect((await produce(c, TOPIC, 0, buildRecordBatch({ records: [{ value: new TextEncoder().encode(`during-${i}`) }] }), { acks: -1 })).errorCode).toBe(0);
  });
  const during = await partitionOn(cl, leader);
  expect(during!.isrNodes).not.toContain(3);

  const done = await until("node 3 in the ISR and the reassignment complete", async () => {
    const s = await partitionOn(cl, leader);
    return s !== null && s.isrNodes.includes(3) && sorted(s.replicaNodes).join() === "1,2,3" ? s : null;
  }, 90_000, 200);
  const elapsedS = (performance.now() - startedMs) / 1000;
  const boundS = totalBytes / RATE_BYTES_PER_SEC;
  console.log(`catch-up of ${totalBytes} bytes at ${RATE_BYTES_PER_SEC} B/s: ${elapsedS.toFixed(1)} s (N/R ${boundS.toFixed(1)} s)`);
  expect(sorted(done.isrNodes)).toEqual([1, 2, 3]);
  expect(elapsedS).toBeGreaterThanOrEqual(0.7 * boundS);
}, 120_000);
