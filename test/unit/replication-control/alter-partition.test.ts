// AlterPartition planned as Kafka 4.4.0's ReplicationControlManager.alterPartition, against images
// built by the real ImageBuilder: every refusal code in Kafka's order, the ISR shrink and expand
// records, ELR when the ISR drops below min.insync.replicas, the leader recovery state, and a
// reassignment completed by an ISR that holds every target replica (NEW_LEADER_ELECTED when the
// leader was being removed).
import { expect, test } from "bun:test";
import { planAlterPartition } from "../../../src/metadata/alter-partition.ts";
import { DEFAULT_REPLICATION_ENV } from "../../../src/metadata/replication-control.ts";
import { metadataRecord, RecordType } from "../../../src/metadata/record-serde.ts";
import { newPartitionChangeRecord } from "../../../src/protocol/generated/metadata/partition-change-record.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import type { AlterPartitionRequest } from "../../../src/protocol/generated/messages/alter-partition-request.ts";
import { addTopic, changes, clusterLog, dirOf, epochOf, uid, type ClusterLog } from "./cluster-log.ts";

const dir = (b: number) => dirOf(b);

function req(log: ClusterLog, brokerId: number, topic: string, p: number, isr: number[], over: { leaderEpoch?: number; partitionEpoch?: number; recovery?: number; epochs?: Map<number, bigint>; brokerEpoch?: bigint; topicId?: string } = {}): AlterPartitionRequest {
  const part = log.partition(topic, p);
  return {
    brokerId,
    brokerEpoch: over.brokerEpoch ?? epochOf(brokerId),
    topics: [
      {
        topicId: over.topicId ?? log.topicId(topic),
        partitions: [
          {
            partitionIndex: p,
            leaderEpoch: over.leaderEpoch ?? part.leaderEpoch,
            newIsr: isr,
            newIsrWithEpochs: isr.map((b) => ({ brokerId: b, brokerEpoch: over.epochs?.get(b) ?? epochOf(b) })),
            leaderRecoveryState: over.recovery ?? 0,
            partitionEpoch: over.partitionEpoch ?? part.partitionEpoch,
          },
        ],
      },
    ],
  };
}

function plan(log: ClusterLog, r: AlterPartitionRequest, version = 3) {
  return planAlterPartition(log.image, DEFAULT_REPLICATION_ENV, r, version, dir);
}

const codeOf = (p: ReturnType<typeof plan>) => p.response.topics[0]!.partitions[0]!.errorCode;

test("an ISR shrink from the leader writes the new ISR and answers the partition's new state", () => {
  const log = clusterLog([1, 2, 3]);
  addTopic(log, "t", [[1, 2, 3]]);
  const p = plan(log, req(log, 1, "t", 0, [1, 2]));
  expect(p.response.errorCode).toBe(ErrorCode.NONE);
  expect(changes(p.records)).toHaveLength(1);
  const c = changes(p.records)[0]!;
  expect(c.isr).toEqual([1, 2]);
  expect(c.leader).toBe(-2);
  expect(c.eligibleLeaderReplicas).toBeNull();
  expect(p.response.topics[0]!.topicId).toBe(log.topicId("t"));
  expect(p.response.topics[0]!.partitions[0]).toMatchObject({ errorCode: 0, leaderId: 1, leaderEpoch: 0, isr: [1, 2], partitionEpoch: 1, leaderRecoveryState: 0 });
  log.append(p.records);
  expect(log.partition("t", 0)).toMatchObject({ isr: [1, 2], leader: 1, leaderEpoch: 0, partitionEpoch: 1 });
  // Expanding back.
  const back = plan(log, req(log, 1, "t", 0, [1, 2, 3]));
  expect(changes(back.records)[0]!.isr).toEqual([1, 2, 3]);
  expect(back.response.topics[0]!.partitions[0]).toMatchObject({ errorCode: 0, isr: [1, 2, 3], partitionEpoch: 2 });
});

