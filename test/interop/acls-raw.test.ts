// ACLs in raw protocol, one test for both targets (STRAND_INTEROP_TARGET=kafka runs it against Apache
// Kafka 4.4.0 with the same settings): a node with authorizer.class.name=StandardAuthorizer,
// super.users=User:admin (not the PLAINTEXT client's User:ANONYMOUS) and
// allow.everyone.if.no.acl.found=true, so the node's own broker-to-controller traffic (also
// User:ANONYMOUS on a PLAINTEXT controller listener) passes until the test's first ACLs give it
// CLUSTER_ACTION, as a Kafka operator would have to. Then, with ACLs on every topic, group and
// transactional id for User:bob only, User:ANONYMOUS is refused produce, fetch, list offsets,
// metadata (its topics hidden, a named one TOPIC_AUTHORIZATION_FAILED whether or not it exists),
// group join, offset commit, group describe and delete, topic create and delete, configs, and
// transactional and idempotent InitProducerId, each with Kafka's code and nothing written; literal and
// prefixed ALLOWs let it in; a DENY wins over them; DeleteAcls removes exactly what its filter matches.
// ACLs reach a Kafka broker's authorizer asynchronously after CreateAcls answers: each check polls
// (bounded) until the expected answer comes, and fails with the last one.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startTarget, type InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ZERO_UUID = "AAAAAAAAAAAAAAAAAAAAAA";
const TOPIC = "acl-orders";
const GROUP = "acl-group";
const TXN = "acl-txn";
// Kafka's codes: ResourceType, PatternType, AclOperation, AclPermissionType.
const R = { ANY: 1, TOPIC: 2, GROUP: 3, CLUSTER: 4, TRANSACTIONAL_ID: 5 } as const;
const P = { ANY: 1, MATCH: 2, LITERAL: 3, PREFIXED: 4 } as const;
const O = { ANY: 1, ALL: 2, READ: 3, WRITE: 4, CREATE: 5, DELETE: 6, ALTER: 7, DESCRIBE: 8, CLUSTER_ACTION: 9, DESCRIBE_CONFIGS: 10, IDEMPOTENT_WRITE: 12 } as const;
const ALLOW = 3;
const DENY = 2;

let target: InteropTarget;
let client: KafkaTestClient;

const acl = (resourceType: number, resourceName: string, patternType: number, principal: string, operation: number, permissionType = ALLOW) => ({
  resourceType,
  resourceName,
  resourcePatternType: patternType,
  principal,
  host: "*",
  operation,
  permissionType,
});

/** Polls `f` until `ok` holds: 150 tries, 100 ms apart; then fails showing the last answer. */
async function until<T>(what: string, f: () => Promise<T>, ok: (r: T) => boolean): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < 150; i++) {
    last = await f();
    if (ok(last)) return last;
    await Bun.sleep(100);
  }
  throw new Error(`${what}: last answer ${JSON.stringify(last, (_, v) => (typeof v === "bigint" ? v.toString() : v))?.slice(0, 1500)}\n${target.logTail().slice(-3000)}`);
}

async function createAcls(creations: Any[]): Promise<void> {
  const r = await client.request<Any>(30, 3, { creations });
  expect(r.results.map((x: Any) => x.errorCode)).toEqual(creations.map(() => ErrorCode.NONE));
}

const produce = () =>
  client.request<Any>(0, 9, {
    transactionalId: null,
    acks: -1,
    timeoutMs: 10_000,
    topicData: [{ name: TOPIC, topicId: ZERO_UUID, partitionData: [{ index: 0, records: buildRecordBatch({ records: [{ value: new TextEncoder().encode("v") }] }) }] }],
  });
const produceCode = async () => (await produce()).responses[0].partitionResponses[0].errorCode as number;

