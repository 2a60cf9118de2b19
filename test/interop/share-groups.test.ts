// Share groups (KIP-932) on the wire, one file for both targets (STRAND_INTEROP_TARGET=kafka runs it
// against Apache Kafka 4.4.0 with the same assertions): ShareGroupHeartbeat join / assignment once the
// share state is initialized / fencing / Kafka's INVALID_REQUEST texts / leave, ShareGroupDescribe,
// ListGroups with the "share" type, what DescribeGroups, ConsumerGroupDescribe, OffsetFetch,
// OffsetCommit, JoinGroup and DeleteGroups answer for a share group id, and the offsets APIs
// (DescribeShareGroupOffsets, AlterShareGroupOffsets, DeleteShareGroupOffsets) before DeleteGroups.
//
// Strand runs in-process with an in-memory Persister (test/support/share/memory-persister.ts) standing
// in for the share coordinator, which another part of the work provides. Kafka runs with the share
// coordinator's state topic at replication factor 1 (a single node). Target assignments are batched
// (group.share.assignment.interval.ms, 1 s on both), so assignments are awaited by bounded polling.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startKafka, type KafkaHandle } from "../support/kafka-broker.ts";
import { startShareStrand, type ShareStrand } from "../support/share/strand-in-process.ts";
import { interopTarget } from "./targets.ts";
import { createTopics } from "./topics.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TARGET = interopTarget();
const TOPIC = "sg-topic";
const G = "sg-wire";
const M1 = "member-one-aaaaaaaaaaa";
const M2 = "member-two-bbbbbbbbbbb";
const ZERO = "AAAAAAAAAAAAAAAAAAAAAA";

let kafka: KafkaHandle | null = null;
let strand: ShareStrand | null = null;
let port = 0;
let c: KafkaTestClient;
let topicId = "";

const RETRIABLE = new Set<number>([ErrorCode.COORDINATOR_NOT_AVAILABLE, ErrorCode.COORDINATOR_LOAD_IN_PROGRESS, ErrorCode.NOT_COORDINATOR]);

/** Retries what clients retry (the coordinator not ready yet); 300 tries of 100 ms at most. */
async function retry(f: () => Promise<Any>, code: (r: Any) => number = (r) => r.errorCode): Promise<Any> {
  let r: Any = {};
  for (let i = 0; i < 300; i++) {
    r = await f();
    if (!RETRIABLE.has(code(r))) return r;
    await Bun.sleep(100);
  }
  throw new Error(`still retriable: ${JSON.stringify(r)}`);
}

const hb = (f: Any) => c.request<Any>(76, 1, { groupId: G, memberId: M1, memberEpoch: 0, rackId: null, subscribedTopicNames: null, ...f });
const partsOf = (r: Any): number[] => (r.assignment?.topicPartitions ?? []).flatMap((t: Any) => t.partitions).sort();
const byName = (a: Any, b: Any) => (a.topicName < b.topicName ? -1 : 1);
const describe = async (ids: string[]) => (await c.request<Any>(77, 1, { groupIds: ids, includeAuthorizedOperations: false })).groups;

beforeAll(async () => {
  if (TARGET === "kafka") {
    // One __share_group_state partition: its creation and load on first use take seconds per partition.
    kafka = await startKafka({ overrides: { "share.coordinator.state.topic.replication.factor": 1, "share.coordinator.state.topic.min.isr": 1, "share.coordinator.state.topic.num.partitions": 1 } });
    port = kafka.port;
  } else {
    strand = await startShareStrand();
    port = strand.port;
  }
  await createTopics(port, [{ name: TOPIC, partitions: 3 }]);
  c = await KafkaTestClient.connect(port);
  const md = await c.request<Any>(3, 12, { topics: [{ name: TOPIC, topicId: ZERO }], allowAutoTopicCreation: false, includeTopicAuthorizedOperations: false });
  topicId = md.topics[0].topicId;
  await retry(() => c.request<Any>(10, 4, { keyType: 0, coordinatorKeys: [G] }), (r) => r.coordinators[0].errorCode);
}, 180_000);

afterAll(async () => {
  c?.close();
  await strand?.stop();
  await kafka?.remove();
}, 120_000);

