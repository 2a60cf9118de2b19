// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// OffsetDeleteResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** OffsetDeleteResponse: response, api key 47. */
export const OFFSET_DELETE_RESPONSE_SCHEMA = {
  name: "OffsetDeleteResponse",
  type: "response",
  apiKey: 47,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: -1,
} as const;

export interface OffsetDeleteResponse {
  /** The top-level error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+; ignorable) */
  throttleTimeMs: number;
  /** The responses for each topic. (versions 0+) */
  topics: OffsetDeleteResponseTopic[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetDeleteResponse(): OffsetDeleteResponse {
  return {
    errorCode: 0,
    throttleTimeMs: 0,
    topics: [],
  };
}

export function readOffsetDeleteResponse(r: Reader, v: number): OffsetDeleteResponse {
  const m = newOffsetDeleteResponse();
  m.errorCode = r.int16();
  m.throttleTimeMs = r.int32();
  m.topics = (readArray(r, false, false, (r) => readOffsetDeleteResponseTopic(r, v)) ?? []);
  return m;
}

export function writeOffsetDeleteResponse(s: Sink, m: OffsetDeleteResponse, v: number): void {
  s.int16(m.errorCode);
  s.int32(m.throttleTimeMs);
  writeArray(s, m.topics, false, (s, e) => writeOffsetDeleteResponseTopic(s, e, v));
}

export interface OffsetDeleteResponseTopic {
  /** The topic name. (versions 0+) */
  name: string;
  /** The responses for each partition in the topic. (versions 0+) */
  partitions: OffsetDeleteResponsePartition[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetDeleteResponseTopic(): OffsetDeleteResponseTopic {
  return {
    name: "",
    partitions: [],
  };
}

export function readOffsetDeleteResponseTopic(r: Reader, v: number): OffsetDeleteResponseTopic {
  const m = newOffsetDeleteResponseTopic();
  m.name = r.string();
  m.partitions = (readArray(r, false, false, (r) => readOffsetDeleteResponsePartition(r, v)) ?? []);
  return m;
}

export function writeOffsetDeleteResponseTopic(s: Sink, m: OffsetDeleteResponseTopic, v: number): void {
  s.string(m.name, false);
  writeArray(s, m.partitions, false, (s, e) => writeOffsetDeleteResponsePartition(s, e, v));
}

export interface OffsetDeleteResponsePartition {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetDeleteResponsePartition(): OffsetDeleteResponsePartition {
  return {
    partitionIndex: 0,
    errorCode: 0,
  };
}

export function readOffsetDeleteResponsePartition(r: Reader, v: number): OffsetDeleteResponsePartition {
  const m = newOffsetDeleteResponsePartition();
  m.partitionIndex = r.int32();
  m.errorCode = r.int16();
  return m;
}

export function writeOffsetDeleteResponsePartition(s: Sink, m: OffsetDeleteResponsePartition, v: number): void {
  s.int32(m.partitionIndex);
  s.int16(m.errorCode);
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
