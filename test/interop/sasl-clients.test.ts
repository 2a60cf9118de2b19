// SASL over SASL_PLAINTEXT with unmodified clients, against Strand and (STRAND_INTEROP_TARGET=kafka)
// Apache Kafka 4.4.0 with the same listener keys, JAAS strings and users: SCRAM-SHA-512 (and -256)
// users made with kafka-configs.sh, PLAIN users from the JAAS config.
// - Java kafka-clients: AdminClient (kafka-configs.sh over SASL: alter and describe SCRAM credentials),
//   producer (kafka-console-producer) and a consumer group (kafka-console-consumer --group);
//   a wrong password fails with Kafka's message;
// - confluent-kafka-python (librdkafka): produce + consume with SCRAM-SHA-512, and once with PLAIN;
// - franz-go: produce + consume with SCRAM-SHA-256;
// - KafkaJS: produce + consume with SCRAM-SHA-512.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KAFKA_MAIN, runKafkaClass } from "../support/kafka-dist.ts";
import { consumeConsole, produceConsole } from "../support/kafka-tools.ts";
import { ensurePythonClient } from "../support/clients/python.ts";
import { ensureGoClient } from "../support/clients/go.ts";
import { ensureKafkaJs } from "../support/clients/kafkajs.ts";
import { probeInstall } from "../support/clients/cache.ts";
import { collect, eventOf } from "./driver-output.ts";
import { freshT0 } from "./spec.ts";
import { createTopics } from "./topics.ts";
import { interopTarget } from "./targets.ts";
import { startSaslTarget, type SaslTarget } from "./sasl-target.ts";

const SCRAM_JAAS = (user: string, password: string) => `org.apache.kafka.common.security.scram.ScramLoginModule required username="${user}" password="${password}";`;
const javaSasl = (mechanism: string, user: string, password: string): Record<string, string> => ({
  "security.protocol": "SASL_PLAINTEXT",
  "sasl.mechanism": mechanism,
  "sasl.jaas.config": SCRAM_JAAS(user, password),
});
const GENERIC_512 = "Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512";

const py = await probeInstall("confluent-kafka", ensurePythonClient);
const go = await probeInstall("franz-go", ensureGoClient);
const js = await probeInstall("kafkajs", ensureKafkaJs);

