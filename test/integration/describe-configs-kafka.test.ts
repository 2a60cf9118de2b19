// Issue 19 item 2: DescribeConfigs as Kafka 4.4.0 answers it, key by key, for this broker ("1") and a
// topic: read_only (Kafka's DynamicBrokerConfig: advertised.listeners is read-only), config_type (log.dir
// is a LIST), is_sensitive, documentation (Kafka's own text, include_documentation) and the synonyms'
// names and sources in Kafka's order. Values differ (ports, paths) and are not compared; keys either
// broker was given in server.properties are compared for synonyms only where both give them.
// Issue 19 item 1: the cluster-level min.insync.replicas=1 both bootstrap (DYNAMIC_DEFAULT_BROKER_CONFIG)
// is in the broker's, the topic's and the cluster default's (resource name "", --entity-default) answers.
import { afterAll, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { probeKafkaDist, startKafka } from "../support/kafka-dist.ts";
import { startStrand } from "../support/strand.ts";
import { createTopic } from "../unit/produce/wire-helpers.ts";

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
}, 120_000);

interface Entry {
  name: string;
  value: string | null;
  configSource: number;
  readOnly: boolean;
  configType: number;
  isSensitive: boolean;
  documentation: string | null;
  synonyms: Array<{ name: string; source: number }>;
}

async function describe(port: number): Promise<Array<Map<string, Entry>>> {
  const c = await KafkaTestClient.connect(port);
  try {
    await createTopic(c, "described", 1, { "retention.ms": "1000" });
    const r = await c.request<{ results: Array<{ errorCode: number; configs: Entry[] }> }>(32, 4, {
      resources: [
        { resourceType: 4, resourceName: "1", configurationKeys: null },
        { resourceType: 2, resourceName: "described", configurationKeys: null },
        { resourceType: 4, resourceName: "", configurationKeys: null },
      ],
      includeSynonyms: true,
      includeDocumentation: true,
    });
    return r.results.map((res) => {
      expect(res.errorCode).toBe(0);
      return new Map(res.configs.map((e) => [e.name, e]));
    });
  } finally {
    c.close();
  }
}

const STATIC = 4;
const DYNAMIC_DEFAULT_BROKER = 3;

test("DescribeConfigs: read_only, config_type, documentation and synonyms as Kafka 4.4.0", async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  const strand = await startStrand();
  cleanups.push(() => strand.kill());
  const mine = await describe(strand.port);
  const kafka = await startKafka();
  cleanups.push(() => kafka.remove());
  const theirs = await describe(kafka.port);
  // The cluster default lists only what was set dynamically: Kafka's bootstrap min.insync.replicas.
  const defaults = (r: Map<string, Entry>) => [...r.values()].map((e) => [e.name, e.readOnly, e.synonyms.map((x) => [x.name, x.source])]);
  expect(defaults(mine[2]!)).toEqual(defaults(theirs[2]!));
  expect(defaults(mine[2]!)).toEqual([["min.insync.replicas", false, [["min.insync.replicas", DYNAMIC_DEFAULT_BROKER]]]]);
  for (const [i, what] of ["broker", "topic"].entries()) {
    const m = mine[i]!;
    const t = theirs[i]!;
    // Every Kafka key is listed; Strand adds only its own strand.* keys.
    expect([what, [...t.keys()].filter((k) => !m.has(k))]).toEqual([what, []]);
    expect([what, [...m.keys()].filter((k) => !t.has(k) && !k.startsWith("strand."))]).toEqual([what, []]);
    for (const [name, k] of t) {
      const s = m.get(name)!;
      const flags = (e: Entry) => [e.readOnly, e.configType, e.isSensitive, e.documentation];
      expect([what, name, ...flags(s)]).toEqual([what, name, ...flags(k)]);
      const givenEither = [...k.synonyms, ...s.synonyms].some((x) => x.source === STATIC && x.name === name);
      if (givenEither) continue;
      expect([what, name, s.synonyms.map((x) => [x.name, x.source])]).toEqual([what, name, k.synonyms.map((x) => [x.name, x.source])]);
    }
    const minIsr = m.get("min.insync.replicas")!;
    expect([what, minIsr.value, minIsr.configSource, minIsr.synonyms[0]?.name, minIsr.synonyms[0]?.source]).toEqual([what, "1", DYNAMIC_DEFAULT_BROKER, "min.insync.replicas", DYNAMIC_DEFAULT_BROKER]);
    expect([what, t.get("min.insync.replicas")!.configSource]).toEqual([what, DYNAMIC_DEFAULT_BROKER]);
  }
}, 180_000);
