// Issue 19 item 3 (KIP-714): a Java kafka-clients 4.4.0 producer with its defaults
// (enable.metrics.push=true) produces while a client-metrics subscription (interval 1 s, every client)
// exists; Strand answers its GetTelemetrySubscriptions, receives its pushes and keeps them: the log
// shows the client instance, its software, the bytes and the decoded OTLP metric names, all under the
// subscribed prefix. (The terminating push on close is covered over the raw protocol in
// client-metrics.test.ts: whether the Java producer sends one on close depends on its telemetry
// state at that moment, so it is not asserted here.)
//
// Strand only: Kafka 4.4.0 advertises GetTelemetrySubscriptions/PushTelemetry only when a
// ClientTelemetryReceiver plugin is configured, so against a stock Kafka the Java client never pushes
// (the raw-protocol answers are compared with Kafka in client-metrics.test.ts).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ensureJavaClient, KAFKA_CLIENTS_VERSION } from "../support/clients/java.ts";
import type { JavaClient } from "../support/clients/java.ts";
import { probeInstall } from "../support/clients/cache.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { waitForOutput } from "../support/output.ts";
import { startStrand } from "../support/strand.ts";
import type { StrandHandle } from "../support/strand.ts";
import { collect, eventOf } from "./driver-output.ts";
import { freshT0 } from "./spec.ts";
import { createTopics } from "./topics.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const java = await probeInstall("kafka-clients", ensureJavaClient);

describe.skipIf(!java.ok)(`Java kafka-clients ${KAFKA_CLIENTS_VERSION} telemetry pushes to Strand`, () => {
  let strand: StrandHandle;
  let client: JavaClient;

  beforeAll(async () => {
    if (!java.ok) return;
    client = java.value;
    strand = await startStrand({ env: { STRAND_LOG_LEVEL: "debug" }, overrides: { "offsets.topic.num.partitions": 1 } });
  }, 120_000);

  afterAll(async () => {
    await strand?.stop();
  }, 120_000);

  test("a producer with a subscription pushes its metrics; Strand keeps and logs them", async () => {
    const c = await KafkaTestClient.connect(strand.port);
    try {
      const set = (await c.request(44, 1, {
        resources: [{ resourceType: 16, resourceName: "producers", configs: [
          { name: "metrics", configOperation: 0, value: "org.apache.kafka.producer." },
          { name: "interval.ms", configOperation: 0, value: "1000" },
          { name: "match", configOperation: 0, value: "client_id=strand-interop-java-.*,client_software_name=apache-kafka-java" },
        ] }],
        validateOnly: false,
      })) as Any;
      expect(set.responses[0].errorCode).toBe(0);
    } finally {
      c.close();
    }
    const topic = "telemetry-java";
    await createTopics(strand.port, [{ name: topic, partitions: 1 }]);
    // About 5 s of producing at 300 records/s: several 1 s push intervals, then close (a terminating push).
    const args = ["produce", "--bootstrap", strand.bootstrap, "--topic", topic, "--partitions", "1", "--count", "1500", "--t0", `${freshT0()}`, "--rate", "300"];
    const produced = eventOf(await collect("java produce", client.spawn(args), { timeoutMs: 60_000 }), "produced");
    expect(produced.errors).toEqual([]);
    expect(produced.acked).toBe(1500);

    // The broker's log is read asynchronously: wait for a push's line.
    await waitForOutput(strand, / DEBUG client telemetry received .*metricCount=[1-9]/);
    const lines = strand.output().split("\n");
    const first = lines.filter((l) => l.includes("client telemetry received from a new client instance"));
    expect(first.length).toBeGreaterThanOrEqual(1);
    expect(first[0]).toContain("clientId=strand-interop-java-producer");
    expect(first[0]).toContain("software=apache-kafka-java/4.4.0");
    const received = lines.filter((l) => / DEBUG client telemetry received /.test(l));
    expect(received.length).toBeGreaterThanOrEqual(1);
    const instance = /clientInstanceId=(\S+)/.exec(received[0]!)![1]!;
    expect(received.every((l) => l.includes(`clientInstanceId=${instance}`))).toBe(true);
    const withMetrics = received.find((l) => /metricCount=[1-9]/.test(l));
    expect(withMetrics).toBeDefined();
    const names = /metrics="?([^"]*)"?$/.exec(withMetrics!)![1]!.split(",").map((p) => p.split("=")[0]!);
    expect(names.length).toBeGreaterThan(0);
    // Only what was subscribed: the Java client filters by prefix before pushing.
    expect(names.every((n) => n.startsWith("org.apache.kafka.producer."))).toBe(true);
    expect(names).toContain("org.apache.kafka.producer.record.send.rate");
  }, 120_000);
});
