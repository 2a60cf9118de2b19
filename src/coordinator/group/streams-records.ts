// The streams group records of __consumer_offsets as Kafka 4.4.0 writes them (record types
// 17 StreamsGroupMetadata, 19 MemberMetadata, 20 TargetAssignmentMetadata, 21 TargetAssignmentMember,
// 22 CurrentMemberAssignment, 23 Topology; keys and values at version 0), the live records of a group
// (what a compacted log keeps), the tombstones that delete it, and the replay that rebuilds groups at
// start-up (Kafka's GroupMetadataManager.replay for these types).

import { Reader } from "../../protocol/primitives/reader.ts";
import * as MK from "../../protocol/generated/coordinator/streams-group-metadata-key.ts";
import * as MV from "../../protocol/generated/coordinator/streams-group-metadata-value.ts";
import * as MMK from "../../protocol/generated/coordinator/streams-group-member-metadata-key.ts";
import * as MMV from "../../protocol/generated/coordinator/streams-group-member-metadata-value.ts";
import * as TMK from "../../protocol/generated/coordinator/streams-group-target-assignment-metadata-key.ts";
import * as TMV from "../../protocol/generated/coordinator/streams-group-target-assignment-metadata-value.ts";
import * as TAK from "../../protocol/generated/coordinator/streams-group-target-assignment-member-key.ts";
import * as TAV from "../../protocol/generated/coordinator/streams-group-target-assignment-member-value.ts";
import * as CAK from "../../protocol/generated/coordinator/streams-group-current-member-assignment-key.ts";
import * as CAV from "../../protocol/generated/coordinator/streams-group-current-member-assignment-value.ts";
import * as TK from "../../protocol/generated/coordinator/streams-group-topology-key.ts";
import * as TV from "../../protocol/generated/coordinator/streams-group-topology-value.ts";
import { CoordinatorRecordError, type KeyValue, coordinatorRecord } from "./records.ts";
import { StreamsGroup } from "./streams-group.ts";
import { StreamsGroupMember, addTaskEpoch, emptyTasksWithEpochs, fromTaskIds, toTaskIds, type StreamsMemberStateValue, type TaskEpochs, type TasksTuple, type TasksWithEpochs } from "./streams-group-member.ts";

export const RT_SG_METADATA = 17;
export const RT_SG_MEMBER_METADATA = 19;
export const RT_SG_TARGET_METADATA = 20;
export const RT_SG_TARGET_MEMBER = 21;
export const RT_SG_CURRENT_ASSIGNMENT = 22;
export const RT_SG_TOPOLOGY = 23;
const STREAMS_TYPES = new Set([RT_SG_METADATA, RT_SG_MEMBER_METADATA, RT_SG_TARGET_METADATA, RT_SG_TARGET_MEMBER, RT_SG_CURRENT_ASSIGNMENT, RT_SG_TOPOLOGY]);

export function isStreamsRecordType(type: number): boolean {
  return STREAMS_TYPES.has(type);
}

const kv = coordinatorRecord;