const fetchCode = async () => {
  const r = await client.request<Any>(1, 12, {
    replicaId: -1,
    maxWaitMs: 0,
    minBytes: 0,
    maxBytes: 1 << 20,
    isolationLevel: 0,
    sessionId: 0,
    sessionEpoch: -1,
    topics: [{ topic: TOPIC, topicId: ZERO_UUID, partitions: [{ partition: 0, currentLeaderEpoch: -1, fetchOffset: 0n, lastFetchedEpoch: -1, logStartOffset: -1n, partitionMaxBytes: 1 << 20 }] }],
    forgottenTopicsData: [],
    rackId: "",
  });
  return r.responses[0].partitions[0].errorCode as number;
};

const metadata = (topics: string[] | null) => client.request<Any>(3, 12, { topics: topics === null ? null : topics.map((name) => ({ name, topicId: ZERO_UUID })), allowAutoTopicCreation: false, includeTopicAuthorizedOperations: true });

const joinCode = async () =>
  (await client.request<Any>(11, 9, { groupId: GROUP, sessionTimeoutMs: 30_000, rebalanceTimeoutMs: 30_000, memberId: "", groupInstanceId: null, protocolType: "consumer", protocols: [{ name: "range", metadata: new Uint8Array(0) }], reason: null })).errorCode as number;

const commitCode = async () =>
  (
    await client.request<Any>(8, 8, {
      groupId: GROUP,
      generationIdOrMemberEpoch: -1,
      memberId: "",
      groupInstanceId: null,
      topics: [{ name: TOPIC, partitions: [{ partitionIndex: 0, committedOffset: 1n, committedLeaderEpoch: -1, committedMetadata: "" }] }],
    })
  ).topics[0].partitions[0].errorCode as number;

const initPidCode = async (transactionalId: string | null) => (await client.request<Any>(22, 4, { transactionalId, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 })).errorCode as number;

beforeAll(async () => {
  target = await startTarget({
    overrides: {
      "authorizer.class.name": "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
      "super.users": "User:admin",
      "allow.everyone.if.no.acl.found": "true",
      "offsets.topic.num.partitions": 1,
      "transaction.state.log.num.partitions": 1,
      "transaction.state.log.replication.factor": 1,
      "transaction.state.log.min.isr": 1,
    },
  });
  await createTopics(target.port, [{ name: TOPIC, partitions: 1 }]);
  client = await KafkaTestClient.connect(target.port);
  // Before any ACL every resource has none: allowed (allow.everyone.if.no.acl.found).
  await until("produce before ACLs", produceCode, (c) => c === ErrorCode.NONE);
  const none = await client.request<Any>(29, 3, { resourceTypeFilter: R.ANY, resourceNameFilter: null, patternTypeFilter: P.ANY, principalFilter: null, hostFilter: null, operation: O.ANY, permissionType: 1 });
  expect(none).toMatchObject({ errorCode: ErrorCode.NONE, resources: [] });
  // __consumer_offsets now, while everything is allowed: Kafka's broker creates it as its own principal
  // (User:ANONYMOUS here), which the ACLs below give no CREATE.
  await until("FindCoordinator", () => client.request<Any>(10, 4, { keyType: 0, coordinatorKeys: [GROUP] }), (r) => r.coordinators[0].errorCode === ErrorCode.NONE);
  // The node's own traffic and this test's ACL administration stay allowed on the cluster; topics,
  // groups and transactional ids belong to User:bob.
  await createAcls([
    acl(R.CLUSTER, "kafka-cluster", P.LITERAL, "User:ANONYMOUS", O.CLUSTER_ACTION),
    acl(R.CLUSTER, "kafka-cluster", P.LITERAL, "User:ANONYMOUS", O.ALTER),
    acl(R.CLUSTER, "kafka-cluster", P.LITERAL, "User:ANONYMOUS", O.DESCRIBE),
    acl(R.TOPIC, "*", P.LITERAL, "User:bob", O.ALL),
    acl(R.GROUP, "*", P.LITERAL, "User:bob", O.ALL),
    acl(R.TRANSACTIONAL_ID, "*", P.LITERAL, "User:bob", O.ALL),
  ]);
}, 180_000);

