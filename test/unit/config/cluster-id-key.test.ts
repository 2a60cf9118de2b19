// cluster.id is Strand's start-up key (the id to format an empty log dir with; Kafka takes it from
// kafka-storage format instead): accepted, but not listed by DescribeConfigs, whose broker listing
// consoles compare with Kafka's (test/interop/console-calls.test.ts found it there).
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

test("cluster.id is accepted at start-up", () => {
  const c = BrokerConfig.from(new Map(), [...base, ["cluster.id", "MkU3OEVBNTcwNTJENDM2Qk"]]);
  expect(c.string("cluster.id")).toBe("MkU3OEVBNTcwNTJENDM2Qk");
  expect(c.warnings).toEqual([]);
});

test("DescribeConfigs does not list cluster.id, given or not, as Kafka has no such broker key", () => {
  for (const staticConfig of [new Map<string, string>(), new Map([["cluster.id", "MkU3OEVBNTcwNTJENDM2Qk"]])]) {
    const layers = { staticConfig, dynamicDefault: new Map<string, string>(), dynamicBroker: new Map<string, string>() };
    const all = describeBrokerConfigs(layers, null, { includeSynonyms: true, includeDocumentation: false, perBroker: true });
    expect(all.find((c) => c.name === "cluster.id")).toBeUndefined();
    expect(all.length).toBeGreaterThan(100);
    expect(describeBrokerConfigs(layers, ["cluster.id"], { includeSynonyms: true, includeDocumentation: false, perBroker: true })).toEqual([]);
  }
});
