// ShareFetch (78) and ShareAcknowledge (79) in raw protocol, one file for both targets
// (STRAND_INTEROP_TARGET=kafka runs it against Apache Kafka 4.4.0): Kafka's answers to bad share
// sessions (SHARE_SESSION_NOT_FOUND, INVALID_SHARE_SESSION_EPOCH), to malformed requests and
// acknowledgement batches (INVALID_REQUEST at the top or per partition), unknown topic ids and
// partitions, the final epoch; then the record flow of share-scenario.ts (acquire, accept / release /
// reject, redelivery, lock timeout, delivery-count limit) with a member that joined the share group by
// ShareGroupHeartbeat. That last test needs ShareGroupHeartbeat (the share-group work): against Strand
// it runs only once the broker advertises API 76; test/integration/share-fetch.test.ts runs the same
// scenario against Strand in process meanwhile.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startTarget, type InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";
import { batch, partitionOf, runReadCommittedScenario, runShareScenario, shareAck, shareFetch, type ShareScenarioEnv } from "./share-scenario.ts";
import { produceTransactions } from "../support/txn-produce.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ERRORS_TOPIC = "share-errors";
const FLOW_TOPIC = "share-flow";
const TXN_TOPIC = "share-txn";
const NO_SUCH_TOPIC_ID = "AAAAAAAAAAAAAAAAAAAAAQ";

let target: InteropTarget;
let client: KafkaTestClient;
let producer: KafkaTestClient;
const topicIds = new Map<string, string>();
let heartbeatServed = false;

const env = (memberA: string, topic = ERRORS_TOPIC, groupId = "share-errors-group"): ShareScenarioEnv => ({
  client,
  producer,
  topic,
  topicId: topicIds.get(topic)!,
  groupId,
  memberA,
  memberB: "BBBBBBBBBBBBBBBBBBBBBB",
  connect: () => KafkaTestClient.connect(target.port),
  expireLocks: async () => {},
});

beforeAll(async () => {
  target = await startTarget({
    overrides: {
      "offsets.topic.num.partitions": 1,
      "share.coordinator.state.topic.num.partitions": 1,
      "share.coordinator.state.topic.replication.factor": 1,
      "share.coordinator.state.topic.min.isr": 1,
      "group.share.min.record.lock.duration.ms": 1000,
      "group.share.record.lock.duration.ms": 2000,
      "group.share.delivery.count.limit": 2,
      "group.share.min.delivery.count.limit": 2,
    },
  });
  await createTopics(target.port, [{ name: ERRORS_TOPIC, partitions: 1 }, { name: FLOW_TOPIC, partitions: 1 }, { name: TXN_TOPIC, partitions: 1 }]);
  client = await KafkaTestClient.connect(target.port);
  producer = await KafkaTestClient.connect(target.port);
  const md = await client.request<Any>(3, 12, { topics: [{ name: ERRORS_TOPIC, topicId: NO_SUCH_TOPIC_ID }, { name: FLOW_TOPIC, topicId: NO_SUCH_TOPIC_ID }, { name: TXN_TOPIC, topicId: NO_SUCH_TOPIC_ID }].map((t) => ({ ...t, topicId: "AAAAAAAAAAAAAAAAAAAAAA" })), allowAutoTopicCreation: false, includeTopicAuthorizedOperations: false });
  for (const t of md.topics) topicIds.set(t.name, t.topicId);
  const versions = await client.request<Any>(18, 3, { clientSoftwareName: "strand-test", clientSoftwareVersion: "1" });
  heartbeatServed = versions.apiKeys.some((k: Any) => k.apiKey === 76);
}, 180_000);

afterAll(async () => {
  client?.close();
  producer?.close();
  await target?.remove();
}, 60_000);

test("requests Kafka refuses at the top: no member id, no group id, acknowledgements on epoch 0, renew in ShareFetch", async () => {
  const e = env("AAAAAAAAAAAAAAAAAAAAAA");
  expect((await shareFetch(e, "", 0)).errorCode).toBe(ErrorCode.INVALID_REQUEST);
  expect((await shareFetch(e, e.memberA, 0, [], { groupId: null })).errorCode).toBe(ErrorCode.INVALID_REQUEST);
  expect((await shareAck(e, "", 1, [])).errorCode).toBe(ErrorCode.INVALID_REQUEST);
  expect((await shareAck(e, e.memberA, 1, [], 1, { groupId: null })).errorCode).toBe(ErrorCode.INVALID_REQUEST);
  const withAcks = await shareFetch(e, e.memberA, 0, [batch(0, 0, 1)]);
  expect(withAcks).toMatchObject({ errorCode: ErrorCode.INVALID_REQUEST, acquisitionLockTimeoutMs: 0, responses: [] });
  expect((await shareFetch(e, e.memberA, 0, [], { isRenewAck: true }, 2)).errorCode).toBe(ErrorCode.INVALID_REQUEST);
}, 30_000);