afterAll(async () => {
  client?.close();
  await target?.remove();
}, 60_000);

test("CreateAcls' ACLs are listed by DescribeAcls, grouped by resource pattern; filters select", async () => {
  const all = await until(
    "DescribeAcls",
    () => client.request<Any>(29, 3, { resourceTypeFilter: R.ANY, resourceNameFilter: null, patternTypeFilter: P.ANY, principalFilter: null, hostFilter: null, operation: O.ANY, permissionType: 1 }),
    (r) => r.resources.length === 4,
  );
  const cluster = all.resources.find((r: Any) => r.resourceType === R.CLUSTER);
  expect(cluster).toMatchObject({ resourceName: "kafka-cluster", patternType: P.LITERAL });
  expect(cluster.acls.map((a: Any) => a.operation).sort()).toEqual([O.ALTER, O.DESCRIBE, O.CLUSTER_ACTION].sort());
  const topics = await client.request<Any>(29, 3, { resourceTypeFilter: R.TOPIC, resourceNameFilter: TOPIC, patternTypeFilter: P.MATCH, principalFilter: null, hostFilter: null, operation: O.ANY, permissionType: 1 });
  expect(topics.resources).toEqual([{ resourceType: R.TOPIC, resourceName: "*", patternType: P.LITERAL, acls: [{ principal: "User:bob", host: "*", operation: O.ALL, permissionType: ALLOW }] }]);
}, 60_000);

test("bad requests: an invalid CLUSTER name or an empty resource name is INVALID_REQUEST; an ANY or MATCH field fails the whole request", async () => {
  const r = await client.request<Any>(30, 3, { creations: [acl(R.CLUSTER, "other-cluster", P.LITERAL, "User:x", O.ALTER), acl(R.TOPIC, "", P.LITERAL, "User:x", O.READ)] });
  expect(r.results).toEqual([
    { errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "The only valid name for the CLUSTER resource is kafka-cluster" },
    { errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "Invalid empty resource name" },
  ]);
  // Kafka's ResourcePattern / AccessControlEntry refuse ANY and MATCH: UNKNOWN_SERVER_ERROR for every creation, no message.
  for (const bad of [acl(R.GROUP, "ok", P.MATCH, "User:x", O.READ), acl(R.ANY, "ok", P.LITERAL, "User:x", O.READ), acl(R.GROUP, "ok", P.LITERAL, "User:x", O.ANY)]) {
    const whole = await client.request<Any>(30, 3, { creations: [acl(R.GROUP, "fine", P.LITERAL, "User:x", O.READ), bad] });
    expect(whole.results).toEqual([
      { errorCode: ErrorCode.UNKNOWN_SERVER_ERROR, errorMessage: null },
      { errorCode: ErrorCode.UNKNOWN_SERVER_ERROR, errorMessage: null },
    ]);
  }
  const left = await client.request<Any>(29, 3, { resourceTypeFilter: R.ANY, resourceNameFilter: null, patternTypeFilter: P.ANY, principalFilter: "User:x", hostFilter: null, operation: O.ANY, permissionType: 1 });
  expect(left.resources).toEqual([]);
}, 30_000);

