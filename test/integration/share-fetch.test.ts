// ShareFetch / ShareAcknowledge against Strand in process: the record flow of
// test/interop/share-scenario.ts (the same requests and assertions test/interop/share-fetch.test.ts
// makes against Apache Kafka 4.4.0), with the share partition's state initialised through the broker's
// Persister (what the group coordinator does once share groups are served) and the acquisition locks
// expired by moving the broker's clock. Also: the answer for a share partition never initialised, the
// share sessions released when a session closes, and the state a new leader epoch reads back.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BrokerConfig } from "../../src/config/broker-config.ts";
import { formatStorage } from "../../src/cli/server-command.ts";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { Broker } from "../../src/server/broker.ts";
import { createLogger } from "../../src/util/log.ts";
import { FakeClock, systemClock } from "../../src/util/purgatory/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { createTopic, waitForLeaders } from "../unit/produce/wire-helpers.ts";
import { batch, partitionOf, runReadCommittedScenario, runShareScenario, shareAck, shareFetch, type ShareScenarioEnv } from "../interop/share-scenario.ts";
import { produceTransactions } from "../support/txn-produce.ts";
import { buildRecordBatch } from "../../src/protocol/records/builder.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const CLUSTER_ID = "U2hhcmVGZXRjaFRlc3QxAA";
let dir = "";
let clock: FakeClock;
let broker: Broker;
let client: KafkaTestClient;
let producer: KafkaTestClient;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "strand-share-fetch-"));
  const config = BrokerConfig.from(
    new Map([
      ["process.roles", "broker,controller"],
      ["node.id", "1"],
      ["listeners", "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0"],
      ["advertised.listeners", "PLAINTEXT://127.0.0.1:0"],
      ["strand.admin.listener", "127.0.0.1:0"],
      ["controller.listener.names", "CONTROLLER"],
      ["listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT"],
      ["controller.quorum.voters", "1@127.0.0.1:9093"],
      ["log.dirs", join(dir, "logs")],
      ["offsets.topic.replication.factor", "1"],
      ["offsets.topic.num.partitions", "1"],
      ["group.share.record.lock.duration.ms", "2000"],
      ["group.share.delivery.count.limit", "2"],
      ["transaction.state.log.replication.factor", "1"],
      ["transaction.state.log.min.isr", "1"],
      ["transaction.state.log.num.partitions", "1"],
    ]),
    [],
  );
  await formatStorage(config, CLUSTER_ID, { ignoreFormatted: false });
  clock = new FakeClock(1_000_000);
  broker = new Broker({ config, log: createLogger((process.env.INPROC_LOG ?? "error") as "error"), clock, quorumClock: systemClock });
  const bound = await broker.start();
  client = await KafkaTestClient.connect(bound.find((b) => b.name === "PLAINTEXT")!.port);
  producer = await KafkaTestClient.connect(bound.find((b) => b.name === "PLAINTEXT")!.port);
}, 60_000);

