// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ConsumerProtocolAssignment.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ConsumerProtocolAssignment: data. */
export const CONSUMER_PROTOCOL_ASSIGNMENT_SCHEMA = {
  name: "ConsumerProtocolAssignment",
  type: "data",
  apiKey: -1,
  minVersion: 0,
  maxVersion: 3,
  flexibleMinVersion: -1,
} as const;

export interface ConsumerProtocolAssignment {
  /** The list of topics and partitions assigned to this consumer. (versions 0+) */
  assignedPartitions: TopicPartition[];
  /** User data. (versions 0+; nullable 0+) */
  userData: Uint8Array | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newConsumerProtocolAssignment(): ConsumerProtocolAssignment {
  return {
    assignedPartitions: [],
    userData: null,
  };
}

export function readConsumerProtocolAssignment(r: Reader, v: number): ConsumerProtocolAssignment {
  const m = newConsumerProtocolAssignment();
  m.assignedPartitions = (readArray(r, false, false, (r) => readTopicPartition(r, v)) ?? []);
  m.userData = r.nullableBytes();
  return m;
}

export function writeConsumerProtocolAssignment(s: Sink, m: ConsumerProtocolAssignment, v: number): void {
  writeArray(s, m.assignedPartitions, false, (s, e) => writeTopicPartition(s, e, v));
  s.bytes(m.userData, false);
}

export interface TopicPartition {
  /** The topic name. (versions 0+) */
  topic: string;
  /** The list of partitions assigned to this consumer. (versions 0+) */
  partitions: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicPartition(): TopicPartition {
  return {
    topic: "",
    partitions: [],
  };
}

export function readTopicPartition(r: Reader, v: number): TopicPartition {
  const m = newTopicPartition();
  m.topic = r.string();
  m.partitions = (readArray(r, false, false, (r) => r.int32()) ?? []);
  return m;
}

export function writeTopicPartition(s: Sink, m: TopicPartition, v: number): void {
  s.string(m.topic, false);
  writeArray(s, m.partitions, false, (s, e) => s.int32(e));
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
