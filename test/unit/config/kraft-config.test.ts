// KRaft config validation against the texts Apache Kafka 4.4.0 printed for the same bad
// server.properties (kafka.Kafka started on each, 2026-12 run; log.dirs set, nothing else). Each row:
// name, properties, Kafka's exception class, Kafka's message ("Exiting Kafka due to fatal exception").

import { expect, test } from "bun:test";
import { KafkaConfigException, parseVoters, validateKRaftConfig } from "../../../src/config/kraft-config.ts";
import { SINGLE_NODE_DEFAULTS } from "../../../src/cli/server-command.ts";

const KAFKA_4_4_0: Array<[string, Record<string, string>, string, string]> = [
  ["advnotin", {"process.roles": "broker", "node.id": "2", "controller.quorum.voters": "1@127.0.0.1:19093", "listeners": "PLAINTEXT://127.0.0.1:19092", "advertised.listeners": "EXTERNAL://x:1", "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,EXTERNAL:PLAINTEXT,CONTROLLER:PLAINTEXT", "controller.listener.names": "CONTROLLER"}, "IllegalArgumentException", "requirement failed: inter.broker.listener.name must be a listener name defined in advertised.listeners. The valid options based on currently configured listeners are EXTERNAL"],
  ["advzero", {"process.roles": "broker", "node.id": "2", "controller.quorum.voters": "1@127.0.0.1:19093", "listeners": "PLAINTEXT://0.0.0.0:19092", "controller.listener.names": "CONTROLLER"}, "IllegalArgumentException", "requirement failed: advertised.listeners cannot use the nonroutable meta-address 0.0.0.0. Use a routable IP address."],
  ["badrole", {"process.roles": "broker,foo", "node.id": "1", "controller.quorum.voters": "1@127.0.0.1:19093"}, "ConfigException", "Invalid value foo for configuration process.roles: String must be one of: broker, controller"],
  ["badvoters", {"process.roles": "broker", "node.id": "2", "controller.quorum.voters": "1@127.0.0.1", "listeners": "PLAINTEXT://127.0.0.1:19092", "controller.listener.names": "CONTROLLER"}, "ConfigException", "Failed to parse host name from entry 1@127.0.0.1 for the configuration controller.quorum.voters. Each entry should be in the form `{id}@{host}:{port}`."],
  ["badvoters2", {"process.roles": "broker", "node.id": "2", "controller.quorum.voters": "x@127.0.0.1:9093", "listeners": "PLAINTEXT://127.0.0.1:19092", "controller.listener.names": "CONTROLLER"}, "ConfigException", "Failed to parse voter ID as an integer from x"],
  ["badvoters3", {"process.roles": "broker", "node.id": "2", "controller.quorum.voters": "1@127.0.0.1:abc", "listeners": "PLAINTEXT://127.0.0.1:19092", "controller.listener.names": "CONTROLLER"}, "ConfigException", "Failed to parse host name from entry 1@127.0.0.1:abc for the configuration controller.quorum.voters. Each entry should be in the form `{id}@{host}:{port}`."],
  ["bootstrap", {"process.roles": "broker", "node.id": "2", "controller.quorum.bootstrap.servers": "127.0.0.1", "listeners": "PLAINTEXT://127.0.0.1:19092", "controller.listener.names": "CONTROLLER"}, "ConfigException", "Failed to parse host name from 127.0.0.1 for the configuration controller.quorum.bootstrap.servers. Each entry should be in the form \"{host}:{port}\""],
  ["brokerclnin", {"process.roles": "broker", "node.id": "2", "controller.quorum.voters": "1@127.0.0.1:19093", "listeners": "PLAINTEXT://127.0.0.1:19092,CONTROLLER://127.0.0.1:19093", "controller.listener.names": "CONTROLLER", "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT"}, "IllegalArgumentException", "requirement failed: controller.listener.names must not contain a value appearing in the 'listeners' configuration when running KRaft with just the broker role"],
  ["brokerclnmap", {"process.roles": "broker", "node.id": "2", "controller.quorum.voters": "1@127.0.0.1:19093", "listeners": "PLAINTEXT://127.0.0.1:19092", "controller.listener.names": "CTL", "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT"}, "ConfigException", "Controller listener with name CTL defined in controller.listener.names not found in listener.security.protocol.map  (an explicit security mapping for each controller listener is required if listener.security.protocol.map is non-empty, or if there are security protocols other than PLAINTEXT in use)"],
  ["brokernocln", {"process.roles": "broker", "node.id": "2", "controller.quorum.voters": "1@127.0.0.1:19093", "listeners": "PLAINTEXT://127.0.0.1:19092"}, "ConfigException", "Missing required configuration \"controller.listener.names\" which has no default value."],
  ["brokervoter", {"process.roles": "broker", "node.id": "1", "controller.quorum.voters": "1@127.0.0.1:19093", "listeners": "PLAINTEXT://127.0.0.1:19092", "controller.listener.names": "CONTROLLER"}, "IllegalArgumentException", "requirement failed: If process.roles contains just the 'broker' role, the node id 1 must not be included in the set of voters controller.quorum.voters=Set(1)"],
  ["combnoctl", {"process.roles": "broker,controller", "node.id": "1", "controller.quorum.voters": "1@127.0.0.1:19093", "listeners": "PLAINTEXT://127.0.0.1:19092", "controller.listener.names": "CONTROLLER"}, "IllegalArgumentException", "requirement failed: controller.listener.names must contain at least one value appearing in the 'listeners' configuration when running the KRaft controller role"],
  ["combnotvoter", {"process.roles": "broker,controller", "node.id": "3", "controller.quorum.voters": "1@127.0.0.1:19093", "listeners": "PLAINTEXT://127.0.0.1:19092,CONTROLLER://127.0.0.1:19093", "controller.listener.names": "CONTROLLER"}, "IllegalArgumentException", "requirement failed: If process.roles contains the 'controller' role, the node id 3 must be included in the set of voters controller.quorum.voters=Set(1)"],
  ["combonlyctl", {"process.roles": "broker,controller", "node.id": "1", "controller.quorum.voters": "1@127.0.0.1:19093", "listeners": "CONTROLLER://127.0.0.1:19093", "controller.listener.names": "CONTROLLER"}, "IllegalArgumentException", "requirement failed: There must be at least one broker advertised listener. Perhaps all listeners appear in controller.listener.names?"],
  ["ctlclnmissing", {"process.roles": "controller", "node.id": "1", "controller.quorum.voters": "1@127.0.0.1:19093", "listeners": "CONTROLLER://127.0.0.1:19093", "controller.listener.names": "CONTROLLER,OTHER"}, "IllegalArgumentException", "requirement failed: controller.listener.names must only contain values appearing in the 'listeners' configuration when running the KRaft controller role"],
  ["ctlextra", {"process.roles": "controller", "node.id": "1", "controller.quorum.voters": "1@127.0.0.1:19093", "listeners": "CONTROLLER://127.0.0.1:19093,PLAINTEXT://127.0.0.1:19092", "controller.listener.names": "CONTROLLER"}, "IllegalArgumentException", "requirement failed: The listeners config must only contain KRaft controller listeners from controller.listener.names when process.roles=controller"],
  ["ctlnocln", {"process.roles": "controller", "node.id": "1", "controller.quorum.voters": "1@127.0.0.1:19093", "listeners": "CONTROLLER://127.0.0.1:19093"}, "ConfigException", "Missing required configuration \"controller.listener.names\" which has no default value."],
  ["ctlnotvoter", {"process.roles": "controller", "node.id": "3", "controller.quorum.voters": "1@127.0.0.1:19093", "listeners": "CONTROLLER://127.0.0.1:19093", "controller.listener.names": "CONTROLLER"}, "IllegalArgumentException", "requirement failed: If process.roles contains the 'controller' role, the node id 3 must be included in the set of voters controller.quorum.voters=Set(1)"],
  ["negnode", {"process.roles": "broker", "node.id": "-1", "controller.quorum.voters": "1@127.0.0.1:19093", "listeners": "PLAINTEXT://127.0.0.1:19092", "controller.listener.names": "CONTROLLER"}, "ConfigException", "Invalid value -1 for configuration node.id: Value must be at least 0"],
  ["nonode", {"process.roles": "broker", "controller.quorum.voters": "1@127.0.0.1:19093", "listeners": "PLAINTEXT://127.0.0.1:19092", "controller.listener.names": "CONTROLLER"}, "ConfigException", "Missing required configuration \"node.id\" which has no default value."],
  ["noroles", {"node.id": "1", "listeners": "PLAINTEXT://127.0.0.1:19092", "controller.quorum.voters": "1@127.0.0.1:19093"}, "ConfigException", "Missing required configuration \"process.roles\" which has no default value."],
  ["novoters", {"process.roles": "broker", "node.id": "2", "listeners": "PLAINTEXT://127.0.0.1:19092", "controller.listener.names": "CONTROLLER"}, "ConfigException", "If using process.roles, either controller.quorum.bootstrap.servers must contain the set of bootstrap controllers or controller.quorum.voters must contain a parseable set of controllers."],
];

