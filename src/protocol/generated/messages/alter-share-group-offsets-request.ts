// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AlterShareGroupOffsetsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AlterShareGroupOffsetsRequest: request, api key 91. */
export const ALTER_SHARE_GROUP_OFFSETS_REQUEST_SCHEMA = {
  name: "AlterShareGroupOffsetsRequest",
  type: "request",
  apiKey: 91,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface AlterShareGroupOffsetsRequest {
  /** The group identifier. (versions 0+) */
  groupId: string;
  /** The topics to alter offsets for. (versions 0+) */
  topics: AlterShareGroupOffsetsRequestTopic[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterShareGroupOffsetsRequest(): AlterShareGroupOffsetsRequest {
  return {
    groupId: "",
    topics: [],
  };
}

export function readAlterShareGroupOffsetsRequest(r: Reader, v: number): AlterShareGroupOffsetsRequest {
  const flex = true;
  const m = newAlterShareGroupOffsetsRequest();
  m.groupId = r.compactString();
  m.topics = (readArray(r, true, false, (r) => readAlterShareGroupOffsetsRequestTopic(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterShareGroupOffsetsRequest(s: Sink, m: AlterShareGroupOffsetsRequest, v: number): void {
  const flex = true;
  s.string(m.groupId, true);
  writeArray(s, m.topics, true, (s, e) => writeAlterShareGroupOffsetsRequestTopic(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AlterShareGroupOffsetsRequestTopic {
  /** The topic name. (versions 0+) */
  topicName: string;
  /** Each partition to alter offsets for. (versions 0+) */
  partitions: AlterShareGroupOffsetsRequestPartition[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterShareGroupOffsetsRequestTopic(): AlterShareGroupOffsetsRequestTopic {
  return {
    topicName: "",
    partitions: [],
  };
}

export function readAlterShareGroupOffsetsRequestTopic(r: Reader, v: number): AlterShareGroupOffsetsRequestTopic {
  const flex = true;
  const m = newAlterShareGroupOffsetsRequestTopic();
  m.topicName = r.compactString();
  m.partitions = (readArray(r, true, false, (r) => readAlterShareGroupOffsetsRequestPartition(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterShareGroupOffsetsRequestTopic(s: Sink, m: AlterShareGroupOffsetsRequestTopic, v: number): void {
  const flex = true;
  s.string(m.topicName, true);
  writeArray(s, m.partitions, true, (s, e) => writeAlterShareGroupOffsetsRequestPartition(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AlterShareGroupOffsetsRequestPartition {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The share-partition start offset. (versions 0+) */
  startOffset: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterShareGroupOffsetsRequestPartition(): AlterShareGroupOffsetsRequestPartition {
  return {
    partitionIndex: 0,
    startOffset: 0n,
  };
}

export function readAlterShareGroupOffsetsRequestPartition(r: Reader, v: number): AlterShareGroupOffsetsRequestPartition {
  const flex = true;
  const m = newAlterShareGroupOffsetsRequestPartition();
  m.partitionIndex = r.int32();
  m.startOffset = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterShareGroupOffsetsRequestPartition(s: Sink, m: AlterShareGroupOffsetsRequestPartition, v: number): void {
  const flex = true;
  s.int32(m.partitionIndex);
  s.int64(m.startOffset);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
