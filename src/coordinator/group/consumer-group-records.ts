// A consumer group as its __consumer_offsets records and back: the records for a member's change,
// the live records of a whole group (what a compacted log keeps), the tombstones that delete it, and
// the replay that rebuilds groups at start-up (Kafka's GroupMetadataManager.replay for types 3-8, 16).

import type { TopicPartitions as CurrentTopicPartitions } from "../../protocol/generated/coordinator/consumer-group-current-member-assignment-value.ts";
import { ConsumerGroup } from "./consumer-group.ts";
import { ConsumerGroupMember, MemberState, fromTopicPartitions, toTopicPartitions, type EpochAssignment, type MemberStateValue, type TargetAssignment } from "./consumer-member.ts";
import { cgRecords, type ConsumerGroupMemberMetadataValue, type ConsumerGroupRecord, type ConsumerGroupCurrentMemberAssignmentValue } from "./consumer-records.ts";
import type { KeyValue } from "./records.ts";

export function memberMetadataValue(m: ConsumerGroupMember): ConsumerGroupMemberMetadataValue {
  return {
    instanceId: m.instanceId,
    rackId: m.rackId,
    clientId: m.clientId,
    clientHost: m.clientHost,
    subscribedTopicNames: [...m.subscribedTopicNames],
    // Kafka's member holds "" for no regex and writes it so; Strand's null is written the same way.
    subscribedTopicRegex: m.subscribedTopicRegex ?? "",
    rebalanceTimeoutMs: m.rebalanceTimeoutMs,
    serverAssignor: m.serverAssignorName,
    classicMemberMetadata: null,
  };
}

function epochTopics(a: EpochAssignment): CurrentTopicPartitions[] {
  const out: CurrentTopicPartitions[] = [];
  for (const [topicId, ps] of a) {
    if (ps.size === 0) continue;
    const parts = [...ps.keys()].sort((x, y) => x - y);
    out.push({ topicId, partitions: parts, assignmentEpochs: parts.map((p) => ps.get(p)!) });
  }
  return out;
}

function fromEpochTopics(l: CurrentTopicPartitions[], fallbackEpoch: number): EpochAssignment {
  const out: EpochAssignment = new Map();
  for (const t of l) {
    const m = out.get(t.topicId) ?? new Map<number, number>();
    t.partitions.forEach((p, i) => m.set(p, t.assignmentEpochs?.[i] ?? fallbackEpoch));
    out.set(t.topicId, m);
  }
  return out;
}

export function currentAssignmentValue(m: ConsumerGroupMember): ConsumerGroupCurrentMemberAssignmentValue {
  return {
    memberEpoch: m.memberEpoch,
    previousMemberEpoch: m.previousMemberEpoch,
    state: m.state,
    assignedPartitions: epochTopics(m.assignedPartitions),
    partitionsPendingRevocation: epochTopics(m.partitionsPendingRevocation),
  };
}

export function targetMemberRecord(groupId: string, memberId: string, a: TargetAssignment | null): KeyValue {
  return cgRecords.targetMember(groupId, memberId, a === null ? null : { topicPartitions: toTopicPartitions(a) });
}

export function groupEpochRecord(g: ConsumerGroup): KeyValue {
  return cgRecords.metadata(g.groupId, { epoch: g.groupEpoch, metadataHash: g.metadataHash });
}

export function targetMetadataRecord(g: ConsumerGroup): KeyValue {
  return cgRecords.targetMetadata(g.groupId, { assignmentEpoch: g.targetAssignmentEpoch, assignmentTimestamp: BigInt(g.assignmentTimestampMs) });
}

/** Tombstones removing one member (Kafka's order: current assignment, target, then metadata). */
export function memberTombstones(groupId: string, memberId: string): KeyValue[] {
  return [cgRecords.currentAssignment(groupId, memberId, null), cgRecords.targetMember(groupId, memberId, null), cgRecords.member(groupId, memberId, null)];
}

/** The live records of a group, in an order that replays to the same group. */
export function consumerGroupSnapshot(g: ConsumerGroup): KeyValue[] {
  const out: KeyValue[] = [];
  for (const m of g.members.values()) out.push(cgRecords.member(g.groupId, m.memberId, memberMetadataValue(m)));
  for (const [re, r] of g.resolvedRegexes) out.push(cgRecords.regex(g.groupId, re, { topics: r.topics, version: r.version, timestamp: BigInt(r.timestampMs) }));
  out.push(groupEpochRecord(g));
  for (const [id, a] of g.targetAssignment) out.push(targetMemberRecord(g.groupId, id, a));
  out.push(targetMetadataRecord(g));
  for (const m of g.members.values()) out.push(cgRecords.currentAssignment(g.groupId, m.memberId, currentAssignmentValue(m)));
  return out;
}