export const sgRecords = {
  metadata: (groupId: string, v: MV.StreamsGroupMetadataValue | null) =>
    kv(RT_SG_METADATA, (s) => MK.writeStreamsGroupMetadataKey(s, { groupId }, 0), v && ((s) => MV.writeStreamsGroupMetadataValue(s, v, 0))),
  member: (groupId: string, memberId: string, v: MMV.StreamsGroupMemberMetadataValue | null) =>
    kv(RT_SG_MEMBER_METADATA, (s) => MMK.writeStreamsGroupMemberMetadataKey(s, { groupId, memberId }, 0), v && ((s) => MMV.writeStreamsGroupMemberMetadataValue(s, v, 0))),
  targetMetadata: (groupId: string, v: TMV.StreamsGroupTargetAssignmentMetadataValue | null) =>
    kv(RT_SG_TARGET_METADATA, (s) => TMK.writeStreamsGroupTargetAssignmentMetadataKey(s, { groupId }, 0), v && ((s) => TMV.writeStreamsGroupTargetAssignmentMetadataValue(s, v, 0))),
  targetMember: (groupId: string, memberId: string, v: TAV.StreamsGroupTargetAssignmentMemberValue | null) =>
    kv(RT_SG_TARGET_MEMBER, (s) => TAK.writeStreamsGroupTargetAssignmentMemberKey(s, { groupId, memberId }, 0), v && ((s) => TAV.writeStreamsGroupTargetAssignmentMemberValue(s, v, 0))),
  currentAssignment: (groupId: string, memberId: string, v: CAV.StreamsGroupCurrentMemberAssignmentValue | null) =>
    kv(RT_SG_CURRENT_ASSIGNMENT, (s) => CAK.writeStreamsGroupCurrentMemberAssignmentKey(s, { groupId, memberId }, 0), v && ((s) => CAV.writeStreamsGroupCurrentMemberAssignmentValue(s, v, 0))),
  topology: (groupId: string, v: TV.StreamsGroupTopologyValue | null) =>
    kv(RT_SG_TOPOLOGY, (s) => TK.writeStreamsGroupTopologyKey(s, { groupId }, 0), v && ((s) => TV.writeStreamsGroupTopologyValue(s, v, 0))),
};

// ---- values of the model ---------------------------------------------------------------------

export function groupMetadataRecord(g: StreamsGroup): KeyValue {
  return sgRecords.metadata(g.groupId, {
    epoch: g.groupEpoch,
    metadataHash: g.metadataHash,
    validatedTopologyEpoch: g.validatedTopologyEpoch,
    lastAssignmentConfigs: [...g.lastAssignmentConfigs].map(([key, value]) => ({ key, value })),
    storedDescriptionTopologyEpoch: -1,
    failedDescriptionTopologyEpoch: -1,
  });
}

export function memberMetadataRecord(groupId: string, m: StreamsGroupMember): KeyValue {
  return sgRecords.member(groupId, m.memberId, {
    instanceId: m.instanceId,
    rackId: m.rackId,
    clientId: m.clientId,
    clientHost: m.clientHost,
    rebalanceTimeoutMs: m.rebalanceTimeoutMs,
    topologyEpoch: m.topologyEpoch,
    processId: m.processId,
    userEndpoint: m.userEndpoint && { host: m.userEndpoint.host, port: m.userEndpoint.port },
    clientTags: [...m.clientTags].map(([key, value]) => ({ key, value })),
  });
}

function epochIds(m: TaskEpochs, withEpochs: boolean): CAV.TaskIds[] {
  return toTaskIds(m).map((t) => ({ subtopologyId: t.subtopologyId, partitions: t.partitions, assignmentEpochs: withEpochs ? t.partitions.map((p) => m.get(t.subtopologyId)!.get(p)!) : null }));
}

export function currentAssignmentRecord(groupId: string, m: StreamsGroupMember): KeyValue {
  return sgRecords.currentAssignment(groupId, m.memberId, {
    memberEpoch: m.memberEpoch,
    previousMemberEpoch: m.previousMemberEpoch,
    state: m.state,
    activeTasks: epochIds(m.assigned.active, true),
    standbyTasks: epochIds(m.assigned.standby, false),
    warmupTasks: epochIds(m.assigned.warmup, false),
    activeTasksPendingRevocation: epochIds(m.pendingRevocation.active, true),
    standbyTasksPendingRevocation: epochIds(m.pendingRevocation.standby, false),
    warmupTasksPendingRevocation: epochIds(m.pendingRevocation.warmup, false),
  });
}

export function targetMemberRecord(groupId: string, memberId: string, t: TasksTuple | null): KeyValue {
  return sgRecords.targetMember(groupId, memberId, t && { activeTasks: toTaskIds(t.active), standbyTasks: toTaskIds(t.standby), warmupTasks: toTaskIds(t.warmup) });
}

export function targetMetadataRecord(g: StreamsGroup): KeyValue {
  return sgRecords.targetMetadata(g.groupId, { assignmentEpoch: g.targetAssignmentEpoch, assignmentTimestamp: BigInt(g.assignmentTimestampMs) });
}

