// Leader elections with RF 3 as Kafka 4.4.0's controller makes them, on images built by the real
// ImageBuilder: a fenced / shutting-down leader replaced by the next ISR member, the ISR shrinking
// into the ELR below min.insync.replicas, the last replica standing (KIP-966: ISR [], ELR and last
// known leader kept, the last known leader elected when it returns), unclean.leader.election.enable
// per topic (dynamic config) electing a replica outside the ISR as RECOVERING, unfencing electing a
// leaderless partition's ISR member, and ElectLeaders PREFERRED / UNCLEAN across brokers.
import { expect, test } from "bun:test";
import { ElectionType, planElectLeaders } from "../../../src/metadata/leader-election.ts";
import { arePartitionLeadersImbalanced, areSomePartitionsLeaderless, planBalancePartitionLeaders, planElectUncleanLeaders } from "../../../src/metadata/leader-balance.ts";
import { DEFAULT_REPLICATION_ENV, FencingChange, handleBrokerFenced, handleBrokerInControlledShutdown, handleBrokerUnfenced } from "../../../src/metadata/replication-control.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "../../../src/metadata/record-serde.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { addTopic, changes, clusterLog, epochOf, setConfig, type ClusterLog } from "./cluster-log.ts";

const env = DEFAULT_REPLICATION_ENV;

function fence(log: ClusterLog, id: number): MetadataRecordOut[] {
  const records: MetadataRecordOut[] = [];
  handleBrokerFenced(log.image, env, id, records);
  log.append(records);
  return records;
}

function unfence(log: ClusterLog, id: number): MetadataRecordOut[] {
  const records: MetadataRecordOut[] = [];
  handleBrokerUnfenced(log.image, env, id, epochOf(id), records);
  log.append(records);
  return records;
}

test("a fenced leader: the next ISR member in replica order leads, ISR shrinks, leader epoch up (min ISR 1: no ELR)", () => {
  const log = clusterLog([1, 2, 3]);
  addTopic(log, "t", [[1, 2, 3], [2, 3, 1]]);
  const records = fence(log, 1);
  expect(changes(records).map((c) => ({ p: c.partitionId, leader: c.leader, isr: c.isr, elr: c.eligibleLeaderReplicas }))).toEqual([
    { p: 0, leader: 2, isr: [2, 3], elr: null },
    { p: 1, leader: -2, isr: [2, 3], elr: null },
  ]);
  expect(records.at(-1)).toMatchObject({ apiKey: RecordType.BROKER_REGISTRATION_CHANGE, message: { brokerId: 1, fenced: FencingChange.FENCE } });
  expect(log.partition("t", 0)).toMatchObject({ leader: 2, leaderEpoch: 1, isr: [2, 3] });
  expect(log.partition("t", 1)).toMatchObject({ leader: 2, leaderEpoch: 0, isr: [2, 3] });
});

test("controlled shutdown moves leadership off the broker as Kafka does", () => {
  const log = clusterLog([1, 2, 3]);
  addTopic(log, "t", [[1, 2, 3]]);
  const records: MetadataRecordOut[] = [];
  handleBrokerInControlledShutdown(log.image, env, 1, epochOf(1), records);
  log.append(records);
  expect(log.image.brokers.get(1)!.inControlledShutdown).toBe(true);
  expect(log.partition("t", 0)).toMatchObject({ leader: 2, isr: [2, 3], leaderEpoch: 1 });
});

test("min.insync.replicas 2 with ELR: the ISR shrinks into the ELR; the last replica standing keeps ISR [] and the last known leader, who is elected on return", () => {
  const log = clusterLog([1, 2, 3]);
  addTopic(log, "t", [[1, 2, 3]], { "min.insync.replicas": "2" });
  fence(log, 3);
  expect(log.partition("t", 0)).toMatchObject({ leader: 1, isr: [1, 2] });
  expect(log.partition("t", 0).elr).toBeUndefined();
  fence(log, 2);
  expect(log.partition("t", 0)).toMatchObject({ leader: 1, isr: [1], elr: [2] });
  fence(log, 1);
  // Last replica standing: no leader, ISR empty, ELR [1, 2], the last leader remembered.
  const p = log.partition("t", 0);
  expect(p).toMatchObject({ leader: -1, isr: [], elr: [1, 2], lastKnownElr: [1] });
  // 3 (not in the ELR) returns: it may not lead.
  unfence(log, 3);
  expect(log.partition("t", 0).leader).toBe(-1);
  // 2 (in the ELR) returns: it leads from the ELR, ISR [2], last known leader cleared.
  unfence(log, 2);
  expect(log.partition("t", 0)).toMatchObject({ leader: 2, isr: [2], elr: [1] });
  expect(log.partition("t", 0).lastKnownElr).toBeUndefined();
});

test("unclean.leader.election.enable set on the topic (dynamic config): a replica outside the ISR is elected, ISR [it], RECOVERING", () => {
  const log = clusterLog([1, 2, 3], { elr: false });
  addTopic(log, "t", [[1, 2, 3]]);
  fence(log, 2);
  fence(log, 3);
  fence(log, 1);
  expect(log.partition("t", 0)).toMatchObject({ leader: -1, isr: [1] });
  // 3 returns without unclean elections: nothing.
  unfence(log, 3);
  expect(log.partition("t", 0).leader).toBe(-1);
  const before = log.partition("t", 0).leaderEpoch;
  setConfig(log, "t", "unclean.leader.election.enable", "true");
  // The next fencing round elects it by itself: unfence 2 (also outside the ISR) with the config set.
  const records = unfence(log, 2);
  expect(changes(records)[0]).toMatchObject({ leader: 2, isr: [2], leaderRecoveryState: 1 });
  expect(log.partition("t", 0)).toMatchObject({ leader: 2, isr: [2], leaderRecoveryState: 1, leaderEpoch: before + 1 });
});

