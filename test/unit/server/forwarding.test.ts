// The broker's Envelope for a forwarded request: Kafka's principal serialization (DefaultPrincipalData
// prefixed with its version), the client's address as 4 or 16 bytes; and the envelope the controller
// listener decodes back to the same principal.
import { expect, test } from "bun:test";
import { addressBytes, FORWARDED_APIS, principalBytes } from "../../../src/server/forwarding.ts";
import { decodeForwardedPrincipal } from "../../../src/server/controller-api/envelope.ts";

test("the principal round-trips through Kafka's DefaultPrincipalData bytes", () => {
  const bytes = principalBytes({ principalType: "User", name: "ANONYMOUS" });
  expect([...bytes.subarray(0, 2)]).toEqual([0, 0]); // version 0
  expect(decodeForwardedPrincipal(bytes)).toEqual({ principalType: "User", name: "ANONYMOUS" });
});

test("client addresses: IPv4, IPv4-mapped IPv6, IPv6 with ::, loopback when unreadable", () => {
  expect([...addressBytes("127.0.0.1")]).toEqual([127, 0, 0, 1]);
  expect([...addressBytes("::ffff:10.1.2.3")]).toEqual([10, 1, 2, 3]);
  expect([...addressBytes("::1")]).toEqual([...Array(15).fill(0), 1]);
  expect([...addressBytes("fe80::1:2")]).toEqual([0xfe, 0x80, ...Array(10).fill(0), 0, 1, 0, 2]);
  expect(addressBytes("fe80::1:2")).toHaveLength(16);
  expect([...addressBytes("not an address")]).toEqual([127, 0, 0, 1]);
});

test("a broker forwards the controller's admin APIs it serves, reassignments included (Kafka's maybeForwardToController)", () => {
  // DeleteTopics, CreateAcls, DeleteAcls, AlterConfigs, CreatePartitions, ElectLeaders,
  // IncrementalAlterConfigs, AlterPartitionReassignments, ListPartitionReassignments,
  // AlterClientQuotas, AlterUserScramCredentials, UpdateFeatures. CreateTopics (19) goes through the metadata layer instead.
  expect([...FORWARDED_APIS].sort((a, b) => a - b)).toEqual([20, 30, 31, 33, 37, 43, 44, 45, 46, 49, 51, 57]);
});
