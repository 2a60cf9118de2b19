// The StandardAuthorizer's matching rules, case by case as Kafka's StandardAuthorizerTest and
// AuthorizerTest (authorizeByResourceType) state them: literal, prefixed and '*' patterns, DENY before
// ALLOW, host and User:* matching, the operations READ/WRITE/DELETE/ALTER imply (DESCRIBE) and
// ALTER_CONFIGS implies (DESCRIBE_CONFIGS) for ALLOW only, ALL, super users, and
// allow.everyone.if.no.acl.found (which counts ACLs of any principal on the resource).
import { describe, expect, test } from "bun:test";
import { AclOperation as Op, AclPermissionType, PatternType, ResourceType, type StandardAcl } from "../../../src/metadata/authorizer/acl.ts";
import { StandardAuthorizerData } from "../../../src/metadata/authorizer/authorizer-data.ts";
import { javaHostAddress, javaHostAddressOfBytes, StandardAuthorizer } from "../../../src/metadata/authorizer/standard-authorizer.ts";
import { emptyImage } from "../../../src/metadata/image-builder.ts";

const HOST = "192.168.0.1";

function acl(o: Partial<StandardAcl> & { resourceName: string }): StandardAcl {
  return {
    resourceType: ResourceType.TOPIC,
    patternType: PatternType.LITERAL,
    principal: "User:alice",
    host: "*",
    operation: Op.READ,
    permissionType: AclPermissionType.ALLOW,
    ...o,
  };
}

function data(acls: StandardAcl[], opts: { superUsers?: string[]; allowEveryone?: boolean } = {}): StandardAuthorizerData {
  return new StandardAuthorizerData(acls, new Set(opts.superUsers ?? []), opts.allowEveryone ?? false);
}

describe("resource patterns", () => {
  const d = data([
    acl({ resourceName: "foo" }),
    acl({ resourceName: "bar", patternType: PatternType.PREFIXED }),
    acl({ resourceName: "*", principal: "User:bob" }),
    acl({ resourceName: "g", resourceType: ResourceType.GROUP, patternType: PatternType.PREFIXED }),
  ]);

  test("a literal pattern matches its name only", () => {
    expect(d.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "foo")).toBe(true);
    expect(d.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "foo2")).toBe(false);
    expect(d.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "fo")).toBe(false);
  });

  test("a prefixed pattern matches every name it starts, itself included", () => {
    expect(d.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "bar")).toBe(true);
    expect(d.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "barbaz")).toBe(true);
    expect(d.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "ba")).toBe(false);
  });

  test("the '*' literal matches every name of its resource type only", () => {
    expect(d.authorize("User:bob", HOST, Op.READ, ResourceType.TOPIC, "anything")).toBe(true);
    expect(d.authorize("User:bob", HOST, Op.READ, ResourceType.GROUP, "anything")).toBe(false);
  });

  test("resource types are kept apart", () => {
    expect(d.authorize("User:alice", HOST, Op.READ, ResourceType.GROUP, "group1")).toBe(true);
    expect(d.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "group1")).toBe(false);
    expect(d.authorize("User:alice", HOST, Op.READ, ResourceType.GROUP, "foo")).toBe(false);
  });
});

describe("DENY before ALLOW", () => {
  test("a prefixed DENY beats a literal ALLOW, a wildcard DENY beats everything", () => {
    const d = data([
      acl({ resourceName: "foobar" }),
      acl({ resourceName: "foo", patternType: PatternType.PREFIXED, permissionType: AclPermissionType.DENY }),
      acl({ resourceName: "other" }),
    ]);
    expect(d.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "foobar")).toBe(false);
    expect(d.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "other")).toBe(true);
    const all = data([acl({ resourceName: "other" }), acl({ resourceName: "*", permissionType: AclPermissionType.DENY })]);
    expect(all.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "other")).toBe(false);
  });

  test("a DENY for User:* denies everyone; a DENY for another host does not apply", () => {
    const d = data([acl({ resourceName: "t" }), acl({ resourceName: "t", principal: "User:*", permissionType: AclPermissionType.DENY, host: "10.0.0.9" })]);
    expect(d.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "t")).toBe(true);
    expect(d.authorize("User:alice", "10.0.0.9", Op.READ, ResourceType.TOPIC, "t")).toBe(false);
  });

  test("a DENY applies to its own operation (or ALL) only, never to the ones it would imply", () => {
    const d = data([
      acl({ resourceName: "t", operation: Op.ALL }),
      acl({ resourceName: "t", operation: Op.READ, permissionType: AclPermissionType.DENY }),
    ]);
    expect(d.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "t")).toBe(false);
    expect(d.authorize("User:alice", HOST, Op.DESCRIBE, ResourceType.TOPIC, "t")).toBe(true);
    expect(d.authorize("User:alice", HOST, Op.WRITE, ResourceType.TOPIC, "t")).toBe(true);
    const denyAll = data([acl({ resourceName: "t", operation: Op.ALL }), acl({ resourceName: "t", operation: Op.ALL, permissionType: AclPermissionType.DENY })]);
    expect(denyAll.authorize("User:alice", HOST, Op.DESCRIBE, ResourceType.TOPIC, "t")).toBe(false);
  });
});