test("without ACLs of its own, User:ANONYMOUS is refused everything with Kafka's codes, and nothing leaks", async () => {
  await until("produce refused", produceCode, (c) => c === ErrorCode.TOPIC_AUTHORIZATION_FAILED);
  expect(await fetchCode()).toBe(ErrorCode.TOPIC_AUTHORIZATION_FAILED);
  const lo = await client.request<Any>(2, 7, { replicaId: -1, isolationLevel: 0, topics: [{ name: TOPIC, partitions: [{ partitionIndex: 0, currentLeaderEpoch: -1, timestamp: -1n }] }] });
  expect(lo.topics[0].partitions[0].errorCode).toBe(ErrorCode.TOPIC_AUTHORIZATION_FAILED);
  // Metadata: all topics hides it; named, it and a topic that does not exist answer alike.
  const everything = await metadata(null);
  expect(everything.topics.map((t: Any) => t.name)).not.toContain(TOPIC);
  const named = await metadata([TOPIC, "acl-no-such-topic"]);
  for (const t of named.topics) expect(t).toMatchObject({ errorCode: ErrorCode.TOPIC_AUTHORIZATION_FAILED, topicId: ZERO_UUID, partitions: [], isInternal: false });
  expect(await joinCode()).toBe(ErrorCode.GROUP_AUTHORIZATION_FAILED);
  expect(await commitCode()).toBe(ErrorCode.GROUP_AUTHORIZATION_FAILED);
  const fc = await client.request<Any>(10, 4, { keyType: 0, coordinatorKeys: [GROUP] });
  expect(fc.coordinators[0].errorCode).toBe(ErrorCode.GROUP_AUTHORIZATION_FAILED);
  const dg = await client.request<Any>(15, 5, { groups: [GROUP], includeAuthorizedOperations: true });
  expect(dg.groups[0]).toMatchObject({ errorCode: ErrorCode.GROUP_AUTHORIZATION_FAILED, members: [] });
  const del = await client.request<Any>(42, 2, { groupsNames: [GROUP] });
  expect(del.results[0].errorCode).toBe(ErrorCode.GROUP_AUTHORIZATION_FAILED);
  const dt = await client.request<Any>(20, 6, { topics: [{ name: TOPIC, topicId: ZERO_UUID }], timeoutMs: 10_000 });
  expect(dt.responses[0].errorCode).toBe(ErrorCode.TOPIC_AUTHORIZATION_FAILED);
  const ct = await client.request<Any>(19, 7, { topics: [{ name: "acl-new-topic", numPartitions: 1, replicationFactor: 1, assignments: [], configs: [] }], timeoutMs: 10_000, validateOnly: false });
  expect(ct.topics[0].errorCode).toBe(ErrorCode.TOPIC_AUTHORIZATION_FAILED);
  const dc = await client.request<Any>(32, 4, { resources: [{ resourceType: 2, resourceName: TOPIC, configurationKeys: null }], includeSynonyms: false, includeDocumentation: false });
  expect(dc.results[0]).toMatchObject({ errorCode: ErrorCode.TOPIC_AUTHORIZATION_FAILED, configs: [] });
  expect(await initPidCode(TXN)).toBe(ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED);
  expect(await initPidCode(null)).toBe(ErrorCode.CLUSTER_AUTHORIZATION_FAILED);
  // Nothing was deleted or created.
  const admin = await metadata(null);
  expect(admin.topics.map((t: Any) => t.name)).not.toContain("acl-new-topic");
}, 60_000);