/** A member's tombstones, as Kafka writes them on removal: current assignment, target, metadata. */
export function memberTombstones(groupId: string, memberId: string): KeyValue[] {
  return [sgRecords.currentAssignment(groupId, memberId, null), sgRecords.targetMember(groupId, memberId, null), sgRecords.member(groupId, memberId, null)];
}

/** Every live record of a group (the state a compacted log keeps). */
export function streamsGroupSnapshot(g: StreamsGroup): KeyValue[] {
  const out: KeyValue[] = [groupMetadataRecord(g)];
  if (g.topology) out.push(sgRecords.topology(g.groupId, g.topology));
  for (const m of g.members.values()) out.push(memberMetadataRecord(g.groupId, m));
  for (const [id, t] of g.targetAssignment) out.push(targetMemberRecord(g.groupId, id, t));
  out.push(targetMetadataRecord(g));
  for (const m of g.members.values()) out.push(currentAssignmentRecord(g.groupId, m));
  return out;
}

/** The tombstones that delete a group (Kafka's StreamsGroup.createGroupTombstoneRecords). */
export function streamsGroupTombstones(g: StreamsGroup): KeyValue[] {
  const out: KeyValue[] = [];
  for (const id of g.members.keys()) out.push(sgRecords.currentAssignment(g.groupId, id, null));
  for (const id of new Set([...g.members.keys(), ...g.targetAssignment.keys()])) out.push(sgRecords.targetMember(g.groupId, id, null));
  out.push(sgRecords.targetMetadata(g.groupId, null));
  for (const id of g.members.keys()) out.push(sgRecords.member(g.groupId, id, null));
  out.push(sgRecords.topology(g.groupId, null));
  out.push(sgRecords.metadata(g.groupId, null));
  return out;
}

// ---- decoding and replay ------------------------------------------------------------------------

function reader(b: Uint8Array, type: number, part: "key" | "value"): Reader {
  if (b.length < 2) throw new CoordinatorRecordError(type, part, `${b.length} bytes, need at least 2`);
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength).getInt16(0);
  if (part === "value" && v !== 0) throw new CoordinatorRecordError(type, part, `unknown version ${v}`);
  return new Reader(b, 2);
}

function read<T>(b: Uint8Array, type: number, part: "key" | "value", fn: (r: Reader, v: number) => T): T {
  const r = reader(b, type, part);
  const v = fn(r, 0);
  if (!r.ok) throw new CoordinatorRecordError(type, part, r.error!.message);
  return v;
}

function toEpochs(l: CAV.TaskIds[], fallbackEpoch: number): TaskEpochs {
  const out: TaskEpochs = new Map();
  for (const t of l) t.partitions.forEach((p, i) => addTaskEpoch(out, t.subtopologyId, p, t.assignmentEpochs?.[i] ?? fallbackEpoch));
  return out;
}

/**
 * Apply one streams group record. `group(id, create)` gets (or makes) the group; `remove(id)` drops it
 * once its metadata is tombstoned. Members are created by their metadata record, as Kafka does.
 */
