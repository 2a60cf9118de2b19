// ApiVersions features (18-api-versions.ts setFeatures) compared with what Kafka 4.4.0 answered on a
// fresh single node: the same order (Kafka iterates HashMaps), v3 without min-0 features, level-0
// features left out of FinalizedFeatures, the epoch from the image's offset.
import { expect, test } from "bun:test";
import { newApiVersionsResponse } from "../../../src/protocol/generated/messages/api-versions-response.ts";
import { setFeatures } from "../../../src/server/api/18-api-versions.ts";
import { javaHashMapCapacity, javaHashMapOrder, javaStringHash } from "../../../src/util/java-hash-order.ts";

test("javaHashMapOrder reproduces the orders Kafka 4.4.0 answered", () => {
  expect(javaStringHash("metadata.version")).toBe(javaStringHash("metadata.version"));
  expect(javaStringHash("")).toBe(0);
  expect(javaStringHash("ab")).toBe(97 * 31 + 98);
  const supported = ["metadata.version", "kraft.version", "transaction.version", "group.version", "eligible.leader.replicas.version", "share.version", "streams.version"];
  expect(javaHashMapOrder(supported, javaHashMapCapacity(0, 7))).toEqual([
    "group.version", "kraft.version", "metadata.version", "share.version", "streams.version", "transaction.version", "eligible.leader.replicas.version",
  ]);
  // Kafka's finalized features of a fresh node (5 copied + metadata.version put) and after two were disabled.
  expect(javaHashMapOrder(["eligible.leader.replicas.version", "group.version", "share.version", "streams.version", "transaction.version", "metadata.version"], javaHashMapCapacity(5, 1))).toEqual([
    "group.version", "streams.version", "transaction.version", "eligible.leader.replicas.version", "share.version", "metadata.version",
  ]);
  expect(javaHashMapOrder(["eligible.leader.replicas.version", "share.version", "streams.version", "metadata.version"], javaHashMapCapacity(3, 1))).toEqual([
    "streams.version", "eligible.leader.replicas.version", "share.version", "metadata.version",
  ]);
  expect(javaHashMapCapacity(0, 13)).toBe(32);
  expect(javaHashMapCapacity(6, 1)).toBe(16);
});

test("v4 lists every supported feature and the finalized ones above 0 with the image's offset as epoch", () => {
  const res = newApiVersionsResponse();
  setFeatures(res, { offset: 14n, features: new Map([["metadata.version", 33], ["transaction.version", 2], ["group.version", 1]]) }, 4);
  expect(res.supportedFeatures).toEqual([
    { name: "group.version", minVersion: 0, maxVersion: 1 },
    { name: "kraft.version", minVersion: 0, maxVersion: 1 },
    { name: "metadata.version", minVersion: 7, maxVersion: 33 },
    { name: "share.version", minVersion: 0, maxVersion: 2 },
    { name: "streams.version", minVersion: 0, maxVersion: 1 },
    { name: "transaction.version", minVersion: 0, maxVersion: 2 },
    { name: "eligible.leader.replicas.version", minVersion: 0, maxVersion: 1 },
  ]);
  expect(res.finalizedFeatures).toEqual([
    { name: "group.version", maxVersionLevel: 1, minVersionLevel: 1 },
    { name: "transaction.version", maxVersionLevel: 2, minVersionLevel: 2 },
    { name: "metadata.version", maxVersionLevel: 33, minVersionLevel: 33 },
  ]);
  expect(res.finalizedFeaturesEpoch).toBe(14n);
  expect(res.zkMigrationReady).toBe(false);
});

test("v3 hides supported features whose minimum is 0 (as Kafka does for pre-KIP-1022 clients)", () => {
  const res = newApiVersionsResponse();
  setFeatures(res, { offset: 3n, features: new Map([["metadata.version", 33]]) }, 3);
  expect(res.supportedFeatures).toEqual([{ name: "metadata.version", minVersion: 7, maxVersion: 33 }]);
  expect(res.finalizedFeatures).toEqual([{ name: "metadata.version", maxVersionLevel: 33, minVersionLevel: 33 }]);
});
