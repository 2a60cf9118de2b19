// KafkaJS 2.2.4 (Node.js) against the broker under test: its idempotent producer (acks=-1) sends
// 100 000 records with keys, headers, timestamps and sizes from 1 byte to 100 kB, alternating none and
// gzip; a reader of assigned partitions (KafkaJS's cluster + broker Fetch v11 layer: its consumer only
// consumes through a group, which waits for the group APIs of issue 5) reads them back checking order,
// content, offsets and timestamps; the admin checks ListOffsets (latest, earliest, by timestamp).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ensureKafkaJs, KAFKAJS_VERSION } from "../support/clients/kafkajs.ts";
import type { KafkaJsClient } from "../support/clients/kafkajs.ts";
import { probeInstall } from "../support/clients/cache.ts";
import { collect, eventOf } from "./driver-output.ts";
import { freshT0, partitionCount } from "./spec.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";
import { interopTarget, suiteEnabled } from "./targets.ts";

const ENABLED = suiteEnabled("kafkajs");
const js = ENABLED ? await probeInstall("kafkajs", ensureKafkaJs) : { ok: false as const, reason: "disabled" };
const COUNT = 100_000;
const PARTITIONS = 3;

describe.skipIf(!js.ok || !ENABLED)(`KafkaJS ${KAFKAJS_VERSION} vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let client: KafkaJsClient;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    if (!js.ok) return;
    client = js.value;
    target = await startTarget();
  }, 120_000);

  afterAll(async () => {
    await target?.remove();
    console.log(`[interop kafkajs/${interopTarget()}] ${client?.version} ms: ${JSON.stringify(Object.fromEntries(
      Object.entries(timings).map(([n, v]) => [n, Math.round(v)])))}`);
  }, 120_000);

  test(`idempotent producer -> assigned-partition reader, ${COUNT} records`, async () => {
    const topic = "kafkajs";
    await createTopics(target.port, [{ name: topic, partitions: PARTITIONS }]);
    const common = ["--bootstrap", target.bootstrap, "--topic", topic, "--partitions", `${PARTITIONS}`, "--count", `${COUNT}`, "--t0", `${freshT0()}`];
    let t = performance.now();
    const produced = eventOf(await collect("kafkajs produce", client.spawn(["produce", ...common]), { timeoutMs: 80_000 }), "produced");
    timings.produceMs = performance.now() - t;
    expect(produced.errors).toEqual([]);
    expect(produced.acked).toBe(COUNT);
    expect(produced.lastOffsets).toEqual([0, 1, 2].map((p) => partitionCount(COUNT, PARTITIONS, p) - 1));

    t = performance.now();
    const consumed = eventOf(await collect("kafkajs consume", client.spawn(["consume", ...common]), { timeoutMs: 80_000 }), "consumed");
    timings.consumeMs = performance.now() - t;
    expect(consumed.errors).toEqual([]);
    expect(consumed.offsetErrors).toEqual([]);
    expect(consumed.count).toBe(COUNT);
    expect(consumed.nextOffsets).toEqual([0, 1, 2].map((p) => partitionCount(COUNT, PARTITIONS, p)));
  }, 200_000);
});
