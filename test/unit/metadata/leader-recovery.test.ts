// Issue 19 item 9: the records Kafka 4.4.0 writes at a one-broker controlled shutdown (leader -1,
// ISR [], ELR [1], last known ELR [1]) replayed into the image, and the election Strand then plans,
// which must be Kafka's record on restart: {leader: 1, isr: [1], eligibleLeaderReplicas: [],
// lastKnownElr: []} (seen in a Kafka 4.4.0 metadata log dumped with kafka-dump-log).
import { expect, test } from "bun:test";
import { ImageBuilder } from "../../../src/metadata/image-builder.ts";
import { planLeaderRecovery } from "../../../src/metadata/leader-recovery.ts";
import { RecordType } from "../../../src/metadata/record-serde.ts";
import { newPartitionChangeRecord, type PartitionChangeRecord } from "../../../src/protocol/generated/metadata/partition-change-record.ts";
import { newPartitionRecord } from "../../../src/protocol/generated/metadata/partition-record.ts";
import { newTopicRecord } from "../../../src/protocol/generated/metadata/topic-record.ts";

const TOPIC_ID = "rPaBNXnqQXKmeZPgvTsAUA";

function change(partitionId: number, fields: Partial<PartitionChangeRecord>): PartitionChangeRecord {
  return { ...newPartitionChangeRecord(), topicId: TOPIC_ID, partitionId, ...fields };
}

/** A topic of two partitions on broker 1, then Kafka 4.4.0's controlled-shutdown records. */
function afterKafkaCleanStop(): ImageBuilder {
  const b = new ImageBuilder("AAAAAAAAAAAAAAAAAAAAAA", 1);
  let off = 0n;
  b.apply(RecordType.TOPIC, { ...newTopicRecord(), name: "t", topicId: TOPIC_ID }, off++);
  for (const p of [0, 1]) {
    b.apply(RecordType.PARTITION, { ...newPartitionRecord(), topicId: TOPIC_ID, partitionId: p, replicas: [1], isr: [1], leader: 1, leaderEpoch: 0, partitionEpoch: 0, directories: ["Bd0eOfFKWEbx6r8pooTOJw"] }, off++);
  }
  for (const p of [0, 1]) b.apply(RecordType.PARTITION_CHANGE, change(p, { isr: [], leader: -1, eligibleLeaderReplicas: [1], lastKnownElr: [1] }), off++);
  return b;
}

test("the image keeps Kafka's ELR and last known ELR, and an empty list clears them", () => {
  const b = afterKafkaCleanStop();
  const p = b.build().topicsById.get(TOPIC_ID)!.partitions[0]!;
  expect(p).toMatchObject({ leader: -1, leaderEpoch: 1, partitionEpoch: 1, isr: [], elr: [1], lastKnownElr: [1] });
  // A change that leaves them out (null) keeps them; [] clears them (Kafka's PartitionRegistration.merge).
  b.apply(RecordType.PARTITION_CHANGE, change(0, { leader: -2, directories: ["Bd0eOfFKWEbx6r8pooTOJw"] }), 10n);
  expect(b.build().topicsById.get(TOPIC_ID)!.partitions[0]!).toMatchObject({ elr: [1], lastKnownElr: [1], leaderEpoch: 1 });
  b.apply(RecordType.PARTITION_CHANGE, change(0, { eligibleLeaderReplicas: [] }), 11n);
  const cleared = b.build().topicsById.get(TOPIC_ID)!.partitions[0]!;
  expect(cleared.elr).toBeUndefined();
  expect(cleared.lastKnownElr).toEqual([1]);
});

test("after Kafka's clean stop: every partition gets Kafka's restart record, and applying it leads with epoch 2", () => {
  const b = afterKafkaCleanStop();
  const plan = planLeaderRecovery(b.build(), 1);
  expect(plan.leaderless).toEqual([]);
  expect(plan.elected).toEqual([
    { topic: "t", partition: 0, from: "elr" },
    { topic: "t", partition: 1, from: "elr" },
  ]);
  expect(plan.records.map((r) => [r.apiKey, r.version])).toEqual([
    [RecordType.PARTITION_CHANGE, 2],
    [RecordType.PARTITION_CHANGE, 2],
  ]);
  expect(plan.records[0]!.message).toEqual(change(0, { isr: [1], leader: 1, eligibleLeaderReplicas: [], lastKnownElr: [] }));
  plan.records.forEach((r, i) => b.apply(r.apiKey, r.message, 20n + BigInt(i)));
  const after = b.build();
  for (const p of after.topicsById.get(TOPIC_ID)!.partitions) {
    expect(p).toMatchObject({ leader: 1, leaderEpoch: 2, isr: [1] });
    expect(p.elr).toBeUndefined();
    expect(p.lastKnownElr).toBeUndefined();
  }
  // Once led, nothing more to do (a restart of Strand writes no records).
  expect(planLeaderRecovery(after, 1).records).toEqual([]);
});

test("leaderless with the broker in the ISR is led from the ISR; in neither ISR nor ELR it stays leaderless and is reported", () => {
  const b = afterKafkaCleanStop();
  b.apply(RecordType.PARTITION_CHANGE, change(0, { isr: [1], eligibleLeaderReplicas: [], lastKnownElr: [] }), 30n);
  b.apply(RecordType.PARTITION_CHANGE, change(1, { eligibleLeaderReplicas: [] }), 31n);
  const plan = planLeaderRecovery(b.build(), 1);
  expect(plan.elected).toEqual([{ topic: "t", partition: 0, from: "isr" }]);
  // The ISR is already [1]: Kafka writes only the leader.
  expect(plan.records[0]!.message).toEqual(change(0, { leader: 1 }));
  expect(plan.leaderless).toEqual([{ topic: "t", partition: 1, isr: [], elr: [], lastKnownElr: [1] }]);
  // Another broker's partitions are not this broker's to lead.
  expect(planLeaderRecovery(b.build(), 2).records).toEqual([]);
});
