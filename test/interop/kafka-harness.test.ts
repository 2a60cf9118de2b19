// The Apache Kafka 4.4.0 harness itself: real broker from the Maven Central jars, its topic tool,
// console producer and consumer, and kafka-dump-log over the segment the broker wrote.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { probeKafkaDist, startKafka } from "../support/kafka-dist.ts";
import type { KafkaHandle } from "../support/kafka-dist.ts";
import { consumeConsole, createTopic, dumpLogSegments, produceConsole } from "../support/kafka-tools.ts";
import { probeKafka } from "../support/kafka-probe.ts";

const dist = await probeKafkaDist();

describe.skipIf(!dist.ok)("Apache Kafka 4.4.0 harness", () => {
  let kafka: KafkaHandle;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    const t0 = performance.now();
    kafka = await startKafka();
    timings.startMs = performance.now() - t0;
  }, 120_000);

  afterAll(async () => {
    await kafka?.remove();
    console.log(`[kafka-harness] timings (ms): ${JSON.stringify(Object.fromEntries(
      Object.entries(timings).map(([k, v]) => [k, Math.round(v)])))}`);
  });

  test("broker answers ApiVersions and Metadata on 127.0.0.1", async () => {
    expect(kafka.bootstrap).toBe(`127.0.0.1:${kafka.port}`);
    const probe = await probeKafka("127.0.0.1", kafka.port);
    expect(probe.apiVersionsErrorCode).toBe(0);
    expect(probe.apiKeyCount).toBeGreaterThan(50);
    expect(probe.brokerCount).toBe(1);
  });

  test("topic tool, console producer and console consumer round-trip 10 records", async () => {
    let t = performance.now();
    await createTopic(kafka.bootstrap, "harness", { partitions: 1 });
    timings.createTopicMs = performance.now() - t;

    const records = Array.from({ length: 10 }, (_, i) => ({ key: `k${i}`, value: `value-${i}`, headers: { h: `${i}` } }));
    t = performance.now();
    await produceConsole(kafka.bootstrap, "harness", records, { "linger.ms": 50, "compression.type": "lz4" });
    timings.produceMs = performance.now() - t;

    t = performance.now();
    const { lines } = await consumeConsole(kafka.bootstrap, "harness", 10, { printKey: true });
    timings.consumeMs = performance.now() - t;
    expect(lines).toEqual(records.map((r) => `${r.key}\t${r.value}`));
  }, 90_000);

  test("stop leaves a log dir that kafka-dump-log reads", async () => {
    const t = performance.now();
    await kafka.stop();
    timings.stopMs = performance.now() - t;
    expect(await kafka.exited).toBeGreaterThanOrEqual(0);

    const partitionDir = join(kafka.logDir, "harness-0");
    expect(readdirSync(partitionDir)).toContain("00000000000000000000.log");
    expect(existsSync(join(kafka.logDir, "meta.properties"))).toBe(true);
    const segment = join(partitionDir, "00000000000000000000.log");
    const dump = await dumpLogSegments([segment], { printDataLog: true, deepIteration: true });
    for (let i = 0; i < 10; i++) expect(dump.stdout).toContain(`key: k${i} payload: value-${i}`);
    expect(dump.stdout).toContain("compresscodec: lz4");
  }, 60_000);
});
