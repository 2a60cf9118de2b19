// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ConsumerGroupPartitionMetadataValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ConsumerGroupPartitionMetadataValue: coordinator-value, api key 4. */
export const CONSUMER_GROUP_PARTITION_METADATA_VALUE_SCHEMA = {
  name: "ConsumerGroupPartitionMetadataValue",
  type: "coordinator-value",
  apiKey: 4,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ConsumerGroupPartitionMetadataValue {
  /** The list of topic metadata. (versions 0+) */
  topics: TopicMetadata[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newConsumerGroupPartitionMetadataValue(): ConsumerGroupPartitionMetadataValue {
  return {
    topics: [],
  };
}

export function readConsumerGroupPartitionMetadataValue(r: Reader, v: number): ConsumerGroupPartitionMetadataValue {
  const flex = true;
  const m = newConsumerGroupPartitionMetadataValue();
  m.topics = (readArray(r, true, false, (r) => readTopicMetadata(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeConsumerGroupPartitionMetadataValue(s: Sink, m: ConsumerGroupPartitionMetadataValue, v: number): void {
  const flex = true;
  writeArray(s, m.topics, true, (s, e) => writeTopicMetadata(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicMetadata {
  /** The topic id. (versions 0+) */
  topicId: string;
  /** The topic name. (versions 0+) */
  topicName: string;
  /** The number of partitions of the topic. (versions 0+) */
  numPartitions: number;
  /** Deprecated: this field is not used after 4.0. Partitions mapped to a set of racks. If the rack information is unavailable for all the partitions, an empty list is stored. (versions 0+) */
  partitionMetadata: PartitionMetadata[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicMetadata(): TopicMetadata {
  return {
    topicId: ZERO_UUID,
    topicName: "",
    numPartitions: 0,
    partitionMetadata: [],
  };
}

export function readTopicMetadata(r: Reader, v: number): TopicMetadata {
  const flex = true;
  const m = newTopicMetadata();
  m.topicId = r.uuid();
  m.topicName = r.compactString();
  m.numPartitions = r.int32();
  m.partitionMetadata = (readArray(r, true, false, (r) => readPartitionMetadata(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicMetadata(s: Sink, m: TopicMetadata, v: number): void {
  const flex = true;
  s.uuid(m.topicId);
  s.string(m.topicName, true);
  s.int32(m.numPartitions);
  writeArray(s, m.partitionMetadata, true, (s, e) => writePartitionMetadata(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface PartitionMetadata {
  /** The partition number. (versions 0+) */
  partition: number;
  /** The set of racks that the partition is mapped to. (versions 0+) */
  racks: string[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionMetadata(): PartitionMetadata {
  return {
    partition: 0,
    racks: [],
  };
}

export function readPartitionMetadata(r: Reader, v: number): PartitionMetadata {
  const flex = true;
  const m = newPartitionMetadata();
  m.partition = r.int32();
  m.racks = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionMetadata(s: Sink, m: PartitionMetadata, v: number): void {
  const flex = true;
  s.int32(m.partition);
  writeArray(s, m.racks, true, (s, e) => s.string(e, true));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
