// producer.id.expiration.ms and Kafka's internal producer.id.expiration.check.interval.ms (issue 10, item 5).
import { expect, test } from "bun:test";
import { BrokerConfig } from "../../../src/config/broker-config.ts";
import { describeBrokerConfigs } from "../../../src/config/describe.ts";

const base: Array<[string, string]> = [
  ["process.roles", "broker,controller"],
  ["node.id", "1"],
  ["controller.listener.names", "CONTROLLER"],
  ["listeners", "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0"],
  ["log.dirs", "/tmp/strand-unused"],
];

test("defaults are Kafka 4.4.0's: one day, checked every ten minutes", () => {
  const c = BrokerConfig.from(new Map(), base);
  expect(c.int("producer.id.expiration.ms")).toBe(86_400_000);
  expect(c.int("producer.id.expiration.check.interval.ms")).toBe(600_000);
  expect(c.warnings).toEqual([]);
});

test("both keys are validated as Kafka does (int, at least 1)", () => {
  const c = BrokerConfig.from(new Map(), [...base, ["producer.id.expiration.ms", "500"], ["producer.id.expiration.check.interval.ms", "100"]]);
  expect(c.int("producer.id.expiration.check.interval.ms")).toBe(100);
  expect(c.warnings).toEqual([]);
  expect(() => BrokerConfig.from(new Map(), [...base, ["producer.id.expiration.check.interval.ms", "0"]])).toThrow(/producer\.id\.expiration\.check\.interval\.ms/);
  expect(() => BrokerConfig.from(new Map(), [...base, ["producer.id.expiration.check.interval.ms", "3000000000"]])).toThrow(/int/);
});

test("the check interval is internal in Kafka: DescribeConfigs does not list it; the expiration is listed as cluster-wide dynamic", () => {
  const layers = { staticConfig: new Map([["producer.id.expiration.check.interval.ms", "100"]]), dynamicDefault: new Map(), dynamicBroker: new Map() };
  const all = describeBrokerConfigs(layers, null, { includeSynonyms: false, includeDocumentation: false, perBroker: true });
  expect(all.find((c) => c.name === "producer.id.expiration.check.interval.ms")).toBeUndefined();
  expect(all.find((c) => c.name === "producer.id.expiration.ms")).toMatchObject({ value: "86400000", readOnly: false });
});