export function replayStreamsRecord(type: number, key: Uint8Array, value: Uint8Array | null, group: (id: string, create: boolean) => StreamsGroup | undefined, remove: (id: string) => void, nowMs: number): void {
  switch (type) {
    case RT_SG_METADATA: {
      const k = read(key, type, "key", MK.readStreamsGroupMetadataKey);
      if (value === null) {
        const g = group(k.groupId, false);
        if (g) remove(k.groupId);
        return;
      }
      const v = read(value, type, "value", MV.readStreamsGroupMetadataValue);
      const g = group(k.groupId, true)!;
      g.groupEpoch = v.epoch;
      g.metadataHash = v.metadataHash;
      g.validatedTopologyEpoch = v.validatedTopologyEpoch;
      g.lastAssignmentConfigs = new Map((v.lastAssignmentConfigs ?? []).map((c) => [c.key, c.value]));
      return;
    }
    case RT_SG_TOPOLOGY: {
      const k = read(key, type, "key", TK.readStreamsGroupTopologyKey);
      const g = group(k.groupId, value !== null);
      if (!g) return;
      g.topology = value === null ? null : read(value, type, "value", TV.readStreamsGroupTopologyValue);
      g.configuredTopology = null;
      return;
    }
    case RT_SG_MEMBER_METADATA: {
      const k = read(key, type, "key", MMK.readStreamsGroupMemberMetadataKey);
      const g = group(k.groupId, value !== null);
      if (!g) return;
      if (value === null) {
        g.removeMember(k.memberId, nowMs);
        return;
      }
      const v = read(value, type, "value", MMV.readStreamsGroupMemberMetadataValue);
      const old = g.members.get(k.memberId);
      const m = old ? old.clone() : new StreamsGroupMember({ memberId: k.memberId, instanceId: null, rackId: null, clientId: "", clientHost: "", rebalanceTimeoutMs: -1, topologyEpoch: -1, processId: "", userEndpoint: null, clientTags: new Map() });
      m.instanceId = v.instanceId;
      m.rackId = v.rackId;
      m.clientId = v.clientId;
      m.clientHost = v.clientHost;
      m.rebalanceTimeoutMs = v.rebalanceTimeoutMs;
      m.topologyEpoch = v.topologyEpoch;
      m.processId = v.processId;
      m.userEndpoint = v.userEndpoint && { host: v.userEndpoint.host, port: v.userEndpoint.port };
      m.clientTags = new Map(v.clientTags.map((c) => [c.key, c.value]));
      g.updateMember(m);
      return;
    }
    case RT_SG_TARGET_METADATA: {
      const k = read(key, type, "key", TMK.readStreamsGroupTargetAssignmentMetadataKey);
      const g = group(k.groupId, false);
      if (!g) return;
      if (value === null) {
        g.targetAssignmentEpoch = 0;
        g.assignmentTimestampMs = 0;
        return;
      }
      const v = read(value, type, "value", TMV.readStreamsGroupTargetAssignmentMetadataValue);
      g.targetAssignmentEpoch = v.assignmentEpoch;
      g.assignmentTimestampMs = Number(v.assignmentTimestamp);
      return;
    }
    case RT_SG_TARGET_MEMBER: {
      const k = read(key, type, "key", TAK.readStreamsGroupTargetAssignmentMemberKey);
      const g = group(k.groupId, false);
      if (!g) return;
      if (value === null) {
        g.targetAssignment.delete(k.memberId);
        return;
      }
      const v = read(value, type, "value", TAV.readStreamsGroupTargetAssignmentMemberValue);
      g.targetAssignment.set(k.memberId, { active: fromTaskIds(v.activeTasks), standby: fromTaskIds(v.standbyTasks), warmup: fromTaskIds(v.warmupTasks) });
      return;
    }
    case RT_SG_CURRENT_ASSIGNMENT: {
      const k = read(key, type, "key", CAK.readStreamsGroupCurrentMemberAssignmentKey);
      const g = group(k.groupId, false);
      const old = g?.members.get(k.memberId);
      if (!g || !old) return;
      const m = old.clone();
      if (value === null) {
        m.memberEpoch = 0;
        m.previousMemberEpoch = 0;
        m.assigned = emptyTasksWithEpochs();
        m.pendingRevocation = emptyTasksWithEpochs();
      } else {
        const v = read(value, type, "value", CAV.readStreamsGroupCurrentMemberAssignmentValue);
        m.memberEpoch = v.memberEpoch;
        m.previousMemberEpoch = v.previousMemberEpoch;
        m.state = v.state as StreamsMemberStateValue;
        const tuple = (a: CAV.TaskIds[], s: CAV.TaskIds[], w: CAV.TaskIds[]): TasksWithEpochs => ({ active: toEpochs(a, v.memberEpoch), standby: toEpochs(s, v.memberEpoch), warmup: toEpochs(w, v.memberEpoch) });
        m.assigned = tuple(v.activeTasks, v.standbyTasks, v.warmupTasks);
        m.pendingRevocation = tuple(v.activeTasksPendingRevocation, v.standbyTasksPendingRevocation, v.warmupTasksPendingRevocation);
      }
      g.updateMember(m);
      return;
    }
  }
}
