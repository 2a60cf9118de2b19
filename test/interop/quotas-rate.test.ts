// Issue 16 point 3: client quotas hold real clients to their rate, as Kafka does. Kafka's own
// ProducerPerformance and ConsumerPerformance (Java clients) run side by side against the broker under
// test, one with a quota'd client.id and one without:
//   - producer_byte_rate: the quota'd producer's rate, from the partition's size on the broker
//     (DescribeLogDirs sampled every 250 ms; the slope over its steady part), is within ±10% of the
//     quota, while the unquota'd producer goes well past it;
//   - consumer_byte_rate: the same for two consumers reading one pre-filled topic, from the consumers'
//     own per-second progress lines (cumulative bytes with a timestamp).
// The steady part starts 2.5 s after the first byte: the Rate lets a first burst of (samples - 1)
// windows through and then throttles it back, so the windows here are short (quota.window.num=2,
// quota.window.size.seconds=1) to keep the run near 10 s. Written once for both targets
// (STRAND_INTEROP_TARGET=kafka runs it against Kafka 4.4.0 with the same assertions).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { KAFKA_MAIN, probeKafkaDist, runKafkaClass } from "../support/kafka-dist.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { interopTarget } from "./targets.ts";
import { createTopics } from "./topics.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const dist = await probeKafkaDist();
/**
 * Half a MiB a second: well below what the Java clients do on a busy shared machine (the assertion
 * needs the quota'd client able to go faster than its quota, since a quota is only a ceiling).
 */
const QUOTA_BYTES_PER_SEC = 512 * 1024;
const RECORD_BYTES = 1000;
/** About 10 s at the quota. */
const QUOTAD_RECORDS = 5_500;
const STEADY_AFTER_MS = 2500;

