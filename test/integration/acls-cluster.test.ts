// ACLs on a three-node Strand cluster (StandardAuthorizer on every node; the nodes log in to each other
// as the super user User:admin over SASL_PLAINTEXT, the test's client is User:ANONYMOUS on PLAINTEXT,
// allowed everything while no ACL matches (allow.everyone.if.no.acl.found)): a
// CreateAcls sent to a node that is not the active controller is forwarded in an Envelope (the
// client's principal and address with it) and committed; every node's DescribeAcls then lists the ACL
// from its own image; produce on each node is refused and then allowed by what the metadata log
// carries; DeleteAcls through a non-controller node removes it everywhere. Replication keeps working.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { StrandCluster } from "../support/strand-cluster.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ZERO_UUID = "AAAAAAAAAAAAAAAAAAAAAA";
const NODE_JAAS = 'org.apache.kafka.common.security.plain.PlainLoginModule required username="admin" password="admin-secret" user_admin="admin-secret";';
const TOPIC = "acl-cluster-topic";
let cluster: StrandCluster;
const clients = new Map<number, KafkaTestClient>();

async function until<T>(what: string, f: () => Promise<T>, ok: (r: T) => boolean): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < 200; i++) {
    last = await f();
    if (ok(last)) return last;
    await Bun.sleep(100);
  }
  throw new Error(`${what}: last answer ${JSON.stringify(last, (_, v) => (typeof v === "bigint" ? v.toString() : v))?.slice(0, 1500)}`);
}

const entry = (resourceType: number, resourceName: string, patternType: number, principal: string, operation: number) => ({ resourceType, resourceName, resourcePatternType: patternType, principal, host: "*", operation, permissionType: 3 });
const describeAll = (c: KafkaTestClient) => c.request<Any>(29, 3, { resourceTypeFilter: 1, resourceNameFilter: null, patternTypeFilter: 1, principalFilter: null, hostFilter: null, operation: 1, permissionType: 1 });
const produceCode = async (c: KafkaTestClient, partition: number) =>
  (await c.request<Any>(0, 9, { transactionalId: null, acks: 1, timeoutMs: 10_000, topicData: [{ name: TOPIC, topicId: ZERO_UUID, partitionData: [{ index: partition, records: buildRecordBatch({ records: [{ value: new Uint8Array([1]) }] }) }] }] })).responses[0].partitionResponses[0].errorCode as number;

beforeAll(async () => {
  cluster = await StrandCluster.start({
    size: 3,
    // The nodes talk to each other as User:admin (PLAIN on the INTERNAL and CONTROLLER listeners), a
    // super user: as in Kafka, a StandardAuthorizer answers nobody else before its initial load, and a
    // quorum's Vote requests come before it (they would go unanswered).
    listeners: (cport) => `PLAINTEXT://127.0.0.1:0,INTERNAL://127.0.0.1:0,CONTROLLER://127.0.0.1:${cport}`,
    overrides: {
      "authorizer.class.name": "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
      "super.users": "User:admin",
      "allow.everyone.if.no.acl.found": "true",
      "advertised.listeners": "PLAINTEXT://127.0.0.1:0,INTERNAL://127.0.0.1:0",
      "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,INTERNAL:SASL_PLAINTEXT,CONTROLLER:SASL_PLAINTEXT",
      "inter.broker.listener.name": "INTERNAL",
      "sasl.mechanism.inter.broker.protocol": "PLAIN",
      "sasl.mechanism.controller.protocol": "PLAIN",
      "sasl.enabled.mechanisms": "PLAIN",
      "listener.name.internal.plain.sasl.jaas.config": NODE_JAAS,
      "listener.name.controller.plain.sasl.jaas.config": NODE_JAAS,
    },
  });
  for (const id of cluster.ids) clients.set(id, await KafkaTestClient.connect(cluster.portOf(id)));
  // Three replicas each, so followers fetch (and need CLUSTER_ACTION once the cluster has ACLs).
  const ct = await clients.get(1)!.request<Any>(19, 7, { topics: [{ name: TOPIC, numPartitions: 3, replicationFactor: 3, assignments: [], configs: [] }], timeoutMs: 30_000, validateOnly: false }, 35_000);
  expect(ct.topics[0].errorCode).toBe(0);
  await until("leaders", () => clients.get(1)!.request<Any>(3, 12, { topics: [{ name: TOPIC, topicId: ZERO_UUID }], allowAutoTopicCreation: false }), (m) => m.topics[0].errorCode === 0 && m.topics[0].partitions.length === 3 && m.topics[0].partitions.every((p: Any) => p.leaderId >= 0));
}, 180_000);

