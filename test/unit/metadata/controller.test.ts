// Controller decisions and image replay without disk: create/delete topics, partitions and configs
// produce Kafka's errors and records, and replaying the records gives the image they describe.
import { expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { planCreatePartitions, planCreateTopics, planDeleteTopics, type ControllerEnv } from "../../../src/metadata/controller.ts";
import { planResourceConfigs } from "../../../src/metadata/config-changes.ts";
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
  defaultPartitions: 2,
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

/** Applies records through their wire encoding, as a replay would. */
function apply(image: MetadataImage, records: MetadataRecordOut[]): MetadataImage {
  const b = new ImageBuilder(image.clusterId, image.controllerId, image);
  records.forEach((r, i) => {
    const rec = decodeMetadataRecord(encodeMetadataRecord(r), image.offset + 1n + BigInt(i));
    expect(b.apply(rec.apiKey, rec.message, image.offset + 1n + BigInt(i))).toBe(true);
  });
  return b.build();
}

function cluster(): MetadataImage {
  const empty = new ImageBuilder("c", 1).build();
  return apply(empty, [
    { apiKey: RecordType.FEATURE_LEVEL, version: 0, message: { name: "metadata.version", featureLevel: 33 } },
    registrationRecord({ nodeId: 1, incarnationId: "AAAAAAAAAAAAAAAAAAAAAg", brokerEpoch: 1n, endpoints: [{ name: "PLAINTEXT", host: "h", port: 1 }], config, logDirIds: ["AAAAAAAAAAAAAAAAAAAAAw"] }),
  ]);
}

const topic = (name: string, extra: Partial<TopicToCreate> = {}): TopicToCreate => ({ name, numPartitions: -1, replicationFactor: -1, assignments: [], configs: [], ...extra });

test("create topics: records replay into the image, defaults apply, configs are written", () => {
  let image = cluster();
  const plan = planCreateTopics(image, env, [topic("a"), topic("b.c", { numPartitions: 3, configs: [{ name: "retention.ms", value: "1000" }] })]);
  expect(plan.results.map((r) => [r.name, r.errorCode, r.numPartitions, r.replicationFactor])).toEqual([
    ["a", 0, 2, 1],
    ["b.c", 0, 3, 1],
  ]);
  image = apply(image, plan.records);
  expect(image.topicsByName.get("a")!.partitions.length).toBe(2);
  const bc = image.topicsByName.get("b.c")!;
  expect(bc.topicId).toBe(plan.results[1]!.topicId);
  expect(image.topicsById.get(bc.topicId)).toBe(bc);
  expect(bc.partitions.map((p) => [p.partition, p.leader, p.leaderEpoch, p.replicas, p.isr])).toEqual([
    [0, 1, 0, [1], [1]],
    [1, 1, 0, [1], [1]],
    [2, 1, 0, [1], [1]],
  ]);
  expect(image.configs.get("topic:b.c")?.get("retention.ms")).toBe("1000");
});

test("create topics: Kafka's errors and messages", () => {
  let image = cluster();
  image = apply(image, planCreateTopics(image, env, [topic("x.y")]).records);
  const r = planCreateTopics(image, env, [
    topic("dup"),
    topic("dup"),
    topic("bad name"),
    topic(""),
    topic(".."),
    topic("z".repeat(250)),
    topic("x.y"),
    topic("x_y"),
    topic("p0", { numPartitions: 0 }),
    topic("rf0", { replicationFactor: 0 }),
    topic("rf3", { replicationFactor: 3 }),
    topic("cfg", { configs: [{ name: "retention.ms", value: "abc" }] }),
    topic("cfg2", { configs: [{ name: "no.such.key", value: "1" }] }),
    topic("asg", { numPartitions: 2, assignments: [{ partitionIndex: 0, brokerIds: [1] }] }),
    topic("asg2", { assignments: [{ partitionIndex: 0, brokerIds: [7] }] }),
    topic("asg3", { assignments: [{ partitionIndex: 1, brokerIds: [1] }] }),
    topic("asg4", { assignments: [{ partitionIndex: 0, brokerIds: [1, 1] }] }),
  ]).results;
  const byName = new Map(r.map((x) => [x.name, x]));
  expect(r.filter((x) => x.name === "dup").length).toBe(1);
  expect(byName.get("dup")!.errorMessage).toBe("Duplicate topic name.");
  expect(byName.get("dup")!.errorCode).toBe(ErrorCode.INVALID_REQUEST);
  expect(byName.get("bad name")!.errorCode).toBe(ErrorCode.INVALID_TOPIC_EXCEPTION);
  expect(byName.get("bad name")!.errorMessage).toBe("Topic name is invalid: 'bad name' contains one or more characters other than ASCII alphanumerics, '.', '_' and '-'");
  expect(byName.get("")!.errorMessage).toBe("Topic name is invalid: the empty string is not allowed");
  expect(byName.get("..")!.errorMessage).toBe("Topic name is invalid: '..' is not allowed");
  expect(byName.get("z".repeat(250))!.errorCode).toBe(ErrorCode.INVALID_TOPIC_EXCEPTION);
  expect(byName.get("x.y")!.errorCode).toBe(ErrorCode.TOPIC_ALREADY_EXISTS);
  expect(byName.get("x.y")!.errorMessage).toBe("Topic 'x.y' already exists.");
  expect(byName.get("x_y")!.errorMessage).toBe("Topic 'x_y' collides with existing topic: x.y");
  expect(byName.get("p0")!.errorCode).toBe(ErrorCode.INVALID_PARTITIONS);
  expect(byName.get("rf0")!.errorCode).toBe(ErrorCode.INVALID_REPLICATION_FACTOR);
  expect(byName.get("rf3")!.errorMessage).toContain("The target replication factor of 3 cannot be reached because only 1 broker(s) are registered");
  expect(byName.get("cfg")!.errorCode).toBe(ErrorCode.INVALID_CONFIG);
  expect(byName.get("cfg2")!.errorMessage).toBe("Unknown topic config name: no.such.key");
  expect(byName.get("asg")!.errorCode).toBe(ErrorCode.INVALID_REQUEST);
  expect(byName.get("asg2")!.errorMessage).toBe("The manual partition assignment includes broker 7, but no such broker is registered.");
  expect(byName.get("asg3")!.errorMessage).toBe("partitions should be a consecutive 0-based integer sequence");
  expect(byName.get("asg4")!.errorMessage).toBe("The manual partition assignment includes the broker 1 more than once.");
  for (const x of r) {
    expect(x.errorCode).not.toBe(0);
    expect([x.numPartitions, x.replicationFactor]).toEqual([-1, -1]);
  }
});

test("two topics of one request that collide: the second is refused", () => {
  const r = planCreateTopics(cluster(), env, [topic("m.n"), topic("m_n")]).results;
  expect(r.map((x) => x.errorCode)).toEqual([0, ErrorCode.INVALID_TOPIC_EXCEPTION]);
});

test("delete topics by name and id; removal drops the topic's configs", () => {
  let image = cluster();
  image = apply(image, planCreateTopics(image, env, [topic("a", { configs: [{ name: "retention.ms", value: "5" }] }), topic("b")]).records);
  const b = image.topicsByName.get("b")!;
  const plan = planDeleteTopics(image, [
    { name: "a", topicId: null },
    { name: null, topicId: b.topicId },
    { name: "nope", topicId: null },
    { name: null, topicId: "AAAAAAAAAAAAAAAAAAAAAQ" },
    { name: "a", topicId: "AAAAAAAAAAAAAAAAAAAAAQ" },
  ]);
  expect(plan.results.map((r) => [r.name, r.errorCode])).toEqual([
    ["nope", ErrorCode.UNKNOWN_TOPIC_OR_PARTITION],
    [null, ErrorCode.UNKNOWN_TOPIC_ID],
    ["a", ErrorCode.INVALID_REQUEST],
    ["a", 0],
    ["b", 0],
  ]);
  image = apply(image, plan.records);
  expect(image.topicsByName.size).toBe(0);
  expect(image.configs.has("topic:a")).toBe(false);
});

test("create partitions: increases only, with Kafka's messages", () => {
  let image = cluster();
  image = apply(image, planCreateTopics(image, env, [topic("t", { numPartitions: 2 })]).records);
  const bad = planCreatePartitions(image, env, [
    { name: "t", count: 2, assignments: null },
    { name: "nope", count: 3, assignments: null },
  ]);
  expect(bad.results).toEqual([
    { name: "t", errorCode: ErrorCode.INVALID_PARTITIONS, errorMessage: "Topic already has 2 partition(s)." },
    { name: "nope", errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, errorMessage: null },
  ]);
  expect(planCreatePartitions(image, env, [{ name: "t", count: 1, assignments: null }]).results[0]!.errorMessage).toBe(
    "The topic t currently has 2 partition(s); 1 would not be an increase.",
  );
  expect(planCreatePartitions(image, env, [{ name: "t", count: 4, assignments: [[1]] }]).results[0]!.errorMessage).toBe(
    "Attempted to add 2 additional partition(s), but only 1 assignment(s) were specified.",
  );
  const ok = planCreatePartitions(image, env, [{ name: "t", count: 5, assignments: null }]);
  expect(ok.results[0]!.errorCode).toBe(0);
  image = apply(image, ok.records);
  expect(image.topicsByName.get("t")!.partitions.map((p) => p.partition)).toEqual([0, 1, 2, 3, 4]);
});

test("configs: incremental set/delete/append/subtract and legacy replace produce the minimal records", () => {
  let image = cluster();
  image = apply(image, planCreateTopics(image, env, [topic("t", { configs: [{ name: "retention.ms", value: "5" }] })]).records);
  const inc = planResourceConfigs(
    image,
    {
      resourceType: "topic",
      resourceName: "t",
      changes: [
        { resourceType: "topic", resourceName: "t", name: "retention.ms", value: null, op: "delete" },
        { resourceType: "topic", resourceName: "t", name: "cleanup.policy", value: "compact", op: "append" },
        { resourceType: "topic", resourceName: "t", name: "segment.ms", value: "100", op: "set" },
      ],
    },
    true,
    (_t, name) => (name === "cleanup.policy" ? "delete" : null),
  );
  expect(inc.result.errorCode).toBe(0);
  image = apply(image, inc.records);
  expect(Object.fromEntries(image.configs.get("topic:t")!)).toEqual({ "cleanup.policy": "delete,compact", "segment.ms": "100" });
  const legacy = planResourceConfigs(image, { resourceType: "topic", resourceName: "t", changes: [{ resourceType: "topic", resourceName: "t", name: "segment.ms", value: "100", op: "set" }] }, false, () => null);
  expect(legacy.records.length).toBe(1); // only cleanup.policy goes; segment.ms is unchanged
  image = apply(image, legacy.records);
  expect(Object.fromEntries(image.configs.get("topic:t")!)).toEqual({ "segment.ms": "100" });
  const missing = planResourceConfigs(image, { resourceType: "topic", resourceName: "nope", changes: [] }, true, () => null);
  expect(missing.result.errorCode).toBe(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
  const broker = planResourceConfigs(image, { resourceType: "broker", resourceName: "", changes: [{ resourceType: "broker", resourceName: "", name: "log.retention.ms", value: "9", op: "set" }] }, true, () => null);
  image = apply(image, broker.records);
  expect(image.configs.get("broker:")?.get("log.retention.ms")).toBe("9");
});

test("partition changes bump the partition epoch always and the leader epoch on a leader change", () => {
  let image = cluster();
  image = apply(image, planCreateTopics(image, env, [topic("t", { numPartitions: 1 })]).records);
  const id = image.topicsByName.get("t")!.topicId;
  const change = (leader: number, isr: number[] | null): MetadataRecordOut => ({
    apiKey: RecordType.PARTITION_CHANGE,
    version: 2,
    message: { partitionId: 0, topicId: id, isr, leader, replicas: null, removingReplicas: null, addingReplicas: null, leaderRecoveryState: -1, directories: null, eligibleLeaderReplicas: null, lastKnownElr: null },
  });
  image = apply(image, [change(-1, [])]);
  let p = image.topicsByName.get("t")!.partitions[0]!;
  expect([p.leader, p.leaderEpoch, p.partitionEpoch, p.isr]).toEqual([-1, 1, 1, []]);
  image = apply(image, [change(1, [1])]);
  p = image.topicsByName.get("t")!.partitions[0]!;
  expect([p.leader, p.leaderEpoch, p.partitionEpoch, p.isr]).toEqual([1, 2, 2, [1]]);
  image = apply(image, [change(-2, [1])]);
  p = image.topicsByName.get("t")!.partitions[0]!;
  expect([p.leader, p.leaderEpoch, p.partitionEpoch]).toEqual([1, 2, 3]);
});

test("broker registration changes: fencing and unregistration", () => {
  let image = cluster();
  expect(image.brokers.get(1)!.fenced).toBe(false);
  image = apply(image, [{ apiKey: RecordType.BROKER_REGISTRATION_CHANGE, version: 0, message: { brokerId: 1, brokerEpoch: 1n, fenced: 1, inControlledShutdown: 0, logDirs: [], cordonedLogDirs: null } }]);
  expect(image.brokers.get(1)!.fenced).toBe(true);
  // A change for another incarnation (epoch) is ignored, as Kafka does.
  image = apply(image, [{ apiKey: RecordType.BROKER_REGISTRATION_CHANGE, version: 0, message: { brokerId: 1, brokerEpoch: 99n, fenced: -1, inControlledShutdown: 0, logDirs: [], cordonedLogDirs: null } }]);
  expect(image.brokers.get(1)!.fenced).toBe(true);
  image = apply(image, [{ apiKey: RecordType.UNREGISTER_BROKER, version: 0, message: { brokerId: 1, brokerEpoch: 1n } }]);
  expect(image.brokers.size).toBe(0);
});

test("new replicas are recorded in the broker's only registered log dir, UNASSIGNED with several, MIGRATING with none (Kafka's defaultDir)", () => {
  const reg = (nodeId: number, logDirIds: string[]) =>
    registrationRecord({ nodeId, incarnationId: `AAAAAAAAAAAAAAAAAAAAB${String.fromCharCode(65 + nodeId)}`, brokerEpoch: BigInt(nodeId), endpoints: [{ name: "PLAINTEXT", host: "h", port: nodeId }], config, logDirIds });
  // Broker 1 has one dir (cluster()), broker 2 two, broker 3 none.
  const image = apply(cluster(), [reg(2, ["AAAAAAAAAAAAAAAAAAAABA", "AAAAAAAAAAAAAAAAAAAABQ"]), reg(3, [])]);
  const plan = planCreateTopics(image, env, [topic("dirs", { assignments: [{ partitionIndex: 0, brokerIds: [1, 2, 3] }] })]);
  expect(plan.results[0]!.errorCode).toBe(0);
  const part = plan.records.find((r) => r.apiKey === RecordType.PARTITION)!;
  expect((part.message as { directories: string[] }).directories).toEqual(["AAAAAAAAAAAAAAAAAAAAAw", "AAAAAAAAAAAAAAAAAAAAAQ", "AAAAAAAAAAAAAAAAAAAAAA"]);
});