test("ElectLeaders PREFERRED moves leadership back to the first replica once it is in the ISR; UNCLEAN needs none while a leader exists", () => {
  const log = clusterLog([1, 2, 3]);
  addTopic(log, "t", [[1, 2, 3]]);
  fence(log, 1);
  expect(log.partition("t", 0).leader).toBe(2);
  // 1 is back (unfenced) but not yet in the ISR: preferred not available.
  unfence(log, 1);
  const notYet = planElectLeaders(log.image, ElectionType.PREFERRED, [{ topic: "t", partitions: [0] }], env);
  expect(notYet.results[0]!.partitionResult[0]).toEqual({ partitionId: 0, errorCode: ErrorCode.PREFERRED_LEADER_NOT_AVAILABLE, errorMessage: "The preferred leader was not available." });
  // The leader adds it back to the ISR (AlterPartition).
  const topicId = log.topicId("t");
  log.append([metadataRecord(RecordType.PARTITION_CHANGE, { topicId, partitionId: 0, isr: [2, 3, 1], leader: -2, replicas: null, removingReplicas: null, addingReplicas: null, leaderRecoveryState: -1, directories: null, eligibleLeaderReplicas: null, lastKnownElr: null })]);
  const plan = planElectLeaders(log.image, ElectionType.PREFERRED, null, env);
  expect(plan.results).toEqual([{ topic: "t", partitionResult: [{ partitionId: 0, errorCode: 0, errorMessage: null }] }]);
  log.append(plan.records);
  expect(log.partition("t", 0)).toMatchObject({ leader: 1, isr: [2, 3, 1] });
  expect(planElectLeaders(log.image, ElectionType.PREFERRED, [{ topic: "t", partitions: [0] }], env).results[0]!.partitionResult[0]!.errorCode).toBe(ErrorCode.ELECTION_NOT_NEEDED);
  expect(planElectLeaders(log.image, ElectionType.UNCLEAN, [{ topic: "t", partitions: [0] }], env).results[0]!.partitionResult[0]!.errorCode).toBe(ErrorCode.ELECTION_NOT_NEEDED);
});

test("ElectLeaders UNCLEAN on a leaderless partition elects a live replica outside the ISR; none live: ELIGIBLE_LEADERS_NOT_AVAILABLE", () => {
  const log = clusterLog([1, 2, 3], { elr: false });
  addTopic(log, "t", [[1, 2, 3]]);
  fence(log, 2);
  fence(log, 3);
  fence(log, 1);
  const none = planElectLeaders(log.image, ElectionType.UNCLEAN, [{ topic: "t", partitions: [0] }], env);
  expect(none.results[0]!.partitionResult[0]).toEqual({ partitionId: 0, errorCode: ErrorCode.ELIGIBLE_LEADERS_NOT_AVAILABLE, errorMessage: "Eligible topic partition leaders are not available." });
  unfence(log, 3);
  const plan = planElectLeaders(log.image, ElectionType.UNCLEAN, [{ topic: "t", partitions: [0] }], env);
  expect(plan.results[0]!.partitionResult[0]!.errorCode).toBe(0);
  log.append(plan.records);
  expect(log.partition("t", 0)).toMatchObject({ leader: 3, isr: [3], leaderRecoveryState: 1 });
});

test("the periodic unclean election (maybeElectUncleanLeaders) elects only where the topic allows it; the periodic balance restores preferred leaders", () => {
  const log = clusterLog([1, 2, 3], { elr: false });
  addTopic(log, "strict", [[1, 2, 3]]);
  addTopic(log, "loose", [[1, 2, 3]]);
  fence(log, 2);
  fence(log, 3);
  fence(log, 1);
  unfence(log, 3);
  expect(areSomePartitionsLeaderless(log.image)).toBe(true);
  expect(planElectUncleanLeaders(log.image, env).records).toHaveLength(0);
  setConfig(log, "loose", "unclean.leader.election.enable", "true");
  const p = planElectUncleanLeaders(log.image, env);
  expect(p.elected).toEqual(["loose-0"]);
  log.append(p.records);
  expect(log.partition("loose", 0)).toMatchObject({ leader: 3, isr: [3], leaderRecoveryState: 1 });
  expect(log.partition("strict", 0).leader).toBe(-1);
  // 1 comes back and rejoins "strict" as leader (it was the last in its ISR); "loose" stays on 3 until balanced.
  unfence(log, 1);
  expect(log.partition("strict", 0).leader).toBe(1);
  expect(arePartitionLeadersImbalanced(log.image)).toBe(true);
  // 3 is the only ISR member of "loose": the preferred replica 1 is not in it, so no balance yet.
  expect(planBalancePartitionLeaders(log.image, env).records).toHaveLength(0);
  log.append([metadataRecord(RecordType.PARTITION_CHANGE, { topicId: log.topicId("loose"), partitionId: 0, isr: [3, 1], leader: -2, replicas: null, removingReplicas: null, addingReplicas: null, leaderRecoveryState: 0, directories: null, eligibleLeaderReplicas: null, lastKnownElr: null })]);
  const bal = planBalancePartitionLeaders(log.image, env);
  expect(changes(bal.records)).toHaveLength(1);
  log.append(bal.records);
  expect(log.partition("loose", 0).leader).toBe(1);
  // The limit: one election per run reports more work.
  expect(planBalancePartitionLeaders(log.image, env, 0).more).toBe(true);
});
