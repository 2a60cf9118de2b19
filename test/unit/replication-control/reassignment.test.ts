// The reassignment state machine as Kafka 4.4.0's ReplicationControlManager runs it, on images built
// by the real ImageBuilder: a move adds the target replicas (adding / removing in the record), the
// leader's AlterPartition completes it once the ISR holds every target replica, the old replicas go
// and the leader moves off a removed one; a reorder or a pure removal completes at once; cancellation
// reverts (and refuses an unclean revert); ListPartitionReassignments shows what is in progress; and
// every refusal with Kafka's code and text.
import { expect, test } from "bun:test";
import { planAlterPartition } from "../../../src/metadata/alter-partition.ts";
import { listPartitionReassignments, planAlterPartitionReassignments, reassignmentReplicas } from "../../../src/metadata/partition-reassignment.ts";
import { DEFAULT_REPLICATION_ENV } from "../../../src/metadata/replication-control.ts";
import { metadataRecord, RecordType } from "../../../src/metadata/record-serde.ts";
import { newPartitionChangeRecord } from "../../../src/protocol/generated/metadata/partition-change-record.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { addTopic, changes, clusterLog, dirOf, epochOf, setConfig, type ClusterLog } from "./cluster-log.ts";

const UNASSIGNED = "AAAAAAAAAAAAAAAAAAAAAQ";

function reassign(log: ClusterLog, replicas: number[] | null, allowRf = true, topic = "t", partitionIndex = 0) {
  return planAlterPartitionReassignments(log.image, DEFAULT_REPLICATION_ENV, [{ name: topic, partitions: [{ partitionIndex, replicas }] }], allowRf, dirOf);
}
const result = (p: ReturnType<typeof reassign>) => p.results[0]!.partitions[0]!;

/** The leader's AlterPartition with `isr`. */
function alterIsr(log: ClusterLog, isr: number[]) {
  const p = log.partition("t", 0);
  return planAlterPartition(
    log.image,
    DEFAULT_REPLICATION_ENV,
    { brokerId: p.leader, brokerEpoch: epochOf(p.leader), topics: [{ topicId: log.topicId("t"), partitions: [{ partitionIndex: 0, leaderEpoch: p.leaderEpoch, partitionEpoch: p.partitionEpoch, newIsr: isr, newIsrWithEpochs: isr.map((b) => ({ brokerId: b, brokerEpoch: epochOf(b) })), leaderRecoveryState: 0 }] }] },
    3,
    dirOf,
  );
}

test("PartitionReassignmentReplicas: target first, then the removed replicas; adding and removing ascending", () => {
  expect(reassignmentReplicas([3, 1, 2], [5, 4, 2])).toEqual({ replicas: [5, 4, 2, 1, 3], adding: [4, 5], removing: [1, 3] });
  expect(reassignmentReplicas([1, 2, 3], [3, 2, 1])).toEqual({ replicas: [3, 2, 1], adding: [], removing: [] });
});

test("a move [1,2,3] -> [4,2,3]: started, listed, completed by the leader's AlterPartition, leader moved off 1", () => {
  const log = clusterLog([1, 2, 3, 4]);
  addTopic(log, "t", [[1, 2, 3]]);
  const start = reassign(log, [4, 2, 3]);
  expect(result(start)).toEqual({ partitionIndex: 0, errorCode: 0, errorMessage: null });
  expect(changes(start.records)).toEqual([
    { ...newPartitionChangeRecord(), topicId: log.topicId("t"), partitionId: 0, replicas: [4, 2, 3, 1], addingReplicas: [4], removingReplicas: [1], directories: [dirOf(4), dirOf(2), dirOf(3), dirOf(1)] },
  ]);
  log.append(start.records);
  expect(log.partition("t", 0)).toMatchObject({ replicas: [4, 2, 3, 1], isr: [1, 2, 3], leader: 1, leaderEpoch: 0, addingReplicas: [4], removingReplicas: [1] });
  expect(listPartitionReassignments(log.image, null)).toEqual([{ name: "t", partitions: [{ partitionIndex: 0, replicas: [4, 2, 3, 1], addingReplicas: [4], removingReplicas: [1] }] }]);
  expect(listPartitionReassignments(log.image, [{ name: "t", partitionIndexes: [0, 5] }, { name: "nope", partitionIndexes: [0] }])).toHaveLength(1);
  // The new replica catches up: the leader adds it to the ISR and that completes the move.
  const done = alterIsr(log, [1, 2, 3, 4]);
  expect(done.response.topics[0]!.partitions[0]!.errorCode).toBe(ErrorCode.NEW_LEADER_ELECTED);
  log.append(done.records);
  const p = log.partition("t", 0);
  expect(p).toMatchObject({ replicas: [4, 2, 3], isr: [2, 3, 4], leader: 4, leaderEpoch: 1, directories: [dirOf(4), dirOf(2), dirOf(3)] });
  expect(p.addingReplicas).toBeUndefined();
  expect(p.removingReplicas).toBeUndefined();
  expect(listPartitionReassignments(log.image, null)).toEqual([]);
});

