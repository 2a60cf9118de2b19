// Client quotas on a three-node Strand cluster: AlterClientQuotas sent to a node that is not the
// active controller is forwarded in an Envelope and committed; every node's DescribeClientQuotas then
// answers it from its own image, and every node throttles the quota'd client (a Produce answered with
// throttle_time_ms on each node, since each broker measures its own connections, as Kafka's do).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { buildGoodBatch } from "../support/malformed-batch.ts";
import { StrandCluster } from "../support/strand-cluster.ts";
import { until } from "../support/until.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TOPIC = "quota-cluster-topic";
let cluster: StrandCluster;
const clients = new Map<number, KafkaTestClient>();

beforeAll(async () => {
  cluster = await StrandCluster.start({ size: 3 });
  for (const id of cluster.ids) clients.set(id, await KafkaTestClient.connect(cluster.portOf(id)));
  const ct = await clients.get(cluster.ids[0]!)!.request<Any>(19, 7, { topics: [{ name: TOPIC, numPartitions: 3, replicationFactor: 1, assignments: [], configs: [] }], timeoutMs: 30_000, validateOnly: false }, 35_000);
  expect(ct.topics[0].errorCode).toBe(0);
}, 180_000);

afterAll(async () => {
  for (const c of clients.values()) c.close();
  await cluster?.close();
}, 60_000);

test("AlterClientQuotas through a non-controller node is forwarded; every node describes and enforces it", async () => {
  const md = await clients.get(cluster.ids[0]!)!.request<Any>(3, 12, { topics: null, allowAutoTopicCreation: false });
  const via = cluster.ids.find((id) => id !== md.controllerId)!;
  const r = await clients.get(via)!.request<Any>(49, 1, {
    entries: [{ entity: [{ entityType: "client-id", entityName: "cluster-tiny" }], ops: [{ key: "producer_byte_rate", value: 2000, remove: false }] }],
    validateOnly: false,
  });
  expect(r.entries.map((e: Any) => [e.errorCode, e.errorMessage])).toEqual([[0, null]]);
  for (const id of cluster.ids) {
    await until(`DescribeClientQuotas on node ${id}`, async () => {
      const d = await clients.get(id)!.request<Any>(48, 1, { components: [{ entityType: "client-id", matchType: 0, match: "cluster-tiny" }], strict: true });
      return d.errorCode === 0 && d.entries.length === 1 && d.entries[0].values[0].value === 2000 ? d : null;
    }, 30_000);
  }
  // Each partition's leader throttles the quota'd client's produce to it.
  const leaders = await clients.get(cluster.ids[0]!)!.request<Any>(3, 12, { topics: [{ name: TOPIC, topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], allowAutoTopicCreation: false });
  for (const p of leaders.topics[0].partitions as Any[]) {
    const k = await KafkaTestClient.connect(cluster.portOf(p.leaderId));
    try {
      k.clientId = "cluster-tiny";
      const res = await k.request<Any>(0, 9, { acks: 1, timeoutMs: 10_000, topicData: [{ name: TOPIC, partitionData: [{ index: p.partitionIndex, records: buildGoodBatch(400, "c") }] }] }, 30_000);
      expect(res.responses[0].partitionResponses[0].errorCode).toBe(0);
      expect(res.throttleTimeMs).toBeGreaterThan(0);
    } finally {
      k.close();
    }
  }
}, 120_000);