test("share session epochs: not found, wrong epoch, ShareAcknowledge cannot open, -1 closes", async () => {
  const e = env("AAAAAAAAAAAAAAAAAAAAAB");
  expect((await shareFetch(e, e.memberA, 5)).errorCode).toBe(ErrorCode.SHARE_SESSION_NOT_FOUND);
  expect((await shareAck(e, e.memberA, 3, [])).errorCode).toBe(ErrorCode.SHARE_SESSION_NOT_FOUND);
  expect((await shareFetch(e, e.memberA, -1, [], { topics: [] })).errorCode).toBe(ErrorCode.SHARE_SESSION_NOT_FOUND);
  const open = await shareFetch(e, e.memberA, 0, [], { topics: [] });
  expect(open).toMatchObject({ errorCode: ErrorCode.NONE, responses: [], nodeEndpoints: [] });
  expect(open.acquisitionLockTimeoutMs).toBe(2000);
  expect((await shareAck(e, e.memberA, 0, [])).errorCode).toBe(ErrorCode.INVALID_SHARE_SESSION_EPOCH);
  expect((await shareFetch(e, e.memberA, 2, [], { topics: [] })).errorCode).toBe(ErrorCode.INVALID_SHARE_SESSION_EPOCH);
  // A refused request does not move the epoch; accepted ones do.
  expect((await shareFetch(e, e.memberA, 1, [], { topics: [] })).errorCode).toBe(ErrorCode.NONE);
  expect((await shareAck(e, e.memberA, 2, [])).errorCode).toBe(ErrorCode.NONE);
  // Opening again replaces the session: its epoch starts over.
  expect((await shareFetch(e, e.memberA, 0, [], { topics: [] })).errorCode).toBe(ErrorCode.NONE);
  expect((await shareAck(e, e.memberA, 3, [])).errorCode).toBe(ErrorCode.INVALID_SHARE_SESSION_EPOCH);
  expect(await shareAck(e, e.memberA, -1, [])).toMatchObject({ errorCode: ErrorCode.NONE, acquisitionLockTimeoutMs: 0, responses: [] });
  expect((await shareAck(e, e.memberA, -1, [])).errorCode).toBe(ErrorCode.SHARE_SESSION_NOT_FOUND);
}, 30_000);

test("malformed acknowledgement batches: INVALID_REQUEST for the partition, the epoch still moves", async () => {
  const e = env("AAAAAAAAAAAAAAAAAAAAAC");
  expect((await shareFetch(e, e.memberA, 0, [], { topics: [] })).errorCode).toBe(ErrorCode.NONE);
  let epoch = 1;
  const cases: Any[][] = [
    [batch(5, 7, 1, 1)], // two types for three offsets
    [batch(5, 5, 9)], // unknown type
    [batch(6, 5, 1)], // first > last
    [batch(0, 3, 1), batch(2, 5, 1)], // overlapping
    [batch(5, 6, 1), batch(0, 1, 1)], // out of order
    [batch(-2, 3, 1)], // negative
    [batch(5, 6)], // no type
    [batch(5, 5, 4)], // RENEW in v1
  ];
  for (const acks of cases) {
    const r = await shareAck(e, e.memberA, epoch++, acks);
    expect(r.errorCode).toBe(ErrorCode.NONE);
    expect(partitionOf(r)).toEqual({ partitionIndex: 0, errorCode: ErrorCode.INVALID_REQUEST, errorMessage: null, currentLeader: { leaderId: 0, leaderEpoch: 0 } });
  }
  // RENEW without IsRenewAck in v2.
  const v2 = await shareAck(e, e.memberA, epoch++, [batch(5, 5, 4)], 2);
  expect(partitionOf(v2)?.errorCode).toBe(ErrorCode.INVALID_REQUEST);
  // Piggy-backed on ShareFetch: the partition's acknowledge error code.
  const f = await shareFetch(e, e.memberA, epoch++, [batch(5, 7, 1, 1)], { maxRecords: 0 });
  expect(f.errorCode).toBe(ErrorCode.NONE);
  expect(partitionOf(f)).toMatchObject({ partitionIndex: 0, acknowledgeErrorCode: ErrorCode.INVALID_REQUEST, acquiredRecords: [] });
  expect((await shareAck(e, e.memberA, -1, [])).errorCode).toBe(ErrorCode.NONE);
}, 30_000);