test("more refusals, each with Kafka's answer: configs, offsets, groups, transactions, partitions, records", async () => {
  const brokerConfigs = await client.request<Any>(32, 4, { resources: [{ resourceType: 4, resourceName: "", configurationKeys: null }], includeSynonyms: false, includeDocumentation: false });
  expect(brokerConfigs.results[0]).toMatchObject({ errorCode: ErrorCode.CLUSTER_AUTHORIZATION_FAILED, configs: [] });
  const alter = await client.request<Any>(44, 1, { resources: [{ resourceType: 2, resourceName: TOPIC, configs: [{ name: "retention.ms", configOperation: 0, value: "1000" }] }], validateOnly: false });
  expect(alter.responses[0]).toMatchObject({ errorCode: ErrorCode.TOPIC_AUTHORIZATION_FAILED, resourceName: TOPIC });
  const of = await client.request<Any>(9, 7, { groupId: GROUP, topics: [{ name: TOPIC, partitionIndexes: [0] }], requireStable: false });
  expect(of.errorCode).toBe(ErrorCode.GROUP_AUTHORIZATION_FAILED);
  const of1 = await client.request<Any>(9, 1, { groupId: GROUP, topics: [{ name: TOPIC, partitionIndexes: [0] }] });
  expect(of1.topics).toEqual([{ name: TOPIC, partitions: [{ partitionIndex: 0, committedOffset: -1n, committedLeaderEpoch: -1, metadata: "", errorCode: ErrorCode.GROUP_AUTHORIZATION_FAILED }] }]);
  const of8 = await client.request<Any>(9, 8, { groups: [{ groupId: GROUP, topics: null }], requireStable: false });
  expect(of8.groups[0]).toMatchObject({ groupId: GROUP, errorCode: ErrorCode.GROUP_AUTHORIZATION_FAILED, topics: [] });
  const lg = await client.request<Any>(16, 4, { statesFilter: [] });
  expect(lg.groups.map((g: Any) => g.groupId)).not.toContain(GROUP);
  const od = await client.request<Any>(47, 0, { groupId: GROUP, topics: [{ name: TOPIC, partitions: [{ partitionIndex: 0 }] }] });
  expect(od.errorCode).toBe(ErrorCode.GROUP_AUTHORIZATION_FAILED);
  const hb = await client.request<Any>(12, 4, { groupId: GROUP, generationId: 1, memberId: "m", groupInstanceId: null });
  expect(hb.errorCode).toBe(ErrorCode.GROUP_AUTHORIZATION_FAILED);
  const sg = await client.request<Any>(14, 5, { groupId: GROUP, generationId: 1, memberId: "m", groupInstanceId: null, protocolType: "consumer", protocolName: "range", assignments: [] });
  expect(sg.errorCode).toBe(ErrorCode.GROUP_AUTHORIZATION_FAILED);
  const lv = await client.request<Any>(13, 4, { groupId: GROUP, members: [{ memberId: "m", groupInstanceId: null, reason: null }] });
  expect(lv.errorCode).toBe(ErrorCode.GROUP_AUTHORIZATION_FAILED);
  const cgh = await client.request<Any>(68, 0, { groupId: GROUP, memberId: "", memberEpoch: 0, instanceId: null, rackId: null, rebalanceTimeoutMs: 30_000, subscribedTopicNames: [TOPIC], serverAssignor: null, topicPartitions: [] });
  expect(cgh.errorCode).toBe(ErrorCode.GROUP_AUTHORIZATION_FAILED);
  const cgd = await client.request<Any>(69, 0, { groupIds: [GROUP], includeAuthorizedOperations: true });
  expect(cgd.groups[0].errorCode).toBe(ErrorCode.GROUP_AUTHORIZATION_FAILED);
  const fcTxn = await client.request<Any>(10, 4, { keyType: 1, coordinatorKeys: [TXN] });
  expect(fcTxn.coordinators[0].errorCode).toBe(ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED);
  const aot = await client.request<Any>(25, 3, { transactionalId: TXN, producerId: 1n, producerEpoch: 0, groupId: GROUP });
  expect(aot.errorCode).toBe(ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED);
  const end = await client.request<Any>(26, 3, { transactionalId: TXN, producerId: 1n, producerEpoch: 0, committed: true });
  expect(end.errorCode).toBe(ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED);
  const toc = await client.request<Any>(28, 3, { transactionalId: TXN, groupId: GROUP, producerId: 1n, producerEpoch: 0, generationId: -1, memberId: "", groupInstanceId: null, topics: [{ name: TOPIC, partitions: [{ partitionIndex: 0, committedOffset: 1n, committedLeaderEpoch: -1, committedMetadata: "" }] }] });
  expect(toc.topics[0].partitions[0].errorCode).toBe(ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED);
  const apt = await client.request<Any>(24, 3, { v3AndBelowTransactionalId: TXN, v3AndBelowProducerId: 1n, v3AndBelowProducerEpoch: 0, v3AndBelowTopics: [{ name: TOPIC, partitions: [0] }] });
  expect(apt.resultsByTopicV3AndBelow[0].resultsByPartition[0].partitionErrorCode).toBe(ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED);
  const dtx = await client.request<Any>(65, 0, { transactionalIds: [TXN] });
  expect(dtx.transactionStates[0].errorCode).toBe(ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED);
  const cp = await client.request<Any>(37, 3, { topics: [{ name: TOPIC, count: 2, assignments: null }], timeoutMs: 10_000, validateOnly: false });
  expect(cp.results[0].errorCode).toBe(ErrorCode.TOPIC_AUTHORIZATION_FAILED);
  const dr = await client.request<Any>(21, 2, { topics: [{ name: TOPIC, partitions: [{ partitionIndex: 0, offset: 0n }] }], timeoutMs: 10_000 });
  expect(dr.topics[0].partitions[0].errorCode).toBe(ErrorCode.TOPIC_AUTHORIZATION_FAILED);
  const dtp = await client.request<Any>(75, 0, { topics: [{ name: TOPIC }], responsePartitionLimit: 100, cursor: null });
  expect(dtp.topics[0]).toMatchObject({ name: TOPIC, errorCode: ErrorCode.TOPIC_AUTHORIZATION_FAILED, topicId: ZERO_UUID, partitions: [] });
  const dtpAll = await client.request<Any>(75, 0, { topics: [], responsePartitionLimit: 100, cursor: null });
  expect(dtpAll.topics.map((t: Any) => t.name)).not.toContain(TOPIC);
  // OffsetForLeaderEpoch: CLUSTER_ACTION (which User:ANONYMOUS has, for the node) or DESCRIBE on the topic.
  const ofle = await client.request<Any>(23, 4, { replicaId: -1, topics: [{ topic: TOPIC, partitions: [{ partition: 0, currentLeaderEpoch: -1, leaderEpoch: 0 }] }] });
  expect(ofle.topics[0].partitions[0].errorCode).toBe(ErrorCode.NONE);
  const lcr = await client.request<Any>(74, 1, { resourceTypes: [] });
  expect(lcr).toMatchObject({ errorCode: ErrorCode.CLUSTER_AUTHORIZATION_FAILED, configResources: [] });
  const dp = await client.request<Any>(61, 0, { topics: [{ name: TOPIC, partitionIndexes: [0] }] });
  expect(dp.topics[0].partitions[0].errorCode).toBe(ErrorCode.TOPIC_AUTHORIZATION_FAILED);
  // DescribeClientQuotas: DESCRIBE_CONFIGS on the cluster (ALTER there does not imply it).
  const dcq = await client.request<Any>(48, 1, { components: [], strict: false });
  expect(dcq).toMatchObject({ errorCode: ErrorCode.CLUSTER_AUTHORIZATION_FAILED, errorMessage: null, entries: null });
  // DescribeUserScramCredentials and AlterUserScramCredentials: DESCRIBE / ALTER on the cluster, which
  // User:ANONYMOUS has here: answered (an unknown user, a bad iteration count), not refused.
  const dus = await client.request<Any>(50, 0, { users: [{ name: "nobody" }] });
  expect(dus.errorCode).toBe(ErrorCode.NONE);
  expect(dus.results[0]).toMatchObject({ user: "nobody", errorCode: ErrorCode.RESOURCE_NOT_FOUND });
}, 60_000);