test("the same ISR writes nothing and answers the current state", () => {
  const log = clusterLog([1, 2, 3]);
  addTopic(log, "t", [[1, 2, 3]]);
  const p = plan(log, req(log, 1, "t", 0, [1, 2, 3]));
  expect(p.records).toHaveLength(0);
  expect(p.response.topics[0]!.partitions[0]).toMatchObject({ errorCode: 0, leaderId: 1, isr: [1, 2, 3], partitionEpoch: 0 });
});

test("below min.insync.replicas with ELR on, the replicas leaving the ISR move into the ELR", () => {
  const log = clusterLog([1, 2, 3]);
  addTopic(log, "t", [[1, 2, 3]], { "min.insync.replicas": "2" });
  const p = plan(log, req(log, 1, "t", 0, [1]));
  const c = changes(p.records)[0]!;
  expect(c.isr).toEqual([1]);
  expect(c.eligibleLeaderReplicas).toEqual([2, 3]);
  log.append(p.records);
  // Back at min ISR: the ELR is cleared.
  const p2 = plan(log, req(log, 1, "t", 0, [1, 3]));
  expect(changes(p2.records)[0]!.eligibleLeaderReplicas).toEqual([]);
});

test("refusals in Kafka's order with Kafka's codes", () => {
  const log = clusterLog([1, 2, 3, { id: 4, fenced: true }, { id: 5, inControlledShutdown: true }]);
  addTopic(log, "t", [[1, 2, 3, 4, 5]]);
  const cases: Array<[string, AlterPartitionRequest, number]> = [
    ["unknown topic id", req(log, 1, "t", 0, [1], { topicId: uid(0x99, 9) }), ErrorCode.UNKNOWN_TOPIC_ID],
    ["leader epoch ahead", req(log, 1, "t", 0, [1], { leaderEpoch: 5 }), ErrorCode.NOT_CONTROLLER],
    ["partition epoch ahead", req(log, 1, "t", 0, [1], { partitionEpoch: 5 }), ErrorCode.NOT_CONTROLLER],
    ["leader epoch behind", req(log, 1, "t", 0, [1], { leaderEpoch: -1 }), ErrorCode.FENCED_LEADER_EPOCH],
    ["not the leader", req(log, 2, "t", 0, [2]), ErrorCode.INVALID_REQUEST],
    ["partition epoch behind", req(log, 1, "t", 0, [1], { partitionEpoch: -1 }), ErrorCode.INVALID_UPDATE_VERSION],
    ["member not a replica", req(log, 1, "t", 0, [1, 9]), ErrorCode.INVALID_REQUEST],
    ["duplicate member", req(log, 1, "t", 0, [1, 2, 2]), ErrorCode.INVALID_REQUEST],
    ["ISR without the leader", req(log, 1, "t", 0, [2, 3]), ErrorCode.INVALID_REQUEST],
    ["RECOVERING with two members", req(log, 1, "t", 0, [1, 2], { recovery: 1 }), ErrorCode.INVALID_REQUEST],
    ["RECOVERED -> RECOVERING", req(log, 1, "t", 0, [1], { recovery: 1 }), ErrorCode.INVALID_REQUEST],
    ["fenced member", req(log, 1, "t", 0, [1, 4]), ErrorCode.INELIGIBLE_REPLICA],
    ["member in controlled shutdown", req(log, 1, "t", 0, [1, 5]), ErrorCode.INELIGIBLE_REPLICA],
    ["member with a stale broker epoch (v3)", req(log, 1, "t", 0, [1, 2], { epochs: new Map([[2, 7n]]) }), ErrorCode.INELIGIBLE_REPLICA],
  ];
  for (const [name, r, code] of cases) {
    const p = plan(log, r);
    expect({ name, code: codeOf(p), records: p.records.length }).toEqual({ name, code, records: 0 });
  }
  // Unknown partition of a known topic.
  const r = req(log, 1, "t", 0, [1]);
  r.topics[0]!.partitions[0]!.partitionIndex = 7;
  expect(codeOf(plan(log, r))).toBe(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
  // v2 carries no broker epochs: the stale epoch is not checked.
  const v2 = req(log, 1, "t", 0, [1, 2], { epochs: new Map([[2, 7n]]) });
  expect(codeOf(plan(log, v2, 2))).toBe(ErrorCode.NONE);
});

test("a stale sender broker epoch fails the whole request", () => {
  const log = clusterLog([1, 2, 3]);
  addTopic(log, "t", [[1, 2, 3]]);
  const p = plan(log, req(log, 1, "t", 0, [1], { brokerEpoch: 1n }));
  expect(p.response.errorCode).toBe(ErrorCode.STALE_BROKER_EPOCH);
  expect(p.response.topics).toEqual([]);
  expect(p.records).toHaveLength(0);
});

test("a RECOVERING leader reports RECOVERED: the state is written", () => {
  const log = clusterLog([1, 2, 3]);
  const topicId = addTopic(log, "t", [[1, 2, 3]]);
  log.append([metadataRecord(RecordType.PARTITION_CHANGE, { ...newPartitionChangeRecord(), topicId, partitionId: 0, leader: 1, isr: [1], leaderRecoveryState: 1 })]);
  expect(log.partition("t", 0).leaderRecoveryState).toBe(1);
  const still = plan(log, req(log, 1, "t", 0, [1], { recovery: 1 }));
  expect(still.records).toHaveLength(0);
  expect(still.response.topics[0]!.partitions[0]!.leaderRecoveryState).toBe(1);
  const p = plan(log, req(log, 1, "t", 0, [1], { recovery: 0 }));
  expect(changes(p.records)[0]!.leaderRecoveryState).toBe(0);
  expect(p.response.topics[0]!.partitions[0]!.leaderRecoveryState).toBe(0);
  log.append(p.records);
  expect(log.partition("t", 0).leaderRecoveryState).toBeUndefined();
});

test("an ISR holding every target replica completes a reassignment; removing the leader answers NEW_LEADER_ELECTED", () => {
  const log = clusterLog([1, 2, 3, 4]);
  const topicId = addTopic(log, "t", [[1, 2, 3]]);
  // Reassignment [1,2,3] -> [4,2,3] in progress: replicas [4,2,3,1], adding [4], removing [1].
  log.append([metadataRecord(RecordType.PARTITION_CHANGE, { ...newPartitionChangeRecord(), topicId, partitionId: 0, replicas: [4, 2, 3, 1], addingReplicas: [4], removingReplicas: [1], directories: [dirOf(4), dirOf(2), dirOf(3), dirOf(1)] })]);
  // The ISR without 4 does not complete it.
  expect(changes(plan(log, req(log, 1, "t", 0, [1, 2])).records)[0]).toMatchObject({ isr: [1, 2], replicas: null, addingReplicas: null });
  const p = plan(log, req(log, 1, "t", 0, [1, 2, 3, 4]));
  const c = changes(p.records)[0]!;
  expect(c).toMatchObject({ replicas: [4, 2, 3], isr: [2, 3, 4], addingReplicas: [], removingReplicas: [], leader: 4, directories: [dirOf(4), dirOf(2), dirOf(3)] });
  expect(codeOf(p)).toBe(ErrorCode.NEW_LEADER_ELECTED);
  log.append(p.records);
  expect(log.partition("t", 0)).toMatchObject({ replicas: [4, 2, 3], isr: [2, 3, 4], leader: 4, leaderEpoch: 1 });
  expect(log.partition("t", 0).addingReplicas).toBeUndefined();
});

test("a completed reassignment that keeps the leader bumps the leader epoch (a replica was removed)", () => {
  const log = clusterLog([1, 2, 3, 4]);
  const topicId = addTopic(log, "t", [[1, 2, 3]]);
  log.append([metadataRecord(RecordType.PARTITION_CHANGE, { ...newPartitionChangeRecord(), topicId, partitionId: 0, replicas: [1, 2, 4, 3], addingReplicas: [4], removingReplicas: [3], directories: [dirOf(1), dirOf(2), dirOf(4), dirOf(3)] })]);
  const p = plan(log, req(log, 1, "t", 0, [1, 2, 3, 4]));
  expect(changes(p.records)[0]).toMatchObject({ replicas: [1, 2, 4], isr: [1, 2, 4], leader: 1 });
  expect(p.response.topics[0]!.partitions[0]).toMatchObject({ errorCode: 0, leaderId: 1, leaderEpoch: 1, isr: [1, 2, 4], partitionEpoch: 2 });
});
