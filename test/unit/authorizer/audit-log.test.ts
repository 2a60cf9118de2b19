// The authorizer audit log (Kafka's kafka.authorizer.logger, StandardAuthorizerData.logAuditMessage):
// a denial at INFO, an allowed access at DEBUG, with Kafka's text and the rule that decided (a matching
// ACL, SuperUser, DefaultDeny / DefaultAllow); logIfDenied=false keeps a refusal out of INFO; the
// reference count is how often the request names the resource; nothing is built or written at INFO for
// allowed checks.
import { expect, test } from "bun:test";
import { AclOperation as Op, AclPermissionType, PatternType, ResourceType, type StandardAclWithId } from "../../../src/metadata/authorizer/acl.ts";
import { AUTHORIZER_LOGGER_NAME } from "../../../src/metadata/authorizer/audit-log.ts";
import { StandardAuthorizer } from "../../../src/metadata/authorizer/standard-authorizer.ts";
import { emptyImage } from "../../../src/metadata/image-builder.ts";
import { filterByAuthorized } from "../../../src/server/auth-helper.ts";
import type { RequestContext } from "../../../src/server/handler.ts";
import { createLogger, namedLogger } from "../../../src/util/log.ts";

const HOST = "127.0.0.1";
const acl = (id: string, a: Partial<StandardAclWithId>): [string, StandardAclWithId] => [
  id,
  { id, resourceType: ResourceType.TOPIC, resourceName: "orders", patternType: PatternType.LITERAL, principal: "User:alice", host: "*", operation: Op.WRITE, permissionType: AclPermissionType.ALLOW, ...a },
];

function setUp(level: string): { az: StandardAuthorizer; lines: string[] } {
  const lines: string[] = [];
  const root = createLogger(level, {}, (l) => lines.push(l.trimEnd()));
  const acls = new Map([
    acl("a", { operation: Op.WRITE, permissionType: AclPermissionType.DENY }),
    acl("b", { resourceName: "ord", patternType: PatternType.PREFIXED, operation: Op.READ }),
  ]);
  const image = { ...emptyImage("c", 1), acls };
  const az = new StandardAuthorizer({ superUsers: new Set(["User:admin"]), allowEveryoneIfNoAclFound: false }, () => image, namedLogger(root, AUTHORIZER_LOGGER_NAME));
  az.completeInitialLoad();
  return { az, lines };
}

/** The message of a line (between the level and the logger name). */
const message = (line: string, level: string) => {
  const m = new RegExp(`^\\S+ ${level} (.*) logger=${AUTHORIZER_LOGGER_NAME.replace(/\./g, "\\.")}$`).exec(line);
  return m ? m[1] : `unparsed: ${line}`;
};

test("a denial at INFO with Kafka's text and the DENY ACL that decided it", () => {
  const { az, lines } = setUp("info");
  expect(az.authorize("User:alice", HOST, Op.WRITE, ResourceType.TOPIC, "orders", { apiKey: 0 })).toBe(false);
  expect(lines.map((l) => message(l, "INFO"))).toEqual([
    "Principal = User:alice is Denied operation = WRITE from host = 127.0.0.1 on resource = Topic:LITERAL:orders for request = Produce with resourceRefCount = 1 based on rule MatchingAcl(acl=StandardAcl(resourceType=TOPIC, resourceName=orders, patternType=LITERAL, principal=User:alice, host=*, operation=WRITE, permissionType=DENY))",
  ]);
  // Allowed checks write nothing at INFO; a refusal with logIfDenied=false neither.
  expect(az.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "orders", { apiKey: 1 })).toBe(true);
  expect(az.authorize("User:bob", HOST, Op.READ, ResourceType.TOPIC, "orders", { apiKey: 3, logIfDenied: false })).toBe(false);
  // No action given (authorized-operations bit sets): Kafka's TRACE, not written.
  expect(az.authorizedOperations("User:bob", HOST, ResourceType.TOPIC, "orders")).toBe(0);
  expect(lines.length).toBe(1);
});

test("allowed at DEBUG: a matching ALLOW, SuperUser; denied with no ACL for the principal: DefaultDeny", () => {
  const { az, lines } = setUp("debug");
  az.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "orders", { apiKey: 1 });
  az.authorize("User:admin", HOST, Op.DELETE, ResourceType.TOPIC, "orders", { apiKey: 20 });
  az.authorize("User:bob", HOST, Op.READ, ResourceType.GROUP, "g", { apiKey: 11 });
  expect([message(lines[0]!, "DEBUG"), message(lines[1]!, "DEBUG"), message(lines[2]!, "INFO")]).toEqual([
    "Principal = User:alice is Allowed operation = READ from host = 127.0.0.1 on resource = Topic:LITERAL:orders for request = Fetch with resourceRefCount = 1 based on rule MatchingAcl(acl=StandardAcl(resourceType=TOPIC, resourceName=ord, patternType=PREFIXED, principal=User:alice, host=*, operation=READ, permissionType=ALLOW))",
    "Principal = User:admin is Allowed operation = DELETE from host = 127.0.0.1 on resource = Topic:LITERAL:orders for request = DeleteTopics with resourceRefCount = 1 based on rule SuperUser",
    "Principal = User:bob is Denied operation = READ from host = 127.0.0.1 on resource = Group:LITERAL:g for request = JoinGroup with resourceRefCount = 1 based on rule DefaultDeny",
  ]);
});

test("filterByAuthorized: one check per name, the reference count is how often the request names it", () => {
  const { az, lines } = setUp("info");
  const ctx = { apiKey: 3, principal: { principalType: "User", name: "bob" }, conn: { remoteAddress: HOST }, services: { authorizer: az } } as unknown as RequestContext;
  expect([...filterByAuthorized(ctx, Op.DESCRIBE, ResourceType.TOPIC, ["orders", "x", "orders"])]).toEqual([]);
  expect(lines.map((l) => message(l, "INFO"))).toEqual([
    "Principal = User:bob is Denied operation = DESCRIBE from host = 127.0.0.1 on resource = Topic:LITERAL:orders for request = Metadata with resourceRefCount = 2 based on rule DefaultDeny",
    "Principal = User:bob is Denied operation = DESCRIBE from host = 127.0.0.1 on resource = Topic:LITERAL:x for request = Metadata with resourceRefCount = 1 based on rule DefaultDeny",
  ]);
});
