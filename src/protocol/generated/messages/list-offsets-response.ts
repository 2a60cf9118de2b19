// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ListOffsetsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ListOffsetsResponse: response, api key 2. */
export const LIST_OFFSETS_RESPONSE_SCHEMA = {
  name: "ListOffsetsResponse",
  type: "response",
  apiKey: 2,
  minVersion: 1,
  maxVersion: 11,
  flexibleMinVersion: 6,
} as const;

export interface ListOffsetsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 2+; ignorable) */
  throttleTimeMs: number;
  /** Each topic in the response. (versions 0+) */
  topics: ListOffsetsTopicResponse[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newListOffsetsResponse(): ListOffsetsResponse {
  return {
    throttleTimeMs: 0,
    topics: [],
  };
}

export function readListOffsetsResponse(r: Reader, v: number): ListOffsetsResponse {
  const flex = v >= 6;
  const m = newListOffsetsResponse();
  if (v >= 2) m.throttleTimeMs = r.int32();
  m.topics = (readArray(r, flex, false, (r) => readListOffsetsTopicResponse(r, v)) ?? []);
  if (v >= 6) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListOffsetsResponse(s: Sink, m: ListOffsetsResponse, v: number): void {
  const flex = v >= 6;
  if (v >= 2) s.int32(m.throttleTimeMs);
  writeArray(s, m.topics, flex, (s, e) => writeListOffsetsTopicResponse(s, e, v));
  if (v >= 6) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ListOffsetsTopicResponse {
  /** The topic name. (versions 0+) */
  name: string;
  /** Each partition in the response. (versions 0+) */
  partitions: ListOffsetsPartitionResponse[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newListOffsetsTopicResponse(): ListOffsetsTopicResponse {
  return {
    name: "",
    partitions: [],
  };
}

export function readListOffsetsTopicResponse(r: Reader, v: number): ListOffsetsTopicResponse {
  const flex = v >= 6;
  const m = newListOffsetsTopicResponse();
  m.name = (flex ? r.compactString() : r.string());
  m.partitions = (readArray(r, flex, false, (r) => readListOffsetsPartitionResponse(r, v)) ?? []);
  if (v >= 6) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListOffsetsTopicResponse(s: Sink, m: ListOffsetsTopicResponse, v: number): void {
  const flex = v >= 6;
  s.string(m.name, flex);
  writeArray(s, m.partitions, flex, (s, e) => writeListOffsetsPartitionResponse(s, e, v));
  if (v >= 6) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ListOffsetsPartitionResponse {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The partition error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The timestamp associated with the returned offset. (versions 1+) */
  timestamp: bigint;
  /** The returned offset. (versions 1+) */
  offset: bigint;
  /** The leader epoch associated with the returned offset. (versions 4+) */
  leaderEpoch: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newListOffsetsPartitionResponse(): ListOffsetsPartitionResponse {
  return {
    partitionIndex: 0,
    errorCode: 0,
    timestamp: -1n,
    offset: -1n,
    leaderEpoch: -1,
  };
}

export function readListOffsetsPartitionResponse(r: Reader, v: number): ListOffsetsPartitionResponse {
  const flex = v >= 6;
  const m = newListOffsetsPartitionResponse();
  m.partitionIndex = r.int32();
  m.errorCode = r.int16();
  m.timestamp = r.int64();
  m.offset = r.int64();
  if (v >= 4) m.leaderEpoch = r.int32();
  if (v >= 6) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListOffsetsPartitionResponse(s: Sink, m: ListOffsetsPartitionResponse, v: number): void {
  const flex = v >= 6;
  s.int32(m.partitionIndex);
  s.int16(m.errorCode);
  s.int64(m.timestamp);
  s.int64(m.offset);
  if (v >= 4) s.int32(m.leaderEpoch);
  if (!(v >= 4) && !(m.leaderEpoch === -1)) throw new UnsupportedFieldError("ListOffsetsResponse", "LeaderEpoch", v, "holds a non-default value, which cannot be sent");
  if (v >= 6) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
