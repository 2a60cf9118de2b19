// `strand topic ...`, `strand config get|set`, `strand cluster info|metadata|health` and the CLI's usage
// errors, run as processes against one broker: Strand by default, Apache Kafka 4.4.0 with
// STRAND_INTEROP_TARGET=kafka (the same assertions: the CLI is a Kafka client). Tables, --json, the
// STRAND_* environment variables and exit codes (0 done, 1 refused by the cluster, 2 bad usage).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTarget, type InteropTarget } from "../interop/target.ts";
import { interopTarget } from "../interop/targets.ts";
import { probeKafkaDist } from "../support/kafka-dist.ts";
import { runCli, tableRows } from "../support/strand-cli.ts";

const TARGET = interopTarget();
const dist = TARGET === "kafka" ? await probeKafkaDist() : { ok: true };
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.skipIf(!dist.ok)(`strand topic / config / cluster vs ${TARGET}`, () => {
  let target: InteropTarget;
  let env: Record<string, string>;
  const cli = (...args: string[]) => runCli(args, env);

  beforeAll(async () => {
    target = await startTarget();
    env = { STRAND_BROKERS: target.bootstrap };
  }, 120_000);

  afterAll(async () => {
    await target?.remove();
  }, 120_000);

  test("topic create, list (table and --json), describe, dry runs and refusals", async () => {
    const created = await cli("topic", "create", "cli-orders", "cli-events", "-p", "3", "-r", "1", "-c", "retention.ms=3600000");
    expect(created.exitCode).toBe(0);
    expect(tableRows(created.stdout)).toEqual([{ TOPIC: "cli-orders", STATUS: "OK" }, { TOPIC: "cli-events", STATUS: "OK" }]);

    const again = await cli("topic", "create", "cli-orders", "--json");
    expect(again.exitCode).toBe(1);
    expect(JSON.parse(again.stdout)).toEqual([{ topic: "cli-orders", error: "TOPIC_ALREADY_EXISTS", message: "Topic 'cli-orders' already exists." }]);
    expect((await cli("topic", "create", "cli-orders", "--if-not-exists")).exitCode).toBe(0);

    const dry = await cli("topic", "create", "cli-dry", "-p", "2", "--dry-run");
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain("OK (validated, not created)");

    const list = await cli("topic", "list");
    expect(list.exitCode).toBe(0);
    expect(tableRows(list.stdout)).toEqual([
      { NAME: "cli-events", PARTITIONS: "3", REPLICAS: "1" },
      { NAME: "cli-orders", PARTITIONS: "3", REPLICAS: "1" },
    ]);
    const listJson = JSON.parse((await cli("topic", "list", "--json")).stdout) as Any[];
    expect(listJson.map((t) => [t.name, t.partitions, t.replicationFactor, t.internal])).toEqual([
      ["cli-events", 3, 1, false],
      ["cli-orders", 3, 1, false],
    ]);

    const d = await cli("topic", "describe", "cli-orders", "--json");
    expect(d.exitCode).toBe(0);
    const desc = JSON.parse(d.stdout) as Any;
    expect(desc.name).toBe("cli-orders");
    expect(desc.topicId).toBe(listJson[1].topicId);
    expect(desc.partitions.map((p: Any) => [p.partition, p.replicas.length, p.isr.length, p.leader >= 0])).toEqual([[0, 1, 1, true], [1, 1, 1, true], [2, 1, 1, true]]);
    expect(desc.configs.find((c: Any) => c.name === "retention.ms")).toEqual({ name: "retention.ms", value: "3600000", source: "DYNAMIC_TOPIC_CONFIG", readOnly: false, sensitive: false });
    const human = await cli("topic", "describe", "cli-orders");
    expect(human.stdout).toMatch(/^NAME\s+cli-orders$/m);
    expect(human.stdout).toMatch(/^retention\.ms\s+3600000\s+DYNAMIC_TOPIC_CONFIG$/m);

    const missing = await cli("topic", "describe", "cli-nope");
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toStartWith("strand: UNKNOWN_TOPIC_OR_PARTITION (code 3): topic cli-nope");
  }, 60_000);

  test("topic alter-config and add-partitions, then delete", async () => {
    const alter = await cli("topic", "alter-config", "cli-events", "--set", "cleanup.policy=compact", "--set", "retention.ms=1000", "--delete", "segment.ms");
    expect(alter.exitCode).toBe(0);
    expect(alter.stdout).toBe("set cleanup.policy=compact\nset retention.ms=1000\ndelete segment.ms\n");
    const configs = JSON.parse((await cli("config", "get", "topic", "cli-events", "--json")).stdout) as Any;
    expect(configs.configs.filter((c: Any) => c.source === "DYNAMIC_TOPIC_CONFIG").map((c: Any) => [c.name, c.value])).toEqual([
      ["cleanup.policy", "compact"],
      ["retention.ms", "1000"],
    ]);
    const bad = await cli("topic", "alter-config", "cli-events", "--set", "bogus.key=1");
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toStartWith("strand: INVALID_CONFIG (code 40): topic cli-events");

    expect((await cli("topic", "add-partitions", "cli-events", "-n", "2")).stdout).toContain("OK (5 partitions)");
    const notMore = await cli("topic", "add-partitions", "cli-events", "--total", "4", "--json");
    expect(notMore.exitCode).toBe(1);
    expect((JSON.parse(notMore.stdout) as Any[])[0].error).toBe("INVALID_PARTITIONS");

    const del = await cli("topic", "delete", "cli-events", "cli-nope");
    expect(del.exitCode).toBe(1);
    expect(tableRows(del.stdout).map((r) => [r.TOPIC, r.STATUS!.split(":")[0]])).toEqual([["cli-events", "OK"], ["cli-nope", "UNKNOWN_TOPIC_OR_PARTITION"]]);
    expect((await cli("topic", "delete", "cli-nope", "--if-exists")).exitCode).toBe(0);
  }, 60_000);

  test("config get|set on a broker and on the cluster-wide broker default", async () => {
    const set = await cli("config", "set", "broker", "1", "-s", "log.cleaner.threads=2");
    expect(set.exitCode).toBe(0);
    expect(set.stdout).toBe("broker 1: set log.cleaner.threads=2\n");
    const got = JSON.parse((await cli("config", "get", "broker", "1", "--key", "log.cleaner.threads", "--json")).stdout) as Any;
    expect(got.configs).toEqual([{ name: "log.cleaner.threads", value: "2", source: "DYNAMIC_BROKER_CONFIG", readOnly: false, sensitive: false }]);
    expect((await cli("config", "set", "broker", "1", "-d", "log.cleaner.threads")).exitCode).toBe(0);

    expect((await cli("config", "set", "broker", "--default", "-s", "log.retention.ms=7200000")).exitCode).toBe(0);
    const dflt = tableRows((await cli("config", "get", "broker", "--default")).stdout);
    expect(dflt.find((r) => r.KEY === "log.retention.ms")).toEqual({ KEY: "log.retention.ms", VALUE: "7200000", SOURCE: "DYNAMIC_DEFAULT_BROKER_CONFIG", "READ-ONLY": "false" });
    expect((await cli("config", "set", "broker", "--default", "-d", "log.retention.ms")).exitCode).toBe(0);
  }, 60_000);

  test("cluster info, metadata and health", async () => {
    const info = JSON.parse((await cli("cluster", "info", "--json")).stdout) as Any;
    expect(info.clusterId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(info.controllerId).toBeGreaterThanOrEqual(0);
    expect(info.brokers.map((b: Any) => [b.id, `${b.host}:${b.port}`, b.fenced])).toEqual([[1, target.bootstrap, false]]);
    const md = JSON.parse((await cli("cluster", "metadata", "-t", "cli-orders", "--json")).stdout) as Any;
    expect(md.topics.map((t: Any) => [t.name, t.partitions.length])).toEqual([["cli-orders", 3]]);
    const health = await cli("cluster", "health");
    expect(health.exitCode).toBe(0);
    expect(health.stdout).toMatch(/^healthy: controller \d+, 1 broker\(s\)/);
    const hj = JSON.parse((await cli("cluster", "health", "--json")).stdout) as Any;
    expect(hj.healthy).toBe(true);
    expect(hj.problems).toEqual([]);
  }, 60_000);

  test("flags from STRAND_* variables; the command line wins", async () => {
    const viaEnv = await runCli(["topic", "list"], { STRAND_BROKERS: target.bootstrap, STRAND_JSON: "true" });
    expect(Array.isArray(JSON.parse(viaEnv.stdout))).toBe(true);
    const flagWins = await runCli(["topic", "list", "--brokers", target.bootstrap, "--no-json"], { STRAND_BROKERS: "127.0.0.1:1", STRAND_JSON: "1" });
    expect(flagWins.exitCode).toBe(0);
    expect(flagWins.stdout).toStartWith("NAME");
    const unreachable = await runCli(["cluster", "info", "--timeout-ms", "5000"], { STRAND_BROKERS: "127.0.0.1:1" });
    expect(unreachable.exitCode).toBe(1);
    expect(unreachable.stderr).toStartWith("strand: cannot reach any broker of 127.0.0.1:1");
  }, 60_000);

  test("bad usage exits 2 naming the flag, the value and what is allowed", async () => {
    const cases: Array<[string[], string]> = [
      [["topic", "list", "--bogus"], 'strand: invalid flag "--bogus": one of --brokers,'],
      [["topic", "create", "t", "-p", "zero"], 'strand: invalid --partitions "zero": an integer from 1 to 1000000'],
      [["topic", "create", "bad topic"], `strand: invalid TOPIC "bad topic": 1 to 249 characters of ASCII letters, digits, '.', '_' and '-'`],
      [["topic", "create"], 'strand: invalid TOPICS "": required'],
      [["topic", "list", "--brokers", "nohost"], 'strand: invalid --brokers "nohost": host:port[,host:port...] with a port from 1 to 65535'],
      [["topic", "alter-config", "t", "--set", "novalue"], 'strand: invalid --set "novalue": key=value'],
      [["config", "get", "queue", "x"], 'strand: invalid TYPE "queue": one of topic, broker, group'],
      [["topic", "list", "--security-protocol", "TLS"], 'strand: invalid --security-protocol "TLS": one of PLAINTEXT, SSL, SASL_PLAINTEXT, SASL_SSL'],
    ];
    for (const [args, message] of cases) {
      const r = await cli(...args);
      expect({ args, exitCode: r.exitCode, stderr: r.stderr.slice(0, message.length) }).toEqual({ args, exitCode: 2, stderr: message });
    }
    const envBad = await runCli(["topic", "list"], { STRAND_BROKERS: target.bootstrap, STRAND_JSON: "maybe" });
    expect(envBad.exitCode).toBe(2);
    expect(envBad.stderr).toBe('strand: invalid STRAND_JSON "maybe": a boolean for --json: true, false, 1, 0, yes or no\n');
  }, 60_000);
});
