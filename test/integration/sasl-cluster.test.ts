// Three Strand nodes whose links between each other are SASL_PLAINTEXT, as Kafka configures them: the
// controller listener (Raft, broker registration and heartbeats, forwarded admin requests) with PLAIN
// (sasl.mechanism.controller.protocol; the credentials of its JAAS entry), the inter-broker listener
// (replica fetchers) with SCRAM-SHA-512 (sasl.mechanism.inter.broker.protocol), whose credential is
// created once the cluster is up, as with Kafka. Clients use a PLAINTEXT listener. A topic with
// replication factor 3 gets an ISR of three (the followers fetched over SCRAM) and acks=all produces.
import { afterAll, expect, test } from "bun:test";
import { withClient } from "../support/kafka-client.ts";
import { StrandCluster } from "../support/strand-cluster.ts";
import { until } from "../support/until.ts";
import { produce } from "../unit/produce/wire-helpers.ts";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { saltedPassword, SCRAM_SHA_512 } from "../../src/metadata/scram-mechanism.ts";

type PartitionMd = { errorCode: number; leaderId: number; replicaNodes: number[]; isrNodes: number[] };
type MetadataRes = { topics: Array<{ errorCode: number; partitions: PartitionMd[] }> };

let cluster: StrandCluster | null = null;
afterAll(async () => {
  await cluster?.close();
}, 120_000);

test("controller and inter-broker links over SASL_PLAINTEXT: registration, forwarding, replication", async () => {
  cluster = await StrandCluster.start({
    size: 3,
    listeners: (cport) => `PLAINTEXT://127.0.0.1:0,INTERNAL://127.0.0.1:0,CONTROLLER://127.0.0.1:${cport}`,
    overrides: {
      "advertised.listeners": "PLAINTEXT://127.0.0.1:0,INTERNAL://127.0.0.1:0",
      "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,INTERNAL:SASL_PLAINTEXT,CONTROLLER:SASL_PLAINTEXT",
      "inter.broker.listener.name": "INTERNAL",
      "sasl.mechanism.inter.broker.protocol": "SCRAM-SHA-512",
      "sasl.mechanism.controller.protocol": "PLAIN",
      "listener.name.internal.sasl.enabled.mechanisms": "SCRAM-SHA-512",
      "listener.name.internal.scram-sha-512.sasl.jaas.config": 'org.apache.kafka.common.security.scram.ScramLoginModule required username="admin" password="admin-secret";',
      "listener.name.controller.sasl.enabled.mechanisms": "PLAIN",
      "listener.name.controller.plain.sasl.jaas.config": 'org.apache.kafka.common.security.plain.PlainLoginModule required username="admin" password="admin-secret" user_admin="admin-secret";',
      "replica.lag.time.max.ms": 5_000,
    },
  });
  const cl = cluster;
  // The inter-broker SCRAM user, through node 2 (not necessarily the active controller: forwarded over
  // the SASL controller listener).
  const salt = new TextEncoder().encode("adminsalt");
  const alter = await until("the SCRAM user to be created", () =>
    withClient(cl.portOf(2), async (c) => {
      const r = await c.request<{ results: Array<{ errorCode: number }> }>(51, 0, {
        deletions: [],
        upsertions: [{ name: "admin", mechanism: 2, iterations: 4096, salt, saltedPassword: saltedPassword(SCRAM_SHA_512, "admin-secret", salt, 4096) }],
      });
      return r.results[0]?.errorCode === 0 ? r : null;
    }), 60_000, 500);
  expect(alter.results[0]!.errorCode).toBe(0);

  const topic = "sasl-replicated";
  const created = await withClient(cl.portOf(1), (c) =>
    c.request<{ topics: Array<{ errorCode: number }> }>(19, 7, { topics: [{ name: topic, numPartitions: 1, replicationFactor: 3, assignments: [], configs: [] }], timeoutMs: 10_000, validateOnly: false }),
  );
  expect(created.topics[0]!.errorCode).toBe(0);
  const leader = await until("a leader", async () => {
    const md = await withClient(cl.portOf(1), (c) => c.request<MetadataRes>(3, 12, { topics: [{ name: topic, topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], allowAutoTopicCreation: false }));
    const p = md.topics[0]?.partitions[0];
    return p && p.leaderId >= 0 ? p.leaderId : null;
  }, 30_000);
  await until("an acks=all produce", () => withClient(cl.portOf(leader), async (c) => (await produce(c, topic, 0, buildRecordBatch({ records: [{ value: new TextEncoder().encode("x") }] }), { acks: -1 })).errorCode === 0), 60_000, 500);
  const p = await until("an ISR of three (followers fetching over SCRAM)", async () => {
    const md = await withClient(cl.portOf(leader), (c) => c.request<MetadataRes>(3, 12, { topics: [{ name: topic, topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], allowAutoTopicCreation: false }));
    const part = md.topics[0]?.partitions[0];
    return part && part.isrNodes.length === 3 ? part : null;
  }, 60_000, 500);
  expect([...p.isrNodes].sort()).toEqual([1, 2, 3]);
  for (const id of cl.ids) expect(cl.output(id)).not.toContain("admin-secret");
}, 240_000);
