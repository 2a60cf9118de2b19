// Client-metrics subscriptions are ConfigRecords (resource type 16) in the metadata log: after a clean
// stop and after SIGKILL they are still listed, described, and served to GetTelemetrySubscriptions.
import { afterAll, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let broker: StrandHandle | null = null;
let dataDir: string | null = null;
afterAll(async () => {
  await broker?.stop();
  if (dataDir) removeDataDir(dataDir);
}, 120_000);

async function check(port: number): Promise<void> {
  const c = await KafkaTestClient.connect(port);
  try {
    const l = (await c.request(74, 1, { resourceTypes: [16] })) as Any;
    expect(l.configResources.map((r: Any) => r.resourceName)).toEqual(["sub"]);
    const d = (await c.request(32, 4, { resources: [{ resourceType: 16, resourceName: "sub", configurationKeys: null }], includeSynonyms: false, includeDocumentation: false })) as Any;
    expect(d.results[0].configs.map((e: Any) => [e.name, e.value, e.configSource])).toEqual([["interval.ms", "1000", 7], ["match", "", 5], ["metrics", "org.apache.kafka.", 7]]);
    const g = (await c.request(71, 0, { clientInstanceId: "AAAAAAAAAAAAAAAAAAAAAA" })) as Any;
    expect([g.errorCode, g.requestedMetrics, g.pushIntervalMs]).toEqual([0, ["org.apache.kafka."], 1000]);
  } finally {
    c.close();
  }
}

test("client-metrics resources survive a clean stop and SIGKILL", async () => {
  broker = await startStrand();
  dataDir = broker.dataDir;
  const c = await KafkaTestClient.connect(broker.port);
  const set = (await c.request(44, 1, {
    resources: [{ resourceType: 16, resourceName: "sub", configs: [{ name: "metrics", configOperation: 0, value: "org.apache.kafka." }, { name: "interval.ms", configOperation: 0, value: "1000" }] }],
    validateOnly: false,
  })) as Any;
  c.close();
  expect(set.responses[0].errorCode).toBe(0);
  await check(broker.port);
  expect(await broker.stop()).toBe(0);
  broker = await startStrand({ dataDir });
  await check(broker.port);
  await broker.kill();
  broker = await startStrand({ dataDir });
  await check(broker.port);
}, 60_000);
