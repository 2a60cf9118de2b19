// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ConsumerGroupCurrentMemberAssignmentValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ConsumerGroupCurrentMemberAssignmentValue: coordinator-value, api key 8. */
export const CONSUMER_GROUP_CURRENT_MEMBER_ASSIGNMENT_VALUE_SCHEMA = {
  name: "ConsumerGroupCurrentMemberAssignmentValue",
  type: "coordinator-value",
  apiKey: 8,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ConsumerGroupCurrentMemberAssignmentValue {
  /** The current member epoch that is expected from the member in the heartbeat request. (versions 0+) */
  memberEpoch: number;
  /** If the last epoch bump is lost before reaching the member, the member will retry with the previous epoch. (versions 0+) */
  previousMemberEpoch: number;
  /** The member state. See MemberState for the possible values. (versions 0+) */
  state: number;
  /** The partitions assigned to (or owned by) this member. (versions 0+) */
  assignedPartitions: TopicPartitions[];
  /** The partitions that must be revoked by this member. (versions 0+) */
  partitionsPendingRevocation: TopicPartitions[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newConsumerGroupCurrentMemberAssignmentValue(): ConsumerGroupCurrentMemberAssignmentValue {
  return {
    memberEpoch: 0,
    previousMemberEpoch: 0,
    state: 0,
    assignedPartitions: [],
    partitionsPendingRevocation: [],
  };
}

export function readConsumerGroupCurrentMemberAssignmentValue(r: Reader, v: number): ConsumerGroupCurrentMemberAssignmentValue {
  const flex = true;
  const m = newConsumerGroupCurrentMemberAssignmentValue();
  m.memberEpoch = r.int32();
  m.previousMemberEpoch = r.int32();
  m.state = r.int8();
  m.assignedPartitions = (readArray(r, true, false, (r) => readTopicPartitions(r, v)) ?? []);
  m.partitionsPendingRevocation = (readArray(r, true, false, (r) => readTopicPartitions(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeConsumerGroupCurrentMemberAssignmentValue(s: Sink, m: ConsumerGroupCurrentMemberAssignmentValue, v: number): void {
  const flex = true;
  s.int32(m.memberEpoch);
  s.int32(m.previousMemberEpoch);
  s.int8(m.state);
  writeArray(s, m.assignedPartitions, true, (s, e) => writeTopicPartitions(s, e, v));
  writeArray(s, m.partitionsPendingRevocation, true, (s, e) => writeTopicPartitions(s, e, v));
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
  /** The epoch at which the partition was assigned to the member. Used to fence zombie commits requests. Of the same length as Partitions. (versions 0+; nullable 0+; tag 0 in 0+) */
  assignmentEpochs: number[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicPartitions(): TopicPartitions {
  return {
    topicId: ZERO_UUID,
    partitions: [],
    assignmentEpochs: null,
  };
}

export function readTopicPartitions(r: Reader, v: number): TopicPartitions {
  const flex = true;
  const m = newTopicPartitions();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => r.int32()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (true) { m.assignmentEpochs = readArray(r, true, true, (r) => r.int32()); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeTopicPartitions(s: Sink, m: TopicPartitions, v: number): void {
  const flex = true;
  s.uuid(m.topicId);
  writeArray(s, m.partitions, true, (s, e) => s.int32(e));
  if (true) {
    const tags: TagWriter[] = [];
    if (!(m.assignmentEpochs === null)) tags.push([0, (s) => writeArray(s, m.assignmentEpochs, true, (s, e) => s.int32(e))]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
