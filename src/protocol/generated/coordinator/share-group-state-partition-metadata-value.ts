// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ShareGroupStatePartitionMetadataValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ShareGroupStatePartitionMetadataValue: coordinator-value, api key 15. */
export const SHARE_GROUP_STATE_PARTITION_METADATA_VALUE_SCHEMA = {
  name: "ShareGroupStatePartitionMetadataValue",
  type: "coordinator-value",
  apiKey: 15,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ShareGroupStatePartitionMetadataValue {
  /** The topic-partitions whose share-group state is being initialized. (versions 0+) */
  initializingTopics: TopicPartitionsInfo[];
  /** The topics with initialized share-group state. (versions 0+) */
  initializedTopics: TopicPartitionsInfo[];
  /** The topics whose share-group state is being deleted. (versions 0+) */
  deletingTopics: TopicInfo[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newShareGroupStatePartitionMetadataValue(): ShareGroupStatePartitionMetadataValue {
  return {
    initializingTopics: [],
    initializedTopics: [],
    deletingTopics: [],
  };
}

export function readShareGroupStatePartitionMetadataValue(r: Reader, v: number): ShareGroupStatePartitionMetadataValue {
  const flex = true;
  const m = newShareGroupStatePartitionMetadataValue();
  m.initializingTopics = (readArray(r, true, false, (r) => readTopicPartitionsInfo(r, v)) ?? []);
  m.initializedTopics = (readArray(r, true, false, (r) => readTopicPartitionsInfo(r, v)) ?? []);
  m.deletingTopics = (readArray(r, true, false, (r) => readTopicInfo(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeShareGroupStatePartitionMetadataValue(s: Sink, m: ShareGroupStatePartitionMetadataValue, v: number): void {
  const flex = true;
  writeArray(s, m.initializingTopics, true, (s, e) => writeTopicPartitionsInfo(s, e, v));
  writeArray(s, m.initializedTopics, true, (s, e) => writeTopicPartitionsInfo(s, e, v));
  writeArray(s, m.deletingTopics, true, (s, e) => writeTopicInfo(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicPartitionsInfo {
  /** The topic identifier. (versions 0+) */
  topicId: string;
  /** The topic name. (versions 0+) */
  topicName: string;
  /** The partitions. (versions 0+) */
  partitions: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicPartitionsInfo(): TopicPartitionsInfo {
  return {
    topicId: ZERO_UUID,
    topicName: "",
    partitions: [],
  };
}

export function readTopicPartitionsInfo(r: Reader, v: number): TopicPartitionsInfo {
  const flex = true;
  const m = newTopicPartitionsInfo();
  m.topicId = r.uuid();
  m.topicName = r.compactString();
  m.partitions = (readArray(r, true, false, (r) => r.int32()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicPartitionsInfo(s: Sink, m: TopicPartitionsInfo, v: number): void {
  const flex = true;
  s.uuid(m.topicId);
  s.string(m.topicName, true);
  writeArray(s, m.partitions, true, (s, e) => s.int32(e));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicInfo {
  /** The topic identifier. (versions 0+) */
  topicId: string;
  /** The topic name. (versions 0+) */
  topicName: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicInfo(): TopicInfo {
  return {
    topicId: ZERO_UUID,
    topicName: "",
  };
}

export function readTopicInfo(r: Reader, v: number): TopicInfo {
  const flex = true;
  const m = newTopicInfo();
  m.topicId = r.uuid();
  m.topicName = r.compactString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicInfo(s: Sink, m: TopicInfo, v: number): void {
  const flex = true;
  s.uuid(m.topicId);
  s.string(m.topicName, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
