// Issue 19 item 1: the cluster-level dynamic defaults a fresh Kafka 4.4.0 bootstraps (its controller
// writes ConfigRecord BROKER "" min.insync.replicas=<its min.insync.replicas> with the bootstrap records),
// read through kafka-configs.sh as a user does: the cluster default entity, a topic's --all listing, and a
// topic override read back after an IncrementalAlterConfigs and after its deletion. Written once for both
// targets (STRAND_INTEROP_TARGET=kafka runs it against Kafka 4.4.0).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { KAFKA_MAIN, probeKafkaDist, runKafkaClass } from "../support/kafka-dist.ts";
import { createTopic } from "../support/kafka-tools.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { interopTarget } from "./targets.ts";

const dist = await probeKafkaDist();

describe.skipIf(!dist.ok)(`cluster-level dynamic defaults vs ${interopTarget()}`, () => {
  let target: InteropTarget;

  beforeAll(async () => {
    target = await startTarget();
  }, 120_000);

  afterAll(async () => {
    await target?.remove();
  }, 120_000);

  async function configs(args: string[]): Promise<string> {
    const r = await runKafkaClass(KAFKA_MAIN.configs, ["--bootstrap-server", target.bootstrap, ...args], { timeoutMs: 60_000 });
    if (r.exitCode !== 0) throw new Error(`kafka-configs ${args.join(" ")} exited ${r.exitCode}\n${r.stdout}\n${r.stderr}`);
    return r.stdout;
  }

  test("kafka-configs --describe --entity-type brokers --entity-default lists min.insync.replicas=1", async () => {
    const out = await configs(["--describe", "--entity-type", "brokers", "--entity-default"]);
    expect(out.trim().split("\n")).toEqual([
      "Default configs for brokers in the cluster are:",
      "  min.insync.replicas=1 sensitive=false synonyms={DYNAMIC_DEFAULT_BROKER_CONFIG:min.insync.replicas=1}",
    ]);
  }, 60_000);

  test("a topic's min.insync.replicas comes from the cluster default until overridden", async () => {
    await createTopic(target.bootstrap, "defaults-t");
    const line = async () => {
      const out = await configs(["--describe", "--all", "--entity-type", "topics", "--entity-name", "defaults-t"]);
      return out.split("\n").map((l) => l.trim()).find((l) => l.startsWith("min.insync.replicas="));
    };
    expect(await line()).toBe("min.insync.replicas=1 sensitive=false synonyms={DYNAMIC_DEFAULT_BROKER_CONFIG:min.insync.replicas=1, DEFAULT_CONFIG:min.insync.replicas=1}");
    await configs(["--alter", "--entity-type", "topics", "--entity-name", "defaults-t", "--add-config", "min.insync.replicas=2"]);
    expect(await line()).toBe(
      "min.insync.replicas=2 sensitive=false synonyms={DYNAMIC_TOPIC_CONFIG:min.insync.replicas=2, DYNAMIC_DEFAULT_BROKER_CONFIG:min.insync.replicas=1, DEFAULT_CONFIG:min.insync.replicas=1}",
    );
    await configs(["--alter", "--entity-type", "topics", "--entity-name", "defaults-t", "--delete-config", "min.insync.replicas"]);
    expect(await line()).toBe("min.insync.replicas=1 sensitive=false synonyms={DYNAMIC_DEFAULT_BROKER_CONFIG:min.insync.replicas=1, DEFAULT_CONFIG:min.insync.replicas=1}");
  }, 90_000);
});
