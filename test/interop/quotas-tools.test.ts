// Issue 16 point 3: kafka-configs.sh (Kafka 4.4.0's ConfigCommand) on client quotas, as against Kafka:
// --alter --add-config / --delete-config for --entity-type clients, users, user + client combined and
// --entity-default, --describe of one entity, of all entities of a type and of the defaults, and the
// tool's error for a value Kafka's controller refuses. Written once for both targets
// (STRAND_INTEROP_TARGET=kafka runs it against Kafka 4.4.0 with the same expected lines).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { KAFKA_MAIN, probeKafkaDist, runKafkaClass } from "../support/kafka-dist.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { interopTarget } from "./targets.ts";

const dist = await probeKafkaDist();

describe.skipIf(!dist.ok)(`kafka-configs client quotas vs ${interopTarget()}`, () => {
  let target: InteropTarget;

  beforeAll(async () => {
    target = await startTarget({ overrides: { "offsets.topic.num.partitions": 1 } });
  }, 120_000);

  afterAll(async () => {
    await target?.remove();
  }, 120_000);

  async function configs(args: string[]): Promise<{ exitCode: number; out: string[]; error: string }> {
    const r = await runKafkaClass(KAFKA_MAIN.configs, ["--bootstrap-server", target.bootstrap, ...args], { timeoutMs: 60_000 });
    const cause = (r.stdout + r.stderr).split("\n").find((l) => l.includes("Exception: ")) ?? "";
    const out = r.stdout.trim().split("\n").map((l) => l.trim()).filter((l) => l !== "");
    if (process.env.QUOTA_TOOLS_PRINT) console.log(JSON.stringify({ args, exitCode: r.exitCode, out, cause }));
    return { exitCode: r.exitCode, out, error: cause.trim() };
  }
  const alter = (add: string, ...entity: string[]) => configs(["--alter", "--add-config", add, ...entity]);

  test("alter and describe clients, users, user+client and defaults; delete; a refused value", async () => {
    const c1 = ["--entity-type", "clients", "--entity-name", "c1"];
    const alice = ["--entity-type", "users", "--entity-name", "alice"];
    const userDefault = ["--entity-type", "users", "--entity-default"];
    const aliceC1 = [...alice, "--entity-type", "clients", "--entity-name", "c1"];
    expect(await alter("producer_byte_rate=1024", ...c1)).toMatchObject({ exitCode: 0, out: ["Completed updating config for client c1."] });
    expect(await alter("consumer_byte_rate=2048,request_percentage=50.5", ...alice)).toMatchObject({ exitCode: 0, out: ["Completed updating config for user alice."] });
    expect(await alter("producer_byte_rate=4096", ...userDefault)).toMatchObject({ exitCode: 0, out: ["Completed updating default config for users in the cluster."] });
    expect(await alter("producer_byte_rate=8192", ...aliceC1)).toMatchObject({ exitCode: 0, out: ["Completed updating config for user alice."] });

    expect((await configs(["--describe", ...c1])).out).toEqual(["Quota configs for client-id 'c1' are producer_byte_rate=1024.0"]);
    expect((await configs(["--describe", ...alice])).out).toEqual(["Quota configs for user-principal 'alice' are consumer_byte_rate=2048.0, request_percentage=50.5"]);
    expect((await configs(["--describe", ...userDefault])).out).toEqual(["Quota configs for the default user-principal are producer_byte_rate=4096.0"]);
    expect((await configs(["--describe", ...aliceC1])).out).toEqual(["Quota configs for user-principal 'alice', client-id 'c1' are producer_byte_rate=8192.0"]);
    // Every user-only entity (the tool asks strict: the user+client one is left out), in the broker's order.
    expect((await configs(["--describe", "--entity-type", "users"])).out.sort()).toEqual([
      "Quota configs for the default user-principal are producer_byte_rate=4096.0",
      "Quota configs for user-principal 'alice' are consumer_byte_rate=2048.0, request_percentage=50.5",
    ]);

    // Kafka's controller refuses a fractional byte rate; the tool reports the InvalidRequestException.
    const bad = await alter("producer_byte_rate=1.5", ...c1);
    expect(bad.exitCode).not.toBe(0);
    expect(bad.error).toContain("InvalidRequestException: producer_byte_rate cannot be a fractional value.");
    const unknownKey = await configs(["--alter", "--add-config", "connection_creation_rate=3", ...c1]);
    expect(unknownKey.exitCode).not.toBe(0);

    expect((await configs(["--alter", "--delete-config", "producer_byte_rate", ...c1])).out).toEqual(["Completed updating config for client c1."]);
    expect((await configs(["--describe", ...c1])).out).toEqual([]);
    expect((await configs(["--describe", "--entity-type", "clients"])).out).toEqual([]);
  }, 180_000);
});