describe("principals and hosts", () => {
  test("User:* matches every user principal; another user's ACL does not", () => {
    const d = data([acl({ resourceName: "t", principal: "User:*" }), acl({ resourceName: "u", principal: "User:bob" })]);
    expect(d.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "t")).toBe(true);
    expect(d.authorize("User:ANONYMOUS", HOST, Op.READ, ResourceType.TOPIC, "t")).toBe(true);
    expect(d.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "u")).toBe(false);
  });

  test("an ACL with a host applies to that address only", () => {
    const d = data([acl({ resourceName: "t", host: HOST })]);
    expect(d.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "t")).toBe(true);
    expect(d.authorize("User:alice", "192.168.0.2", Op.READ, ResourceType.TOPIC, "t")).toBe(false);
  });

  test("hosts are compared as Java prints addresses", () => {
    expect(javaHostAddress("127.0.0.1")).toBe("127.0.0.1");
    expect(javaHostAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(javaHostAddress("::1")).toBe("0:0:0:0:0:0:0:1");
    expect(javaHostAddress("fe80::0a:1")).toBe("fe80:0:0:0:0:0:a:1");
    expect(javaHostAddressOfBytes(Uint8Array.from([10, 0, 0, 7]))).toBe("10.0.0.7");
    const v6 = new Uint8Array(16);
    v6[15] = 1;
    expect(javaHostAddressOfBytes(v6)).toBe("0:0:0:0:0:0:0:1");
  });
});

describe("operations", () => {
  test("READ, WRITE, DELETE and ALTER imply DESCRIBE; ALTER_CONFIGS implies DESCRIBE_CONFIGS; CREATE implies nothing", () => {
    for (const op of [Op.READ, Op.WRITE, Op.DELETE, Op.ALTER]) {
      const d = data([acl({ resourceName: "t", operation: op })]);
      expect(d.authorize("User:alice", HOST, Op.DESCRIBE, ResourceType.TOPIC, "t")).toBe(true);
      expect(d.authorize("User:alice", HOST, Op.DESCRIBE_CONFIGS, ResourceType.TOPIC, "t")).toBe(false);
    }
    expect(data([acl({ resourceName: "t", operation: Op.ALTER_CONFIGS })]).authorize("User:alice", HOST, Op.DESCRIBE_CONFIGS, ResourceType.TOPIC, "t")).toBe(true);
    expect(data([acl({ resourceName: "t", operation: Op.CREATE })]).authorize("User:alice", HOST, Op.DESCRIBE, ResourceType.TOPIC, "t")).toBe(false);
    expect(data([acl({ resourceName: "t", operation: Op.READ })]).authorize("User:alice", HOST, Op.WRITE, ResourceType.TOPIC, "t")).toBe(false);
  });

  test("ALL allows every operation", () => {
    const d = data([acl({ resourceName: "t", operation: Op.ALL })]);
    for (const op of [Op.READ, Op.WRITE, Op.CREATE, Op.DELETE, Op.ALTER, Op.DESCRIBE, Op.DESCRIBE_CONFIGS, Op.ALTER_CONFIGS]) {
      expect(d.authorize("User:alice", HOST, op, ResourceType.TOPIC, "t")).toBe(true);
    }
  });

  test("authorized operations: the bit set of the allowed operations of the resource type", () => {
    const d = data([acl({ resourceName: "t", operation: Op.READ })]);
    // READ (3) and the DESCRIBE (8) it implies.
    expect(d.authorizedOperations("User:alice", HOST, ResourceType.TOPIC, "t")).toBe((1 << 3) | (1 << 8));
    expect(data([acl({ resourceName: "t", operation: Op.ALL })]).authorizedOperations("User:alice", HOST, ResourceType.TOPIC, "t")).toBe(3576);
    expect(data([], { superUsers: ["User:alice"] }).authorizedOperations("User:alice", HOST, ResourceType.CLUSTER, "kafka-cluster")).toBe(8096);
    expect(data([], { superUsers: ["User:alice"] }).authorizedOperations("User:alice", HOST, ResourceType.GROUP, "g")).toBe(3400);
  });
});

