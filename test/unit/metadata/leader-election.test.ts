// ElectLeaders planning (metadata/leader-election.ts) beyond what a healthy one-broker cluster shows
// on the wire (cluster-apis-single-node.test.ts compares that with Kafka 4.4.0): leaderless partitions.
import { expect, test } from "bun:test";
import { ImageBuilder } from "../../../src/metadata/image-builder.ts";
import { planElectLeaders, UnknownElectionTypeError } from "../../../src/metadata/leader-election.ts";
import { RecordType } from "../../../src/metadata/record-serde.ts";
import { newPartitionChangeRecord } from "../../../src/protocol/generated/metadata/partition-change-record.ts";
import { newPartitionRecord } from "../../../src/protocol/generated/metadata/partition-record.ts";
import { newRegisterBrokerRecord } from "../../../src/protocol/generated/metadata/register-broker-record.ts";
import { newTopicRecord } from "../../../src/protocol/generated/metadata/topic-record.ts";

const ID = "rPaBNXnqQXKmeZPgvTsAUA";

/** Broker 1 registered; t-0 led by 1; t-1 leaderless with ISR [] and no ELR (only an unclean election helps). */
function image() {
  const b = new ImageBuilder("AAAAAAAAAAAAAAAAAAAAAA", 1);
  b.apply(RecordType.REGISTER_BROKER, { ...newRegisterBrokerRecord(), brokerId: 1, fenced: false }, 0n);
  b.apply(RecordType.TOPIC, { ...newTopicRecord(), name: "t", topicId: ID }, 1n);
  for (const p of [0, 1]) b.apply(RecordType.PARTITION, { ...newPartitionRecord(), topicId: ID, partitionId: p, replicas: [1], isr: [1], leader: 1, leaderEpoch: 0, partitionEpoch: 0 }, 2n);
  b.apply(RecordType.PARTITION_CHANGE, { ...newPartitionChangeRecord(), topicId: ID, partitionId: 1, leader: -1, isr: [], lastKnownElr: [1] }, 3n);
  return b;
}

test("preferred: a led partition needs no election; a leaderless one without ISR or ELR is PREFERRED_LEADER_NOT_AVAILABLE", () => {
  const plan = planElectLeaders(image().build(), 0, [{ topic: "t", partitions: [0, 1] }]);
  expect(plan.records).toEqual([]);
  expect(plan.results).toEqual([
    {
      topic: "t",
      partitionResult: [
        { partitionId: 0, errorCode: 84, errorMessage: "Leader election not needed for topic partition." },
        { partitionId: 1, errorCode: 80, errorMessage: "The preferred leader was not available." },
      ],
    },
  ]);
  // Every partition (null): only those that needed an election are answered.
  expect(planElectLeaders(image().build(), 0, null).results).toEqual([{ topic: "t", partitionResult: [{ partitionId: 1, errorCode: 80, errorMessage: "The preferred leader was not available." }] }]);
});

test("unclean: the leaderless partition gets this broker, ISR [1], RECOVERING (ELR off: the last known ELR is left as Kafka's builder leaves it)", () => {
  const b = image();
  const plan = planElectLeaders(b.build(), 1, null);
  expect(plan.results).toEqual([{ topic: "t", partitionResult: [{ partitionId: 1, errorCode: 0, errorMessage: null }] }]);
  expect(plan.records.map((r) => r.message)).toEqual([{ ...newPartitionChangeRecord(), topicId: ID, partitionId: 1, leader: 1, isr: [1], leaderRecoveryState: 1 }]);
  plan.records.forEach((r, i) => b.apply(r.apiKey, r.message, 10n + BigInt(i)));
  expect(b.build().topicsById.get(ID)!.partitions[1]).toMatchObject({ leader: 1, isr: [1], leaderEpoch: 2, leaderRecoveryState: 1 });
});

test("an unknown election type is refused before anything is planned", () => {
  expect(() => planElectLeaders(image().build(), 2, null)).toThrow(UnknownElectionTypeError);
  expect(() => planElectLeaders(image().build(), 2, null)).toThrow("Unknown election type 2");
});
