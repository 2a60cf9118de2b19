// Broker configs against the real broker process: DescribeConfigs (sources, synonyms in Kafka's order,
// read-only flags, sensitive values), Incremental/legacy AlterConfigs of dynamic broker configs written
// to the metadata log and surviving a restart, Kafka's per-resource errors, and DescribeLogDirs.
// Expected answers are those a real Kafka 4.4.0 gave to the same requests (probed by hand).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";

type Entry = { name: string; value: string | null; configSource: number; readOnly: boolean; isSensitive: boolean; configType: number; synonyms: Array<{ name: string; value: string | null; source: number }> };
type DescribeRes = { results: Array<{ errorCode: number; errorMessage: string | null; configs: Entry[] }> };
type AlterRes = { responses: Array<{ errorCode: number; errorMessage: string | null }> };

const dataDir = mkdtempSync(join(tmpdir(), "strand-configs-"));
const overrides = { "log.retention.minutes": "300", "ssl.keystore.password": "secret" };
let broker: StrandHandle;
let c: KafkaTestClient;
beforeAll(async () => {
  broker = await startStrand({ dataDir, overrides });
  c = await KafkaTestClient.connect(broker.port);
}, 120_000);
afterAll(async () => {
  c?.close();
  await broker?.stop();
  removeDataDir(dataDir);
}, 120_000);

const describeBroker = async (name: string, keys: string[] | null, version = 4) =>
  (await c.request(32, version, { resources: [{ resourceType: 4, resourceName: name, configurationKeys: keys }], includeSynonyms: true, includeDocumentation: true })) as DescribeRes;
const incremental = async (resources: unknown[], validateOnly = false) => (await c.request(44, 1, { resources, validateOnly })) as AlterRes;

test("DescribeConfigs of this broker: static, default and sensitive values with Kafka's synonyms", async () => {
  const res = await describeBroker("1", null);
  expect(res.results[0]!.errorCode).toBe(0);
  const all = res.results[0]!.configs;
  expect(all.length).toBeGreaterThanOrEqual(350);
  const by = (n: string) => all.find((e) => e.name === n)!;
  expect(by("log.retention.minutes")).toMatchObject({ value: "300", configSource: 4, readOnly: true, configType: 3 });
  expect(by("log.retention.minutes").synonyms).toEqual([{ name: "log.retention.minutes", value: "300", source: 4 }, { name: "log.retention.hours", value: "168", source: 5 }]);
  expect(by("log.retention.ms")).toMatchObject({ value: null, configSource: 5, readOnly: false, synonyms: [] });
  expect(by("ssl.keystore.password")).toMatchObject({ value: null, isSensitive: true, configType: 9 });
  expect(by("node.id")).toMatchObject({ value: "1", configSource: 4, readOnly: true });
  expect(all.find((e) => e.name === "inter.broker.protocol.version")).toBeUndefined(); // as Kafka 4.4.0
});

test("DescribeConfigs errors as Kafka 4.4.0 gives them", async () => {
  const res = (await c.request(32, 4, {
    resources: [
      { resourceType: 4, resourceName: "7", configurationKeys: null },
      { resourceType: 4, resourceName: "x", configurationKeys: null },
      { resourceType: 2, resourceName: "bad/name", configurationKeys: null },
      { resourceType: 2, resourceName: "nope", configurationKeys: null },
    ],
    includeSynonyms: false,
  })) as DescribeRes;
  expect(res.results.map((r) => [r.errorCode, r.errorMessage])).toEqual([
    [42, "Unexpected broker id, expected 1 or empty string, but received 7"],
    [42, "Broker id must be an integer, but it is: x"],
    [17, "Topic name is invalid: 'bad/name' contains one or more characters other than ASCII alphanumerics, '.', '_' and '-'"],
    [3, ""],
  ]);
});

