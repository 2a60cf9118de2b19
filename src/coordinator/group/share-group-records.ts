// A share group as its __consumer_offsets records and back: the records of a change, the live records
// of a whole group (what a compacted log keeps), the tombstones that delete it, and the replay that
// rebuilds share groups at start-up or failover (Kafka's GroupMetadataManager.replay for types 10-15).

import { MemberState, fromTopicPartitions, toTopicPartitions, type MemberStateValue, type TargetAssignment } from "./consumer-member.ts";
import type { KeyValue } from "./records.ts";
import { ShareGroup, type InitTopic } from "./share-group.ts";
import { ShareGroupMember } from "./share-group-member.ts";
import { sgRecords, type ShareGroupRecord, type ShareGroupStatePartitionMetadataValue } from "./share-records.ts";

export function memberRecord(groupId: string, m: ShareGroupMember): KeyValue {
  return sgRecords.member(groupId, m.memberId, { rackId: m.rackId, clientId: m.clientId, clientHost: m.clientHost, subscribedTopicNames: [...m.subscribedTopicNames] });
}

export function currentAssignmentRecord(groupId: string, m: ShareGroupMember): KeyValue {
  return sgRecords.currentAssignment(groupId, m.memberId, {
    memberEpoch: m.memberEpoch,
    previousMemberEpoch: m.previousMemberEpoch,
    state: m.state,
    assignedPartitions: toTopicPartitions(m.assignedPartitions),
  });
}

export function epochRecord(g: ShareGroup): KeyValue {
  return sgRecords.metadata(g.groupId, { epoch: g.groupEpoch, metadataHash: g.metadataHash });
}

export function targetMemberRecord(groupId: string, memberId: string, a: TargetAssignment | null): KeyValue {
  return sgRecords.targetMember(groupId, memberId, a === null ? null : { topicPartitions: toTopicPartitions(a) });
}

export function targetMetadataRecord(g: ShareGroup): KeyValue {
  return sgRecords.targetMetadata(g.groupId, { assignmentEpoch: g.targetAssignmentEpoch, assignmentTimestamp: BigInt(g.assignmentTimestampMs) });
}

export function statePartitionValue(g: ShareGroup): ShareGroupStatePartitionMetadataValue {
  const topics = (m: Map<string, InitTopic>) =>
    [...m].filter(([, t]) => t.partitions.size > 0).map(([topicId, t]) => ({ topicId, topicName: t.name, partitions: [...t.partitions].sort((a, b) => a - b) }));
  return {
    initializingTopics: topics(g.initializing),
    initializedTopics: topics(g.initialized),
    deletingTopics: [...g.deleting].map(([topicId, topicName]) => ({ topicId, topicName })),
  };
}

export function statePartitionRecord(g: ShareGroup): KeyValue {
  g.hasStatePartitionMetadata = true;
  return sgRecords.statePartitionMetadata(g.groupId, statePartitionValue(g));
}

/** Tombstones removing one member (Kafka's order: current assignment, target, then metadata). */
export function shareMemberTombstones(groupId: string, memberId: string): KeyValue[] {
  return [sgRecords.currentAssignment(groupId, memberId, null), sgRecords.targetMember(groupId, memberId, null), sgRecords.member(groupId, memberId, null)];
}

/** The live records of a group, in an order that replays to the same group. */
export function shareGroupSnapshot(g: ShareGroup): KeyValue[] {
  const out: KeyValue[] = [];
  for (const m of g.members.values()) out.push(memberRecord(g.groupId, m));
  out.push(epochRecord(g));
  for (const [id, a] of g.targetAssignment) out.push(targetMemberRecord(g.groupId, id, a));
  out.push(targetMetadataRecord(g));
  for (const m of g.members.values()) out.push(currentAssignmentRecord(g.groupId, m));
  if (g.hasStatePartitionMetadata) out.push(sgRecords.statePartitionMetadata(g.groupId, statePartitionValue(g)));
  return out;
}

/** Every record needed to delete a group (its state partition metadata too). */
export function shareGroupTombstones(g: ShareGroup): KeyValue[] {
  const out: KeyValue[] = [];
  for (const id of new Set([...g.members.keys(), ...g.targetAssignment.keys()])) out.push(...shareMemberTombstones(g.groupId, id));
  out.push(sgRecords.targetMetadata(g.groupId, null), sgRecords.statePartitionMetadata(g.groupId, null), sgRecords.metadata(g.groupId, null));
  return out;
}

function initMap(l: ReadonlyArray<{ topicId: string; topicName: string; partitions: number[] }>, nowMs: number): Map<string, InitTopic> {
  return new Map(l.map((t) => [t.topicId, { name: t.topicName, partitions: new Set(t.partitions), timestampMs: nowMs }]));
}

/**
 * Apply one replayed record. `groupFor(id, create)` returns the share group (creating it), or
 * undefined when absent and not created.
 */
export function replayShareGroupRecord(r: ShareGroupRecord, groupFor: (id: string, create: boolean) => ShareGroup | undefined, deleteGroup: (id: string) => void, nowMs: number): void {
  const g = groupFor(r.groupId, r.value !== null);
  if (!g) return;
  switch (r.type) {
    case "sg-metadata":
      if (r.value === null) return deleteGroup(r.groupId);
      g.groupEpoch = r.value.epoch;
      g.metadataHash = r.value.metadataHash;
      return;
    case "sg-member": {
      if (r.value === null) {
        g.members.delete(r.memberId);
        return;
      }
      const m = g.members.get(r.memberId) ?? new ShareGroupMember({ memberId: r.memberId, rackId: null, clientId: "", clientHost: "", subscribedTopicNames: [] });
      m.rackId = r.value.rackId;
      m.clientId = r.value.clientId;
      m.clientHost = r.value.clientHost;
      m.subscribedTopicNames = [...r.value.subscribedTopicNames];
      g.members.set(r.memberId, m);
      return;
    }
    case "sg-target-metadata":
      if (r.value === null) return;
      g.targetAssignmentEpoch = r.value.assignmentEpoch;
      g.assignmentTimestampMs = Number(r.value.assignmentTimestamp);
      return;
    case "sg-target-member":
      if (r.value === null) g.targetAssignment.delete(r.memberId);
      else g.targetAssignment.set(r.memberId, fromTopicPartitions(r.value.topicPartitions));
      return;
    case "sg-current": {
      const m = g.members.get(r.memberId);
      if (!m) return;
      if (r.value === null) {
        m.memberEpoch = 0;
        m.previousMemberEpoch = 0;
        m.state = MemberState.STABLE;
        m.assignedPartitions = new Map();
        return;
      }
      m.memberEpoch = r.value.memberEpoch;
      m.previousMemberEpoch = r.value.previousMemberEpoch;
      m.state = r.value.state as MemberStateValue;
      m.assignedPartitions = fromTopicPartitions(r.value.assignedPartitions);
      return;
    }
    case "sg-state-partitions":
      g.initializing.clear();
      g.initialized.clear();
      g.deleting.clear();
      if (r.value === null) {
        g.hasStatePartitionMetadata = false;
        return;
      }
      g.hasStatePartitionMetadata = true;
      // Initializing partitions read back are sent again at the next heartbeat (timestamp 0).
      for (const [k, v] of initMap(r.value.initializingTopics, 0)) g.initializing.set(k, v);
      for (const [k, v] of initMap(r.value.initializedTopics, nowMs)) g.initialized.set(k, v);
      for (const t of r.value.deletingTopics) g.deleting.set(t.topicId, t.topicName);
      return;
  }
}
