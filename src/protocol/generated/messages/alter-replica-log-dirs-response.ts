// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AlterReplicaLogDirsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AlterReplicaLogDirsResponse: response, api key 34. */
export const ALTER_REPLICA_LOG_DIRS_RESPONSE_SCHEMA = {
  name: "AlterReplicaLogDirsResponse",
  type: "response",
  apiKey: 34,
  minVersion: 1,
  maxVersion: 2,
  flexibleMinVersion: 2,
} as const;

export interface AlterReplicaLogDirsResponse {
  /** Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The results for each topic. (versions 0+) */
  results: AlterReplicaLogDirTopicResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterReplicaLogDirsResponse(): AlterReplicaLogDirsResponse {
  return {
    throttleTimeMs: 0,
    results: [],
  };
}

export function readAlterReplicaLogDirsResponse(r: Reader, v: number): AlterReplicaLogDirsResponse {
  const flex = v >= 2;
  const m = newAlterReplicaLogDirsResponse();
  m.throttleTimeMs = r.int32();
  m.results = (readArray(r, flex, false, (r) => readAlterReplicaLogDirTopicResult(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterReplicaLogDirsResponse(s: Sink, m: AlterReplicaLogDirsResponse, v: number): void {
  const flex = v >= 2;
  s.int32(m.throttleTimeMs);
  writeArray(s, m.results, flex, (s, e) => writeAlterReplicaLogDirTopicResult(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AlterReplicaLogDirTopicResult {
  /** The name of the topic. (versions 0+) */
  topicName: string;
  /** The results for each partition. (versions 0+) */
  partitions: AlterReplicaLogDirPartitionResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterReplicaLogDirTopicResult(): AlterReplicaLogDirTopicResult {
  return {
    topicName: "",
    partitions: [],
  };
}

export function readAlterReplicaLogDirTopicResult(r: Reader, v: number): AlterReplicaLogDirTopicResult {
  const flex = v >= 2;
  const m = newAlterReplicaLogDirTopicResult();
  m.topicName = (flex ? r.compactString() : r.string());
  m.partitions = (readArray(r, flex, false, (r) => readAlterReplicaLogDirPartitionResult(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterReplicaLogDirTopicResult(s: Sink, m: AlterReplicaLogDirTopicResult, v: number): void {
  const flex = v >= 2;
  s.string(m.topicName, flex);
  writeArray(s, m.partitions, flex, (s, e) => writeAlterReplicaLogDirPartitionResult(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AlterReplicaLogDirPartitionResult {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterReplicaLogDirPartitionResult(): AlterReplicaLogDirPartitionResult {
  return {
    partitionIndex: 0,
    errorCode: 0,
  };
}

export function readAlterReplicaLogDirPartitionResult(r: Reader, v: number): AlterReplicaLogDirPartitionResult {
  const flex = v >= 2;
  const m = newAlterReplicaLogDirPartitionResult();
  m.partitionIndex = r.int32();
  m.errorCode = r.int16();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterReplicaLogDirPartitionResult(s: Sink, m: AlterReplicaLogDirPartitionResult, v: number): void {
  const flex = v >= 2;
  s.int32(m.partitionIndex);
  s.int16(m.errorCode);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
