// replication.quota.window.num / .size.seconds (issue 13, throttles): typed as Kafka types them, so a
// bad value stops the start naming the key instead of falling back silently.
import { expect, test } from "bun:test";
import { BrokerConfig } from "../../../src/config/broker-config.ts";

const base: Array<[string, string]> = [
  ["process.roles", "broker,controller"],
  ["node.id", "1"],
  ["controller.listener.names", "CONTROLLER"],
  ["listeners", "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0"],
  ["log.dirs", "/tmp/strand-unused"],
];

test("defaults are Kafka 4.4.0's: 11 samples of 1 s", () => {
  const c = BrokerConfig.from(new Map(), base);
  expect(c.int("replication.quota.window.num")).toBe(11);
  expect(c.int("replication.quota.window.size.seconds")).toBe(1);
  expect(c.warnings).toEqual([]);
});

test("values are validated as Kafka does (int, at least 1), the error naming the key and the value", () => {
  const c = BrokerConfig.from(new Map(), [...base, ["replication.quota.window.num", "5"], ["replication.quota.window.size.seconds", "2"]]);
  expect(c.int("replication.quota.window.num")).toBe(5);
  expect(c.int("replication.quota.window.size.seconds")).toBe(2);
  expect(() => BrokerConfig.from(new Map(), [...base, ["replication.quota.window.num", "0"]])).toThrow(/"0".*replication\.quota\.window\.num.*at least 1/);
  expect(() => BrokerConfig.from(new Map(), [...base, ["replication.quota.window.size.seconds", "one"]])).toThrow(/"one".*replication\.quota\.window\.size\.seconds/);
});
