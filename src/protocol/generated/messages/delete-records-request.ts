// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DeleteRecordsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DeleteRecordsRequest: request, api key 21. */
export const DELETE_RECORDS_REQUEST_SCHEMA = {
  name: "DeleteRecordsRequest",
  type: "request",
  apiKey: 21,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 2,
} as const;

export interface DeleteRecordsRequest {
  /** Each topic that we want to delete records from. (versions 0+) */
  topics: DeleteRecordsTopic[];
  /** How long to wait for the deletion to complete, in milliseconds. (versions 0+) */
  timeoutMs: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteRecordsRequest(): DeleteRecordsRequest {
  return {
    topics: [],
    timeoutMs: 0,
  };
}

export function readDeleteRecordsRequest(r: Reader, v: number): DeleteRecordsRequest {
  const flex = v >= 2;
  const m = newDeleteRecordsRequest();
  m.topics = (readArray(r, flex, false, (r) => readDeleteRecordsTopic(r, v)) ?? []);
  m.timeoutMs = r.int32();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteRecordsRequest(s: Sink, m: DeleteRecordsRequest, v: number): void {
  const flex = v >= 2;
  writeArray(s, m.topics, flex, (s, e) => writeDeleteRecordsTopic(s, e, v));
  s.int32(m.timeoutMs);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DeleteRecordsTopic {
  /** The topic name. (versions 0+) */
  name: string;
  /** Each partition that we want to delete records from. (versions 0+) */
  partitions: DeleteRecordsPartition[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteRecordsTopic(): DeleteRecordsTopic {
  return {
    name: "",
    partitions: [],
  };
}

export function readDeleteRecordsTopic(r: Reader, v: number): DeleteRecordsTopic {
  const flex = v >= 2;
  const m = newDeleteRecordsTopic();
  m.name = (flex ? r.compactString() : r.string());
  m.partitions = (readArray(r, flex, false, (r) => readDeleteRecordsPartition(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteRecordsTopic(s: Sink, m: DeleteRecordsTopic, v: number): void {
  const flex = v >= 2;
  s.string(m.name, flex);
  writeArray(s, m.partitions, flex, (s, e) => writeDeleteRecordsPartition(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DeleteRecordsPartition {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The deletion offset. -1 means that records should be truncated to the high watermark. (versions 0+) */
  offset: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteRecordsPartition(): DeleteRecordsPartition {
  return {
    partitionIndex: 0,
    offset: 0n,
  };
}

export function readDeleteRecordsPartition(r: Reader, v: number): DeleteRecordsPartition {
  const flex = v >= 2;
  const m = newDeleteRecordsPartition();
  m.partitionIndex = r.int32();
  m.offset = r.int64();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteRecordsPartition(s: Sink, m: DeleteRecordsPartition, v: number): void {
  const flex = v >= 2;
  s.int32(m.partitionIndex);
  s.int64(m.offset);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
