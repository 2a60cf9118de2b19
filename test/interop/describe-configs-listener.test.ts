// DescribeConfigs of this broker lists the listener-prefixed keys it was given (server.properties) and
// set dynamically (IncrementalAlterConfigs on broker "1"), e.g. listener.name.sasl_plaintext.*, as Kafka
// 4.4.0's ConfigHelper does from KafkaConfig.originals: sensitive values (JAAS configs, passwords) null
// with is_sensitive, read-only (Kafka's dynamic key list holds only the unprefixed names), the config
// type of the unprefixed key, the synonyms from the prefixed name on (dynamic, then static, then the
// unprefixed key's default). Same assertions against Strand and (STRAND_INTEROP_TARGET=kafka) Kafka.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { until } from "../support/until.ts";
import { startSaslTarget, type SaslTarget } from "./sasl-target.ts";
import { interopTarget } from "./targets.ts";

type Entry = { name: string; value: string | null; configSource: number; readOnly: boolean; configType: number; isSensitive: boolean; synonyms: Array<{ name: string; value: string | null; source: number }> };

let target: SaslTarget;

beforeAll(async () => {
  target = await startSaslTarget();
}, 240_000);

afterAll(async () => {
  await target?.remove();
}, 120_000);

async function listenerEntries(c: KafkaTestClient, keys: string[] | null = null): Promise<Entry[]> {
  const r = await c.request<{ results: Array<{ errorCode: number; configs: Entry[] }> }>(32, 4, {
    resources: [{ resourceType: 4, resourceName: "1", configurationKeys: keys }],
    includeSynonyms: true,
    includeDocumentation: false,
  });
  expect(r.results[0]!.errorCode).toBe(0);
  const pick = (e: Entry): Entry => ({ name: e.name, value: e.value, configSource: e.configSource, readOnly: e.readOnly, configType: e.configType, isSensitive: e.isSensitive, synonyms: e.synonyms.map((s) => ({ name: s.name, value: s.value, source: s.source })) });
  return r.results[0]!.configs.filter((e) => e.name.startsWith("listener.name.")).map(pick).sort((a, b) => a.name.localeCompare(b.name));
}

const P = "listener.name.sasl_plaintext.";
const STATIC = 4;
const DYNAMIC_BROKER = 2;
const DEFAULT = 5;
const PASSWORD = 9;
const LONG = 5;
const jaas = (mechanism: string, ...sources: number[]): Entry => ({
  name: `${P}${mechanism}.sasl.jaas.config`,
  value: null,
  configSource: sources[0]!,
  readOnly: true,
  configType: PASSWORD,
  isSensitive: true,
  synonyms: sources.map((source) => ({ name: `${P}${mechanism}.sasl.jaas.config`, value: null, source })),
});

describe(`DescribeConfigs listener-prefixed keys vs ${interopTarget()}`, () => {
  test("server.properties' listener.name.* keys, then dynamic ones: sensitive values hidden, Kafka's sources and synonyms", async () => {
    const c = await KafkaTestClient.connect(target.plaintextPort);
    try {
      expect(await listenerEntries(c)).toEqual([jaas("plain", STATIC), jaas("scram-sha-256", STATIC), jaas("scram-sha-512", STATIC)]);
      expect(await listenerEntries(c, [`${P}plain.sasl.jaas.config`])).toEqual([jaas("plain", STATIC)]);
      const alter = await c.request<{ responses: Array<{ errorCode: number }> }>(44, 1, {
        resources: [{ resourceType: 4, resourceName: "1", configs: [
          { name: `${P}plain.sasl.jaas.config`, configOperation: 0, value: 'org.apache.kafka.common.security.plain.PlainLoginModule required username="admin" password="admin-secret" user_admin="admin-secret" user_bob="bob-secret";' },
          { name: `${P}connections.max.reauth.ms`, configOperation: 0, value: "60000" },
        ] }],
        validateOnly: false,
      });
      expect(alter.responses.map((r) => r.errorCode)).toEqual([0]);
      // Kafka applies the change when the record reaches the broker's image: polled, bounded.
      const after = await until("the dynamic listener keys", async () => {
        const e = await listenerEntries(c);
        return e.length === 4 ? e : null;
      }, 30_000, 200);
      expect(after).toEqual([
        {
          name: `${P}connections.max.reauth.ms`,
          value: "60000",
          configSource: DYNAMIC_BROKER,
          readOnly: true,
          configType: LONG,
          isSensitive: false,
          synonyms: [
            { name: `${P}connections.max.reauth.ms`, value: "60000", source: DYNAMIC_BROKER },
            { name: "connections.max.reauth.ms", value: "0", source: DEFAULT },
          ],
        },
        jaas("plain", DYNAMIC_BROKER, STATIC),
        jaas("scram-sha-256", STATIC),
        jaas("scram-sha-512", STATIC),
      ]);
    } finally {
      c.close();
    }
  }, 120_000);
});
