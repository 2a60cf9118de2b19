// ShareFetch / ShareAcknowledge authorization, one file for both targets (STRAND_INTEROP_TARGET=kafka
// runs it against Apache Kafka 4.4.0 with the same settings): StandardAuthorizer with
// allow.everyone.if.no.acl.found=true, then DENY READ for the PLAINTEXT client's User:ANONYMOUS on one
// group and one topic. A share request for the denied group is GROUP_AUTHORIZATION_FAILED at the top;
// the denied topic's partitions answer TOPIC_AUTHORIZATION_FAILED, in a fetch and in acknowledgements.
// ACLs reach Kafka's authorizer asynchronously: each check polls (bounded).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startTarget, type InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";
import { batch, partitionOf, shareAck, shareFetch, type ShareScenarioEnv } from "./share-scenario.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DENIED_TOPIC = "share-acl-denied";
const DENIED_GROUP = "share-acl-denied-group";
const GROUP = "share-acl-group";
const TOPIC = 2;
const GROUP_RESOURCE = 3;
const LITERAL = 3;
const READ = 3;
const DENY = 2;

let target: InteropTarget;
let client: KafkaTestClient;
let env: ShareScenarioEnv;

/** Polls `f` until `ok` holds: 150 tries, 100 ms apart; then fails showing the last answer. */
async function until(what: string, f: () => Promise<Any>, ok: (r: Any) => boolean): Promise<Any> {
  let last: Any | undefined;
  for (let i = 0; i < 150; i++) {
    last = await f();
    if (ok(last)) return last;
    await Bun.sleep(100);
  }
  throw new Error(`${what}: last answer ${JSON.stringify(last, (_, v) => (typeof v === "bigint" ? v.toString() : v))?.slice(0, 1500)}`);
}

beforeAll(async () => {
  target = await startTarget({
    overrides: {
      "authorizer.class.name": "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
      "super.users": "User:admin",
      "allow.everyone.if.no.acl.found": "true",
      "offsets.topic.num.partitions": 1,
    },
  });
  await createTopics(target.port, [{ name: DENIED_TOPIC, partitions: 1 }]);
  client = await KafkaTestClient.connect(target.port);
  const md = await client.request<Any>(3, 12, { topics: [{ name: DENIED_TOPIC, topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], allowAutoTopicCreation: false, includeTopicAuthorizedOperations: false });
  env = { client, producer: client, topic: DENIED_TOPIC, topicId: md.topics[0].topicId, groupId: GROUP, memberA: "AAAAAAAAAAAAAAAAAAAAAA", memberB: "BBBBBBBBBBBBBBBBBBBBBB", connect: () => KafkaTestClient.connect(target.port), expireLocks: async () => {} };
  const deny = (resourceType: number, resourceName: string) => ({ resourceType, resourceName, resourcePatternType: LITERAL, principal: "User:ANONYMOUS", host: "*", operation: READ, permissionType: DENY });
  const r = await client.request<Any>(30, 3, { creations: [deny(TOPIC, DENIED_TOPIC), deny(GROUP_RESOURCE, DENIED_GROUP)] });
  expect(r.results.map((x: Any) => x.errorCode)).toEqual([ErrorCode.NONE, ErrorCode.NONE]);
}, 180_000);

afterAll(async () => {
  client?.close();
  await target?.remove();
}, 60_000);

test("no READ on the group: GROUP_AUTHORIZATION_FAILED at the top of both requests", async () => {
  const denied = { ...env, groupId: DENIED_GROUP };
  const f = await until("ShareFetch", () => shareFetch(denied, denied.memberA, 0), (r) => r.errorCode !== ErrorCode.NONE);
  expect(f).toMatchObject({ errorCode: ErrorCode.GROUP_AUTHORIZATION_FAILED, acquisitionLockTimeoutMs: 0, responses: [] });
  expect((await shareAck(denied, denied.memberA, 1, [batch(0, 0, 1)])).errorCode).toBe(ErrorCode.GROUP_AUTHORIZATION_FAILED);
}, 30_000);

test("no READ on the topic: TOPIC_AUTHORIZATION_FAILED for its partitions", async () => {
  let epoch = 0;
  const f = await until("ShareFetch", () => shareFetch(env, env.memberA, epoch++), (r) => partitionOf(r)?.errorCode === ErrorCode.TOPIC_AUTHORIZATION_FAILED);
  expect(f.errorCode).toBe(ErrorCode.NONE);
  expect(partitionOf(f)).toMatchObject({ partitionIndex: 0, errorCode: ErrorCode.TOPIC_AUTHORIZATION_FAILED, acquiredRecords: [] });
  const a = await shareAck(env, env.memberA, epoch++, [batch(0, 0, 1)]);
  expect(a.errorCode).toBe(ErrorCode.NONE);
  expect(partitionOf(a)).toMatchObject({ partitionIndex: 0, errorCode: ErrorCode.TOPIC_AUTHORIZATION_FAILED });
}, 30_000);
