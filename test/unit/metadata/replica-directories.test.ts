// AssignReplicasToDirs planned as Kafka's controller plans it: the broker's entry in Directories
// changes (one PartitionChangeRecord, replayed into the image), an unchanged entry writes nothing, and
// unknown topics, partitions, non-replicas and stale epochs get Kafka's error codes.
import { expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { planCreateTopics, type ControllerEnv } from "../../../src/metadata/controller.ts";
import { planAssignReplicasToDirs } from "../../../src/metadata/replica-directories.ts";
import { ImageBuilder } from "../../../src/metadata/image-builder.ts";
import type { MetadataImage } from "../../../src/metadata/image.ts";
import { decodeMetadataRecord, encodeMetadataRecord, RecordType, type MetadataRecordOut } from "../../../src/metadata/record-serde.ts";
import { registrationRecord } from "../../../src/metadata/registration.ts";
import { BrokerConfig } from "../../../src/config/broker-config.ts";

const UNASSIGNED = "AAAAAAAAAAAAAAAAAAAAAQ";
const DIR_A = "AAAAAAAAAAAAAAAAAAAABA";
const DIR_B = "AAAAAAAAAAAAAAAAAAAABQ";
const TOPIC_ID = "AAAAAAAAAAAAAAAAAAAAdw";
const env: ControllerEnv = { nodeId: 1, defaultPartitions: 2, defaultReplicationFactor: 1, validateTopicConfigs: () => null, newTopicId: () => TOPIC_ID, replicaDirectory: () => UNASSIGNED };
const config = BrokerConfig.from(
  new Map([
    ["process.roles", "broker,controller"],
    ["node.id", "1"],
    ["listeners", "PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:9093"],
    ["controller.listener.names", "CONTROLLER"],
    ["listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT"],
    ["log.dirs", "/tmp/unused"],
  ]),
  [],
);

function apply(image: MetadataImage, records: readonly MetadataRecordOut[]): MetadataImage {
  const b = new ImageBuilder(image.clusterId, image.controllerId, image);
  records.forEach((r, i) => {
    const rec = decodeMetadataRecord(encodeMetadataRecord(r), image.offset + 1n + BigInt(i));
    expect(b.apply(rec.apiKey, rec.message, image.offset + 1n + BigInt(i))).toBe(true);
  });
  return b.build();
}

/** Broker 1 with two log dirs (so new replicas are UNASSIGNED), broker 2 with one; topic t: 2 partitions on [1, 2]. */
function cluster(mv = 33): MetadataImage {
  const reg = (nodeId: number, logDirIds: string[]) =>
    registrationRecord({ nodeId, incarnationId: `AAAAAAAAAAAAAAAAAAAAB${String.fromCharCode(65 + nodeId)}`, brokerEpoch: BigInt(10 + nodeId), endpoints: [{ name: "PLAINTEXT", host: "h", port: nodeId }], config, logDirIds });
  const base = apply(new ImageBuilder("c", 1).build(), [
    { apiKey: RecordType.FEATURE_LEVEL, version: 0, message: { name: "metadata.version", featureLevel: mv } },
    reg(1, [DIR_A, DIR_B]),
    reg(2, ["AAAAAAAAAAAAAAAAAAAACA"]),
  ]);
  const plan = planCreateTopics(base, env, [{ name: "t", numPartitions: -1, replicationFactor: -1, assignments: [{ partitionIndex: 0, brokerIds: [1, 2] }, { partitionIndex: 1, brokerIds: [2, 1] }], configs: [] }]);
  return apply(base, plan.records);
}

const req = (directories: Array<{ id: string; partitions: Array<[string, number]> }>, brokerEpoch = 11n) => ({
  brokerId: 1,
  brokerEpoch,
  directories: directories.map((d) => ({ id: d.id, topics: [...new Set(d.partitions.map(([t]) => t))].map((topicId) => ({ topicId, partitions: d.partitions.filter(([t]) => t === topicId).map(([, partitionIndex]) => ({ partitionIndex })) })) })),
});

test("a replica's directory is recorded; already there, nothing is written", () => {
  let image = cluster();
  expect(image.topicsById.get(TOPIC_ID)!.partitions.map((p) => p.directories)).toEqual([[UNASSIGNED, "AAAAAAAAAAAAAAAAAAAACA"], ["AAAAAAAAAAAAAAAAAAAACA", UNASSIGNED]]);
  const plan = planAssignReplicasToDirs(image, req([{ id: DIR_A, partitions: [[TOPIC_ID, 0]] }, { id: DIR_B, partitions: [[TOPIC_ID, 1]] }]));
  expect(plan.result.errorCode).toBe(0);
  expect(plan.result.directories.map((d) => [d.id, d.topics[0]!.partitions.map((p) => [p.partitionIndex, p.errorCode])])).toEqual([[DIR_A, [[0, 0]]], [DIR_B, [[1, 0]]]]);
  expect(plan.records.map((r) => r.apiKey)).toEqual([RecordType.PARTITION_CHANGE, RecordType.PARTITION_CHANGE]);
  const epochs = image.topicsById.get(TOPIC_ID)!.partitions.map((p) => p.partitionEpoch);
  image = apply(image, plan.records);
  const parts = image.topicsById.get(TOPIC_ID)!.partitions;
  expect(parts.map((p) => p.directories)).toEqual([[DIR_A, "AAAAAAAAAAAAAAAAAAAACA"], ["AAAAAAAAAAAAAAAAAAAACA", DIR_B]]);
  expect(parts.map((p) => p.partitionEpoch)).toEqual(epochs.map((e) => e + 1));
  expect(parts.map((p) => p.leader)).toEqual([1, 2]);
  expect(planAssignReplicasToDirs(image, req([{ id: DIR_A, partitions: [[TOPIC_ID, 0]] }])).records).toEqual([]);
});

test("Kafka's errors: unknown topic, unknown partition, not a replica, stale epoch, old metadata.version", () => {
  const image = cluster();
  const plan = planAssignReplicasToDirs(image, req([{ id: DIR_A, partitions: [["AAAAAAAAAAAAAAAAAAAAeA", 0], [TOPIC_ID, 7]] }]));
  expect(plan.result.directories[0]!.topics.map((t) => t.partitions.map((p) => p.errorCode))).toEqual([[ErrorCode.UNKNOWN_TOPIC_ID], [ErrorCode.UNKNOWN_TOPIC_OR_PARTITION]]);
  expect(plan.records).toEqual([]);
  const second = planAssignReplicasToDirs(image, { ...req([{ id: DIR_A, partitions: [[TOPIC_ID, 0]] }], 12n), brokerId: 2 });
  expect(second.result.errorCode).toBe(0); // broker 2 holds both partitions
  const three = planAssignReplicasToDirs(apply(image, [registrationRecord({ nodeId: 3, incarnationId: "AAAAAAAAAAAAAAAAAAAAD0", brokerEpoch: 13n, endpoints: [{ name: "PLAINTEXT", host: "h", port: 3 }], config, logDirIds: [DIR_A] })]), { ...req([{ id: DIR_A, partitions: [[TOPIC_ID, 0]] }], 13n), brokerId: 3 });
  expect(three.result.directories[0]!.topics[0]!.partitions[0]!.errorCode).toBe(ErrorCode.NOT_LEADER_OR_FOLLOWER);
  expect(planAssignReplicasToDirs(image, req([{ id: DIR_A, partitions: [[TOPIC_ID, 0]] }], 99n)).result.errorCode).toBe(ErrorCode.STALE_BROKER_EPOCH);
  expect(planAssignReplicasToDirs(cluster(16), req([{ id: DIR_A, partitions: [[TOPIC_ID, 0]] }])).result.errorCode).toBe(ErrorCode.UNSUPPORTED_VERSION);
});