describe("super users and the default", () => {
  test("a super user is allowed even against a DENY", () => {
    const d = data([acl({ resourceName: "*", principal: "User:*", permissionType: AclPermissionType.DENY, operation: Op.ALL })], { superUsers: ["User:admin"] });
    expect(d.authorize("User:admin", HOST, Op.WRITE, ResourceType.TOPIC, "t")).toBe(true);
    expect(d.authorize("User:alice", HOST, Op.WRITE, ResourceType.TOPIC, "t")).toBe(false);
  });

  test("allow.everyone.if.no.acl.found allows a resource with no ACL at all, not one with another principal's", () => {
    const d = data([acl({ resourceName: "owned", principal: "User:bob" })], { allowEveryone: true });
    expect(d.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "free")).toBe(true);
    expect(d.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "owned")).toBe(false);
    expect(data([], { allowEveryone: false }).authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "free")).toBe(false);
  });
});

describe("authorizeByResourceType (Kafka's AuthorizerTest cases)", () => {
  const byType = (acls: StandardAcl[], op: number = Op.WRITE) => data(acls).authorizeByResourceType("User:alice", HOST, op, ResourceType.TOPIC);

  test("no ACL: denied; a literal or prefixed ALLOW of the operation (or ALL): allowed", () => {
    expect(byType([])).toBe(false);
    expect(byType([acl({ resourceName: "t", operation: Op.WRITE })])).toBe(true);
    expect(byType([acl({ resourceName: "t", operation: Op.ALL })])).toBe(true);
    expect(byType([acl({ resourceName: "p", patternType: PatternType.PREFIXED, operation: Op.WRITE })])).toBe(true);
    expect(byType([acl({ resourceName: "t", operation: Op.READ })])).toBe(false);
  });

  test("an ALLOW dominated by a DENY (same literal, or a prefix of it) does not count", () => {
    expect(byType([acl({ resourceName: "t", operation: Op.WRITE }), acl({ resourceName: "t", operation: Op.WRITE, permissionType: AclPermissionType.DENY })])).toBe(false);
    expect(byType([acl({ resourceName: "foobar", operation: Op.WRITE }), acl({ resourceName: "foo", patternType: PatternType.PREFIXED, operation: Op.WRITE, permissionType: AclPermissionType.DENY })])).toBe(false);
    expect(byType([acl({ resourceName: "foo", patternType: PatternType.PREFIXED, operation: Op.WRITE }), acl({ resourceName: "foobar", operation: Op.WRITE, permissionType: AclPermissionType.DENY })])).toBe(true);
  });

  test("a wildcard DENY denies, a wildcard ALLOW allows", () => {
    expect(byType([acl({ resourceName: "t", operation: Op.WRITE }), acl({ resourceName: "*", operation: Op.WRITE, permissionType: AclPermissionType.DENY })])).toBe(false);
    expect(byType([acl({ resourceName: "*", operation: Op.WRITE })])).toBe(true);
  });
});

test("StandardAuthorizer rebuilds its index only when the image's ACL map changes", () => {
  let image = emptyImage("c", 1);
  const az = new StandardAuthorizer({ superUsers: new Set(), allowEveryoneIfNoAclFound: false }, () => image);
  az.completeInitialLoad();
  expect(az.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "t")).toBe(false);
  const first = az.current();
  expect(az.current()).toBe(first);
  image = { ...image, acls: new Map([["id1", { id: "id1", ...acl({ resourceName: "t" }) }]]) };
  expect(az.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "t")).toBe(true);
  expect(az.current()).not.toBe(first);
});
