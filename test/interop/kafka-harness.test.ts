// The Apache Kafka 4.4.0 harness itself: real broker from the Maven Central jars, its topic tool,
// console producer and consumer, and kafka-dump-log over the segment the broker wrote. The broker
// advertises tools/capture-proxy as its listener, so the same run checks the recording proxy.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { KAFKA_MAIN, probeKafkaDist, runKafkaClass, startKafka } from "../support/kafka-dist.ts";
import type { KafkaHandle } from "../support/kafka-dist.ts";
import { consumeConsole, createTopic, dumpLogSegments, produceConsole } from "../support/kafka-tools.ts";
import { probeKafka } from "../support/kafka-probe.ts";
import { CaptureProxy } from "../../tools/capture-proxy/proxy.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { listCaptureSessions, readCapture } from "../support/captures.ts";
import { readRequestHeader, readResponseCorrelationId } from "../../tools/capture-proxy/frames.ts";
import { tmpdir } from "node:os";

const dist = await probeKafkaDist();

describe.skipIf(!dist.ok)("Apache Kafka 4.4.0 harness", () => {
  let kafka: KafkaHandle;
  const proxy = new CaptureProxy();
  const captureDir = mkdtempSync(join(tmpdir(), "strand-capture-"));
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    const t0 = performance.now();
    const proxyPort = await proxy.listen();
    kafka = await startKafka({ overrides: { "advertised.listeners": `PLAINTEXT://127.0.0.1:${proxyPort}` } });
    proxy.setUpstream("127.0.0.1", kafka.port);
    timings.startMs = performance.now() - t0;
  }, 120_000);

  afterAll(async () => {
    await proxy.close();
    await kafka?.remove();
    rmSync(captureDir, { recursive: true, force: true });
    console.log(`[kafka-harness] timings (ms): ${JSON.stringify(Object.fromEntries(
      Object.entries(timings).map(([k, v]) => [k, Math.round(v)])))}`);
  }, 120_000);

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
    proxy.startSession(captureDir);
    await produceConsole(kafka.bootstrap, "harness", records, { "linger.ms": 50, "compression.type": "lz4" });
    const captured = proxy.endSession();
    timings.produceMs = performance.now() - t;
    // The producer reached the broker through the proxy (advertised listener) and was recorded.
    const produce = captured.find((e) => e.dir === "req" && e.apiName === "Produce");
    expect(produce?.clientId).toStartWith("console-producer");
    expect(captured.some((e) => e.dir === "res" && e.apiName === "Produce" && e.correlationId === produce?.correlationId)).toBe(true);
    expect(existsSync(join(captureDir, produce?.file ?? "missing"))).toBe(true);

    t = performance.now();
    const { lines } = await consumeConsole(kafka.bootstrap, "harness", 10, { printKey: true });
    timings.consumeMs = performance.now() - t;
    expect(lines).toEqual(records.map((r) => `${r.key}\t${r.value}`));
  }, 90_000);

  test("ProducerPerformance runs against the broker", async () => {
    const t = performance.now();
    const r = await runKafkaClass(KAFKA_MAIN.producerPerf, ["--topic", "perf", "--num-records", "2000",
      "--record-size", "100", "--throughput", "-1", "--producer-props", `bootstrap.servers=${kafka.bootstrap}`]);
    timings.producerPerfMs = performance.now() - t;
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/2000 records sent/);
  }, 60_000);

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

  test("a second broker started on the same log dir serves the data again", async () => {
    const t = performance.now();
    const again = await startKafka({ logDir: kafka.logDir });
    try {
      timings.restartMs = performance.now() - t;
      expect(again.clusterId).toBe(kafka.clusterId);
      const { lines } = await consumeConsole(again.bootstrap, "harness", 10);
      expect(lines).toEqual(Array.from({ length: 10 }, (_, i) => `value-${i}`));
    } finally {
      await again.remove();
    }
  }, 90_000);
});

/** Kafka's batch attribute codec ids. */
const CODEC_IDS: Record<string, number> = { none: 0, gzip: 1, snappy: 2, lz4: 3, zstd: 4 };

/**
 * Finds the record batch of 3 records that a client built, inside a Produce request, by its header
 * shape (base offset 0, magic 2, last offset delta 2, record count 3) rather than by decoding the
 * request (the protocol codecs are tested elsewhere against these same fixtures).
 */
function findClientBatch(frame: Uint8Array): { attributes: number; records: Uint8Array } | null {
  const view = new DataView(frame.buffer, frame.byteOffset, frame.length);
  for (let p = 4; p + 61 <= frame.length; p++) {
    if (view.getBigInt64(p) !== 0n || view.getInt8(p + 16) !== 2) continue;
    const batchLength = view.getInt32(p + 8);
    if (batchLength < 49 || p + 12 + batchLength > frame.length) continue;
    if (view.getInt32(p + 23) !== 2 || view.getInt32(p + 57) !== 3) continue;
    return { attributes: view.getInt16(p + 21), records: frame.subarray(p + 61, p + 12 + batchLength) };
  }
  return null;
}

describe("committed wire captures (test/fixtures/captures)", () => {
  const sessions = listCaptureSessions();

  test("every client and session is present and every frame matches its index", () => {
    const clients = new Set(sessions.map((s) => s.client));
    expect([...clients].sort()).toEqual(["java", "kafka-python", "kafkajs", "kcat"]);
    for (const { client, session } of sessions) {
      const frames = readCapture(client, session); // checks sizes and prefixes
      expect(frames.length).toBeGreaterThan(0);
      for (const f of frames) {
        if (f.dir === "req") {
          const h = readRequestHeader(f.frame);
          expect([h.apiKey, h.apiVersion, h.correlationId, h.clientId]).toEqual([f.apiKey, f.apiVersion, f.correlationId, f.clientId ?? null]);
        } else {
          expect(readResponseCorrelationId(f.frame)).toBe(f.correlationId);
        }
      }
    }
  });

  test("kcat, kafka-python and Java ApiVersions requests carry client software names", () => {
    const expected: [string, string][] = [["kcat", "librdkafka"], ["kafka-python", "kafka-python"], ["java", "apache-kafka-java"]];
    for (const [client, software] of expected) {
      const session = sessions.find((s) => s.client === client && s.session.startsWith("produce-"));
      const av = readCapture(client, session!.session).find((f) => f.dir === "req" && f.apiName === "ApiVersions");
      expect(av!.apiVersion).toBeGreaterThanOrEqual(3);
      expect(new TextDecoder().decode(av!.frame)).toContain(software);
    }
  });

  test("each produce-<codec> session holds one client-built batch compressed with that codec", () => {
    const produceSessions = sessions.filter((s) => s.session.startsWith("produce-"));
    expect(produceSessions.length).toBe(16);
    for (const { client, session } of produceSessions) {
      const codec = session.slice("produce-".length);
      const req = readCapture(client, session).find((f) => f.dir === "req" && f.apiName === "Produce");
      const batch = findClientBatch(req!.frame);
      expect(batch, `${client}/${session}`).not.toBeNull();
      expect(batch!.attributes & 7, `${client}/${session}`).toBe(CODEC_IDS[codec]);
      // Bun decodes gzip and zstd itself: the records inside name the client's keys.
      const records = new Uint8Array(batch!.records);
      const plain = codec === "gzip" ? Bun.gunzipSync(records) : codec === "zstd" ? Bun.zstdDecompressSync(records)
        : codec === "none" ? records : null;
      if (plain) expect(new TextDecoder().decode(plain)).toContain(`-${codec}-k2`);
    }
  });
});