afterAll(async () => {
  for (const c of clients.values()) c.close();
  await cluster?.close();
}, 60_000);

test("CreateAcls through a non-controller node is forwarded and reaches every node's image", async () => {
  const md = await clients.get(1)!.request<Any>(3, 12, { topics: null, allowAutoTopicCreation: false });
  const controller = md.controllerId as number;
  const via = cluster.ids.find((id) => id !== controller)!;
  const r = await clients.get(via)!.request<Any>(30, 3, {
    creations: [
      entry(4, "kafka-cluster", 3, "User:ANONYMOUS", 9),
      entry(4, "kafka-cluster", 3, "User:ANONYMOUS", 7),
      entry(4, "kafka-cluster", 3, "User:ANONYMOUS", 8),
      entry(2, "*", 3, "User:bob", 2),
      entry(3, "*", 3, "User:bob", 2),
    ],
  });
  expect(r.results.map((x: Any) => x.errorCode)).toEqual([0, 0, 0, 0, 0]);
  for (const id of cluster.ids) await until(`DescribeAcls on node ${id}`, () => describeAll(clients.get(id)!), (d) => d.errorCode === 0 && d.resources.length === 3);
}, 90_000);

test("produce is refused on every partition's leader, then allowed by a prefixed ACL; followers keep replicating", async () => {
  for (let p = 0; p < 3; p++) {
    await until(`produce ${p} refused`, async () => {
      const codes = await Promise.all(cluster.ids.map((id) => produceCode(clients.get(id)!, p)));
      return codes;
    }, (codes) => codes.every((c) => c === ErrorCode.TOPIC_AUTHORIZATION_FAILED));
  }
  const r = await clients.get(cluster.ids[0]!)!.request<Any>(30, 3, { creations: [entry(2, "acl-cluster", 4, "User:ANONYMOUS", 4)] });
  expect(r.results[0].errorCode).toBe(0);
  for (let p = 0; p < 3; p++) {
    await until(`produce ${p} allowed on its leader`, async () => Promise.all(cluster.ids.map((id) => produceCode(clients.get(id)!, p))), (codes) => codes.includes(ErrorCode.NONE) && codes.every((c) => c === ErrorCode.NONE || c === ErrorCode.NOT_LEADER_OR_FOLLOWER));
  }
  // The ISR holds every replica: followers fetch with the CLUSTER_ACTION the ACLs give them.
  const md = await until("ISR", () => clients.get(1)!.request<Any>(3, 12, { topics: [{ name: TOPIC, topicId: ZERO_UUID }], allowAutoTopicCreation: false }), (m) => m.topics[0].partitions.every((p: Any) => p.isrNodes.length === 3));
  expect(md.topics[0].partitions).toHaveLength(3);
}, 120_000);

test("DeleteAcls through a non-controller node removes the ACL everywhere", async () => {
  const md = await clients.get(1)!.request<Any>(3, 12, { topics: null, allowAutoTopicCreation: false });
  const via = cluster.ids.find((id) => id !== md.controllerId)!;
  const r = await clients.get(via)!.request<Any>(31, 3, { filters: [{ resourceTypeFilter: 2, resourceNameFilter: "acl-cluster", patternTypeFilter: 4, principalFilter: null, hostFilter: null, operation: 1, permissionType: 1 }] });
  expect(r.filterResults[0].errorCode).toBe(0);
  expect(r.filterResults[0].matchingAcls.map((a: Any) => [a.resourceName, a.principal])).toEqual([["acl-cluster", "User:ANONYMOUS"]]);
  for (const id of cluster.ids) {
    await until(`produce refused again via ${id}`, () => produceCode(clients.get(id)!, 0), (c) => c === ErrorCode.TOPIC_AUTHORIZATION_FAILED);
  }
}, 90_000);
