// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// OffsetFetchResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** OffsetFetchResponse: response, api key 9. */
export const OFFSET_FETCH_RESPONSE_SCHEMA = {
  name: "OffsetFetchResponse",
  type: "response",
  apiKey: 9,
  minVersion: 1,
  maxVersion: 10,
  flexibleMinVersion: 6,
} as const;

export interface OffsetFetchResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 3+; ignorable) */
  throttleTimeMs: number;
  /** The responses per topic. (versions 0-7) */
  topics: OffsetFetchResponseTopic[];
  /** The top-level error code, or 0 if there was no error. (versions 2-7; ignorable) */
  errorCode: number;
  /** The responses per group id. (versions 8+) */
  groups: OffsetFetchResponseGroup[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetFetchResponse(): OffsetFetchResponse {
  return {
    throttleTimeMs: 0,
    topics: [],
    errorCode: 0,
    groups: [],
  };
}

export function readOffsetFetchResponse(r: Reader, v: number): OffsetFetchResponse {
  const flex = v >= 6;
  const m = newOffsetFetchResponse();
  if (v >= 3) m.throttleTimeMs = r.int32();
  if (v <= 7) m.topics = (readArray(r, flex, false, (r) => readOffsetFetchResponseTopic(r, v)) ?? []);
  if (v >= 2 && v <= 7) m.errorCode = r.int16();
  if (v >= 8) m.groups = (readArray(r, flex, false, (r) => readOffsetFetchResponseGroup(r, v)) ?? []);
  if (v >= 6) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetFetchResponse(s: Sink, m: OffsetFetchResponse, v: number): void {
  const flex = v >= 6;
  if (v >= 3) s.int32(m.throttleTimeMs);
  if (v <= 7) writeArray(s, m.topics, flex, (s, e) => writeOffsetFetchResponseTopic(s, e, v));
  if (!(v <= 7) && !((m.topics !== null && m.topics.length === 0))) throw new UnsupportedFieldError("OffsetFetchResponse", "Topics", v, "holds a non-default value, which cannot be sent");
  if (v >= 2 && v <= 7) s.int16(m.errorCode);
  if (v >= 8) writeArray(s, m.groups, flex, (s, e) => writeOffsetFetchResponseGroup(s, e, v));
  if (!(v >= 8) && !((m.groups !== null && m.groups.length === 0))) throw new UnsupportedFieldError("OffsetFetchResponse", "Groups", v, "holds a non-default value, which cannot be sent");
  if (v >= 6) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface OffsetFetchResponseTopic {
  /** The topic name. (versions 0-7) */
  name: string;
  /** The responses per partition. (versions 0-7) */
  partitions: OffsetFetchResponsePartition[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetFetchResponseTopic(): OffsetFetchResponseTopic {
  return {
    name: "",
    partitions: [],
  };
}

export function readOffsetFetchResponseTopic(r: Reader, v: number): OffsetFetchResponseTopic {
  const flex = v >= 6;
  const m = newOffsetFetchResponseTopic();
  m.name = (flex ? r.compactString() : r.string());
  m.partitions = (readArray(r, flex, false, (r) => readOffsetFetchResponsePartition(r, v)) ?? []);
  if (v >= 6) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetFetchResponseTopic(s: Sink, m: OffsetFetchResponseTopic, v: number): void {
  const flex = v >= 6;
  s.string(m.name, flex);
  writeArray(s, m.partitions, flex, (s, e) => writeOffsetFetchResponsePartition(s, e, v));
  if (v >= 6) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface OffsetFetchResponsePartition {
  /** The partition index. (versions 0-7) */
  partitionIndex: number;
  /** The committed message offset. (versions 0-7) */
  committedOffset: bigint;
  /** The leader epoch. (versions 5-7; ignorable) */
  committedLeaderEpoch: number;
  /** The partition metadata. (versions 0-7; nullable 0-7) */
  metadata: string | null;
  /** The error code, or 0 if there was no error. (versions 0-7) */
  errorCode: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetFetchResponsePartition(): OffsetFetchResponsePartition {
  return {
    partitionIndex: 0,
    committedOffset: 0n,
    committedLeaderEpoch: -1,
    metadata: "",
    errorCode: 0,
  };
}

export function readOffsetFetchResponsePartition(r: Reader, v: number): OffsetFetchResponsePartition {
  const flex = v >= 6;
  const m = newOffsetFetchResponsePartition();
  m.partitionIndex = r.int32();
  m.committedOffset = r.int64();
  if (v >= 5) m.committedLeaderEpoch = r.int32();
  m.metadata = (flex ? r.compactNullableString() : r.nullableString());
  m.errorCode = r.int16();
  if (v >= 6) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetFetchResponsePartition(s: Sink, m: OffsetFetchResponsePartition, v: number): void {
  const flex = v >= 6;
  s.int32(m.partitionIndex);
  s.int64(m.committedOffset);
  if (v >= 5) s.int32(m.committedLeaderEpoch);
  s.string(m.metadata, flex);
  s.int16(m.errorCode);
  if (v >= 6) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface OffsetFetchResponseGroup {
  /** The group ID. (versions 8+) */
  groupId: string;
  /** The responses per topic. (versions 8+) */
  topics: OffsetFetchResponseTopics[];
  /** The group-level error code, or 0 if there was no error. (versions 8+) */
  errorCode: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetFetchResponseGroup(): OffsetFetchResponseGroup {
  return {
    groupId: "",
    topics: [],
    errorCode: 0,
  };
}

export function readOffsetFetchResponseGroup(r: Reader, v: number): OffsetFetchResponseGroup {
  const flex = true;
  const m = newOffsetFetchResponseGroup();
  m.groupId = r.compactString();
  m.topics = (readArray(r, true, false, (r) => readOffsetFetchResponseTopics(r, v)) ?? []);
  m.errorCode = r.int16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetFetchResponseGroup(s: Sink, m: OffsetFetchResponseGroup, v: number): void {
  const flex = true;
  s.string(m.groupId, true);
  writeArray(s, m.topics, true, (s, e) => writeOffsetFetchResponseTopics(s, e, v));
  s.int16(m.errorCode);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface OffsetFetchResponseTopics {
  /** The topic name. (versions 8-9; ignorable) */
  name: string;
  /** The topic ID. (versions 10+; ignorable) */
  topicId: string;
  /** The responses per partition. (versions 8+) */
  partitions: OffsetFetchResponsePartitions[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetFetchResponseTopics(): OffsetFetchResponseTopics {
  return {
    name: "",
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readOffsetFetchResponseTopics(r: Reader, v: number): OffsetFetchResponseTopics {
  const flex = true;
  const m = newOffsetFetchResponseTopics();
  if (v <= 9) m.name = r.compactString();
  if (v >= 10) m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => readOffsetFetchResponsePartitions(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetFetchResponseTopics(s: Sink, m: OffsetFetchResponseTopics, v: number): void {
  const flex = true;
  if (v <= 9) s.string(m.name, true);
  if (v >= 10) s.uuid(m.topicId);
  writeArray(s, m.partitions, true, (s, e) => writeOffsetFetchResponsePartitions(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface OffsetFetchResponsePartitions {
  /** The partition index. (versions 8+) */
  partitionIndex: number;
  /** The committed message offset. (versions 8+) */
  committedOffset: bigint;
  /** The leader epoch. (versions 8+; ignorable) */
  committedLeaderEpoch: number;
  /** The partition metadata. (versions 8+; nullable 8+) */
  metadata: string | null;
  /** The partition-level error code, or 0 if there was no error. (versions 8+) */
  errorCode: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetFetchResponsePartitions(): OffsetFetchResponsePartitions {
  return {
    partitionIndex: 0,
    committedOffset: 0n,
    committedLeaderEpoch: -1,
    metadata: "",
    errorCode: 0,
  };
}

export function readOffsetFetchResponsePartitions(r: Reader, v: number): OffsetFetchResponsePartitions {
  const flex = true;
  const m = newOffsetFetchResponsePartitions();
  m.partitionIndex = r.int32();
  m.committedOffset = r.int64();
  m.committedLeaderEpoch = r.int32();
  m.metadata = r.compactNullableString();
  m.errorCode = r.int16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetFetchResponsePartitions(s: Sink, m: OffsetFetchResponsePartitions, v: number): void {
  const flex = true;
  s.int32(m.partitionIndex);
  s.int64(m.committedOffset);
  s.int32(m.committedLeaderEpoch);
  s.string(m.metadata, true);
  s.int16(m.errorCode);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
