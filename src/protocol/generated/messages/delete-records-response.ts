// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DeleteRecordsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DeleteRecordsResponse: response, api key 21. */
export const DELETE_RECORDS_RESPONSE_SCHEMA = {
  name: "DeleteRecordsResponse",
  type: "response",
  apiKey: 21,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 2,
} as const;

export interface DeleteRecordsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** Each topic that we wanted to delete records from. (versions 0+) */
  topics: DeleteRecordsTopicResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteRecordsResponse(): DeleteRecordsResponse {
  return {
    throttleTimeMs: 0,
    topics: [],
  };
}

export function readDeleteRecordsResponse(r: Reader, v: number): DeleteRecordsResponse {
  const flex = v >= 2;
  const m = newDeleteRecordsResponse();
  m.throttleTimeMs = r.int32();
  m.topics = (readArray(r, flex, false, (r) => readDeleteRecordsTopicResult(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteRecordsResponse(s: Sink, m: DeleteRecordsResponse, v: number): void {
  const flex = v >= 2;
  s.int32(m.throttleTimeMs);
  writeArray(s, m.topics, flex, (s, e) => writeDeleteRecordsTopicResult(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DeleteRecordsTopicResult {
  /** The topic name. (versions 0+) */
  name: string;
  /** Each partition that we wanted to delete records from. (versions 0+) */
  partitions: DeleteRecordsPartitionResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteRecordsTopicResult(): DeleteRecordsTopicResult {
  return {
    name: "",
    partitions: [],
  };
}

export function readDeleteRecordsTopicResult(r: Reader, v: number): DeleteRecordsTopicResult {
  const flex = v >= 2;
  const m = newDeleteRecordsTopicResult();
  m.name = (flex ? r.compactString() : r.string());
  m.partitions = (readArray(r, flex, false, (r) => readDeleteRecordsPartitionResult(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteRecordsTopicResult(s: Sink, m: DeleteRecordsTopicResult, v: number): void {
  const flex = v >= 2;
  s.string(m.name, flex);
  writeArray(s, m.partitions, flex, (s, e) => writeDeleteRecordsPartitionResult(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DeleteRecordsPartitionResult {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The partition low water mark. (versions 0+) */
  lowWatermark: bigint;
  /** The deletion error code, or 0 if the deletion succeeded. (versions 0+) */
  errorCode: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteRecordsPartitionResult(): DeleteRecordsPartitionResult {
  return {
    partitionIndex: 0,
    lowWatermark: 0n,
    errorCode: 0,
  };
}

export function readDeleteRecordsPartitionResult(r: Reader, v: number): DeleteRecordsPartitionResult {
  const flex = v >= 2;
  const m = newDeleteRecordsPartitionResult();
  m.partitionIndex = r.int32();
  m.lowWatermark = r.int64();
  m.errorCode = r.int16();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteRecordsPartitionResult(s: Sink, m: DeleteRecordsPartitionResult, v: number): void {
  const flex = v >= 2;
  s.int32(m.partitionIndex);
  s.int64(m.lowWatermark);
  s.int16(m.errorCode);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
