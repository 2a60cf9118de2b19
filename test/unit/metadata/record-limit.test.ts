// Kafka's controller refuses one admin operation that would write more than 10,000 metadata records
// (QuorumController.MAX_RECORDS_PER_USER_OP): the whole CreateTopics / CreatePartitions request fails
// with POLICY_VIOLATION "Unable to perform excessively large batch operation.", nothing is written.
import { expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { EXCESSIVE_BATCH_MESSAGE, MAX_RECORDS_PER_USER_OP, planCreatePartitions, planCreateTopics, type ControllerEnv } from "../../../src/metadata/controller.ts";
import { ImageBuilder } from "../../../src/metadata/image-builder.ts";
import type { MetadataImage } from "../../../src/metadata/image.ts";
import type { TopicToCreate } from "../../../src/metadata/layer.ts";
import { decodeMetadataRecord, encodeMetadataRecord, RecordType, type MetadataRecordOut } from "../../../src/metadata/record-serde.ts";
import { registrationRecord } from "../../../src/metadata/registration.ts";
import { BrokerConfig } from "../../../src/config/broker-config.ts";
import { topicConfigSupport } from "../../../src/metadata/topic-config-support.ts";

let ids = 0;
const env: ControllerEnv = {
  nodeId: 1,
  defaultPartitions: 1,
  defaultReplicationFactor: 1,
  validateTopicConfigs: (pairs) => topicConfigSupport.validate(pairs),
  newTopicId: () => `AAAAAAAAAAAAAAAAAAAA${String.fromCharCode(65 + (ids++ % 26))}w`,
  replicaDirectory: () => "AAAAAAAAAAAAAAAAAAAAAQ",
};

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

function apply(image: MetadataImage, records: MetadataRecordOut[]): MetadataImage {
  const b = new ImageBuilder(image.clusterId, image.controllerId, image);
  records.forEach((r, i) => {
    const rec = decodeMetadataRecord(encodeMetadataRecord(r), image.offset + 1n + BigInt(i));
    expect(b.apply(rec.apiKey, rec.message, image.offset + 1n + BigInt(i))).toBe(true);
  });
  return b.build();
}

function cluster(): MetadataImage {
  return apply(new ImageBuilder("c", 1).build(), [
    { apiKey: RecordType.FEATURE_LEVEL, version: 0, message: { name: "metadata.version", featureLevel: 33 } },
    registrationRecord({ nodeId: 1, incarnationId: "AAAAAAAAAAAAAAAAAAAAAg", brokerEpoch: 1n, endpoints: [{ name: "PLAINTEXT", host: "h", port: 1 }], config, logDirIds: ["AAAAAAAAAAAAAAAAAAAAAw"] }),
  ]);
}

const topic = (name: string, numPartitions: number, extra: Partial<TopicToCreate> = {}): TopicToCreate => ({ name, numPartitions, replicationFactor: 1, assignments: [], configs: [], ...extra });

test("the limit and message are Kafka 4.4.0's", () => {
  expect(MAX_RECORDS_PER_USER_OP).toBe(10_000);
  expect(EXCESSIVE_BATCH_MESSAGE).toBe("Unable to perform excessively large batch operation.");
});

test("CreateTopics: 10,000 records pass (topic + 9,999 partitions), 10,001 are refused as a whole", () => {
  const image = cluster();
  const ok = planCreateTopics(image, env, [topic("t", 9_999)]);
  expect(ok.results[0]!.errorCode).toBe(0);
  expect(ok.records.length).toBe(10_000);

  const big = planCreateTopics(image, env, [topic("small", 3), topic("t", 10_000)]);
  expect(big.records).toEqual([]);
  expect(big.results.map((r) => [r.name, r.errorCode, r.errorMessage])).toEqual([
    ["small", ErrorCode.POLICY_VIOLATION, EXCESSIVE_BATCH_MESSAGE],
    ["t", ErrorCode.POLICY_VIOLATION, EXCESSIVE_BATCH_MESSAGE],
  ]);
});

test("CreateTopics: config records count towards the limit; several topics add up", () => {
  const image = cluster();
  const withConfig = planCreateTopics(image, env, [topic("t", 9_999, { configs: [{ name: "retention.ms", value: "1000" }] })]);
  expect(withConfig.results[0]!.errorCode).toBe(ErrorCode.POLICY_VIOLATION);
  const many = planCreateTopics(image, env, [topic("a", 5_000), topic("b", 5_000)]);
  expect(many.results.map((r) => r.errorCode)).toEqual([ErrorCode.POLICY_VIOLATION, ErrorCode.POLICY_VIOLATION]);
  expect(many.records).toEqual([]);
});

test("CreatePartitions: adding 10,000 partitions in one request is refused; 5,000 + 5,000 grow a topic to 10,001", () => {
  let image = cluster();
  image = apply(image, planCreateTopics(image, env, [topic("t", 1)]).records);
  const big = planCreatePartitions(image, env, [{ name: "t", count: 10_002, assignments: null }]);
  expect(big.records).toEqual([]);
  expect(big.results).toEqual([{ name: "t", errorCode: ErrorCode.POLICY_VIOLATION, errorMessage: EXCESSIVE_BATCH_MESSAGE }]);
  const step = planCreatePartitions(image, env, [{ name: "t", count: 10_001, assignments: null }]);
  expect(step.results[0]!.errorCode).toBe(0);
  expect(step.records.length).toBe(10_000);
  image = apply(image, step.records);
  expect(image.topicsByName.get("t")!.partitions.length).toBe(10_001);
});
