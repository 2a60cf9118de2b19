// A dynamic broker key read as it is now (config/broker-layers.ts currentBrokerValue): per-broker
// dynamic value, cluster-wide dynamic default, server.properties, Kafka's default, in Kafka's order.
// transaction.partition.verification.enable is the key the produce and TxnOffsetCommit paths read so.
import { expect, test } from "bun:test";
import { BrokerConfig } from "../../../src/config/broker-config.ts";
import { currentBrokerBool, currentBrokerValue } from "../../../src/config/broker-layers.ts";

const base: Array<[string, string]> = [
  ["process.roles", "broker,controller"],
  ["node.id", "1"],
  ["controller.listener.names", "CONTROLLER"],
  ["listeners", "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0"],
  ["log.dirs", "/tmp/strand-unused"],
];
const KEY = "transaction.partition.verification.enable";

function image(entries: Record<string, Record<string, string>>): { configs: Map<string, Map<string, string>> } {
  return { configs: new Map(Object.entries(entries).map(([k, v]) => [k, new Map(Object.entries(v))])) };
}

test("transaction.partition.verification.enable: default, static, cluster default, per broker", () => {
  const config = BrokerConfig.from(new Map(), base);
  expect(currentBrokerBool({ config, nodeId: 1 }, KEY)).toBe(true);
  expect(currentBrokerBool({ config, nodeId: 1 }, KEY, image({ "broker:": { [KEY]: "false" } }))).toBe(false);
  // The host's own image is read when none is given (a handler's services).
  expect(currentBrokerBool({ config, nodeId: 1, metadata: { image: image({ "broker:": { [KEY]: "false" } }) } }, KEY)).toBe(false);
  // Per broker wins over the cluster default; another broker's value is not this one's.
  expect(currentBrokerBool({ config, nodeId: 1 }, KEY, image({ "broker:": { [KEY]: "false" }, "broker:1": { [KEY]: "true" } }))).toBe(true);
  expect(currentBrokerBool({ config, nodeId: 1 }, KEY, image({ "broker:2": { [KEY]: "false" } }))).toBe(true);
  const off = BrokerConfig.from(new Map(), [...base, [KEY, "false"]]);
  expect(currentBrokerBool({ config: off, nodeId: 1 }, KEY)).toBe(false);
  expect(currentBrokerBool({ config: off, nodeId: 1 }, KEY, image({ "broker:": { [KEY]: "true" } }))).toBe(true);
});

test("a dynamic value that does not parse falls through; an unknown key throws", () => {
  const config = BrokerConfig.from(new Map(), base);
  expect(currentBrokerValue({ config, nodeId: 1 }, KEY, image({ "broker:1": { [KEY]: "maybe" }, "broker:": { [KEY]: "false" } }))).toBe(false);
  expect(() => currentBrokerValue({ config, nodeId: 1 }, "no.such.key")).toThrow(RangeError);
});