test("a reorder and a pure removal complete at once (the ISR already holds the target)", () => {
  const log = clusterLog([1, 2, 3]);
  addTopic(log, "t", [[1, 2, 3]]);
  const reorder = reassign(log, [3, 2, 1]);
  expect(changes(reorder.records)).toEqual([{ ...newPartitionChangeRecord(), topicId: log.topicId("t"), partitionId: 0, replicas: [3, 2, 1], directories: [dirOf(3), dirOf(2), dirOf(1)] }]);
  log.append(reorder.records);
  // Leader 1 stays (still a valid leader): a preferred election would move it.
  expect(log.partition("t", 0)).toMatchObject({ replicas: [3, 2, 1], leader: 1, leaderEpoch: 0 });
  const shrink = reassign(log, [3, 2]);
  log.append(shrink.records);
  // Leader 1 was removed: moved to the first target replica in the ISR; epoch bumped.
  expect(log.partition("t", 0)).toMatchObject({ replicas: [3, 2], isr: [2, 3], leader: 3, leaderEpoch: 1 });
  expect(log.partition("t", 0).removingReplicas).toBeUndefined();
  // v1 without a replication factor change allowed.
  expect(result(reassign(log, [1, 2, 3], false))).toEqual({ partitionIndex: 0, errorCode: ErrorCode.INVALID_REPLICATION_FACTOR, errorMessage: "The replication factor is changed from 2 to 3" });
});

test("cancel: the adding replicas go, the removing ones stay; nothing in progress is NO_REASSIGNMENT_IN_PROGRESS", () => {
  const log = clusterLog([1, 2, 3, 4, 5]);
  addTopic(log, "t", [[1, 2, 3]]);
  expect(result(reassign(log, null))).toEqual({ partitionIndex: 0, errorCode: ErrorCode.NO_REASSIGNMENT_IN_PROGRESS, errorMessage: null });
  log.append(reassign(log, [4, 5, 3]).records);
  expect(log.partition("t", 0)).toMatchObject({ replicas: [4, 5, 3, 1, 2], addingReplicas: [4, 5], removingReplicas: [1, 2] });
  // 4 joined the ISR meanwhile.
  log.append(alterIsr(log, [1, 2, 3, 4]).records);
  const cancel = reassign(log, null);
  expect(result(cancel).errorCode).toBe(0);
  expect(changes(cancel.records)[0]).toMatchObject({ replicas: [3, 1, 2], isr: [1, 2, 3], addingReplicas: [], removingReplicas: [] });
  log.append(cancel.records);
  expect(log.partition("t", 0)).toMatchObject({ replicas: [3, 1, 2], isr: [1, 2, 3], leader: 1 });
  expect(listPartitionReassignments(log.image, null)).toEqual([]);
});

test("cancel needing an unclean election is refused unless the topic allows one", () => {
  const log = clusterLog([1, 2, 3]);
  const topicId = addTopic(log, "t", [[1, 2]]);
  // A reassignment to [3] whose ISR is only the adding replica 3 (1 and 2 dropped out).
  log.append([metadataRecord(RecordType.PARTITION_CHANGE, { ...newPartitionChangeRecord(), topicId, partitionId: 0, replicas: [3, 1, 2], addingReplicas: [3], removingReplicas: [1, 2], isr: [3], leader: 3, directories: [dirOf(3), dirOf(1), dirOf(2)] })]);
  expect(result(reassign(log, null))).toEqual({ partitionIndex: 0, errorCode: ErrorCode.INVALID_REPLICA_ASSIGNMENT, errorMessage: "Unable to revert partition assignment for t:0 because it would require an unclean leader election." });
  setConfig(log, "t", "unclean.leader.election.enable", "true");
  const cancel = reassign(log, null);
  expect(result(cancel).errorCode).toBe(0);
  log.append(cancel.records);
  expect(log.partition("t", 0)).toMatchObject({ replicas: [1, 2], isr: [1], leader: 1 });
});

test("refusals with Kafka's codes and texts", () => {
  const log = clusterLog([1, 2, 3]);
  addTopic(log, "t", [[1, 2, 3]]);
  expect(result(reassign(log, [1], true, "nope"))).toEqual({ partitionIndex: 0, errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, errorMessage: "Unable to find a topic named nope." });
  expect(result(reassign(log, [1], true, "t", 4))).toEqual({ partitionIndex: 4, errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, errorMessage: "Unable to find partition t:4." });
  expect(result(reassign(log, []))).toMatchObject({ errorCode: ErrorCode.INVALID_REPLICA_ASSIGNMENT, errorMessage: "The manual partition assignment includes an empty replica list." });
  expect(result(reassign(log, [9, 1, 7]))).toMatchObject({ errorCode: ErrorCode.INVALID_REPLICA_ASSIGNMENT, errorMessage: "The manual partition assignment includes broker 1, but no such broker is registered.".replace("broker 1", "broker 7") });
  expect(result(reassign(log, [2, 1, 2]))).toMatchObject({ errorCode: ErrorCode.INVALID_REPLICA_ASSIGNMENT, errorMessage: "The manual partition assignment includes the broker 2 more than once." });
  // New replicas on a broker with several dirs are recorded UNASSIGNED when the provider says so.
  const plan = planAlterPartitionReassignments(log.image, DEFAULT_REPLICATION_ENV, [{ name: "t", partitions: [{ partitionIndex: 0, replicas: [1, 2] }] }], true, () => UNASSIGNED);
  expect(changes(plan.records)[0]).toMatchObject({ replicas: [1, 2], directories: [dirOf(1), dirOf(2)] });
});