/** Every record needed to delete a group (Kafka also tombstones the legacy partition metadata). */
export function consumerGroupTombstones(g: ConsumerGroup): KeyValue[] {
  const out: KeyValue[] = [];
  for (const id of new Set([...g.members.keys(), ...g.targetAssignment.keys()])) out.push(...memberTombstones(g.groupId, id));
  for (const re of g.resolvedRegexes.keys()) out.push(cgRecords.regex(g.groupId, re, null));
  out.push(cgRecords.targetMetadata(g.groupId, null), cgRecords.partitionMetadataTombstone(g.groupId), cgRecords.metadata(g.groupId, null));
  return out;
}

const PLACEHOLDER = { clientId: "", clientHost: "", subscribedTopicNames: [], subscribedTopicRegex: null, serverAssignorName: null, rebalanceTimeoutMs: -1, instanceId: null, rackId: null };

/**
 * Apply one replayed record. `groupFor(id, create)` returns the consumer group (creating it), or
 * undefined when absent and not created. Partition owners are rebuilt once loading ends.
 */
export function replayConsumerGroupRecord(r: ConsumerGroupRecord, groupFor: (id: string, create: boolean) => ConsumerGroup | undefined, deleteGroup: (id: string) => void): void {
  const tomb = r.type !== "cg-partition-metadata" && r.value === null;
  const g = groupFor(r.groupId, !tomb && r.type !== "cg-partition-metadata");
  if (!g) return;
  switch (r.type) {
    case "cg-metadata":
      if (r.value === null) return deleteGroup(r.groupId);
      g.groupEpoch = r.value.epoch;
      g.metadataHash = r.value.metadataHash;
      return;
    case "cg-partition-metadata":
      return;
    case "cg-member": {
      if (r.value === null) {
        g.members.delete(r.memberId);
        return;
      }
      const v = r.value;
      const m = g.members.get(r.memberId) ?? new ConsumerGroupMember({ ...PLACEHOLDER, memberId: r.memberId });
      m.instanceId = v.instanceId;
      m.rackId = v.rackId;
      m.clientId = v.clientId;
      m.clientHost = v.clientHost;
      m.subscribedTopicNames = [...v.subscribedTopicNames];
      // "" (what Kafka writes) and null both mean no regex: "" must not become a subscribed regex of its own.
      m.subscribedTopicRegex = v.subscribedTopicRegex === "" ? null : v.subscribedTopicRegex;
      m.rebalanceTimeoutMs = v.rebalanceTimeoutMs;
      m.serverAssignorName = v.serverAssignor;
      g.members.set(r.memberId, m);
      return;
    }
    case "cg-target-metadata":
      if (r.value === null) return;
      g.targetAssignmentEpoch = r.value.assignmentEpoch;
      g.assignmentTimestampMs = Number(r.value.assignmentTimestamp);
      return;
    case "cg-target-member":
      if (r.value === null) g.targetAssignment.delete(r.memberId);
      else g.targetAssignment.set(r.memberId, fromTopicPartitions(r.value.topicPartitions));
      return;
    case "cg-current": {
      const m = g.members.get(r.memberId);
      if (!m) return; // Kafka ignores an assignment for an unknown member as well
      if (r.value === null) {
        m.memberEpoch = 0;
        m.previousMemberEpoch = 0;
        m.state = MemberState.STABLE;
        m.assignedPartitions = new Map();
        m.partitionsPendingRevocation = new Map();
        return;
      }
      m.memberEpoch = r.value.memberEpoch;
      m.previousMemberEpoch = r.value.previousMemberEpoch;
      m.state = r.value.state as MemberStateValue;
      m.assignedPartitions = fromEpochTopics(r.value.assignedPartitions, r.value.memberEpoch);
      m.partitionsPendingRevocation = fromEpochTopics(r.value.partitionsPendingRevocation, r.value.memberEpoch);
      return;
    }
    case "cg-regex":
      if (r.value === null) g.resolvedRegexes.delete(r.regex);
      else g.resolvedRegexes.set(r.regex, { topics: [...r.value.topics], version: r.value.version, timestampMs: Number(r.value.timestamp) });
      return;
  }
}

export { toTopicPartitions };
