// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AlterPartitionResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AlterPartitionResponse: response, api key 56. */
export const ALTER_PARTITION_RESPONSE_SCHEMA = {
  name: "AlterPartitionResponse",
  type: "response",
  apiKey: 56,
  minVersion: 2,
  maxVersion: 3,
  flexibleMinVersion: 0,
} as const;

export interface AlterPartitionResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The top level response error code. (versions 0+) */
  errorCode: number;
  /** The responses for each topic. (versions 0+) */
  topics: TopicData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterPartitionResponse(): AlterPartitionResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    topics: [],
  };
}

export function readAlterPartitionResponse(r: Reader, v: number): AlterPartitionResponse {
  const flex = true;
  const m = newAlterPartitionResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.topics = (readArray(r, true, false, (r) => readTopicData(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterPartitionResponse(s: Sink, m: AlterPartitionResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  writeArray(s, m.topics, true, (s, e) => writeTopicData(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicData {
  /** The ID of the topic. (versions 2+; ignorable) */
  topicId: string;
  /** The responses for each partition. (versions 0+) */
  partitions: PartitionData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicData(): TopicData {
  return {
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readTopicData(r: Reader, v: number): TopicData {
  const flex = true;
  const m = newTopicData();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => readPartitionData(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicData(s: Sink, m: TopicData, v: number): void {
  const flex = true;
  s.uuid(m.topicId);
  writeArray(s, m.partitions, true, (s, e) => writePartitionData(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface PartitionData {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The partition level error code. (versions 0+) */
  errorCode: number;
  /** The broker ID of the leader. (versions 0+) */
  leaderId: number;
  /** The leader epoch. (versions 0+) */
  leaderEpoch: number;
  /** The in-sync replica IDs. (versions 0+) */
  isr: number[];
  /** 1 if the partition is recovering from an unclean leader election; 0 otherwise. (versions 1+; ignorable) */
  leaderRecoveryState: number;
  /** The current epoch for the partition for KRaft controllers. (versions 0+) */
  partitionEpoch: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionData(): PartitionData {
  return {
    partitionIndex: 0,
    errorCode: 0,
    leaderId: 0,
    leaderEpoch: 0,
    isr: [],
    leaderRecoveryState: 0,
    partitionEpoch: 0,
  };
}

export function readPartitionData(r: Reader, v: number): PartitionData {
  const flex = true;
  const m = newPartitionData();
  m.partitionIndex = r.int32();
  m.errorCode = r.int16();
  m.leaderId = r.int32();
  m.leaderEpoch = r.int32();
  m.isr = (readArray(r, true, false, (r) => r.int32()) ?? []);
  m.leaderRecoveryState = r.int8();
  m.partitionEpoch = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionData(s: Sink, m: PartitionData, v: number): void {
  const flex = true;
  s.int32(m.partitionIndex);
  s.int16(m.errorCode);
  s.int32(m.leaderId);
  s.int32(m.leaderEpoch);
  writeArray(s, m.isr, true, (s, e) => s.int32(e));
  s.int8(m.leaderRecoveryState);
  s.int32(m.partitionEpoch);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
