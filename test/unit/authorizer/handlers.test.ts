// The handlers' checks in process, with injected principals (the PLAINTEXT listener only ever gives
// User:ANONYMOUS): a StandardAuthorizer with super.users=User:admin and
// allow.everyone.if.no.acl.found=false. Without ACLs User:alice is refused Produce (nothing appended),
// Fetch, Metadata (topics hidden; a named one TOPIC_AUTHORIZATION_FAILED whether it exists or not) and
// transactional Produce; User:admin (a super user) is let through; a prefixed ALLOW lets alice produce,
// a DENY for another host does not apply, one for every host wins; a follower fetch needs
// CLUSTER_ACTION. With no authorizer (the default) nothing changes for anyone.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { AclOperation as Op, AclPermissionType, PatternType, ResourceType, type StandardAclWithId } from "../../../src/metadata/authorizer/acl.ts";
import { StandardAuthorizer } from "../../../src/metadata/authorizer/standard-authorizer.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import type { FetchResponse } from "../../../src/protocol/generated/messages/fetch-response.ts";
import type { MetadataResponse } from "../../../src/protocol/generated/messages/metadata-response.ts";
import type { ProduceResponse } from "../../../src/protocol/generated/messages/produce-response.ts";
import { buildRecordBatch } from "../../../src/protocol/records/index.ts";
import { fetchHandler } from "../../../src/server/api/01-fetch.ts";
import { metadataHandler } from "../../../src/server/api/03-metadata.ts";
import { produceHandler } from "../../../src/server/api/00-produce.ts";
import type { ApiHandler, RequestContext } from "../../../src/server/handler.ts";
import type { KafkaPrincipal } from "../../../src/server/principal.ts";
import { FakeBroker, produceRequest } from "../produce/fake-broker.ts";

const ZERO_UUID = "AAAAAAAAAAAAAAAAAAAAAA";
let b: FakeBroker;
let acls: Map<string, StandardAclWithId>;
let authorizer: StandardAuthorizer;

beforeEach(() => {
  b = new FakeBroker();
  b.addTopic("orders");
  acls = new Map();
  authorizer = new StandardAuthorizer({ superUsers: new Set(["User:admin"]), allowEveryoneIfNoAclFound: false }, () => ({ ...b.metadata.image, acls }));
  authorizer.completeInitialLoad();
}, 120_000);

afterEach(async () => {
  await b.close();
}, 120_000);

const user = (name: string): KafkaPrincipal => ({ principalType: "User", name });

function addAcl(a: Partial<StandardAclWithId> & { resourceName: string }): void {
  const id = `acl-${acls.size}`;
  // A new map, as the image replaces its ACL map when a record applies.
  acls = new Map([...acls, [id, { id, resourceType: ResourceType.TOPIC, patternType: PatternType.LITERAL, principal: "User:alice", host: "*", operation: Op.WRITE, permissionType: AclPermissionType.ALLOW, ...a }]]);
}

async function call<Res>(h: ApiHandler, version: number, req: unknown, who: KafkaPrincipal, withAuthorizer = true): Promise<Res> {
  const base = b.ctx(h.key, version);
  // A view of the fake's services with the authorizer set (spreading them would read every getter).
  const services = new Proxy(b.services, { get: (t, k) => (k === "authorizer" ? (withAuthorizer ? authorizer : null) : Reflect.get(t, k)) });
  const ctx: RequestContext = { ...base, principal: who, services };
  return (await h.handle(ctx, req)) as Res;
}

const batch = () => buildRecordBatch({ records: [{ value: new Uint8Array([1]) }] });
const produceCode = async (who: KafkaPrincipal, withAuthorizer = true) =>
  (await call<ProduceResponse>(produceHandler, 9, produceRequest("orders", batch()), who, withAuthorizer)).responses[0]!.partitionResponses[0]!.errorCode;

function fetchRequest(replicaId: number) {
  return {
    replicaId,
    maxWaitMs: 0,
    minBytes: 0,
    maxBytes: 1 << 20,
    isolationLevel: 0,
    sessionId: 0,
    sessionEpoch: -1,
    topics: [{ topic: "orders", topicId: ZERO_UUID, partitions: [{ partition: 0, currentLeaderEpoch: -1, fetchOffset: 0n, lastFetchedEpoch: -1, logStartOffset: -1n, partitionMaxBytes: 1 << 20 }] }],
    forgottenTopicsData: [],
    rackId: "",
  };
}
const fetchCode = async (who: KafkaPrincipal, replicaId = -1) => (await call<FetchResponse>(fetchHandler, 12, fetchRequest(replicaId), who)).responses[0]!.partitions[0]!.errorCode;