describe.skipIf(!dist.ok)(`client quota rates vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let admin: KafkaTestClient;
  let work: string;

  beforeAll(async () => {
    target = await startTarget({
      overrides: { "offsets.topic.num.partitions": 1, "quota.window.num": 2, "quota.window.size.seconds": 1, "group.initial.rebalance.delay.ms": 0 },
    });
    await createTopics(target.port, [
      { name: "q-prod-slow", partitions: 1 },
      { name: "q-prod-fast", partitions: 1 },
      { name: "q-cons", partitions: 1 },
    ]);
    admin = await KafkaTestClient.connect(target.port);
    const r = await admin.request<Any>(49, 1, {
      entries: [
        { entity: [{ entityType: "client-id", entityName: "slow-producer" }], ops: [{ key: "producer_byte_rate", value: QUOTA_BYTES_PER_SEC, remove: false }] },
        { entity: [{ entityType: "client-id", entityName: "slow-consumer" }], ops: [{ key: "consumer_byte_rate", value: QUOTA_BYTES_PER_SEC, remove: false }] },
      ],
      validateOnly: false,
    });
    expect(r.entries.map((e: Any) => e.errorCode)).toEqual([0, 0]);
    work = mkdtempSync(join(tmpdir(), "strand-quota-rate-"));
  }, 180_000);

  afterAll(async () => {
    admin?.close();
    await target?.remove();
    if (work) rmSync(work, { recursive: true, force: true });
  }, 120_000);

  async function partitionSize(topic: string): Promise<number> {
    const r = await admin.request<Any>(35, 4, { topics: [{ topic, partitions: [0] }] });
    for (const d of r.results) for (const t of d.topics) if (t.name === topic) return Number(t.partitions[0].partitionSize);
    return 0;
  }

  /** Full 16 KiB batches (linger.ms=50): the log's bytes then differ from the requests' by under 1%. */
  function produce(topic: string, clientId: string, records: number) {
    return runKafkaClass(
      KAFKA_MAIN.producerPerf,
      ["--topic", topic, "--num-records", String(records), "--record-size", String(RECORD_BYTES), "--throughput", "-1",
        "--producer-props", `bootstrap.servers=${target.bootstrap}`, `client.id=${clientId}`, "acks=1", "linger.ms=50"],
      { timeoutMs: 120_000 },
    );
  }

  /**
   * Bytes per second over the steady part: from STEADY_AFTER_MS after the first byte to the last sample
   * before the end, as the least-squares slope of bytes over time. A throttled client's bytes follow a
   * sawtooth around the quota line (up to one quota window ahead or behind), so a slope through every
   * sample is steadier than the difference of two samples.
   */
  function steadyRate(samples: ReadonlyArray<{ atMs: number; bytes: number }>): number {
    const final = samples[samples.length - 1]!.bytes;
    const first = samples.find((s) => s.bytes > 0);
    if (!first) throw new Error("no bytes seen");
    const span = samples.filter((s) => s.atMs >= first.atMs + STEADY_AFTER_MS && s.bytes < final);
    if (span.length < 4 || span[span.length - 1]!.atMs - span[0]!.atMs < 3000) throw new Error(`too short a steady span: ${JSON.stringify({ first, span, final })}`);
    const n = span.length;
    const mt = span.reduce((a, s) => a + s.atMs, 0) / n;
    const mb = span.reduce((a, s) => a + s.bytes, 0) / n;
    let num = 0;
    let den = 0;
    for (const s of span) {
      num += (s.atMs - mt) * (s.bytes - mb);
      den += (s.atMs - mt) ** 2;
    }
    return (num / den) * 1000;
  }

  test("producer_byte_rate holds the quota'd producer to ±10% of its quota; the other is not held", async () => {
    const slow = { samples: [] as Array<{ atMs: number; bytes: number }>, done: false };
    const fast = { samples: [] as Array<{ atMs: number; bytes: number }>, done: false };
    const runs = [produce("q-prod-slow", "slow-producer", QUOTAD_RECORDS).finally(() => (slow.done = true)), produce("q-prod-fast", "fast-producer", QUOTAD_RECORDS * 4).finally(() => (fast.done = true))];
    // Bounded: the producers end (or time out) within 120 s.
    while (!slow.done || !fast.done) {
      const atMs = performance.now();
      const [s, f] = await Promise.all([partitionSize("q-prod-slow"), partitionSize("q-prod-fast")]);
      slow.samples.push({ atMs, bytes: s });
      fast.samples.push({ atMs, bytes: f });
      await Bun.sleep(250);
    }
    const results = await Promise.all(runs);
    for (const r of results) expect(r.exitCode).toBe(0);
    for (const [p, topic] of [[slow, "q-prod-slow"], [fast, "q-prod-fast"]] as const) p.samples.push({ atMs: performance.now(), bytes: await partitionSize(topic) });
    const slowRate = steadyRate(slow.samples);
    const fastBytes = fast.samples[fast.samples.length - 1]!.bytes;
    const fastFirst = fast.samples.find((s) => s.bytes > 0)!;
    const fastLast = fast.samples.find((s) => s.bytes === fastBytes)!;
    const fastRate = fastBytes / (Math.max(250, fastLast.atMs - fastFirst.atMs + 250) / 1000);
    console.log(`[${interopTarget()}] producer rates: quota'd ${(slowRate / 1024).toFixed(0)} KiB/s (quota ${QUOTA_BYTES_PER_SEC / 1024}), unquota'd ${(fastRate / 1024).toFixed(0)} KiB/s`);
    expect(slowRate).toBeGreaterThan(QUOTA_BYTES_PER_SEC * 0.9);
    expect(slowRate).toBeLessThan(QUOTA_BYTES_PER_SEC * 1.1);
    expect(fastRate).toBeGreaterThan(QUOTA_BYTES_PER_SEC * 2);
  }, 150_000);

  /** ConsumerPerformance's per-second lines: (time, cumulative bytes). */
  function progress(stdout: string): Array<{ atMs: number; bytes: number }> {
    const out: Array<{ atMs: number; bytes: number }> = [];
    for (const line of stdout.split("\n")) {
      const m = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d):(\d{3}), \d+, ([\d.]+),/.exec(line.trim());
      if (!m) continue;
      // The JVM prints local time, as Date reads it here (one machine, one clock).
      const atMs = new Date(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, +m[7]!).getTime();
      out.push({ atMs, bytes: Number(m[8]) * 1024 * 1024 });
    }
    return out;
  }

  test("consumer_byte_rate holds the quota'd consumer to ±10% of its quota; the other is not held", async () => {
    const fill = await produce("q-cons", "filler", QUOTAD_RECORDS);
    expect(fill.exitCode).toBe(0);
    const consume = (clientId: string) => {
      const props = join(work, `${clientId}.properties`);
      writeFileSync(props, `client.id=${clientId}\n`);
      return runKafkaClass(
        KAFKA_MAIN.consumerPerf,
        ["--bootstrap-server", target.bootstrap, "--topic", "q-cons", "--num-records", String(QUOTAD_RECORDS), "--group", `g-${clientId}`,
          "--command-config", props,
          // Fetches of 64 KiB (max.partition.fetch.bytes), so throttling is fine-grained: a 1 MiB fetch is more than a quota window.
          "--fetch-size", "65536", "--show-detailed-stats", "--reporting-interval", "500", "--timeout", "60000"],
        { timeoutMs: 120_000 },
      );
    };
    let fastExitMs = 0;
    const fastSpawnMs = Date.now();
    const [slow, fast] = await Promise.all([consume("slow-consumer"), consume("fast-consumer").finally(() => (fastExitMs = Date.now()))]);
    expect(slow.exitCode).toBe(0);
    expect(fast.exitCode).toBe(0);
    if (process.env.QUOTA_RATE_PRINT) console.log(slow.stdout, fast.stdout);
    const slowRate = steadyRate(progress(slow.stdout));
    const fastLines = progress(fast.stdout);
    const total = QUOTAD_RECORDS * RECORD_BYTES;
    // The unquota'd consumer: everything read, from its first record to its exit in far less time than
    // the quota allows (its last progress line may come before the end: it prints at most every 500 ms).
    // A consumer that read everything before its first 500 ms report prints no progress line: then the
    // span runs from its spawn (JVM start included), longer, so the check is only stricter.
    const fastSpanMs = fastExitMs - (fastLines[0]?.atMs ?? fastSpawnMs);
    console.log(`[${interopTarget()}] consumer rates: quota'd ${(slowRate / 1024).toFixed(0)} KiB/s (quota ${QUOTA_BYTES_PER_SEC / 1024}); unquota'd read ${total} bytes in ${fastSpanMs} ms`);
    expect(slowRate).toBeGreaterThan(QUOTA_BYTES_PER_SEC * 0.9);
    expect(slowRate).toBeLessThan(QUOTA_BYTES_PER_SEC * 1.1);
    expect(fastSpanMs).toBeLessThan(((total / QUOTA_BYTES_PER_SEC) * 1000) / 2);
  }, 150_000);
});