test("unknown topic ids and partitions", async () => {
  const e = env("AAAAAAAAAAAAAAAAAAAAAD");
  const unknownTopic = { topics: [{ topicId: NO_SUCH_TOPIC_ID, partitions: [{ partitionIndex: 0, partitionMaxBytes: 0, acknowledgementBatches: [] }] }] };
  const f = await shareFetch(e, e.memberA, 0, [], unknownTopic);
  expect(f.errorCode).toBe(ErrorCode.NONE);
  expect(f.responses).toEqual([
    { topicId: NO_SUCH_TOPIC_ID, partitions: [{ partitionIndex: 0, errorCode: ErrorCode.UNKNOWN_TOPIC_ID, errorMessage: null, acknowledgeErrorCode: 0, acknowledgeErrorMessage: null, currentLeader: { leaderId: 0, leaderEpoch: 0 }, records: expect.anything(), acquiredRecords: [] }] },
  ]);
  const ack = await shareAck(e, e.memberA, 1, [], 1, { topics: [{ topicId: NO_SUCH_TOPIC_ID, partitions: [{ partitionIndex: 0, acknowledgementBatches: [batch(0, 0, 1)] }] }] });
  expect(partitionOf(ack)).toEqual({ partitionIndex: 0, errorCode: ErrorCode.UNKNOWN_TOPIC_ID, errorMessage: null, currentLeader: { leaderId: 0, leaderEpoch: 0 } });
  // The session keeps the unknown topic; a partition the topic does not have joins it.
  const f2 = await shareFetch(e, e.memberA, 2, [], { topics: [{ topicId: e.topicId, partitions: [{ partitionIndex: 7, partitionMaxBytes: 0, acknowledgementBatches: [] }] }] });
  const codes = f2.responses.flatMap((t: Any) => t.partitions.map((p: Any) => [t.topicId, p.partitionIndex, p.errorCode])).sort();
  expect(codes).toEqual([[NO_SUCH_TOPIC_ID, 0, ErrorCode.UNKNOWN_TOPIC_ID], [e.topicId, 7, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION]].sort());
  // Forgotten partitions leave the session.
  const f3 = await shareFetch(e, e.memberA, 3, [], { topics: [], forgottenTopicsData: [{ topicId: NO_SUCH_TOPIC_ID, partitions: [0] }, { topicId: e.topicId, partitions: [7] }] });
  expect(f3.responses).toEqual([]);
  expect((await shareAck(e, e.memberA, -1, [])).errorCode).toBe(ErrorCode.NONE);
}, 30_000);

/** Joins `memberId` to the share group by ShareGroupHeartbeat until `topic`'s partition is assigned to it. */
async function joinShareGroup(groupId: string, memberId: string, topic: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const fc = await client.request<Any>(10, 4, { keyType: 0, coordinatorKeys: [groupId] });
    if (fc.coordinators[0].errorCode === ErrorCode.NONE) break;
    await Bun.sleep(100);
  }
  // Heartbeat until the partition is assigned (the group coordinator then initialises its share state).
  let hb: Any = {};
  let memberEpoch = 0;
  for (let i = 0; i < 100; i++) {
    hb = await client.request<Any>(76, 1, { groupId, memberId, memberEpoch, rackId: null, subscribedTopicNames: [topic] });
    if (hb.errorCode === ErrorCode.NONE) memberEpoch = hb.memberEpoch;
    if (hb.errorCode === ErrorCode.NONE && (hb.assignment?.topicPartitions?.length ?? 0) > 0) break;
    await Bun.sleep(100);
  }
  expect(hb.assignment.topicPartitions).toEqual([{ topicId: topicIds.get(topic), partitions: [0] }]);
}

function heartbeatMissing(): boolean {
  if (target.name === "strand" && !heartbeatServed) {
    console.log("share-fetch: ShareGroupHeartbeat not served by this Strand build; the flow runs in test/integration/share-fetch.test.ts");
    return true;
  }
  return false;
}

test("record flow with a share group member: acquire, acknowledge, redeliver, lock timeout, delivery count limit", async () => {
  if (heartbeatMissing()) return;
  const groupId = "share-flow-group";
  const memberA = "AAAAAAAAAAAAAAAAAAAAAF";
  await joinShareGroup(groupId, memberA, FLOW_TOPIC);
  await runShareScenario({ ...env(memberA, FLOW_TOPIC, groupId) });
}, 90_000);

test("share.isolation.level=read_committed: aborted records are not delivered", async () => {
  if (heartbeatMissing()) return;
  const groupId = "share-txn-group";
  const memberA = "AAAAAAAAAAAAAAAAAAAAAG";
  const alter = await client.request<Any>(44, 1, { resources: [{ resourceType: 32, resourceName: groupId, configs: [{ name: "share.isolation.level", configOperation: 0, value: "read_committed" }] }], validateOnly: false });
  expect(alter.responses[0].errorCode).toBe(ErrorCode.NONE);
  await joinShareGroup(groupId, memberA, TXN_TOPIC);
  await runReadCommittedScenario(env(memberA, TXN_TOPIC, groupId), (txns) =>
    produceTransactions(client, "share-txn-producer", TXN_TOPIC, 0, txns.map((t) => ({ records: Array.from({ length: t.count }, (_, i) => ({ value: new Uint8Array([i]) })), commit: t.commit }))),
  );
}, 90_000);