test("literal and prefixed ALLOWs let User:ANONYMOUS in; authorized operations follow them", async () => {
  await createAcls([
    acl(R.TOPIC, TOPIC, P.LITERAL, "User:ANONYMOUS", O.WRITE),
    acl(R.TOPIC, "acl-", P.PREFIXED, "User:ANONYMOUS", O.READ),
    acl(R.GROUP, "acl-", P.PREFIXED, "User:ANONYMOUS", O.READ),
  ]);
  await until("produce allowed", produceCode, (c) => c === ErrorCode.NONE);
  expect(await fetchCode()).toBe(ErrorCode.NONE);
  const named = await metadata([TOPIC]);
  expect(named.topics[0]).toMatchObject({ errorCode: ErrorCode.NONE, name: TOPIC });
  // READ (3), WRITE (4) and the DESCRIBE (8) they imply.
  expect(named.topics[0].topicAuthorizedOperations).toBe((1 << 3) | (1 << 4) | (1 << 8));
  expect((await metadata(null)).topics.map((t: Any) => t.name)).toContain(TOPIC);
  // Auto-creation needs CREATE (on the cluster or the topic): a describable missing topic is refused, not created.
  const auto = await client.request<Any>(3, 12, { topics: [{ name: "acl-auto", topicId: ZERO_UUID }], allowAutoTopicCreation: true, includeTopicAuthorizedOperations: false });
  expect(auto.topics[0]).toMatchObject({ name: "acl-auto", errorCode: ErrorCode.TOPIC_AUTHORIZATION_FAILED, partitions: [] });
  expect((await client.request<Any>(10, 4, { keyType: 0, coordinatorKeys: [GROUP] })).coordinators[0].errorCode).toBe(ErrorCode.NONE);
  await until("OffsetCommit", commitCode, (c) => c === ErrorCode.NONE);
  // READ on the group (and the DESCRIBE it implies); the cluster's CLUSTER_ACTION, ALTER, DESCRIBE.
  const dg = await client.request<Any>(15, 5, { groups: [GROUP], includeAuthorizedOperations: true });
  expect(dg.groups[0]).toMatchObject({ errorCode: ErrorCode.NONE, authorizedOperations: (1 << 3) | (1 << 8) });
  const dc = await client.request<Any>(60, 1, { includeClusterAuthorizedOperations: true, endpointType: 1 });
  expect(dc.clusterAuthorizedOperations).toBe((1 << 7) | (1 << 8) | (1 << 9));
  // Past authorization: the join goes on to the member id step (v4+: MEMBER_ID_REQUIRED).
  expect(await joinCode()).toBe(ErrorCode.MEMBER_ID_REQUIRED);
  // WRITE on some topic is enough for an idempotent producer (authorizeByResourceType).
  // (Kafka may first answer COORDINATOR_LOAD_IN_PROGRESS while its broker fetches a producer id block.)
  await until("InitProducerId", () => initPidCode(null), (c) => c === ErrorCode.NONE);
}, 60_000);

test("a DENY wins over the ALLOWs; DeleteAcls removes what its filter matches, and the ALLOW applies again", async () => {
  await createAcls([acl(R.TOPIC, "acl-o", P.PREFIXED, "User:ANONYMOUS", O.WRITE, DENY)]);
  await until("produce denied", produceCode, (c) => c === ErrorCode.TOPIC_AUTHORIZATION_FAILED);
  expect(await fetchCode()).toBe(ErrorCode.NONE);
  const r = await client.request<Any>(31, 3, {
    filters: [{ resourceTypeFilter: R.TOPIC, resourceNameFilter: null, patternTypeFilter: P.ANY, principalFilter: "User:ANONYMOUS", hostFilter: null, operation: O.ANY, permissionType: DENY }],
  });
  expect(r.filterResults[0].errorCode).toBe(ErrorCode.NONE);
  expect(r.filterResults[0].matchingAcls).toEqual([
    { errorCode: 0, errorMessage: null, resourceType: R.TOPIC, resourceName: "acl-o", patternType: P.PREFIXED, principal: "User:ANONYMOUS", host: "*", operation: O.WRITE, permissionType: DENY },
  ]);
  await until("produce allowed again", produceCode, (c) => c === ErrorCode.NONE);
}, 60_000);
