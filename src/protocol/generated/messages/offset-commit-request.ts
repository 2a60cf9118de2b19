// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// OffsetCommitRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** OffsetCommitRequest: request, api key 8. */
export const OFFSET_COMMIT_REQUEST_SCHEMA = {
  name: "OffsetCommitRequest",
  type: "request",
  apiKey: 8,
  minVersion: 2,
  maxVersion: 10,
  flexibleMinVersion: 8,
} as const;

export interface OffsetCommitRequest {
  /** The unique group identifier. (versions 0+) */
  groupId: string;
  /** The generation of the group if using the classic group protocol or the member epoch if using the consumer protocol. (versions 1+; ignorable) */
  generationIdOrMemberEpoch: number;
  /** The member ID assigned by the group coordinator. (versions 1+; ignorable) */
  memberId: string;
  /** The unique identifier of the consumer instance provided by end user. (versions 7+; nullable 7+) */
  groupInstanceId: string | null;
  /** The time period in ms to retain the offset. (versions 2-4; ignorable) */
  retentionTimeMs: bigint;
  /** The topics to commit offsets for. (versions 0+) */
  topics: OffsetCommitRequestTopic[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetCommitRequest(): OffsetCommitRequest {
  return {
    groupId: "",
    generationIdOrMemberEpoch: -1,
    memberId: "",
    groupInstanceId: null,
    retentionTimeMs: -1n,
    topics: [],
  };
}

export function readOffsetCommitRequest(r: Reader, v: number): OffsetCommitRequest {
  const flex = v >= 8;
  const m = newOffsetCommitRequest();
  m.groupId = (flex ? r.compactString() : r.string());
  m.generationIdOrMemberEpoch = r.int32();
  m.memberId = (flex ? r.compactString() : r.string());
  if (v >= 7) m.groupInstanceId = (flex ? (v >= 7 ? r.compactNullableString() : r.compactString()) : (v >= 7 ? r.nullableString() : r.string()));
  if (v <= 4) m.retentionTimeMs = r.int64();
  m.topics = (readArray(r, flex, false, (r) => readOffsetCommitRequestTopic(r, v)) ?? []);
  if (v >= 8) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetCommitRequest(s: Sink, m: OffsetCommitRequest, v: number): void {
  const flex = v >= 8;
  s.string(m.groupId, flex);
  s.int32(m.generationIdOrMemberEpoch);
  s.string(m.memberId, flex);
  if (m.groupInstanceId === null && (v >= 7) && (!(v >= 7))) throw new UnsupportedFieldError("OffsetCommitRequest", "GroupInstanceId", v, "is null, which is not allowed");
  if (v >= 7) s.string(m.groupInstanceId, flex);
  if (!(v >= 7) && !(m.groupInstanceId === null)) throw new UnsupportedFieldError("OffsetCommitRequest", "GroupInstanceId", v, "holds a non-default value, which cannot be sent");
  if (v <= 4) s.int64(m.retentionTimeMs);
  writeArray(s, m.topics, flex, (s, e) => writeOffsetCommitRequestTopic(s, e, v));
  if (v >= 8) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface OffsetCommitRequestTopic {
  /** The topic name. (versions 0-9; ignorable) */
  name: string;
  /** The topic ID. (versions 10+; ignorable) */
  topicId: string;
  /** Each partition to commit offsets for. (versions 0+) */
  partitions: OffsetCommitRequestPartition[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetCommitRequestTopic(): OffsetCommitRequestTopic {
  return {
    name: "",
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readOffsetCommitRequestTopic(r: Reader, v: number): OffsetCommitRequestTopic {
  const flex = v >= 8;
  const m = newOffsetCommitRequestTopic();
  if (v <= 9) m.name = (flex ? r.compactString() : r.string());
  if (v >= 10) m.topicId = r.uuid();
  m.partitions = (readArray(r, flex, false, (r) => readOffsetCommitRequestPartition(r, v)) ?? []);
  if (v >= 8) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetCommitRequestTopic(s: Sink, m: OffsetCommitRequestTopic, v: number): void {
  const flex = v >= 8;
  if (v <= 9) s.string(m.name, flex);
  if (v >= 10) s.uuid(m.topicId);
  writeArray(s, m.partitions, flex, (s, e) => writeOffsetCommitRequestPartition(s, e, v));
  if (v >= 8) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface OffsetCommitRequestPartition {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The message offset to be committed. (versions 0+) */
  committedOffset: bigint;
  /** The leader epoch of this partition. (versions 6+; ignorable) */
  committedLeaderEpoch: number;
  /** Any associated metadata the client wants to keep. (versions 0+; nullable 0+) */
  committedMetadata: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetCommitRequestPartition(): OffsetCommitRequestPartition {
  return {
    partitionIndex: 0,
    committedOffset: 0n,
    committedLeaderEpoch: -1,
    committedMetadata: "",
  };
}

export function readOffsetCommitRequestPartition(r: Reader, v: number): OffsetCommitRequestPartition {
  const flex = v >= 8;
  const m = newOffsetCommitRequestPartition();
  m.partitionIndex = r.int32();
  m.committedOffset = r.int64();
  if (v >= 6) m.committedLeaderEpoch = r.int32();
  m.committedMetadata = (flex ? r.compactNullableString() : r.nullableString());
  if (v >= 8) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetCommitRequestPartition(s: Sink, m: OffsetCommitRequestPartition, v: number): void {
  const flex = v >= 8;
  s.int32(m.partitionIndex);
  s.int64(m.committedOffset);
  if (v >= 6) s.int32(m.committedLeaderEpoch);
  s.string(m.committedMetadata, flex);
  if (v >= 8) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
