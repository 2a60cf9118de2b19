// SASL_SSL (TLS + SCRAM-SHA-512) with unmodified clients, against Strand and (STRAND_INTEROP_TARGET=kafka)
// Apache Kafka 4.4.0 with the same certificates, listener keys and users, and the StandardAuthorizer
// (super.users=User:admin;User:ANONYMOUS: ANONYMOUS is the PLAINTEXT set-up listener and the
// controller listener, as Kafka's own broker-to-controller principal needs).
// - Java kafka-clients: AdminClient over SASL_SSL (kafka-configs alters and describes SCRAM credentials,
//   kafka-acls creates ACLs), the console producer and a consumer group; a wrong password gets Kafka's
//   authentication error; alice without ACLs does not see the topic and is refused produce, then a
//   prefixed ACL made over SASL_SSL lets her produce, and a literal DENY wins over it. The Java driver's
//   `refusals` (test/interop/java/RefusalsCommand.java): alice refused fetch, group join, offset commit,
//   describe (configs, topics, groups), delete (topics, records, groups) and transactional ids, with
//   Kafka's exceptions; the super user then finds nothing written, deleted or created, and no name of a
//   topic or group alice may not describe leaks; the audit log (kafka.authorizer.logger) has the same
//   refusal lines on both brokers.
// - confluent-kafka-python (librdkafka): a large round trip (multi-MiB fetches over TLS), every value's
//   sha256 checked.
// - franz-go and KafkaJS: create / produce / consume in a group over SASL_SSL.
// Certificates are made by the test (openssl, keytool) in a temp dir it removes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ensureKafkaJs, type KafkaJsClient } from "../support/clients/kafkajs.ts";
import { ensureGoClient, type GoClient } from "../support/clients/go.ts";
import { ensurePythonClient, type PythonClient } from "../support/clients/python.ts";
import { probeInstall } from "../support/clients/cache.ts";
import { ensureJavaClient } from "../support/clients/java.ts";
import { KAFKA_MAIN, runKafkaClass, startKafka, type KafkaHandle } from "../support/kafka-dist.ts";
import { freePorts } from "../support/ports.ts";
import { startStrand, type StrandHandle } from "../support/strand.ts";
import { makeCerts, STORE_PASSWORD, type CertPaths } from "../support/tls-certs.ts";
import { collect } from "./driver-output.ts";
import { interopTarget } from "./targets.ts";

const TARGET = interopTarget();
const HERE = resolve(import.meta.dir, "tls");
const python = await probeInstall("confluent-kafka", ensurePythonClient);
const kafkajs = await probeInstall("kafkajs", ensureKafkaJs);
const franz = await probeInstall("franz-go", ensureGoClient);
const javaClient = await probeInstall("kafka-clients", ensureJavaClient);

const MECH = "SCRAM-SHA-512";
const BROKER_JAAS = 'org.apache.kafka.common.security.scram.ScramLoginModule required username="admin" password="admin-secret";';
const AUTH_FAILED = "Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512";

let certs: CertPaths;
let work: string;
let broker: StrandHandle | KafkaHandle;
let plainPort = 0;
let saslSslPort = 0;

function brokerProps(): Record<string, string> {
  return {
    "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,SASL_SSL:SASL_SSL",
    "ssl.keystore.type": "PKCS12",
    "ssl.keystore.location": certs.brokerKeytoolP12,
    "ssl.keystore.password": STORE_PASSWORD,
    "sasl.enabled.mechanisms": MECH,
    "listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config": BROKER_JAAS,
    "authorizer.class.name": "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
    "super.users": "User:admin;User:ANONYMOUS",
  };
}

async function startBroker(): Promise<void> {
  if (TARGET === "kafka") {
    const [p, c, s] = await freePorts(3);
    plainPort = p!;
    saslSslPort = s!;
    broker = await startKafka({
      port: p!,
      controllerPort: c!,
      overrides: {
        listeners: `PLAINTEXT://127.0.0.1:${p},CONTROLLER://127.0.0.1:${c},SASL_SSL://127.0.0.1:${s}`,
        "advertised.listeners": `PLAINTEXT://127.0.0.1:${p},SASL_SSL://127.0.0.1:${s}`,
        ...brokerProps(),
      },
    });
    return;
  }
  const s = await startStrand({
    overrides: {
      listeners: "PLAINTEXT://127.0.0.1:0,SASL_SSL://127.0.0.1:0,CONTROLLER://127.0.0.1:0",
      "advertised.listeners": "PLAINTEXT://127.0.0.1:0,SASL_SSL://127.0.0.1:0",
      ...brokerProps(),
    },
  });
  broker = s;
  plainPort = s.port;
  const line = /strand started.*/.exec(s.output())![0];
  saslSslPort = Number(/SASL_SSL:\/\/127\.0\.0\.1:(\d+)/.exec(line)![1]);
}

