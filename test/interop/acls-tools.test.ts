// kafka-acls.sh (Kafka 4.4.0's AclCommand) and the Java AdminClient / producer / consumer against the
// broker under test, one test for both targets (STRAND_INTEROP_TARGET=kafka runs it against Apache
// Kafka 4.4.0, with the same expected outputs). The node runs StandardAuthorizer with
// allow.everyone.if.no.acl.found=true and super.users=User:admin; the set-up gives User:ANONYMOUS (the
// PLAINTEXT principal of both the tools and the node's own broker) CLUSTER_ACTION, ALTER and DESCRIBE
// on the cluster and gives every topic and group to User:bob, so User:ANONYMOUS has nothing of its own:
//   - kafka-acls.sh --add (literal, prefixed, --deny-principal), --list (all, by topic, by principal),
//     --remove --force, with the tool's own lines compared;
//   - Java: a producer and a consumer refused (TopicAuthorizationException), createAcls, describeAcls,
//     the same producer and consumer allowed, deleteAcls.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { ensureJavaClient } from "../support/clients/java.ts";
import { probeInstall } from "../support/clients/cache.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { probeKafkaDist } from "../support/kafka-dist.ts";
import { aclsTool } from "../support/kafka-tools.ts";
import { collect, eventOf } from "./driver-output.ts";
import { startTarget, type InteropTarget } from "./target.ts";
import { interopTarget } from "./targets.ts";
import { createTopics } from "./topics.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const dist = await probeKafkaDist();
const java = await probeInstall("kafka-clients", ensureJavaClient);
const TOOL_TOPIC = "tool-orders";
const JAVA_TOPIC = "java-acl-topic";
const JAVA_GROUP = "jav-acl-group";

let target: InteropTarget;

/** Polls `f` until `ok` holds: 150 tries, 100 ms apart. */
async function until<T>(what: string, f: () => Promise<T>, ok: (r: T) => boolean): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < 150; i++) {
    last = await f();
    if (ok(last)) return last;
    await Bun.sleep(100);
  }
  throw new Error(`${what}: last answer ${JSON.stringify(last)?.slice(0, 1500)}`);
}

const entry = (resourceType: number, resourceName: string, principal: string, operation: number) => ({ resourceType, resourceName, resourcePatternType: 3, principal, host: "*", operation, permissionType: 3 });

