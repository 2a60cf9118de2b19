// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeShareGroupOffsetsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeShareGroupOffsetsResponse: response, api key 90. */
export const DESCRIBE_SHARE_GROUP_OFFSETS_RESPONSE_SCHEMA = {
  name: "DescribeShareGroupOffsetsResponse",
  type: "response",
  apiKey: 90,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 0,
} as const;

export interface DescribeShareGroupOffsetsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The results for each group. (versions 0+) */
  groups: DescribeShareGroupOffsetsResponseGroup[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeShareGroupOffsetsResponse(): DescribeShareGroupOffsetsResponse {
  return {
    throttleTimeMs: 0,
    groups: [],
  };
}

export function readDescribeShareGroupOffsetsResponse(r: Reader, v: number): DescribeShareGroupOffsetsResponse {
  const flex = true;
  const m = newDescribeShareGroupOffsetsResponse();
  m.throttleTimeMs = r.int32();
  m.groups = (readArray(r, true, false, (r) => readDescribeShareGroupOffsetsResponseGroup(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeShareGroupOffsetsResponse(s: Sink, m: DescribeShareGroupOffsetsResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  writeArray(s, m.groups, true, (s, e) => writeDescribeShareGroupOffsetsResponseGroup(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribeShareGroupOffsetsResponseGroup {
  /** The group identifier. (versions 0+) */
  groupId: string;
  /** The results for each topic. (versions 0+) */
  topics: DescribeShareGroupOffsetsResponseTopic[];
  /** The group-level error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The group-level error message, or null if there was no error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeShareGroupOffsetsResponseGroup(): DescribeShareGroupOffsetsResponseGroup {
  return {
    groupId: "",
    topics: [],
    errorCode: 0,
    errorMessage: null,
  };
}

export function readDescribeShareGroupOffsetsResponseGroup(r: Reader, v: number): DescribeShareGroupOffsetsResponseGroup {
  const flex = true;
  const m = newDescribeShareGroupOffsetsResponseGroup();
  m.groupId = r.compactString();
  m.topics = (readArray(r, true, false, (r) => readDescribeShareGroupOffsetsResponseTopic(r, v)) ?? []);
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeShareGroupOffsetsResponseGroup(s: Sink, m: DescribeShareGroupOffsetsResponseGroup, v: number): void {
  const flex = true;
  s.string(m.groupId, true);
  writeArray(s, m.topics, true, (s, e) => writeDescribeShareGroupOffsetsResponseTopic(s, e, v));
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribeShareGroupOffsetsResponseTopic {
  /** The topic name. (versions 0+) */
  topicName: string;
  /** The unique topic ID. (versions 0+) */
  topicId: string;
  /** (versions 0+) */
  partitions: DescribeShareGroupOffsetsResponsePartition[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeShareGroupOffsetsResponseTopic(): DescribeShareGroupOffsetsResponseTopic {
  return {
    topicName: "",
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readDescribeShareGroupOffsetsResponseTopic(r: Reader, v: number): DescribeShareGroupOffsetsResponseTopic {
  const flex = true;
  const m = newDescribeShareGroupOffsetsResponseTopic();
  m.topicName = r.compactString();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => readDescribeShareGroupOffsetsResponsePartition(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeShareGroupOffsetsResponseTopic(s: Sink, m: DescribeShareGroupOffsetsResponseTopic, v: number): void {
  const flex = true;
  s.string(m.topicName, true);
  s.uuid(m.topicId);
  writeArray(s, m.partitions, true, (s, e) => writeDescribeShareGroupOffsetsResponsePartition(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribeShareGroupOffsetsResponsePartition {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The share-partition start offset. (versions 0+) */
  startOffset: bigint;
  /** The leader epoch of the partition. (versions 0+) */
  leaderEpoch: number;
  /** The share-partition lag. (versions 1+; ignorable) */
  lag: bigint;
  /** The partition-level error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The partition-level error message, or null if there was no error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeShareGroupOffsetsResponsePartition(): DescribeShareGroupOffsetsResponsePartition {
  return {
    partitionIndex: 0,
    startOffset: 0n,
    leaderEpoch: 0,
    lag: -1n,
    errorCode: 0,
    errorMessage: null,
  };
}

export function readDescribeShareGroupOffsetsResponsePartition(r: Reader, v: number): DescribeShareGroupOffsetsResponsePartition {
  const flex = true;
  const m = newDescribeShareGroupOffsetsResponsePartition();
  m.partitionIndex = r.int32();
  m.startOffset = r.int64();
  m.leaderEpoch = r.int32();
  if (v >= 1) m.lag = r.int64();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeShareGroupOffsetsResponsePartition(s: Sink, m: DescribeShareGroupOffsetsResponsePartition, v: number): void {
  const flex = true;
  s.int32(m.partitionIndex);
  s.int64(m.startOffset);
  s.int32(m.leaderEpoch);
  if (v >= 1) s.int64(m.lag);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
