// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// OffsetCommitResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** OffsetCommitResponse: response, api key 8. */
export const OFFSET_COMMIT_RESPONSE_SCHEMA = {
  name: "OffsetCommitResponse",
  type: "response",
  apiKey: 8,
  minVersion: 2,
  maxVersion: 10,
  flexibleMinVersion: 8,
} as const;

export interface OffsetCommitResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 3+; ignorable) */
  throttleTimeMs: number;
  /** The responses for each topic. (versions 0+) */
  topics: OffsetCommitResponseTopic[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetCommitResponse(): OffsetCommitResponse {
  return {
    throttleTimeMs: 0,
    topics: [],
  };
}

export function readOffsetCommitResponse(r: Reader, v: number): OffsetCommitResponse {
  const flex = v >= 8;
  const m = newOffsetCommitResponse();
  if (v >= 3) m.throttleTimeMs = r.int32();
  m.topics = (readArray(r, flex, false, (r) => readOffsetCommitResponseTopic(r, v)) ?? []);
  if (v >= 8) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetCommitResponse(s: Sink, m: OffsetCommitResponse, v: number): void {
  const flex = v >= 8;
  if (v >= 3) s.int32(m.throttleTimeMs);
  writeArray(s, m.topics, flex, (s, e) => writeOffsetCommitResponseTopic(s, e, v));
  if (v >= 8) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface OffsetCommitResponseTopic {
  /** The topic name. (versions 0-9; ignorable) */
  name: string;
  /** The topic ID. (versions 10+; ignorable) */
  topicId: string;
  /** The responses for each partition in the topic. (versions 0+) */
  partitions: OffsetCommitResponsePartition[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetCommitResponseTopic(): OffsetCommitResponseTopic {
  return {
    name: "",
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readOffsetCommitResponseTopic(r: Reader, v: number): OffsetCommitResponseTopic {
  const flex = v >= 8;
  const m = newOffsetCommitResponseTopic();
  if (v <= 9) m.name = (flex ? r.compactString() : r.string());
  if (v >= 10) m.topicId = r.uuid();
  m.partitions = (readArray(r, flex, false, (r) => readOffsetCommitResponsePartition(r, v)) ?? []);
  if (v >= 8) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetCommitResponseTopic(s: Sink, m: OffsetCommitResponseTopic, v: number): void {
  const flex = v >= 8;
  if (v <= 9) s.string(m.name, flex);
  if (v >= 10) s.uuid(m.topicId);
  writeArray(s, m.partitions, flex, (s, e) => writeOffsetCommitResponsePartition(s, e, v));
  if (v >= 8) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface OffsetCommitResponsePartition {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetCommitResponsePartition(): OffsetCommitResponsePartition {
  return {
    partitionIndex: 0,
    errorCode: 0,
  };
}

export function readOffsetCommitResponsePartition(r: Reader, v: number): OffsetCommitResponsePartition {
  const flex = v >= 8;
  const m = newOffsetCommitResponsePartition();
  m.partitionIndex = r.int32();
  m.errorCode = r.int16();
  if (v >= 8) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetCommitResponsePartition(s: Sink, m: OffsetCommitResponsePartition, v: number): void {
  const flex = v >= 8;
  s.int32(m.partitionIndex);
  s.int16(m.errorCode);
  if (v >= 8) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