test("join at epoch 2 with nothing assigned; every partition once the share state is initialized; fencing and Kafka's error texts", async () => {
  const join = await retry(() => hb({ subscribedTopicNames: [TOPIC] }));
  expect(join).toMatchObject({ errorCode: 0, errorMessage: null, memberId: M1, memberEpoch: 2, heartbeatIntervalMs: 5000, assignment: { topicPartitions: [] } });
  let r = join;
  for (let i = 0; i < 150 && partsOf(r).length === 0; i++) {
    await Bun.sleep(200);
    r = await hb({ memberEpoch: r.memberEpoch });
    expect(r.errorCode).toBe(0);
  }
  expect(r.memberEpoch).toBe(3);
  expect(r.assignment.topicPartitions).toEqual([{ topicId, partitions: [0, 1, 2] }]);
  // Nothing changed: no assignment in the answer.
  expect(await hb({ memberEpoch: 3 })).toMatchObject({ errorCode: 0, memberEpoch: 3, assignment: null });

  expect(await hb({ memberEpoch: 99 })).toMatchObject({
    errorCode: ErrorCode.FENCED_MEMBER_EPOCH,
    errorMessage: "The share group member has a greater member epoch (99) than the one known by the group coordinator (3). The member must abandon all its partitions and rejoin.",
  });
  expect(await hb({ memberId: "zzz", memberEpoch: 3 })).toMatchObject({ errorCode: ErrorCode.UNKNOWN_MEMBER_ID, errorMessage: `Member zzz is not a member of group ${G}.` });
  expect(await hb({ memberId: "" })).toMatchObject({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: null });
  expect(await hb({ memberId: "new", subscribedTopicNames: [] })).toMatchObject({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "SubscribedTopicNames must be set in first request." });
  expect(await hb({ groupId: "sg-none", memberEpoch: 3 })).toMatchObject({ errorCode: ErrorCode.GROUP_ID_NOT_FOUND, errorMessage: "Share group sg-none not found." });
}, 60_000);

test("a second member: the partitions are split between the two at one epoch; describe, list and the other group APIs", async () => {
  const j2 = await retry(() => hb({ memberId: M2, subscribedTopicNames: [TOPIC] }));
  expect(j2).toMatchObject({ errorCode: 0, memberId: M2 });
  let e1 = 3;
  let e2 = j2.memberEpoch;
  let p1: number[] = [0, 1, 2];
  let p2: number[] = partsOf(j2);
  for (let i = 0; i < 150 && !(p1.length > 0 && p2.length > 0 && e1 === e2); i++) {
    await Bun.sleep(200);
    const a = await hb({ memberEpoch: e1 });
    const b = await hb({ memberId: M2, memberEpoch: e2 });
    expect([a.errorCode, b.errorCode]).toEqual([0, 0]);
    [e1, e2] = [a.memberEpoch, b.memberEpoch];
    if (a.assignment) p1 = partsOf(a);
    if (b.assignment) p2 = partsOf(b);
  }
  expect(e1).toBe(e2);
  expect([...p1, ...p2].sort()).toEqual([0, 1, 2]);
  expect(Math.abs(p1.length - p2.length)).toBe(1);

  // Kafka answers the invalid id first (checked before the coordinator is asked): found by id here.
  const described = await describe([G, "", "sg-none"]);
  const [d, empty, none] = [G, "", "sg-none"].map((id) => described.find((g: Any) => g.groupId === id));
  expect(d).toMatchObject({ errorCode: 0, errorMessage: null, groupId: G, groupState: "Stable", assignmentEpoch: e1, assignorName: "simple", authorizedOperations: -2147483648 });
  expect(d.groupEpoch).toBeGreaterThanOrEqual(e1);
  const members = [...d.members].sort((a: Any, b: Any) => (a.memberId < b.memberId ? -1 : 1));
  expect(members.map((m: Any) => [m.memberId, m.memberEpoch, m.rackId, m.clientId, m.clientHost, m.subscribedTopicNames])).toEqual([
    [M1, e1, null, "strand-test", "/127.0.0.1", [TOPIC]],
    [M2, e1, null, "strand-test", "/127.0.0.1", [TOPIC]],
  ]);
  expect(members[0].assignment.topicPartitions).toEqual([{ topicId, topicName: TOPIC, partitions: p1 }]);
  expect(empty).toMatchObject({ errorCode: ErrorCode.INVALID_GROUP_ID, groupId: "" });
  expect(none).toMatchObject({ errorCode: ErrorCode.GROUP_ID_NOT_FOUND, errorMessage: "Group sg-none not found." });

  const list = await c.request<Any>(16, 5, { statesFilter: [], typesFilter: ["share"] });
  expect(list.groups.filter((g: Any) => g.groupId === G)).toEqual([{ groupId: G, protocolType: "share", groupState: "Stable", groupType: "share" }]);
  const [classic] = (await c.request<Any>(15, 6, { groups: [G], includeAuthorizedOperations: false })).groups;
  expect(classic).toMatchObject({ errorCode: ErrorCode.GROUP_ID_NOT_FOUND, errorMessage: `Group ${G} is not a classic group.`, groupState: "Dead", members: [] });
  const [consumer] = (await c.request<Any>(69, 1, { groupIds: [G], includeAuthorizedOperations: false })).groups;
  expect(consumer).toMatchObject({ errorCode: ErrorCode.GROUP_ID_NOT_FOUND, errorMessage: `Group ${G} is not a consumer group.` });
  const fetch = await c.request<Any>(9, 9, { groups: [{ groupId: G, memberId: null, memberEpoch: -1, topics: null }], requireStable: false });
  expect(fetch.groups).toEqual([{ groupId: G, topics: [], errorCode: 0 }]);
  const commit = await c.request<Any>(8, 9, { groupId: G, generationIdOrMemberEpoch: -1, memberId: "", groupInstanceId: null, topics: [{ name: TOPIC, partitions: [{ partitionIndex: 0, committedOffset: 1n, committedLeaderEpoch: -1, committedMetadata: "" }] }] });
  expect(commit.topics[0].partitions[0].errorCode).toBe(ErrorCode.GROUP_ID_NOT_FOUND);
  const joinGroup = await c.request<Any>(11, 9, { groupId: G, sessionTimeoutMs: 30000, rebalanceTimeoutMs: 30000, memberId: "", groupInstanceId: null, protocolType: "consumer", protocols: [{ name: "range", metadata: new Uint8Array(0) }], reason: null });
  expect(joinGroup.errorCode).toBe(ErrorCode.INCONSISTENT_GROUP_PROTOCOL);
  expect((await c.request<Any>(42, 2, { groupsNames: [G] })).results).toEqual([{ groupId: G, errorCode: ErrorCode.NON_EMPTY_GROUP, errorMessage: null }]);
  const alter = await c.request<Any>(91, 0, { groupId: G, topics: [{ topicName: TOPIC, partitions: [{ partitionIndex: 0, startOffset: 0n }] }] });
  expect(alter).toMatchObject({ errorCode: ErrorCode.NON_EMPTY_GROUP, errorMessage: "The group is not empty.", responses: [] });
}, 60_000);

