// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ListOffsetsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ListOffsetsRequest: request, api key 2. */
export const LIST_OFFSETS_REQUEST_SCHEMA = {
  name: "ListOffsetsRequest",
  type: "request",
  apiKey: 2,
  minVersion: 1,
  maxVersion: 11,
  flexibleMinVersion: 6,
} as const;

export interface ListOffsetsRequest {
  /** The broker ID of the requester, or -1 if this request is being made by a normal consumer. (versions 0+) */
  replicaId: number;
  /** This setting controls the visibility of transactional records. Using READ_UNCOMMITTED (isolation_level = 0) makes all records visible. With READ_COMMITTED (isolation_level = 1), non-transactional and COMMITTED transactional records are visible. To be more concrete, READ_COMMITTED returns all data from offsets smaller than the current LSO (last stable offset), and enables the inclusion of the list of aborted transactions in the result, which allows consumers to discard ABORTED transactional records. (versions 2+) */
  isolationLevel: number;
  /** Each topic in the request. (versions 0+) */
  topics: ListOffsetsTopic[];
  /** The timeout to await a response in milliseconds for requests that require reading from remote storage for topics enabled with tiered storage. (versions 10+; ignorable) */
  timeoutMs: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newListOffsetsRequest(): ListOffsetsRequest {
  return {
    replicaId: 0,
    isolationLevel: 0,
    topics: [],
    timeoutMs: 0,
  };
}

export function readListOffsetsRequest(r: Reader, v: number): ListOffsetsRequest {
  const flex = v >= 6;
  const m = newListOffsetsRequest();
  m.replicaId = r.int32();
  if (v >= 2) m.isolationLevel = r.int8();
  m.topics = (readArray(r, flex, false, (r) => readListOffsetsTopic(r, v)) ?? []);
  if (v >= 10) m.timeoutMs = r.int32();
  if (v >= 6) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListOffsetsRequest(s: Sink, m: ListOffsetsRequest, v: number): void {
  const flex = v >= 6;
  s.int32(m.replicaId);
  if (v >= 2) s.int8(m.isolationLevel);
  if (!(v >= 2) && !(m.isolationLevel === 0)) throw new UnsupportedFieldError("ListOffsetsRequest", "IsolationLevel", v, "holds a non-default value, which cannot be sent");
  writeArray(s, m.topics, flex, (s, e) => writeListOffsetsTopic(s, e, v));
  if (v >= 10) s.int32(m.timeoutMs);
  if (v >= 6) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ListOffsetsTopic {
  /** The topic name. (versions 0+) */
  name: string;
  /** Each partition in the request. (versions 0+) */
  partitions: ListOffsetsPartition[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newListOffsetsTopic(): ListOffsetsTopic {
  return {
    name: "",
    partitions: [],
  };
}

export function readListOffsetsTopic(r: Reader, v: number): ListOffsetsTopic {
  const flex = v >= 6;
  const m = newListOffsetsTopic();
  m.name = (flex ? r.compactString() : r.string());
  m.partitions = (readArray(r, flex, false, (r) => readListOffsetsPartition(r, v)) ?? []);
  if (v >= 6) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListOffsetsTopic(s: Sink, m: ListOffsetsTopic, v: number): void {
  const flex = v >= 6;
  s.string(m.name, flex);
  writeArray(s, m.partitions, flex, (s, e) => writeListOffsetsPartition(s, e, v));
  if (v >= 6) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ListOffsetsPartition {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The current leader epoch. (versions 4+; ignorable) */
  currentLeaderEpoch: number;
  /** The current timestamp. (versions 0+) */
  timestamp: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newListOffsetsPartition(): ListOffsetsPartition {
  return {
    partitionIndex: 0,
    currentLeaderEpoch: -1,
    timestamp: 0n,
  };
}

export function readListOffsetsPartition(r: Reader, v: number): ListOffsetsPartition {
  const flex = v >= 6;
  const m = newListOffsetsPartition();
  m.partitionIndex = r.int32();
  if (v >= 4) m.currentLeaderEpoch = r.int32();
  m.timestamp = r.int64();
  if (v >= 6) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListOffsetsPartition(s: Sink, m: ListOffsetsPartition, v: number): void {
  const flex = v >= 6;
  s.int32(m.partitionIndex);
  if (v >= 4) s.int32(m.currentLeaderEpoch);
  s.int64(m.timestamp);
  if (v >= 6) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
