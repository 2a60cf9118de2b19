// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// OffsetDeleteRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** OffsetDeleteRequest: request, api key 47. */
export const OFFSET_DELETE_REQUEST_SCHEMA = {
  name: "OffsetDeleteRequest",
  type: "request",
  apiKey: 47,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: -1,
} as const;

export interface OffsetDeleteRequest {
  /** The unique group identifier. (versions 0+) */
  groupId: string;
  /** The topics to delete offsets for. (versions 0+) */
  topics: OffsetDeleteRequestTopic[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetDeleteRequest(): OffsetDeleteRequest {
  return {
    groupId: "",
    topics: [],
  };
}

export function readOffsetDeleteRequest(r: Reader, v: number): OffsetDeleteRequest {
  const m = newOffsetDeleteRequest();
  m.groupId = r.string();
  m.topics = (readArray(r, false, false, (r) => readOffsetDeleteRequestTopic(r, v)) ?? []);
  return m;
}

export function writeOffsetDeleteRequest(s: Sink, m: OffsetDeleteRequest, v: number): void {
  s.string(m.groupId, false);
  writeArray(s, m.topics, false, (s, e) => writeOffsetDeleteRequestTopic(s, e, v));
}

export interface OffsetDeleteRequestTopic {
  /** The topic name. (versions 0+) */
  name: string;
  /** Each partition to delete offsets for. (versions 0+) */
  partitions: OffsetDeleteRequestPartition[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetDeleteRequestTopic(): OffsetDeleteRequestTopic {
  return {
    name: "",
    partitions: [],
  };
}

export function readOffsetDeleteRequestTopic(r: Reader, v: number): OffsetDeleteRequestTopic {
  const m = newOffsetDeleteRequestTopic();
  m.name = r.string();
  m.partitions = (readArray(r, false, false, (r) => readOffsetDeleteRequestPartition(r, v)) ?? []);
  return m;
}

export function writeOffsetDeleteRequestTopic(s: Sink, m: OffsetDeleteRequestTopic, v: number): void {
  s.string(m.name, false);
  writeArray(s, m.partitions, false, (s, e) => writeOffsetDeleteRequestPartition(s, e, v));
}

export interface OffsetDeleteRequestPartition {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetDeleteRequestPartition(): OffsetDeleteRequestPartition {
  return {
    partitionIndex: 0,
  };
}

export function readOffsetDeleteRequestPartition(r: Reader, v: number): OffsetDeleteRequestPartition {
  const m = newOffsetDeleteRequestPartition();
  m.partitionIndex = r.int32();
  return m;
}

export function writeOffsetDeleteRequestPartition(s: Sink, m: OffsetDeleteRequestPartition, v: number): void {
  s.int32(m.partitionIndex);
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
