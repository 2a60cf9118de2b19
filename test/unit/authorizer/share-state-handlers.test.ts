// The share-state APIs (83-87) and FindCoordinator key type SHARE need CLUSTER_ACTION on the cluster,
// as KafkaApis checks: with a StandardAuthorizer (allow.everyone.if.no.acl.found=false) User:alice gets
// CLUSTER_AUTHORIZATION_FAILED for every partition (and every SHARE key); the super user and alice with
// a CLUSTER_ACTION ACL pass the check (then COORDINATOR_NOT_AVAILABLE here: the fake broker runs no
// share coordinator). With no authorizer the check lets everyone through.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { AclOperation as Op, AclPermissionType, PatternType, ResourceType, type StandardAclWithId } from "../../../src/metadata/authorizer/acl.ts";
import { StandardAuthorizer } from "../../../src/metadata/authorizer/standard-authorizer.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { findCoordinatorHandler } from "../../../src/server/api/10-find-coordinator.ts";
import { initializeShareGroupStateHandler } from "../../../src/server/api/83-initialize-share-group-state.ts";
import { readShareGroupStateHandler } from "../../../src/server/api/84-read-share-group-state.ts";
import { writeShareGroupStateHandler } from "../../../src/server/api/85-write-share-group-state.ts";
import { deleteShareGroupStateHandler } from "../../../src/server/api/86-delete-share-group-state.ts";
import { readShareGroupStateSummaryHandler } from "../../../src/server/api/87-read-share-group-state-summary.ts";
import type { ApiHandler, RequestContext } from "../../../src/server/handler.ts";
import type { KafkaPrincipal } from "../../../src/server/principal.ts";
import { FakeBroker } from "../produce/fake-broker.ts";

const TOPIC_ID = "AAAAAAAAAAAAAAAAAAAAAQ";
let b: FakeBroker;
let acls: Map<string, StandardAclWithId>;
let authorizer: StandardAuthorizer;

beforeEach(() => {
  b = new FakeBroker();
  acls = new Map();
  authorizer = new StandardAuthorizer({ superUsers: new Set(["User:admin"]), allowEveryoneIfNoAclFound: false }, () => ({ ...b.metadata.image, acls }));
  authorizer.completeInitialLoad();
}, 120_000);

afterEach(async () => {
  await b.close();
}, 120_000);

const user = (name: string): KafkaPrincipal => ({ principalType: "User", name });

async function call<Res>(h: ApiHandler, version: number, req: unknown, who: KafkaPrincipal, withAuthorizer = true): Promise<Res> {
  const base = b.ctx(h.key, version);
  // The fake has no group coordinator; FindCoordinator only needs one for group keys.
  const services = new Proxy(b.services, { get: (t, k) => (k === "authorizer" ? (withAuthorizer ? authorizer : null) : k === "groupCoordinator" ? {} : Reflect.get(t, k)) });
  const ctx: RequestContext = { ...base, principal: who, services };
  return (await h.handle(ctx, req)) as Res;
}

const partitions = [{ partition: 0, stateEpoch: 0, leaderEpoch: 0, startOffset: 0n, deliveryCompleteCount: -1, stateBatches: [] }, { partition: 1, stateEpoch: 0, leaderEpoch: 0, startOffset: 0n, deliveryCompleteCount: -1, stateBatches: [] }];
const cases: Array<[ApiHandler, number]> = [
  [initializeShareGroupStateHandler, 0],
  [readShareGroupStateHandler, 0],
  [writeShareGroupStateHandler, 1],
  [deleteShareGroupStateHandler, 0],
  [readShareGroupStateSummaryHandler, 1],
];

async function codes(who: KafkaPrincipal, withAuthorizer = true): Promise<number[][]> {
  const out: number[][] = [];
  for (const [h, v] of cases) {
    const r = await call<{ results: Array<{ partitions: Array<{ errorCode: number }> }> }>(h, v, { groupId: "g", topics: [{ topicId: TOPIC_ID, partitions }] }, who, withAuthorizer);
    out.push(r.results.flatMap((t) => t.partitions.map((p) => p.errorCode)));
  }
  return out;
}

const shareKeyCodes = async (who: KafkaPrincipal) =>
  (await call<{ coordinators: Array<{ errorCode: number }> }>(findCoordinatorHandler, 6, { key: "", keyType: 2, coordinatorKeys: [`g:${TOPIC_ID}:0`, `g:${TOPIC_ID}:1`] }, who)).coordinators.map((c) => c.errorCode);

test("CLUSTER_ACTION on the cluster is needed for the share-state APIs and SHARE coordinator keys", async () => {
  const refused = cases.map(() => [ErrorCode.CLUSTER_AUTHORIZATION_FAILED, ErrorCode.CLUSTER_AUTHORIZATION_FAILED]);
  const passed = cases.map(() => [ErrorCode.COORDINATOR_NOT_AVAILABLE, ErrorCode.COORDINATOR_NOT_AVAILABLE]);
  expect(await codes(user("alice"))).toEqual(refused);
  expect(await shareKeyCodes(user("alice"))).toEqual([ErrorCode.CLUSTER_AUTHORIZATION_FAILED, ErrorCode.CLUSTER_AUTHORIZATION_FAILED]);
  expect(await codes(user("admin"))).toEqual(passed);
  expect(await codes(user("alice"), false)).toEqual(passed);
  acls = new Map([["acl-0", { id: "acl-0", resourceType: ResourceType.CLUSTER, resourceName: "kafka-cluster", patternType: PatternType.LITERAL, principal: "User:alice", host: "*", operation: Op.CLUSTER_ACTION, permissionType: AclPermissionType.ALLOW }]]);
  expect(await codes(user("alice"))).toEqual(passed);
  expect(await shareKeyCodes(user("alice"))).toEqual([ErrorCode.COORDINATOR_NOT_AVAILABLE, ErrorCode.COORDINATOR_NOT_AVAILABLE]);
});
