// Java kafka-clients 4.4.0 against the broker under test (STRAND_INTEROP_TARGET, see targets.ts):
// the producer with its defaults (idempotent, acks=all) sends 120 000 records with keys, headers and
// sizes from 1 byte to 100 kB; a consumer with assign/seek reads them back and checks order, content,
// offsets, timestamps and ListOffsets; the AdminClient creates, describes, alters and deletes topics
// and configs.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ensureJavaClient, KAFKA_CLIENTS_VERSION } from "../support/clients/java.ts";
import type { JavaClient } from "../support/clients/java.ts";
import { probeInstall } from "../support/clients/cache.ts";
import { collect, eventOf } from "./driver-output.ts";
import { freshT0, partitionCount } from "./spec.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";
import { interopTarget, suiteEnabled } from "./targets.ts";

const RECORDS = suiteEnabled("java-records");
const ADMIN = suiteEnabled("java-admin");
const java = RECORDS || ADMIN ? await probeInstall("kafka-clients", ensureJavaClient) : { ok: false as const, reason: "disabled" };
const COUNT = 120_000;
const PARTITIONS = 3;

describe.skipIf(!java.ok || !(RECORDS || ADMIN))(`Java kafka-clients ${KAFKA_CLIENTS_VERSION} vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let client: JavaClient;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    if (!java.ok) return;
    client = java.value;
    const t = performance.now();
    target = await startTarget();
    timings.startMs = performance.now() - t;
  }, 120_000);

  afterAll(async () => {
    await target?.remove();
    console.log(`[interop java/${interopTarget()}] ms: ${JSON.stringify(Object.fromEntries(
      Object.entries(timings).map(([k, v]) => [k, Math.round(v)])))}`);
  }, 120_000);

  test.skipIf(!RECORDS)(`idempotent producer -> assign/seek consumer, ${COUNT} records`, async () => {
    const topic = "java-records";
    await createTopics(target.port, [{ name: topic, partitions: PARTITIONS }]);
    const t0 = freshT0();
    const common = ["--bootstrap", target.bootstrap, "--topic", topic, "--partitions", `${PARTITIONS}`, "--count", `${COUNT}`, "--t0", `${t0}`];
    let t = performance.now();
    const produced = eventOf(await collect("java produce", client.spawn(["produce", ...common, "--compression", "lz4"]), { timeoutMs: 60_000 }), "produced");
    timings.produceMs = performance.now() - t;
    expect(produced.errors).toEqual([]);
    expect(produced.acked).toBe(COUNT);
    expect(produced.lastOffsets).toEqual([0, 1, 2].map((p) => partitionCount(COUNT, PARTITIONS, p) - 1));

    t = performance.now();
    const consumed = eventOf(await collect("java consume", client.spawn(["consume", ...common]), { timeoutMs: 90_000 }), "consumed");
    timings.consumeMs = performance.now() - t;
    expect(consumed.errors).toEqual([]);
    expect(consumed.offsetErrors).toEqual([]);
    expect(consumed.count).toBe(COUNT);
    expect(consumed.nextOffsets).toEqual([0, 1, 2].map((p) => partitionCount(COUNT, PARTITIONS, p)));
  }, 150_000);

  test.skipIf(!ADMIN)("AdminClient: topics, configs, partitions", async () => {
    const t = performance.now();
    const r = await collect("java admin", client.spawn(["admin", "--bootstrap", target.bootstrap, "--prefix", "java"]), { timeoutMs: 90_000 });
    timings.adminMs = performance.now() - t;
    const failed = r.events.filter((e) => e.event === "check" && e.ok !== true);
    expect(failed).toEqual([]);
    expect(r.events.filter((e) => e.event === "check").length).toBe(15);
    expect(eventOf(r, "admin").failures).toBe(0);
  }, 120_000);
});