const boot = (port: number) => `127.0.0.1:${port}`;

function javaProps(user: string, password: string): Record<string, string> {
  return {
    "security.protocol": "SASL_SSL",
    "ssl.truststore.type": "PEM",
    "ssl.truststore.location": certs.caPem,
    "sasl.mechanism": MECH,
    "sasl.jaas.config": `org.apache.kafka.common.security.scram.ScramLoginModule required username="${user}" password="${password}";`,
  };
}

function propsFile(name: string, props: Record<string, string>): string {
  const path = join(work, `${name}.properties`);
  writeFileSync(path, Object.entries(props).map(([k, v]) => `${k}=${v}`).join("\n") + "\n");
  return path;
}

async function java(main: string, args: string[], stdin?: string): Promise<string> {
  const r = await runKafkaClass(main, args, { timeoutMs: 120_000, ...(stdin === undefined ? {} : { stdin }) });
  if (r.exitCode !== 0) throw new Error(`${main} ${args.join(" ")} exited ${r.exitCode}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

async function runJson(cmd: string[], timeoutMs = 180_000): Promise<Record<string, unknown>> {
  const proc = Bun.spawn({ cmd, stdout: "pipe", stderr: "pipe" });
  const timer = setTimeout(() => proc.kill("SIGKILL"), timeoutMs);
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(timer);
  const last = out.trim().split("\n").pop() ?? "";
  try {
    return JSON.parse(last) as Record<string, unknown>;
  } catch {
    throw new Error(`${cmd.slice(0, 3).join(" ")}: no JSON result\n${out}\n${err}`);
  }
}

describe(`SASL_SSL (SCRAM-SHA-512) vs ${TARGET}`, () => {
  let admin: string;

  beforeAll(async () => {
    certs = makeCerts();
    work = mkdtempSync(join(tmpdir(), "strand-sasl-ssl-"));
    await startBroker();
    // The first user over PLAINTEXT (nobody can log in over SASL before one exists).
    await java(KAFKA_MAIN.configs, ["--bootstrap-server", boot(plainPort), "--alter", "--add-config", "SCRAM-SHA-512=[password=admin-secret]", "--entity-type", "users", "--entity-name", "admin"]);
    admin = propsFile("admin", javaProps("admin", "admin-secret"));
  }, 240_000);

  afterAll(async () => {
    if (broker) "remove" in broker ? await broker.remove() : await broker.stop();
    certs?.cleanup();
    if (work) rmSync(work, { recursive: true, force: true });
  }, 60_000);

  test("Java AdminClient over SASL_SSL: alter and describe SCRAM credentials, create a topic", async () => {
    const out = await java(KAFKA_MAIN.configs, ["--bootstrap-server", boot(saslSslPort), "--command-config", admin, "--alter", "--add-config", "SCRAM-SHA-512=[iterations=8192,password=alice-secret]", "--entity-type", "users", "--entity-name", "alice"]);
    expect(out).toContain("Completed updating config for user alice.");
    const d = await java(KAFKA_MAIN.configs, ["--bootstrap-server", boot(saslSslPort), "--command-config", admin, "--describe", "--entity-type", "users"]);
    expect(d.split("\n").filter((l) => l.startsWith("SCRAM credential configs")).sort()).toEqual([
      "SCRAM credential configs for user-principal 'admin' are SCRAM-SHA-512=iterations=4096",
      "SCRAM credential configs for user-principal 'alice' are SCRAM-SHA-512=iterations=8192",
    ]);
    await java(KAFKA_MAIN.topics, ["--bootstrap-server", boot(saslSslPort), "--command-config", admin, "--create", "--topic", "ssl-java", "--partitions", "2", "--replication-factor", "1"]);
    expect(await java(KAFKA_MAIN.topics, ["--bootstrap-server", boot(saslSslPort), "--command-config", admin, "--describe", "--topic", "ssl-java"])).toContain("PartitionCount: 2");
  }, 300_000);

  test("Java producer and consumer group over SASL_SSL", async () => {
    await java(KAFKA_MAIN.topics, ["--bootstrap-server", boot(plainPort), "--create", "--if-not-exists", "--topic", "ssl-java", "--partitions", "2", "--replication-factor", "1"]);
    const lines = Array.from({ length: 100 }, (_, i) => `ssl-java-${i}`);
    await java(KAFKA_MAIN.consoleProducer, ["--bootstrap-server", boot(saslSslPort), "--topic", "ssl-java", "--command-config", admin, "--producer-property", "acks=all"], lines.join("\n") + "\n");
    const consumed = await java(KAFKA_MAIN.consoleConsumer, ["--bootstrap-server", boot(saslSslPort), "--topic", "ssl-java", "--command-config", admin, "--group", "ssl-java-group", "--from-beginning", "--max-messages", "100", "--timeout-ms", "60000"]);
    expect(consumed.trim().split("\n").sort()).toEqual([...lines].sort());
  }, 300_000);

  test("Java client with a wrong password: Kafka's authentication error", async () => {
    const bad = propsFile("bad", javaProps("admin", "wrong"));
    const r = await runKafkaClass(KAFKA_MAIN.topics, ["--bootstrap-server", boot(saslSslPort), "--command-config", bad, "--list"], { timeoutMs: 120_000 });
    expect(r.exitCode).not.toBe(0);
    expect(`${r.stdout}${r.stderr}`).toContain(AUTH_FAILED);
  }, 180_000);

  test("ACLs over SASL_SSL: alice without ACLs sees nothing and is refused; a prefixed ACL from kafka-acls lets her produce; a DENY wins", async () => {
    await java(KAFKA_MAIN.configs, ["--bootstrap-server", boot(plainPort), "--alter", "--add-config", "SCRAM-SHA-512=[password=alice-secret]", "--entity-type", "users", "--entity-name", "alice"]);
    await java(KAFKA_MAIN.topics, ["--bootstrap-server", boot(plainPort), "--create", "--topic", "acl-ssl-t", "--partitions", "1", "--replication-factor", "1"]);
    const alice = propsFile("alice", javaProps("alice", "alice-secret"));
    const listed = await java(KAFKA_MAIN.topics, ["--bootstrap-server", boot(saslSslPort), "--command-config", alice, "--list"]);
    expect(listed).not.toContain("acl-ssl-t");
    const refused = await runKafkaClass(KAFKA_MAIN.consoleProducer, ["--bootstrap-server", boot(saslSslPort), "--topic", "acl-ssl-t", "--command-config", alice, "--producer-property", "max.block.ms=15000"], { stdin: "x\n", timeoutMs: 120_000 });
    expect(`${refused.stdout}${refused.stderr}`).toContain("Not authorized to access topics: [acl-ssl-t]");
    const add = await java(KAFKA_MAIN.acls, ["--bootstrap-server", boot(saslSslPort), "--command-config", admin, "--add", "--allow-principal", "User:alice", "--operation", "Write", "--operation", "Describe", "--topic", "acl-ssl-", "--resource-pattern-type", "prefixed"]);
    expect(add).toContain("(principal=User:alice, host=*, operation=WRITE, permissionType=ALLOW)");
    const listedAcls = await java(KAFKA_MAIN.acls, ["--bootstrap-server", boot(saslSslPort), "--command-config", admin, "--list", "--topic", "acl-ssl-", "--resource-pattern-type", "prefixed"]);
    expect(listedAcls).toContain("(principal=User:alice, host=*, operation=DESCRIBE, permissionType=ALLOW)");
    // ACLs apply once the record commits on the broker: a bounded retry.
    const deadline = Date.now() + 60_000;
    let seen = "";
    while (Date.now() < deadline && !(seen = await java(KAFKA_MAIN.topics, ["--bootstrap-server", boot(saslSslPort), "--command-config", alice, "--list"])).includes("acl-ssl-t")) await Bun.sleep(500);
    expect(seen).toContain("acl-ssl-t");
    await java(KAFKA_MAIN.consoleProducer, ["--bootstrap-server", boot(saslSslPort), "--topic", "acl-ssl-t", "--command-config", alice], "allowed\n");
    // A literal DENY on the topic wins over the prefixed ALLOW.
    await java(KAFKA_MAIN.acls, ["--bootstrap-server", boot(saslSslPort), "--command-config", admin, "--add", "--deny-principal", "User:alice", "--operation", "Write", "--topic", "acl-ssl-t"]);
    const until = Date.now() + 60_000;
    let out = "";
    while (Date.now() < until) {
      const r = await runKafkaClass(KAFKA_MAIN.consoleProducer, ["--bootstrap-server", boot(saslSslPort), "--topic", "acl-ssl-t", "--command-config", alice, "--producer-property", "max.block.ms=15000"], { stdin: "denied\n", timeoutMs: 120_000 });
      out = `${r.stdout}${r.stderr}`;
      if (out.includes("Not authorized to access topics: [acl-ssl-t]")) break;
      await Bun.sleep(500);
    }
    expect(out).toContain("Not authorized to access topics: [acl-ssl-t]");
  }, 300_000);

  test("cluster checks for alice (no cluster ACLs): client quotas and SCRAM credentials refused, nothing written", async () => {
    const alice = propsFile("alice-cluster", javaProps("alice", "alice-secret"));
    // kafka-configs --describe --entity-type users: DescribeClientQuotas (DESCRIBE_CONFIGS on the cluster)
    // and DescribeUserScramCredentials (DESCRIBE on the cluster).
    const d = await runKafkaClass(KAFKA_MAIN.configs, ["--bootstrap-server", boot(saslSslPort), "--command-config", alice, "--describe", "--entity-type", "users"], { timeoutMs: 120_000 });
    expect(d.exitCode).not.toBe(0);
    expect(`${d.stdout}${d.stderr}`).toContain("ClusterAuthorizationException");
    // AlterUserScramCredentials: ALTER on the cluster (checked on the controller).
    const a = await runKafkaClass(KAFKA_MAIN.configs, ["--bootstrap-server", boot(saslSslPort), "--command-config", alice, "--alter", "--add-config", "SCRAM-SHA-512=[password=carol-secret]", "--entity-type", "users", "--entity-name", "carol"], { timeoutMs: 120_000 });
    expect(a.exitCode).not.toBe(0);
    expect(`${a.stdout}${a.stderr}`).toContain("ClusterAuthorizationException");
    const all = await java(KAFKA_MAIN.configs, ["--bootstrap-server", boot(saslSslPort), "--command-config", admin, "--describe", "--entity-type", "users"]);
    expect(all).toContain("user-principal 'alice'");
    expect(all).not.toContain("carol");
  }, 300_000);

  test.skipIf(!javaClient.ok)("alice refused fetch, group join, offset commit, describe, delete and transactional id; the super user sees nothing changed", async () => {
    if (!javaClient.ok) return;
    await java(KAFKA_MAIN.configs, ["--bootstrap-server", boot(plainPort), "--alter", "--add-config", "SCRAM-SHA-512=[password=alice-secret]", "--entity-type", "users", "--entity-name", "alice"]);
    const alice = propsFile("alice-refusals", javaProps("alice", "alice-secret"));
    const r = await collect("java refusals", javaClient.value.spawn(["refusals", "--bootstrap", boot(saslSslPort), "--user", alice, "--admin", admin, "--user-principal", "User:alice", "--prefix", "refuse"]), { timeoutMs: 240_000 });
    const checks = Object.fromEntries(r.events.filter((e) => e.event === "check").map((e) => [e.name, e.detail]));
    expect(checks).toEqual({
      // Only the topic alice may describe is listed; refuse-secret's name is not leaked.
      listTopics: "none:refuse-read",
      "fetch read-only-describe": "TopicAuthorizationException",
      "fetch secret": "TopicAuthorizationException",
      "join group": "GroupAuthorizationException",
      "commit topic refused": "TopicAuthorizationException",
      "commit group refused": "GroupAuthorizationException",
      "describeConfigs secret": "TopicAuthorizationException",
      "describeConfigs read": "TopicAuthorizationException",
      // A topic that does not exist answers as one that does: its absence is not leaked either.
      "describeConfigs missing": "TopicAuthorizationException",
      "describeConfigs broker": "ClusterAuthorizationException",
      "describeTopics secret": "TopicAuthorizationException",
      "describeConsumerGroups admin-group": "GroupAuthorizationException",
      "listConsumerGroupOffsets admin-group": "GroupAuthorizationException",
      listGroups: "none:",
      "deleteTopics secret": "TopicAuthorizationException",
      "deleteTopics read": "TopicAuthorizationException",
      "deleteTopics missing": "TopicAuthorizationException",
      "deleteRecords read": "TopicAuthorizationException",
      "deleteRecords secret": "TopicAuthorizationException",
      "deleteConsumerGroups admin-group": "GroupAuthorizationException",
      "initTransactions txn-none": "TransactionalIdAuthorizationException",
      "initTransactions txn": "TransactionalIdAuthorizationException",
      "transactional send read": "TopicAuthorizationException",
      // The super user afterwards: three records in each topic from offset 0, none of alice's.
      "after: offsets": "none:{refuse-read-0:earliest=0, refuse-read-0:latest=3, refuse-secret-0:earliest=0, refuse-secret-0:latest=3}",
      "after: topics": "none:refuse-read,refuse-secret",
      "after: records read": "none:refuse-read-0,refuse-read-1,refuse-read-2",
      "after: admin-group offsets": "none:[refuse-read-0=2]",
      "after: commit-group offsets": "none:0",
      "after: join-group offsets": "none:0",
    });
    console.log(`refusals: ${Math.round(r.durationMs)} ms`);
    // The authorizer audit log (kafka.authorizer.logger, INFO): each refusal with Kafka's text, the same
    // set of lines on both brokers (those naming this test's resources).
    const log = "output" in broker ? broker.output() : broker.logTail(4_000_000);
    const audit = [...new Set(log.split("\n").map((l) => /(Principal = User:alice is Denied .*?based on rule \S+)/.exec(l)?.[1]).filter((l): l is string => l !== undefined && l.includes("refuse")))].sort();
    expect(audit).toEqual([
      "Principal = User:alice is Denied operation = DELETE from host = 127.0.0.1 on resource = Topic:LITERAL:refuse-missing for request = DeleteTopics with resourceRefCount = 1 based on rule DefaultDeny",
      "Principal = User:alice is Denied operation = DELETE from host = 127.0.0.1 on resource = Topic:LITERAL:refuse-read for request = DeleteRecords with resourceRefCount = 1 based on rule DefaultDeny",
      "Principal = User:alice is Denied operation = DELETE from host = 127.0.0.1 on resource = Topic:LITERAL:refuse-read for request = DeleteTopics with resourceRefCount = 1 based on rule DefaultDeny",
      "Principal = User:alice is Denied operation = DELETE from host = 127.0.0.1 on resource = Topic:LITERAL:refuse-secret for request = DeleteTopics with resourceRefCount = 1 based on rule DefaultDeny",
      "Principal = User:alice is Denied operation = DESCRIBE from host = 127.0.0.1 on resource = Group:LITERAL:refuse-admin-group for request = FindCoordinator with resourceRefCount = 1 based on rule DefaultDeny",
      "Principal = User:alice is Denied operation = DESCRIBE from host = 127.0.0.1 on resource = Topic:LITERAL:refuse-missing for request = DeleteTopics with resourceRefCount = 1 based on rule DefaultDeny",
      "Principal = User:alice is Denied operation = DESCRIBE from host = 127.0.0.1 on resource = Topic:LITERAL:refuse-secret for request = DeleteTopics with resourceRefCount = 1 based on rule DefaultDeny",
      "Principal = User:alice is Denied operation = DESCRIBE from host = 127.0.0.1 on resource = Topic:LITERAL:refuse-secret for request = DescribeTopicPartitions with resourceRefCount = 1 based on rule DefaultDeny",
      "Principal = User:alice is Denied operation = DESCRIBE from host = 127.0.0.1 on resource = Topic:LITERAL:refuse-secret for request = Metadata with resourceRefCount = 1 based on rule DefaultDeny",
      "Principal = User:alice is Denied operation = DESCRIBE from host = 127.0.0.1 on resource = TransactionalId:LITERAL:refuse-txn-none for request = FindCoordinator with resourceRefCount = 1 based on rule DefaultDeny",
      "Principal = User:alice is Denied operation = DESCRIBE_CONFIGS from host = 127.0.0.1 on resource = Topic:LITERAL:refuse-missing for request = DescribeConfigs with resourceRefCount = 1 based on rule DefaultDeny",
      "Principal = User:alice is Denied operation = DESCRIBE_CONFIGS from host = 127.0.0.1 on resource = Topic:LITERAL:refuse-read for request = DescribeConfigs with resourceRefCount = 1 based on rule DefaultDeny",
      "Principal = User:alice is Denied operation = DESCRIBE_CONFIGS from host = 127.0.0.1 on resource = Topic:LITERAL:refuse-secret for request = DescribeConfigs with resourceRefCount = 1 based on rule DefaultDeny",
      "Principal = User:alice is Denied operation = READ from host = 127.0.0.1 on resource = Group:LITERAL:refuse-join for request = JoinGroup with resourceRefCount = 1 based on rule DefaultDeny",
      "Principal = User:alice is Denied operation = READ from host = 127.0.0.1 on resource = Group:LITERAL:refuse-join for request = OffsetCommit with resourceRefCount = 1 based on rule DefaultDeny",
      "Principal = User:alice is Denied operation = READ from host = 127.0.0.1 on resource = Topic:LITERAL:refuse-read for request = Fetch with resourceRefCount = 1 based on rule DefaultDeny",
      "Principal = User:alice is Denied operation = READ from host = 127.0.0.1 on resource = Topic:LITERAL:refuse-read for request = OffsetCommit with resourceRefCount = 1 based on rule DefaultDeny",
      "Principal = User:alice is Denied operation = WRITE from host = 127.0.0.1 on resource = Topic:LITERAL:refuse-read for request = Produce with resourceRefCount = 1 based on rule DefaultDeny",
      "Principal = User:alice is Denied operation = WRITE from host = 127.0.0.1 on resource = TransactionalId:LITERAL:refuse-txn for request = InitProducerId with resourceRefCount = 1 based on rule DefaultDeny",
    ]);
  }, 300_000);

  test.skipIf(!python.ok)("librdkafka: a large round trip over SASL_SSL (multi-MiB fetches), every byte intact", async () => {
    const py = (python as { value: PythonClient }).value;
    const conf = { "security.protocol": "SASL_SSL", "ssl.ca.location": certs.caPem, "sasl.mechanism": MECH, "sasl.username": "admin", "sasl.password": "admin-secret" };
    // 40 values of 700 KiB: 28 MiB, fetched up to 16 MiB per partition per fetch.
    const r = await runJson([py.python, "-u", join(HERE, "tls_client.py"), "roundtrip", boot(saslSslPort), "py-sasl-ssl", "40", String(700 * 1024), "py-sasl-ssl-group", JSON.stringify(conf)]);
    console.log(`large consume seed ${r.seed}`);
    expect(r.failed).toEqual([]);
    expect((r.got as string[]).length).toBe(40);
    expect(r.got).toEqual(r.sent);
  }, 300_000);

  test.skipIf(!kafkajs.ok)("KafkaJS: produce + consume group over SASL_SSL", async () => {
    const k = (kafkajs as { value: KafkaJsClient }).value;
    const r = await runJson([k.node, join(HERE, "tls-kafkajs.cjs"), k.kafkajsDir, boot(saslSslPort), "kjs-sasl-ssl", "20", "kjs-sasl-ssl-group", JSON.stringify({ ca: certs.caPem, sasl: { mechanism: MECH, username: "admin", password: "admin-secret" } })]);
    expect(r.error).toBeUndefined();
    expect((r.got as string[]).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `kafkajs-tls-${i}`).sort());
  }, 300_000);

  test.skipIf(!franz.ok)("franz-go: create, produce + consume group over SASL_SSL", async () => {
    const g = (franz as { value: GoClient }).value;
    const r = await runJson([g.bin, "tls-roundtrip", "--bootstrap", boot(saslSslPort), "--topic", "franz-sasl-ssl", "--group", "franz-sasl-ssl-group", "--count", "20", "--ca", certs.caPem, "--sasl-mechanism", MECH, "--sasl-username", "admin", "--sasl-password", "admin-secret"]);
    expect(r.error).toBeUndefined();
    expect((r.consumed as string[]).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `franz-tls-${i}`).sort());
  }, 300_000);
});
