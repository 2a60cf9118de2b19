// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// StreamsGroupTargetAssignmentMemberValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** StreamsGroupTargetAssignmentMemberValue: coordinator-value, api key 21. */
export const STREAMS_GROUP_TARGET_ASSIGNMENT_MEMBER_VALUE_SCHEMA = {
  name: "StreamsGroupTargetAssignmentMemberValue",
  type: "coordinator-value",
  apiKey: 21,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface StreamsGroupTargetAssignmentMemberValue {
  /** Currently assigned active tasks for this streams client. (versions 0+) */
  activeTasks: TaskIds[];
  /** Currently assigned standby tasks for this streams client. (versions 0+) */
  standbyTasks: TaskIds[];
  /** Currently assigned warm-up tasks for this streams client. (versions 0+) */
  warmupTasks: TaskIds[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newStreamsGroupTargetAssignmentMemberValue(): StreamsGroupTargetAssignmentMemberValue {
  return {
    activeTasks: [],
    standbyTasks: [],
    warmupTasks: [],
  };
}

export function readStreamsGroupTargetAssignmentMemberValue(r: Reader, v: number): StreamsGroupTargetAssignmentMemberValue {
  const flex = true;
  const m = newStreamsGroupTargetAssignmentMemberValue();
  m.activeTasks = (readArray(r, true, false, (r) => readTaskIds(r, v)) ?? []);
  m.standbyTasks = (readArray(r, true, false, (r) => readTaskIds(r, v)) ?? []);
  m.warmupTasks = (readArray(r, true, false, (r) => readTaskIds(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeStreamsGroupTargetAssignmentMemberValue(s: Sink, m: StreamsGroupTargetAssignmentMemberValue, v: number): void {
  const flex = true;
  writeArray(s, m.activeTasks, true, (s, e) => writeTaskIds(s, e, v));
  writeArray(s, m.standbyTasks, true, (s, e) => writeTaskIds(s, e, v));
  writeArray(s, m.warmupTasks, true, (s, e) => writeTaskIds(s, e, v));
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
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTaskIds(): TaskIds {
  return {
    subtopologyId: "",
    partitions: [],
  };
}

export function readTaskIds(r: Reader, v: number): TaskIds {
  const flex = true;
  const m = newTaskIds();
  m.subtopologyId = r.compactString();
  m.partitions = (readArray(r, true, false, (r) => r.int32()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTaskIds(s: Sink, m: TaskIds, v: number): void {
  const flex = true;
  s.string(m.subtopologyId, true);
  writeArray(s, m.partitions, true, (s, e) => s.int32(e));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