test("share offsets: every initialized partition described, altered while empty, deleted, then the group deleted", async () => {
  const unset = (i: number) => ({ partitionIndex: i, startOffset: -1n, leaderEpoch: 0, lag: -1n, errorCode: 0, errorMessage: null });
  const d1 = await c.request<Any>(90, 1, { groups: [{ groupId: G, topics: null }, { groupId: "sg-none", topics: null }, { groupId: G, topics: [{ topicName: TOPIC, partitions: [0, 7] }, { topicName: "sg-nope", partitions: [0] }] }] }, 90_000);
  expect(d1.groups[0]).toEqual({ groupId: G, topics: [{ topicName: TOPIC, topicId, partitions: [unset(0), unset(1), unset(2)] }], errorCode: 0, errorMessage: null });
  expect(d1.groups[1]).toEqual({ groupId: "sg-none", topics: [], errorCode: 0, errorMessage: null });
  expect([...d1.groups[2].topics].sort(byName)).toEqual([
    { topicName: "sg-nope", topicId: ZERO, partitions: [unset(0)] },
    { topicName: TOPIC, topicId, partitions: [unset(0), unset(7)] },
  ]);

  expect(await hb({ memberEpoch: -1 })).toMatchObject({ errorCode: 0, memberId: M1, memberEpoch: -1, assignment: null });
  expect(await hb({ memberId: M2, memberEpoch: -1 })).toMatchObject({ errorCode: 0, memberId: M2, memberEpoch: -1 });
  const [d] = await describe([G]);
  expect(d).toMatchObject({ errorCode: 0, groupState: "Empty", members: [] });
  expect(d.assignmentEpoch).toBe(d.groupEpoch);

  const unknown = { errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, errorMessage: "This server does not host this topic-partition." };
  const alter = await c.request<Any>(91, 0, { groupId: G, topics: [{ topicName: TOPIC, partitions: [{ partitionIndex: 0, startOffset: 0n }, { partitionIndex: 9, startOffset: 0n }] }, { topicName: "sg-nope", partitions: [{ partitionIndex: 0, startOffset: 0n }] }] }, 30_000);
  expect(alter).toMatchObject({ errorCode: 0, errorMessage: null });
  expect([...alter.responses].sort(byName)).toEqual([
    { topicName: "sg-nope", topicId: ZERO, partitions: [{ partitionIndex: 0, ...unknown }] },
    { topicName: TOPIC, topicId, partitions: [{ partitionIndex: 0, errorCode: 0, errorMessage: null }, { partitionIndex: 9, ...unknown }] },
  ]);
  // A share group that does not exist is created by AlterShareGroupOffsets.
  const alterNew = await c.request<Any>(91, 0, { groupId: "sg-new", topics: [{ topicName: TOPIC, partitions: [{ partitionIndex: 1, startOffset: 0n }] }] }, 30_000);
  expect(alterNew.responses).toEqual([{ topicName: TOPIC, topicId, partitions: [{ partitionIndex: 1, errorCode: 0, errorMessage: null }] }]);
  const at0 = (i: number) => ({ partitionIndex: i, startOffset: 0n, leaderEpoch: 0, lag: 0n, errorCode: 0, errorMessage: null });
  const d2 = await c.request<Any>(90, 1, { groups: [{ groupId: G, topics: null }, { groupId: "sg-new", topics: null }] }, 30_000);
  expect(d2.groups[0].topics).toEqual([{ topicName: TOPIC, topicId, partitions: [at0(0), unset(1), unset(2)] }]);
  expect(d2.groups[1].topics).toEqual([{ topicName: TOPIC, topicId, partitions: [at0(1)] }]);
  expect((await c.request<Any>(90, 0, { groups: [{ groupId: "sg-new", topics: null }] }, 30_000)).groups[0].topics[0].partitions).toEqual([{ ...at0(1), lag: -1n }]);

  const del = await c.request<Any>(92, 0, { groupId: G, topics: [{ topicName: TOPIC }, { topicName: "sg-nope" }] }, 30_000);
  expect(del).toMatchObject({ errorCode: 0, errorMessage: null });
  expect([...del.responses].sort(byName)).toEqual([
    { topicName: "sg-nope", topicId: ZERO, ...unknown },
    { topicName: TOPIC, topicId, errorCode: 0, errorMessage: null },
  ]);
  expect(await c.request<Any>(92, 0, { groupId: "sg-none", topics: [{ topicName: TOPIC }] })).toMatchObject({ errorCode: ErrorCode.GROUP_ID_NOT_FOUND, errorMessage: "Group sg-none not found.", responses: [] });
  expect((await c.request<Any>(90, 1, { groups: [{ groupId: G, topics: null }] }, 30_000)).groups[0].topics).toEqual([]);

  const deleted = await c.request<Any>(42, 2, { groupsNames: [G, "sg-new"] }, 30_000);
  expect([...deleted.results].sort((a: Any, b: Any) => (a.groupId < b.groupId ? -1 : 1))).toEqual([
    { groupId: "sg-new", errorCode: 0, errorMessage: null },
    { groupId: G, errorCode: 0, errorMessage: null },
  ]);
  expect((await describe([G]))[0]).toMatchObject({ errorCode: ErrorCode.GROUP_ID_NOT_FOUND, errorMessage: `Group ${G} not found.` });
}, 60_000);

