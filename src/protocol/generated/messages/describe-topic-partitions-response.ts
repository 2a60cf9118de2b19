// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeTopicPartitionsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeTopicPartitionsResponse: response, api key 75. */
export const DESCRIBE_TOPIC_PARTITIONS_RESPONSE_SCHEMA = {
  name: "DescribeTopicPartitionsResponse",
  type: "response",
  apiKey: 75,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface DescribeTopicPartitionsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+; ignorable) */
  throttleTimeMs: number;
  /** Each topic in the response. (versions 0+) */
  topics: DescribeTopicPartitionsResponseTopic[];
  /** The next topic and partition index to fetch details for. (versions 0+; nullable 0+) */
  nextCursor: Cursor | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeTopicPartitionsResponse(): DescribeTopicPartitionsResponse {
  return {
    throttleTimeMs: 0,
    topics: [],
    nextCursor: null,
  };
}

export function readDescribeTopicPartitionsResponse(r: Reader, v: number): DescribeTopicPartitionsResponse {
  const flex = true;
  const m = newDescribeTopicPartitionsResponse();
  m.throttleTimeMs = r.int32();
  m.topics = (readArray(r, true, false, (r) => readDescribeTopicPartitionsResponseTopic(r, v)) ?? []);
  m.nextCursor = (r.int8() < 0 ? null : readCursor(r, v));
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeTopicPartitionsResponse(s: Sink, m: DescribeTopicPartitionsResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  writeArray(s, m.topics, true, (s, e) => writeDescribeTopicPartitionsResponseTopic(s, e, v));
  { if (m.nextCursor === null) s.int8(-1); else { s.int8(1); writeCursor(s, m.nextCursor, v); } };
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribeTopicPartitionsResponseTopic {
  /** The topic error, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The topic name. (versions 0+; nullable 0+) */
  name: string | null;
  /** The topic id. (versions 0+; ignorable) */
  topicId: string;
  /** True if the topic is internal. (versions 0+; ignorable) */
  isInternal: boolean;
  /** Each partition in the topic. (versions 0+) */
  partitions: DescribeTopicPartitionsResponsePartition[];
  /** 32-bit bitfield to represent authorized operations for this topic. (versions 0+) */
  topicAuthorizedOperations: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeTopicPartitionsResponseTopic(): DescribeTopicPartitionsResponseTopic {
  return {
    errorCode: 0,
    name: "",
    topicId: ZERO_UUID,
    isInternal: false,
    partitions: [],
    topicAuthorizedOperations: -2147483648,
  };
}

export function readDescribeTopicPartitionsResponseTopic(r: Reader, v: number): DescribeTopicPartitionsResponseTopic {
  const flex = true;
  const m = newDescribeTopicPartitionsResponseTopic();
  m.errorCode = r.int16();
  m.name = r.compactNullableString();
  m.topicId = r.uuid();
  m.isInternal = r.bool();
  m.partitions = (readArray(r, true, false, (r) => readDescribeTopicPartitionsResponsePartition(r, v)) ?? []);
  m.topicAuthorizedOperations = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeTopicPartitionsResponseTopic(s: Sink, m: DescribeTopicPartitionsResponseTopic, v: number): void {
  const flex = true;
  s.int16(m.errorCode);
  s.string(m.name, true);
  s.uuid(m.topicId);
  s.bool(m.isInternal);
  writeArray(s, m.partitions, true, (s, e) => writeDescribeTopicPartitionsResponsePartition(s, e, v));
  s.int32(m.topicAuthorizedOperations);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribeTopicPartitionsResponsePartition {
  /** The partition error, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The ID of the leader broker. (versions 0+) */
  leaderId: number;
  /** The leader epoch of this partition. (versions 0+; ignorable) */
  leaderEpoch: number;
  /** The set of all nodes that host this partition. (versions 0+) */
  replicaNodes: number[];
  /** The set of nodes that are in sync with the leader for this partition. (versions 0+) */
  isrNodes: number[];
  /** The new eligible leader replicas otherwise. (versions 0+; nullable 0+) */
  eligibleLeaderReplicas: number[] | null;
  /** The last known ELR. (versions 0+; nullable 0+) */
  lastKnownElr: number[] | null;
  /** The set of offline replicas of this partition. (versions 0+; ignorable) */
  offlineReplicas: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeTopicPartitionsResponsePartition(): DescribeTopicPartitionsResponsePartition {
  return {
    errorCode: 0,
    partitionIndex: 0,
    leaderId: 0,
    leaderEpoch: -1,
    replicaNodes: [],
    isrNodes: [],
    eligibleLeaderReplicas: null,
    lastKnownElr: null,
    offlineReplicas: [],
  };
}

export function readDescribeTopicPartitionsResponsePartition(r: Reader, v: number): DescribeTopicPartitionsResponsePartition {
  const flex = true;
  const m = newDescribeTopicPartitionsResponsePartition();
  m.errorCode = r.int16();
  m.partitionIndex = r.int32();
  m.leaderId = r.int32();
  m.leaderEpoch = r.int32();
  m.replicaNodes = (readArray(r, true, false, (r) => r.int32()) ?? []);
  m.isrNodes = (readArray(r, true, false, (r) => r.int32()) ?? []);
  m.eligibleLeaderReplicas = readArray(r, true, true, (r) => r.int32());
  m.lastKnownElr = readArray(r, true, true, (r) => r.int32());
  m.offlineReplicas = (readArray(r, true, false, (r) => r.int32()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeTopicPartitionsResponsePartition(s: Sink, m: DescribeTopicPartitionsResponsePartition, v: number): void {
  const flex = true;
  s.int16(m.errorCode);
  s.int32(m.partitionIndex);
  s.int32(m.leaderId);
  s.int32(m.leaderEpoch);
  writeArray(s, m.replicaNodes, true, (s, e) => s.int32(e));
  writeArray(s, m.isrNodes, true, (s, e) => s.int32(e));
  writeArray(s, m.eligibleLeaderReplicas, true, (s, e) => s.int32(e));
  writeArray(s, m.lastKnownElr, true, (s, e) => s.int32(e));
  writeArray(s, m.offlineReplicas, true, (s, e) => s.int32(e));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Cursor {
  /** The name for the first topic to process. (versions 0+) */
  topicName: string;
  /** The partition index to start with. (versions 0+) */
  partitionIndex: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCursor(): Cursor {
  return {
    topicName: "",
    partitionIndex: 0,
  };
}

export function readCursor(r: Reader, v: number): Cursor {
  const flex = true;
  const m = newCursor();
  m.topicName = r.compactString();
  m.partitionIndex = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCursor(s: Sink, m: Cursor, v: number): void {
  const flex = true;
  s.string(m.topicName, true);
  s.int32(m.partitionIndex);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
