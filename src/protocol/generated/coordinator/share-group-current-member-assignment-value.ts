// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ShareGroupCurrentMemberAssignmentValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ShareGroupCurrentMemberAssignmentValue: coordinator-value, api key 14. */
export const SHARE_GROUP_CURRENT_MEMBER_ASSIGNMENT_VALUE_SCHEMA = {
  name: "ShareGroupCurrentMemberAssignmentValue",
  type: "coordinator-value",
  apiKey: 14,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ShareGroupCurrentMemberAssignmentValue {
  /** The current member epoch that is expected from the member in the heartbeat request. (versions 0+) */
  memberEpoch: number;
  /** If the last epoch bump is lost before reaching the member, the member will retry with the previous epoch. (versions 0+) */
  previousMemberEpoch: number;
  /** The member state. See MemberState for the possible values. (versions 0+) */
  state: number;
  /** The partitions assigned to (or owned by) this member. (versions 0+) */
  assignedPartitions: TopicPartitions[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newShareGroupCurrentMemberAssignmentValue(): ShareGroupCurrentMemberAssignmentValue {
  return {
    memberEpoch: 0,
    previousMemberEpoch: 0,
    state: 0,
    assignedPartitions: [],
  };
}

export function readShareGroupCurrentMemberAssignmentValue(r: Reader, v: number): ShareGroupCurrentMemberAssignmentValue {
  const flex = true;
  const m = newShareGroupCurrentMemberAssignmentValue();
  m.memberEpoch = r.int32();
  m.previousMemberEpoch = r.int32();
  m.state = r.int8();
  m.assignedPartitions = (readArray(r, true, false, (r) => readTopicPartitions(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeShareGroupCurrentMemberAssignmentValue(s: Sink, m: ShareGroupCurrentMemberAssignmentValue, v: number): void {
  const flex = true;
  s.int32(m.memberEpoch);
  s.int32(m.previousMemberEpoch);
  s.int8(m.state);
  writeArray(s, m.assignedPartitions, true, (s, e) => writeTopicPartitions(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicPartitions {
  /** The topic Id. (versions 0+) */
  topicId: string;
  /** The partition Ids. (versions 0+) */
  partitions: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicPartitions(): TopicPartitions {
  return {
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readTopicPartitions(r: Reader, v: number): TopicPartitions {
  const flex = true;
  const m = newTopicPartitions();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => r.int32()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicPartitions(s: Sink, m: TopicPartitions, v: number): void {
  const flex = true;
  s.uuid(m.topicId);
  writeArray(s, m.partitions, true, (s, e) => s.int32(e));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