test("share.version disabled with UpdateFeatures: the share-group APIs answer UNSUPPORTED_VERSION; enabled again, they serve", async () => {
  const update = (level: number, upgradeType: number) => c.request<Any>(57, 1, { timeoutMs: 30_000, featureUpdates: [{ feature: "share.version", maxVersionLevel: level, upgradeType, allowDowngrade: false }], validateOnly: false }, 35_000);
  expect((await update(0, 2)).errorCode).toBe(0);
  let r: Any = {};
  for (let i = 0; i < 100; i++) {
    r = await hb({ memberId: "late", subscribedTopicNames: [TOPIC] });
    if (r.errorCode === ErrorCode.UNSUPPORTED_VERSION) break;
    await Bun.sleep(100);
  }
  expect(r.errorCode).toBe(ErrorCode.UNSUPPORTED_VERSION);
  expect((await describe([G]))[0].errorCode).toBe(ErrorCode.UNSUPPORTED_VERSION);
  expect((await c.request<Any>(91, 0, { groupId: G, topics: [] })).errorCode).toBe(ErrorCode.UNSUPPORTED_VERSION);
  expect((await update(2, 1)).errorCode).toBe(0);
  for (let i = 0; i < 100; i++) {
    r = await hb({ memberId: "late", subscribedTopicNames: [TOPIC] });
    if (r.errorCode !== ErrorCode.UNSUPPORTED_VERSION) break;
    await Bun.sleep(100);
  }
  expect(r).toMatchObject({ errorCode: 0, memberId: "late" });
  expect((await hb({ memberId: "late", memberEpoch: -1 })).errorCode).toBe(0);
}, 60_000);