describe.skipIf(!dist.ok)(`ACL tools vs ${interopTarget()}`, () => {
  beforeAll(async () => {
    target = await startTarget({
      overrides: {
        "authorizer.class.name": "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
        "super.users": "User:admin",
        "allow.everyone.if.no.acl.found": "true",
        "offsets.topic.num.partitions": 1,
      },
    });
    await createTopics(target.port, [{ name: TOOL_TOPIC, partitions: 1 }, { name: JAVA_TOPIC, partitions: 1 }]);
    const c = await KafkaTestClient.connect(target.port);
    try {
      // __consumer_offsets while everything is allowed (Kafka's broker creates it as User:ANONYMOUS).
      await until("FindCoordinator", () => c.request<Any>(10, 4, { keyType: 0, coordinatorKeys: [JAVA_GROUP] }), (r) => r.coordinators[0].errorCode === ErrorCode.NONE);
      const r = await c.request<Any>(30, 3, {
        creations: [
          entry(4, "kafka-cluster", "User:ANONYMOUS", 9),
          entry(4, "kafka-cluster", "User:ANONYMOUS", 7),
          entry(4, "kafka-cluster", "User:ANONYMOUS", 8),
          entry(2, "*", "User:bob", 2),
          entry(3, "*", "User:bob", 2),
        ],
      });
      expect(r.results.every((x: Any) => x.errorCode === 0)).toBe(true);
    } finally {
      c.close();
    }
  }, 180_000);

  afterAll(async () => {
    await target?.remove();
  }, 60_000);

  const run = async (args: string[]) => {
    const r = await aclsTool(target.bootstrap, args);
    if (r.exitCode !== 0) throw new Error(`kafka-acls ${args.join(" ")} exited ${r.exitCode}:\n${r.stdout}\n${r.stderr}`);
    return r.stdout;
  };
  /** The tool's output as sorted non-empty lines (it lists an ACL set in hash order). */
  const lines = (s: string) => s.split("\n").map((l) => l.trimEnd()).filter((l) => l.trim() !== "").sort();

  test("kafka-acls.sh --add (literal, prefixed, deny), --list (by topic, by principal), --remove", async () => {
    const res = (name: string, type: string) => `Current ACLs for resource \`ResourcePattern(resourceType=TOPIC, name=${name}, patternType=${type})\`:`;
    const ace = (who: string, op: string, perm = "ALLOW") => `\t(principal=${who}, host=*, operation=${op}, permissionType=${perm})`;
    const added = await run(["--add", "--allow-principal", "User:alice", "--operation", "Read", "--operation", "Describe", "--topic", TOOL_TOPIC]);
    expect(lines(added)).toEqual(
      lines(
        [
          `Adding ACLs for resource \`ResourcePattern(resourceType=TOPIC, name=${TOOL_TOPIC}, patternType=LITERAL)\`:`,
          ` ${ace("User:alice", "READ")}`,
          ace("User:alice", "DESCRIBE"),
        ].join("\n"),
      ),
    );
    await run(["--add", "--allow-principal", "User:alice", "--operation", "Write", "--topic", "tool-", "--resource-pattern-type", "prefixed"]);
    await run(["--add", "--deny-principal", "User:mallory", "--operation", "All", "--topic", TOOL_TOPIC]);
    // The ACLs reach a Kafka broker's authorizer asynchronously: listed once they are there.
    const listed = await until("--list", () => run(["--list", "--topic", TOOL_TOPIC]), (s) => s.includes("mallory"));
    expect(lines(listed)).toEqual(lines([res(TOOL_TOPIC, "LITERAL"), ace("User:mallory", "ALL", "DENY"), ace("User:alice", "READ"), ace("User:alice", "DESCRIBE")].join("\n")));
    const byPrincipal = await run(["--list", "--principal", "User:alice"]);
    expect(lines(byPrincipal)).toEqual(
      lines(["ACLs for principal `User:alice`", res(TOOL_TOPIC, "LITERAL"), ace("User:alice", "READ"), ace("User:alice", "DESCRIBE"), res("tool-", "PREFIXED"), ace("User:alice", "WRITE")].join("\n")),
    );
    await run(["--remove", "--force", "--deny-principal", "User:mallory", "--operation", "All", "--topic", TOOL_TOPIC]);
    const after = await until("--list after remove", () => run(["--list", "--topic", TOOL_TOPIC]), (s) => !s.includes("mallory"));
    expect(lines(after)).toEqual(lines([res(TOOL_TOPIC, "LITERAL"), ace("User:alice", "READ"), ace("User:alice", "DESCRIBE")].join("\n")));
    // Removing by principal alone takes the prefixed ACL too.
    await run(["--remove", "--force", "--allow-principal", "User:alice", "--operation", "Write", "--topic", "tool-", "--resource-pattern-type", "prefixed"]);
    const left = await until("--list --principal after remove", () => run(["--list", "--principal", "User:alice"]), (s) => !s.includes("WRITE"));
    expect(lines(left)).toEqual(lines(["ACLs for principal `User:alice`", res(TOOL_TOPIC, "LITERAL"), ace("User:alice", "READ"), ace("User:alice", "DESCRIBE")].join("\n")));
  }, 120_000);

  test.skipIf(!java.ok)("Java: producer and consumer refused, AdminClient createAcls/describeAcls/deleteAcls, then allowed", async () => {
    if (!java.ok) return;
    const r = await collect("java acls", java.value.spawn(["acls", "--bootstrap", target.bootstrap, "--topic", JAVA_TOPIC, "--group", JAVA_GROUP]), { timeoutMs: 150_000 });
    const checks = Object.fromEntries(r.events.filter((e) => e.event === "check").map((e) => [e.name, e.detail]));
    expect(r.events.filter((e) => e.event === "check" && e.ok !== true)).toEqual([]);
    expect(checks["producer refused"]).toBe("TopicAuthorizationException");
    expect(checks["consumer refused"]).toBe("TopicAuthorizationException");
    expect(checks["describeAcls"]).toBe(
      "CLUSTER:LITERAL:kafka-cluster:ALTER,CLUSTER:LITERAL:kafka-cluster:CLUSTER_ACTION,CLUSTER:LITERAL:kafka-cluster:DESCRIBE,GROUP:PREFIXED:jav:READ,TOPIC:LITERAL:java-acl-topic:READ,TOPIC:LITERAL:java-acl-topic:WRITE",
    );
    expect(checks["consumer allowed"]).toBe("none:1");
    expect(eventOf(r, "acls").failures).toBe(0);
  }, 180_000);
});