test("IncrementalAlterConfigs: a cluster default and a per-broker value take effect in DescribeConfigs and survive a restart", async () => {
  const dry = await incremental([{ resourceType: 4, resourceName: "", configs: [{ name: "log.retention.ms", configOperation: 0, value: "77777" }] }], true);
  expect(dry.responses[0]!.errorCode).toBe(0);
  // validate_only wrote nothing: the cluster default holds only what bootstrap wrote, as Kafka 4.4.0's.
  expect((await describeBroker("", null)).results[0]!.configs.map((e) => [e.name, e.value, e.configSource])).toEqual([["min.insync.replicas", "1", 3]]);
  const set = await incremental([
    { resourceType: 4, resourceName: "", configs: [{ name: "log.retention.ms", configOperation: 0, value: "77777" }] },
    { resourceType: 4, resourceName: "1", configs: [{ name: "log.cleaner.threads", configOperation: 0, value: "2" }] },
  ]);
  expect(set.responses.map((r) => r.errorCode)).toEqual([0, 0]);
  const check = async () => {
    const d = await describeBroker("1", ["log.retention.ms", "log.cleaner.threads"]);
    const by = (n: string) => d.results[0]!.configs.find((e) => e.name === n)!;
    expect(by("log.retention.ms")).toMatchObject({ value: "77777", configSource: 3 });
    expect(by("log.retention.ms").synonyms).toEqual([
      { name: "log.retention.ms", value: "77777", source: 3 },
      { name: "log.retention.minutes", value: "300", source: 4 },
      { name: "log.retention.hours", value: "168", source: 5 },
    ]);
    expect(by("log.cleaner.threads")).toMatchObject({ value: "2", configSource: 2 });
    expect(by("log.cleaner.threads").synonyms).toEqual([{ name: "log.cleaner.threads", value: "2", source: 2 }, { name: "log.cleaner.threads", value: "1", source: 5 }]);
    const cluster = await describeBroker("", null);
    expect(cluster.results[0]!.configs.map((e) => [e.name, e.value, e.configSource]).sort()).toEqual([["log.retention.ms", "77777", 3], ["min.insync.replicas", "1", 3]]);
  };
  await check();
  c.close();
  await broker.stop();
  broker = await startStrand({ dataDir, overrides });
  c = await KafkaTestClient.connect(broker.port);
  await check();
  const del = await incremental([{ resourceType: 4, resourceName: "1", configs: [{ name: "log.cleaner.threads", configOperation: 1, value: null }] }]);
  expect(del.responses[0]!.errorCode).toBe(0);
  const after = await describeBroker("1", ["log.cleaner.threads"]);
  expect(after.results[0]!.configs[0]).toMatchObject({ value: "1", configSource: 5 });
}, 60_000);

test("alter errors as Kafka 4.4.0 gives them", async () => {
  const res = await incremental([
    { resourceType: 4, resourceName: "1", configs: [{ name: "log.dirs", configOperation: 0, value: "/x" }] },
    { resourceType: 4, resourceName: "2", configs: [{ name: "log.retention.ms", configOperation: 0, value: "1" }] },
    { resourceType: 99, resourceName: "x", configs: [] },
    { resourceType: 2, resourceName: "nope", configs: [{ name: "retention.ms", configOperation: 0, value: "1" }] },
    { resourceType: 2, resourceName: "t1x", configs: [{ name: "foo", configOperation: 0, value: "1" }] },
    { resourceType: 8, resourceName: "1", configs: [{ name: "root", configOperation: 0, value: "NOPE" }] },
  ]);
  expect(res.responses.map((r) => [r.errorCode, r.errorMessage])).toEqual([
    [42, "Cannot update these configs dynamically: [log.dirs]"],
    [42, "Unexpected broker id, expected 1, but received 2"],
    [42, "Unknown resource type 99"],
    [3, "The topic 'nope' does not exist."],
    [40, "Unknown topic config name: foo"],
    [40, "Cannot set the log level of root to NOPE as it is not a supported log level. Valid log levels are DEBUG, ERROR, FATAL, INFO, TRACE, WARN"],
  ]);
  const legacy = (await c.request(33, 2, { resources: [{ resourceType: 4, resourceName: "1", configs: [{ name: "log.dirs", value: "/x" }] }], validateOnly: false })) as AlterRes;
  expect(legacy.responses[0]).toMatchObject({ errorCode: 42, errorMessage: "Cannot update these configs dynamically: [log.dirs]" });
});

test("DescribeLogDirs reports each log dir with its total and usable bytes (v4+)", async () => {
  const res = (await c.request(35, 4, { topics: null })) as { errorCode: number; results: Array<{ errorCode: number; logDir: string; totalBytes: bigint; usableBytes: bigint; topics: unknown[] }> };
  expect(res.errorCode).toBe(0);
  expect(res.results).toHaveLength(1);
  const r = res.results[0]!;
  expect(r.errorCode).toBe(0);
  expect(r.logDir).toBe(join(dataDir, "logs"));
  expect(r.totalBytes).toBeGreaterThan(0n);
  expect(r.usableBytes).toBeGreaterThan(0n);
  expect(r.usableBytes).toBeLessThanOrEqual(r.totalBytes);
  const v1 = (await c.request(35, 1, { topics: [{ topic: "nope", partitions: [0] }] })) as { results: Array<{ topics: unknown[] }> };
  expect(v1.results[0]!.topics).toEqual([]);
});
