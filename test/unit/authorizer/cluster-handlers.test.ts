// The cluster checks of DescribeClientQuotas (DESCRIBE_CONFIGS), DescribeUserScramCredentials
// (DESCRIBE) and AlterUserScramCredentials (ALTER), with injected principals and a StandardAuthorizer
// (super.users=User:admin, allow.everyone.if.no.acl.found=false): alice without cluster ACLs gets
// Kafka's refusals (no message where Kafka's ApiError drops the default one; per-user results as the
// requests' getErrorResponse builds them, the alter's users distinct and sorted), an ALLOW of the one
// operation lets her through, the super user and a broker without an authorizer are not refused.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { AclOperation as Op, AclPermissionType, PatternType, ResourceType, type StandardAclWithId } from "../../../src/metadata/authorizer/acl.ts";
import { StandardAuthorizer } from "../../../src/metadata/authorizer/standard-authorizer.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { describeClientQuotasHandler } from "../../../src/server/api/48-describe-client-quotas.ts";
import { describeUserScramCredentialsHandler } from "../../../src/server/api/50-describe-user-scram-credentials.ts";
import { alterUserScramCredentialsHandler } from "../../../src/server/api/51-alter-user-scram-credentials.ts";
import type { ApiHandler, RequestContext } from "../../../src/server/handler.ts";
import type { KafkaPrincipal } from "../../../src/server/principal.ts";
import { FakeBroker } from "../produce/fake-broker.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

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

function allowCluster(operation: number): void {
  const id = `acl-${acls.size}`;
  acls = new Map([...acls, [id, { id, resourceType: ResourceType.CLUSTER, patternType: PatternType.LITERAL, resourceName: "kafka-cluster", principal: "User:alice", host: "*", operation, permissionType: AclPermissionType.ALLOW }]]);
}

async function call(h: ApiHandler, version: number, req: unknown, who: KafkaPrincipal, withAuthorizer = true): Promise<Any> {
  const base = b.ctx(h.key, version);
  const services = new Proxy(b.services, { get: (t, k) => (k === "authorizer" ? (withAuthorizer ? authorizer : null) : Reflect.get(t, k)) });
  const ctx: RequestContext = { ...base, principal: who, services };
  return (await h.handle(ctx, req)) as Any;
}

const quotas = (who: KafkaPrincipal, withAuthorizer = true) => call(describeClientQuotasHandler, 1, { components: [], strict: false }, who, withAuthorizer);
const describeScram = (who: KafkaPrincipal, users: { name: string }[] | null) => call(describeUserScramCredentialsHandler, 0, { users }, who);
const alterScram = (who: KafkaPrincipal) =>
  call(alterUserScramCredentialsHandler, 0, { deletions: [{ name: "zed", mechanism: 2 }], upsertions: [{ name: "carol", mechanism: 2, iterations: 8192, salt: new Uint8Array(16), saltedPassword: new Uint8Array(64) }, { name: "zed", mechanism: 1, iterations: 8192, salt: new Uint8Array(16), saltedPassword: new Uint8Array(32) }] }, who);

test("DescribeClientQuotas needs DESCRIBE_CONFIGS on the cluster", async () => {
  expect(await quotas(user("alice"))).toMatchObject({ errorCode: ErrorCode.CLUSTER_AUTHORIZATION_FAILED, errorMessage: null, entries: null });
  allowCluster(Op.DESCRIBE);
  expect((await quotas(user("alice"))).errorCode).toBe(ErrorCode.CLUSTER_AUTHORIZATION_FAILED);
  allowCluster(Op.DESCRIBE_CONFIGS);
  expect(await quotas(user("alice"))).toMatchObject({ errorCode: ErrorCode.NONE, entries: [] });
  expect(await quotas(user("admin"))).toMatchObject({ errorCode: ErrorCode.NONE, entries: [] });
  expect(await quotas(user("bob"), false)).toMatchObject({ errorCode: ErrorCode.NONE, entries: [] });
});

test("DescribeUserScramCredentials needs DESCRIBE on the cluster; one unnamed result per named user", async () => {
  const refused = await describeScram(user("alice"), [{ name: "a" }, { name: "b" }]);
  expect(refused).toMatchObject({ errorCode: ErrorCode.CLUSTER_AUTHORIZATION_FAILED, errorMessage: null });
  expect(refused.results).toEqual([
    { user: "", errorCode: ErrorCode.CLUSTER_AUTHORIZATION_FAILED, errorMessage: null, credentialInfos: [] },
    { user: "", errorCode: ErrorCode.CLUSTER_AUTHORIZATION_FAILED, errorMessage: null, credentialInfos: [] },
  ]);
  expect((await describeScram(user("alice"), null)).results).toEqual([]);
  allowCluster(Op.DESCRIBE);
  const allowed = await describeScram(user("alice"), [{ name: "a" }]);
  expect(allowed.errorCode).toBe(ErrorCode.NONE);
  expect(allowed.results[0]).toMatchObject({ user: "a", errorCode: ErrorCode.RESOURCE_NOT_FOUND });
});

test("AlterUserScramCredentials needs ALTER on the cluster; refused per distinct user, sorted", async () => {
  const refused = await alterScram(user("alice"));
  expect(refused.results).toEqual([
    { user: "carol", errorCode: ErrorCode.CLUSTER_AUTHORIZATION_FAILED, errorMessage: "Cluster authorization failed." },
    { user: "zed", errorCode: ErrorCode.CLUSTER_AUTHORIZATION_FAILED, errorMessage: "Cluster authorization failed." },
  ]);
  allowCluster(Op.ALTER);
  const allowed = await alterScram(user("alice"));
  expect(allowed.results.map((r: Any) => r.errorCode)).not.toContain(ErrorCode.CLUSTER_AUTHORIZATION_FAILED);
  const admin = await alterScram(user("admin"));
  expect(admin.results.map((r: Any) => r.errorCode)).not.toContain(ErrorCode.CLUSTER_AUTHORIZATION_FAILED);
});
