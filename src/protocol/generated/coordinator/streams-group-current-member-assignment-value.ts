// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// StreamsGroupCurrentMemberAssignmentValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** StreamsGroupCurrentMemberAssignmentValue: coordinator-value, api key 22. */
export const STREAMS_GROUP_CURRENT_MEMBER_ASSIGNMENT_VALUE_SCHEMA = {
  name: "StreamsGroupCurrentMemberAssignmentValue",
  type: "coordinator-value",
  apiKey: 22,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface StreamsGroupCurrentMemberAssignmentValue {
  /** The current member epoch that is expected from the member in the heartbeat request. (versions 0+) */
  memberEpoch: number;
  /** If the last epoch bump is lost before reaching the member, the member will retry with the previous epoch. (versions 0+) */
  previousMemberEpoch: number;
  /** The member state. See StreamsGroupMember.MemberState for the possible values. (versions 0+) */
  state: number;
  /** Currently assigned active tasks for this streams client. (versions 0+) */
  activeTasks: TaskIds[];
  /** Currently assigned standby tasks for this streams client. (versions 0+) */
  standbyTasks: TaskIds[];
  /** Currently assigned warm-up tasks for this streams client. (versions 0+) */
  warmupTasks: TaskIds[];
  /** The active tasks that must be revoked by this member. (versions 0+) */
  activeTasksPendingRevocation: TaskIds[];
  /** The standby tasks that must be revoked by this member. (versions 0+) */
  standbyTasksPendingRevocation: TaskIds[];
  /** The warmup tasks that must be revoked by this member. (versions 0+) */
  warmupTasksPendingRevocation: TaskIds[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newStreamsGroupCurrentMemberAssignmentValue(): StreamsGroupCurrentMemberAssignmentValue {
  return {
    memberEpoch: 0,
    previousMemberEpoch: 0,
    state: 0,
    activeTasks: [],
    standbyTasks: [],
    warmupTasks: [],
    activeTasksPendingRevocation: [],
    standbyTasksPendingRevocation: [],
    warmupTasksPendingRevocation: [],
  };
}

export function readStreamsGroupCurrentMemberAssignmentValue(r: Reader, v: number): StreamsGroupCurrentMemberAssignmentValue {
  const flex = true;
  const m = newStreamsGroupCurrentMemberAssignmentValue();
  m.memberEpoch = r.int32();
  m.previousMemberEpoch = r.int32();
  m.state = r.int8();
  m.activeTasks = (readArray(r, true, false, (r) => readTaskIds(r, v)) ?? []);
  m.standbyTasks = (readArray(r, true, false, (r) => readTaskIds(r, v)) ?? []);
  m.warmupTasks = (readArray(r, true, false, (r) => readTaskIds(r, v)) ?? []);
  m.activeTasksPendingRevocation = (readArray(r, true, false, (r) => readTaskIds(r, v)) ?? []);
  m.standbyTasksPendingRevocation = (readArray(r, true, false, (r) => readTaskIds(r, v)) ?? []);
  m.warmupTasksPendingRevocation = (readArray(r, true, false, (r) => readTaskIds(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeStreamsGroupCurrentMemberAssignmentValue(s: Sink, m: StreamsGroupCurrentMemberAssignmentValue, v: number): void {
  const flex = true;
  s.int32(m.memberEpoch);
  s.int32(m.previousMemberEpoch);
  s.int8(m.state);
  writeArray(s, m.activeTasks, true, (s, e) => writeTaskIds(s, e, v));
  writeArray(s, m.standbyTasks, true, (s, e) => writeTaskIds(s, e, v));
  writeArray(s, m.warmupTasks, true, (s, e) => writeTaskIds(s, e, v));
  writeArray(s, m.activeTasksPendingRevocation, true, (s, e) => writeTaskIds(s, e, v));
  writeArray(s, m.standbyTasksPendingRevocation, true, (s, e) => writeTaskIds(s, e, v));
  writeArray(s, m.warmupTasksPendingRevocation, true, (s, e) => writeTaskIds(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TaskIds {
  /** The subtopology ID. (versions 0+) */
  subtopologyId: string;
  /** The partitions of the input topics processed by this member. (versions 0+) */
  partitions: number[];
  /** The epoch at which the partition was assigned to the member. Used to fence zombie commits requests. Of the same length as Partitions. Only defined for active tasks. (versions 0+; nullable 0+; tag 0 in 0+) */
  assignmentEpochs: number[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTaskIds(): TaskIds {
  return {
    subtopologyId: "",
    partitions: [],
    assignmentEpochs: null,
  };
}

export function readTaskIds(r: Reader, v: number): TaskIds {
  const flex = true;
  const m = newTaskIds();
  m.subtopologyId = r.compactString();
  m.partitions = (readArray(r, true, false, (r) => r.int32()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (true) { m.assignmentEpochs = readArray(r, true, true, (r) => r.int32()); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeTaskIds(s: Sink, m: TaskIds, v: number): void {
  const flex = true;
  s.string(m.subtopologyId, true);
  writeArray(s, m.partitions, true, (s, e) => s.int32(e));
  if (true) {
    const tags: TagWriter[] = [];
    if (!(m.assignmentEpochs === null)) tags.push([0, (s) => writeArray(s, m.assignmentEpochs, true, (s, e) => s.int32(e))]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