afterAll(async () => {
  client?.close();
  producer?.close();
  await broker?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function topicWithShareState(name: string, groupId: string, initialise = true): Promise<string> {
  const topicId = await createTopic(client, name, 1);
  await waitForLeaders(client, name, 1);
  if (initialise) {
    // What the group coordinator does when it first assigns the partition: state epoch 0, start offset unknown.
    const r = await broker.services.sharePersister!.initializeState({ groupId, topics: [{ topicId, partitions: [{ partition: 0, stateEpoch: 0, startOffset: -1n }] }] });
    expect(r.results[0]!.partitions[0]!.errorCode).toBe(ErrorCode.NONE);
  }
  return topicId;
}

const envOf = (topic: string, topicId: string, groupId: string): ShareScenarioEnv => ({
  client,
  producer,
  topic,
  topicId,
  groupId,
  memberA: "AAAAAAAAAAAAAAAAAAAAAF",
  memberB: "BBBBBBBBBBBBBBBBBBBBBB",
  connect: () => KafkaTestClient.connect(broker.advertisedEndpoints.find((e) => e.name === "PLAINTEXT")!.port),
  expireLocks: async () => clock.advance(2500),
});

test("record flow: acquire, acknowledge, redeliver, lock timeout, delivery count limit (as Kafka 4.4.0)", async () => {
  const topicId = await topicWithShareState("share-flow", "share-flow-group");
  await runShareScenario(envOf("share-flow", topicId, "share-flow-group"));
}, 60_000);

test("share.isolation.level=read_committed: aborted records are not delivered (as Kafka 4.4.0)", async () => {
  const groupId = "share-txn-group";
  const alter = await client.request<Any>(44, 1, { resources: [{ resourceType: 32, resourceName: groupId, configs: [{ name: "share.isolation.level", configOperation: 0, value: "read_committed" }] }], validateOnly: false });
  expect(alter.responses[0].errorCode).toBe(ErrorCode.NONE);
  const topicId = await topicWithShareState("share-txn", groupId);
  await runReadCommittedScenario(envOf("share-txn", topicId, groupId), (txns) =>
    produceTransactions(client, "share-txn-producer", "share-txn", 0, txns.map((t) => ({ records: Array.from({ length: t.count }, (_, i) => ({ value: new Uint8Array([i]) })), commit: t.commit }))),
  );
}, 60_000);

test("a share partition never initialised: NOT_LEADER_OR_FOLLOWER with an unknown leader; acknowledgements UNKNOWN_TOPIC_OR_PARTITION", async () => {
  const topicId = await topicWithShareState("share-uninit", "nobody", false);
  const env = envOf("share-uninit", topicId, "nobody");
  const f = await shareFetch(env, env.memberA, 0);
  expect(partitionOf(f)).toMatchObject({ errorCode: ErrorCode.NOT_LEADER_OR_FOLLOWER, currentLeader: { leaderId: -1, leaderEpoch: -1 }, acquiredRecords: [] });
  const a = await shareAck(env, env.memberA, 1, [batch(0, 0, 1)]);
  expect(partitionOf(a)).toMatchObject({ errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, errorMessage: "This server does not host this topic-partition." });
}, 30_000);

test("closing a session releases its acquired records to other members; state is written through the Persister", async () => {
  const groupId = "share-close-group";
  const topicId = await topicWithShareState("share-close", groupId);
  const env = envOf("share-close", topicId, groupId);
  expect((await shareFetch(env, env.memberA, 0)).errorCode).toBe(ErrorCode.NONE);
  const r = await client.request<Any>(0, 11, { transactionalId: null, acks: -1, timeoutMs: 10_000, topicData: [{ name: "share-close", partitionData: [{ index: 0, records: buildRecordBatch({ records: [{ value: new Uint8Array([1]) }, { value: new Uint8Array([2]) }] }) }] }] });
  expect(r.responses[0].partitionResponses[0].errorCode).toBe(ErrorCode.NONE);
  const f = await shareFetch(env, env.memberA, 1);
  expect(partitionOf(f).acquiredRecords.map((x: Any) => [Number(x.firstOffset), Number(x.lastOffset), x.deliveryCount])).toEqual([[0, 1, 1]]);
  // Accept 0 piggy-backed on the closing fetch: 1 goes back to the others.
  const close = await shareFetch(env, env.memberA, -1, [batch(0, 0, 1)]);
  expect(partitionOf(close)).toMatchObject({ acknowledgeErrorCode: ErrorCode.NONE });
  const b = await shareFetch(env, env.memberB, 0);
  expect(partitionOf(b).acquiredRecords.map((x: Any) => [Number(x.firstOffset), Number(x.lastOffset), x.deliveryCount])).toEqual([[1, 1, 2]]);
  const state = await broker.services.sharePersister!.readState({ groupId, topics: [{ topicId, partitions: [{ partition: 0, leaderEpoch: 0 }] }] });
  const p = state.results[0]!.partitions[0]!;
  expect(p.startOffset).toBe(1n);
  expect(p.stateBatches).toEqual([{ firstOffset: 1n, lastOffset: 1n, deliveryState: 0, deliveryCount: 1 }]);
}, 30_000);

test("a closed connection ends its share sessions: the records it held go to other members", async () => {
  const groupId = "share-conn-group";
  const topicId = await topicWithShareState("share-conn", groupId);
  const other = await KafkaTestClient.connect(broker.advertisedEndpoints.find((e) => e.name === "PLAINTEXT")!.port);
  const envA = { ...envOf("share-conn", topicId, groupId), client: other };
  expect((await shareFetch(envA, envA.memberA, 0)).errorCode).toBe(ErrorCode.NONE);
  const r = await client.request<Any>(0, 11, { transactionalId: null, acks: -1, timeoutMs: 10_000, topicData: [{ name: "share-conn", partitionData: [{ index: 0, records: buildRecordBatch({ records: [{ value: new Uint8Array([1]) }] }) }] }] });
  expect(r.responses[0].partitionResponses[0].errorCode).toBe(ErrorCode.NONE);
  expect(partitionOf(await shareFetch(envA, envA.memberA, 1)).acquiredRecords.length).toBe(1);
  other.close();
  const envB = envOf("share-conn", topicId, groupId);
  let got: Any[] = [];
  let epoch = 0;
  // Bounded: the broker sees the close within a few polls.
  for (let i = 0; i < 100 && got.length === 0; i++) {
    got = partitionOf(await shareFetch(envB, envB.memberB, epoch++))?.acquiredRecords ?? [];
    if (got.length === 0) await Bun.sleep(20);
  }
  expect(got.map((x: Any) => [Number(x.firstOffset), x.deliveryCount])).toEqual([[0, 2]]);
  // A's session is gone.
  expect((await shareAck(envB, envB.memberA, 2, [])).errorCode).toBe(ErrorCode.SHARE_SESSION_NOT_FOUND);
}, 30_000);
