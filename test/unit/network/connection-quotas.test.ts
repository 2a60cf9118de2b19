// Kafka's connection quotas as a state machine: per-address counts, overrides, the broker-wide slot.
import { expect, test } from "bun:test";
import { ConnectionQuotas, normalizeAddress, parsePerIpOverrides } from "../../../src/network/connection-quotas.ts";

test("per-address maximum, with overrides; the broker-wide slot counts every address", () => {
  const q = new ConnectionQuotas({ maxConnections: 3, maxConnectionsPerIp: 2, perIpOverrides: new Map([["10.0.0.9", 0], ["127.0.0.2", 5]]) });
  expect(q.tryInc("127.0.0.1")).toBe(true);
  expect(q.tryInc("::ffff:127.0.0.1")).toBe(true); // the same address, IPv4-mapped
  expect(q.tryInc("127.0.0.1")).toBe(false);
  expect(q.countFor("127.0.0.1")).toBe(2);
  expect(q.tryInc("10.0.0.9")).toBe(false);
  expect(q.hasSlot).toBe(true);
  expect(q.tryInc("127.0.0.2")).toBe(true);
  expect(q.hasSlot).toBe(false);
  expect(q.count).toBe(3);
  q.dec("127.0.0.1");
  expect(q.hasSlot).toBe(true);
  expect(q.tryInc("127.0.0.1")).toBe(true);
  q.dec("127.0.0.2");
  expect(() => q.dec("127.0.0.2")).toThrow("released twice");
});

test("overrides parse as Kafka writes them; bad ones name the pair", () => {
  expect(parsePerIpOverrides("")).toEqual(new Map());
  expect(parsePerIpOverrides("127.0.0.1:5, [::1]:7,::ffff:10.1.2.3:0")).toEqual(new Map([["127.0.0.1", 5], ["::1", 7], ["10.1.2.3", 0]]));
  expect(parsePerIpOverrides("127.0.0.1")).toContain("127.0.0.1 has no count");
  expect(parsePerIpOverrides("127.0.0.1:-1")).toContain("count from 0");
  expect(parsePerIpOverrides("127.0.0.1:x")).toContain("count from 0");
  expect(parsePerIpOverrides("300.0.0.1:1")).toContain("300.0.0.1 is not one");
  expect(normalizeAddress("::FFFF:1.2.3.4")).toBe("1.2.3.4");
});