test("no ACLs: alice is refused produce (nothing appended), fetch and metadata; the super user is not", async () => {
  expect(await produceCode(user("alice"))).toBe(ErrorCode.TOPIC_AUTHORIZATION_FAILED);
  expect(b.partitionLog("orders").logEndOffset).toBe(0);
  expect(await fetchCode(user("alice"))).toBe(ErrorCode.TOPIC_AUTHORIZATION_FAILED);
  const all = await call<MetadataResponse>(metadataHandler, 12, { topics: null, allowAutoTopicCreation: false, includeTopicAuthorizedOperations: true }, user("alice"));
  expect(all.topics).toEqual([]);
  const named = await call<MetadataResponse>(metadataHandler, 12, { topics: [{ name: "orders", topicId: ZERO_UUID }, { name: "missing", topicId: ZERO_UUID }], allowAutoTopicCreation: false, includeTopicAuthorizedOperations: true }, user("alice"));
  expect(named.topics.map((t) => [t.name, t.errorCode, t.topicId, t.partitions.length, t.topicAuthorizedOperations])).toEqual([
    ["orders", ErrorCode.TOPIC_AUTHORIZATION_FAILED, ZERO_UUID, 0, 0],
    ["missing", ErrorCode.TOPIC_AUTHORIZATION_FAILED, ZERO_UUID, 0, 0],
  ]);
  expect(await produceCode(user("admin"))).toBe(ErrorCode.NONE);
  expect(await fetchCode(user("admin"))).toBe(ErrorCode.NONE);
  const admin = await call<MetadataResponse>(metadataHandler, 12, { topics: null, allowAutoTopicCreation: false, includeTopicAuthorizedOperations: true }, user("admin"));
  expect(admin.topics.map((t) => [t.name, t.topicAuthorizedOperations])).toEqual([["orders", 3576]]);
});

test("with no authorizer configured every principal is let through, as before", async () => {
  expect(await produceCode(user("alice"), false)).toBe(ErrorCode.NONE);
});

test("a prefixed ALLOW lets alice in; a DENY for another host does not apply; a DENY for every host wins", async () => {
  addAcl({ resourceName: "ord", patternType: PatternType.PREFIXED });
  expect(await produceCode(user("alice"))).toBe(ErrorCode.NONE);
  expect(await produceCode(user("bob"))).toBe(ErrorCode.TOPIC_AUTHORIZATION_FAILED);
  addAcl({ resourceName: "orders", permissionType: AclPermissionType.DENY, host: "10.0.0.1" });
  expect(await produceCode(user("alice"))).toBe(ErrorCode.NONE);
  addAcl({ resourceName: "orders", permissionType: AclPermissionType.DENY });
  expect(await produceCode(user("alice"))).toBe(ErrorCode.TOPIC_AUTHORIZATION_FAILED);
  expect(b.partitionLog("orders").logEndOffset).toBe(2);
  // WRITE implies DESCRIBE: alice sees the topic (and the DENY of WRITE leaves DESCRIBE alone).
  const md = await call<MetadataResponse>(metadataHandler, 12, { topics: null, allowAutoTopicCreation: false, includeTopicAuthorizedOperations: true }, user("alice"));
  expect(md.topics.map((t) => [t.name, t.topicAuthorizedOperations])).toEqual([["orders", 1 << Op.DESCRIBE]]);
});

test("transactional produce needs WRITE on the transactional id", async () => {
  addAcl({ resourceName: "orders" });
  const txnBatch = buildRecordBatch({ records: [{ value: new Uint8Array([1]) }], producerId: 7n, producerEpoch: 0, baseSequence: 0, isTransactional: true });
  const req = { ...produceRequest("orders", txnBatch), transactionalId: "tx" };
  const r = await call<ProduceResponse>(produceHandler, 9, req, user("alice"));
  expect(r.responses[0]!.partitionResponses[0]!.errorCode).toBe(ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED);
  expect(b.partitionLog("orders").logEndOffset).toBe(0);
});

test("a follower fetch needs CLUSTER_ACTION on the cluster; a consumer READ on the topic", async () => {
  addAcl({ resourceName: "orders", operation: Op.READ });
  expect(await fetchCode(user("alice"))).toBe(ErrorCode.NONE);
  expect(await fetchCode(user("alice"), 2)).toBe(ErrorCode.TOPIC_AUTHORIZATION_FAILED);
  addAcl({ resourceType: ResourceType.CLUSTER, resourceName: "kafka-cluster", operation: Op.CLUSTER_ACTION });
  expect(await fetchCode(user("alice"), 2)).not.toBe(ErrorCode.TOPIC_AUTHORIZATION_FAILED);
});
