// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ShareGroupTargetAssignmentMemberValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ShareGroupTargetAssignmentMemberValue: coordinator-value, api key 13. */
export const SHARE_GROUP_TARGET_ASSIGNMENT_MEMBER_VALUE_SCHEMA = {
  name: "ShareGroupTargetAssignmentMemberValue",
  type: "coordinator-value",
  apiKey: 13,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ShareGroupTargetAssignmentMemberValue {
  /** The assigned partitions. (versions 0+) */
  topicPartitions: TopicPartition[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newShareGroupTargetAssignmentMemberValue(): ShareGroupTargetAssignmentMemberValue {
  return {
    topicPartitions: [],
  };
}

export function readShareGroupTargetAssignmentMemberValue(r: Reader, v: number): ShareGroupTargetAssignmentMemberValue {
  const flex = true;
  const m = newShareGroupTargetAssignmentMemberValue();
  m.topicPartitions = (readArray(r, true, false, (r) => readTopicPartition(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeShareGroupTargetAssignmentMemberValue(s: Sink, m: ShareGroupTargetAssignmentMemberValue, v: number): void {
  const flex = true;
  writeArray(s, m.topicPartitions, true, (s, e) => writeTopicPartition(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicPartition {
  /** The topic id. (versions 0+) */
  topicId: string;
  /** The partition indexes. (versions 0+) */
  partitions: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicPartition(): TopicPartition {
  return {
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readTopicPartition(r: Reader, v: number): TopicPartition {
  const flex = true;
  const m = newTopicPartition();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => r.int32()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicPartition(s: Sink, m: TopicPartition, v: number): void {
  const flex = true;
  s.uuid(m.topicId);
  writeArray(s, m.partitions, true, (s, e) => s.int32(e));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