for (const [name, props, exception, message] of KAFKA_4_4_0) {
  test(`${name}: ${message.slice(0, 70)}`, () => {
    let err: unknown = null;
    try {
      validateKRaftConfig(new Map(Object.entries(props)));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(KafkaConfigException);
    expect((err as KafkaConfigException).message).toBe(message);
    expect((err as KafkaConfigException).kafkaException).toBe(exception as "ConfigException");
  });
}

test("Strand's single-node defaults, and the usual broker-only / controller-only layouts, pass", () => {
  const single = validateKRaftConfig(new Map(SINGLE_NODE_DEFAULTS));
  expect([...single.roles]).toEqual(["broker", "controller"]);
  expect(single.voters).toEqual([{ id: 1, host: "localhost", port: 9093 }]);
  const broker = validateKRaftConfig(new Map(Object.entries({ "process.roles": "broker", "node.id": "2", "controller.quorum.voters": "1@127.0.0.1:19093", listeners: "PLAINTEXT://127.0.0.1:19092", "controller.listener.names": "CONTROLLER" })));
  expect(broker.nodeId).toBe(2);
  const ctl = validateKRaftConfig(new Map(Object.entries({ "process.roles": "controller", "node.id": "1", "controller.quorum.bootstrap.servers": "127.0.0.1:19093", listeners: "CONTROLLER://127.0.0.1:19093", "controller.listener.names": "CONTROLLER" })));
  expect(ctl.bootstrapServers).toEqual([{ host: "127.0.0.1", port: 19093 }]);
});

test("controller.quorum.voters parsing: ids, hosts (IPv6 in brackets), ports", () => {
  expect(parseVoters("1@a:1, 2@[::1]:2,3@h.example.com:9093")).toEqual([
    { id: 1, host: "a", port: 1 },
    { id: 2, host: "::1", port: 2 },
    { id: 3, host: "h.example.com", port: 9093 },
  ]);
  expect(() => parseVoters("1a:1")).toThrow("Invalid configuration value for controller.quorum.voters. Each entry should be in the form `{id}@{host}:{port}`.");
  expect(() => parseVoters("1@0.0.0.0:9093")).toThrow("Host string (0.0.0.0) is not routeable");
});