describe(`SASL_PLAINTEXT clients vs ${interopTarget()}`, () => {
  let target: SaslTarget;
  let dir: string;

  const configs = async (bootstrap: string, args: string[], commandConfig?: Record<string, string>) => {
    const extra: string[] = [];
    if (commandConfig) {
      const f = join(dir, `admin-${Math.random().toString(36).slice(2)}.properties`);
      writeFileSync(f, Object.entries(commandConfig).map(([k, v]) => `${k}=${v}`).join("\n") + "\n");
      extra.push("--command-config", f);
    }
    return runKafkaClass(KAFKA_MAIN.configs, ["--bootstrap-server", bootstrap, ...extra, ...args], { timeoutMs: 90_000 });
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "strand-sasl-interop-"));
    target = await startSaslTarget();
    // The first users over PLAINTEXT (nobody can log in over SASL before one exists).
    for (const mech of ["SCRAM-SHA-512=[iterations=8192,password=alice-secret]", "SCRAM-SHA-256=[password=alice-secret]"]) {
      const r = await configs(target.plaintextBootstrap, ["--alter", "--add-config", mech, "--entity-type", "users", "--entity-name", "alice"]);
      expect(r.exitCode).toBe(0);
    }
  }, 240_000);

  afterAll(async () => {
    await target?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  test("Java AdminClient over SCRAM-SHA-512: alter and describe SCRAM credentials", async () => {
    const admin = javaSasl("SCRAM-SHA-512", "alice", "alice-secret");
    const alter = await configs(target.saslBootstrap, ["--alter", "--add-config", "SCRAM-SHA-512=[password=bob-secret]", "--entity-type", "users", "--entity-name", "bob"], admin);
    expect(`${alter.stdout}${alter.stderr}`).toContain("Completed updating config for user bob.");
    const d = await configs(target.saslBootstrap, ["--describe", "--entity-type", "users"], admin);
    expect(d.exitCode).toBe(0);
    const lines = d.stdout.split("\n").filter((l) => l.startsWith("SCRAM credential configs")).sort();
    expect(lines).toEqual([
      "SCRAM credential configs for user-principal 'alice' are SCRAM-SHA-256=iterations=4096, SCRAM-SHA-512=iterations=8192",
      "SCRAM credential configs for user-principal 'bob' are SCRAM-SHA-512=iterations=4096",
    ]);
  }, 240_000);

  test("Java producer and consumer group over SCRAM-SHA-512", async () => {
    const topic = "sasl-java";
    await createTopics(target.plaintextPort, [{ name: topic, partitions: 2 }]);
    const sasl = javaSasl("SCRAM-SHA-512", "alice", "alice-secret");
    const values = Array.from({ length: 200 }, (_, i) => `v${i}`);
    await produceConsole(target.saslBootstrap, topic, values, { ...sasl, acks: "all" });
    const { lines } = await consumeConsole(target.saslBootstrap, topic, values.length, { consumerProps: { ...sasl, "group.id": "sasl-java-group" }, timeoutMs: 60_000 });
    expect(lines.sort()).toEqual([...values].sort());
  }, 240_000);

  test("Java client with a wrong password: Kafka's authentication error", async () => {
    const r = await runKafkaClass(KAFKA_MAIN.topics, ["--bootstrap-server", target.saslBootstrap, "--list", "--command-config", writeProps("bad.properties", javaSasl("SCRAM-SHA-512", "alice", "wrong"))], { timeoutMs: 90_000 });
    expect(r.exitCode).not.toBe(0);
    expect(`${r.stdout}${r.stderr}`).toContain(GENERIC_512);
  }, 120_000);

  function writeProps(name: string, props: Record<string, string>): string {
    const f = join(dir, name);
    writeFileSync(f, Object.entries(props).map(([k, v]) => `${k}=${v}`).join("\n") + "\n");
    return f;
  }

  async function driverRoundTrip(label: string, spawn: (args: string[]) => import("bun").Subprocess<"ignore", "pipe", "pipe">, topic: string, sasl: string[], extraProduce: string[] = []) {
    await createTopics(target.plaintextPort, [{ name: topic, partitions: 3 }]);
    const common = ["--bootstrap", target.saslBootstrap, "--topic", topic, "--partitions", "3", "--count", "3000", "--t0", `${freshT0()}`, ...sasl];
    const produced = eventOf(await collect(`${label} produce`, spawn(["produce", ...common, ...extraProduce]), { timeoutMs: 90_000 }), "produced");
    expect(produced.errors).toEqual([]);
    expect(produced.acked).toBe(3000);
    const consumed = eventOf(await collect(`${label} consume`, spawn(["consume", ...common]), { timeoutMs: 90_000 }), "consumed");
    expect(consumed.errors).toEqual([]);
    expect(consumed.count).toBe(3000);
  }

  test.skipIf(!py.ok)("confluent-kafka-python (librdkafka): SCRAM-SHA-512, and PLAIN", async () => {
    if (!py.ok) return;
    const c = py.value;
    await driverRoundTrip("python", (a) => c.spawn(a), "sasl-python", ["--sasl-mechanism", "SCRAM-SHA-512", "--sasl-username", "alice", "--sasl-password", "alice-secret"], ["--compression", "none"]);
    await driverRoundTrip("python-plain", (a) => c.spawn(a), "sasl-python-plain", ["--sasl-mechanism", "PLAIN", "--sasl-username", "admin", "--sasl-password", "admin-secret"], ["--compression", "none"]);
  }, 240_000);

  test.skipIf(!go.ok)("franz-go: SCRAM-SHA-256", async () => {
    if (!go.ok) return;
    const c = go.value;
    await driverRoundTrip("franz-go", (a) => c.spawn(a), "sasl-franz-go", ["--sasl-mechanism", "SCRAM-SHA-256", "--sasl-username", "alice", "--sasl-password", "alice-secret"]);
  }, 240_000);

  test.skipIf(!js.ok)("KafkaJS: SCRAM-SHA-512", async () => {
    if (!js.ok) return;
    const c = js.value;
    await driverRoundTrip("kafkajs", (a) => c.spawn(a), "sasl-kafkajs", ["--sasl-mechanism", "SCRAM-SHA-512", "--sasl-username", "alice", "--sasl-password", "alice-secret"]);
  }, 240_000);
});
