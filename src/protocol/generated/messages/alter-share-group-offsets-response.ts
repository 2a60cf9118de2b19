// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AlterShareGroupOffsetsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AlterShareGroupOffsetsResponse: response, api key 91. */
export const ALTER_SHARE_GROUP_OFFSETS_RESPONSE_SCHEMA = {
  name: "AlterShareGroupOffsetsResponse",
  type: "response",
  apiKey: 91,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface AlterShareGroupOffsetsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The top-level error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The top-level error message, or null if there was no error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** The results for each topic. (versions 0+) */
  responses: AlterShareGroupOffsetsResponseTopic[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterShareGroupOffsetsResponse(): AlterShareGroupOffsetsResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    errorMessage: null,
    responses: [],
  };
}

export function readAlterShareGroupOffsetsResponse(r: Reader, v: number): AlterShareGroupOffsetsResponse {
  const flex = true;
  const m = newAlterShareGroupOffsetsResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  m.responses = (readArray(r, true, false, (r) => readAlterShareGroupOffsetsResponseTopic(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterShareGroupOffsetsResponse(s: Sink, m: AlterShareGroupOffsetsResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  writeArray(s, m.responses, true, (s, e) => writeAlterShareGroupOffsetsResponseTopic(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AlterShareGroupOffsetsResponseTopic {
  /** The topic name. (versions 0+) */
  topicName: string;
  /** The unique topic ID. (versions 0+) */
  topicId: string;
  /** (versions 0+) */
  partitions: AlterShareGroupOffsetsResponsePartition[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterShareGroupOffsetsResponseTopic(): AlterShareGroupOffsetsResponseTopic {
  return {
    topicName: "",
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readAlterShareGroupOffsetsResponseTopic(r: Reader, v: number): AlterShareGroupOffsetsResponseTopic {
  const flex = true;
  const m = newAlterShareGroupOffsetsResponseTopic();
  m.topicName = r.compactString();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => readAlterShareGroupOffsetsResponsePartition(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterShareGroupOffsetsResponseTopic(s: Sink, m: AlterShareGroupOffsetsResponseTopic, v: number): void {
  const flex = true;
  s.string(m.topicName, true);
  s.uuid(m.topicId);
  writeArray(s, m.partitions, true, (s, e) => writeAlterShareGroupOffsetsResponsePartition(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AlterShareGroupOffsetsResponsePartition {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The error message, or null if there was no error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterShareGroupOffsetsResponsePartition(): AlterShareGroupOffsetsResponsePartition {
  return {
    partitionIndex: 0,
    errorCode: 0,
    errorMessage: null,
  };
}

export function readAlterShareGroupOffsetsResponsePartition(r: Reader, v: number): AlterShareGroupOffsetsResponsePartition {
  const flex = true;
  const m = newAlterShareGroupOffsetsResponsePartition();
  m.partitionIndex = r.int32();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterShareGroupOffsetsResponsePartition(s: Sink, m: AlterShareGroupOffsetsResponsePartition, v: number): void {
  const flex = true;
  s.int32(m.partitionIndex);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
