// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// TxnOffsetCommitRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** TxnOffsetCommitRequest: request, api key 28. */
export const TXN_OFFSET_COMMIT_REQUEST_SCHEMA = {
  name: "TxnOffsetCommitRequest",
  type: "request",
  apiKey: 28,
  minVersion: 0,
  maxVersion: 6,
  flexibleMinVersion: 3,
} as const;

export interface TxnOffsetCommitRequest {
  /** The ID of the transaction. (versions 0+) */
  transactionalId: string;
  /** The ID of the group. (versions 0+) */
  groupId: string;
  /** The current producer ID in use by the transactional ID. (versions 0+) */
  producerId: bigint;
  /** The current epoch associated with the producer ID. (versions 0+) */
  producerEpoch: number;
  /** The generation of the group if using the classic group protocol or the member epoch if using the consumer protocol. (versions 3+) */
  generationIdOrMemberEpoch: number;
  /** The member ID assigned by the group coordinator. (versions 3+) */
  memberId: string;
  /** The unique identifier of the consumer instance provided by end user. (versions 3+; nullable 3+) */
  groupInstanceId: string | null;
  /** Each topic that we want to commit offsets for. (versions 0+) */
  topics: TxnOffsetCommitRequestTopic[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTxnOffsetCommitRequest(): TxnOffsetCommitRequest {
  return {
    transactionalId: "",
    groupId: "",
    producerId: 0n,
    producerEpoch: 0,
    generationIdOrMemberEpoch: -1,
    memberId: "",
    groupInstanceId: null,
    topics: [],
  };
}

export function readTxnOffsetCommitRequest(r: Reader, v: number): TxnOffsetCommitRequest {
  const flex = v >= 3;
  const m = newTxnOffsetCommitRequest();
  m.transactionalId = (flex ? r.compactString() : r.string());
  m.groupId = (flex ? r.compactString() : r.string());
  m.producerId = r.int64();
  m.producerEpoch = r.int16();
  if (v >= 3) m.generationIdOrMemberEpoch = r.int32();
  if (v >= 3) m.memberId = (flex ? r.compactString() : r.string());
  if (v >= 3) m.groupInstanceId = (flex ? (v >= 3 ? r.compactNullableString() : r.compactString()) : (v >= 3 ? r.nullableString() : r.string()));
  m.topics = (readArray(r, flex, false, (r) => readTxnOffsetCommitRequestTopic(r, v)) ?? []);
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTxnOffsetCommitRequest(s: Sink, m: TxnOffsetCommitRequest, v: number): void {
  const flex = v >= 3;
  s.string(m.transactionalId, flex);
  s.string(m.groupId, flex);
  s.int64(m.producerId);
  s.int16(m.producerEpoch);
  if (v >= 3) s.int32(m.generationIdOrMemberEpoch);
  if (!(v >= 3) && !(m.generationIdOrMemberEpoch === -1)) throw new UnsupportedFieldError("TxnOffsetCommitRequest", "GenerationIdOrMemberEpoch", v, "holds a non-default value, which cannot be sent");
  if (v >= 3) s.string(m.memberId, flex);
  if (!(v >= 3) && !(m.memberId === "")) throw new UnsupportedFieldError("TxnOffsetCommitRequest", "MemberId", v, "holds a non-default value, which cannot be sent");
  if (m.groupInstanceId === null && (v >= 3) && (!(v >= 3))) throw new UnsupportedFieldError("TxnOffsetCommitRequest", "GroupInstanceId", v, "is null, which is not allowed");
  if (v >= 3) s.string(m.groupInstanceId, flex);
  if (!(v >= 3) && !(m.groupInstanceId === null)) throw new UnsupportedFieldError("TxnOffsetCommitRequest", "GroupInstanceId", v, "holds a non-default value, which cannot be sent");
  writeArray(s, m.topics, flex, (s, e) => writeTxnOffsetCommitRequestTopic(s, e, v));
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TxnOffsetCommitRequestTopic {
  /** The topic name. (versions 0-5; ignorable) */
  name: string;
  /** The topic ID. (versions 6+; ignorable) */
  topicId: string;
  /** The partitions inside the topic that we want to commit offsets for. (versions 0+) */
  partitions: TxnOffsetCommitRequestPartition[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTxnOffsetCommitRequestTopic(): TxnOffsetCommitRequestTopic {
  return {
    name: "",
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readTxnOffsetCommitRequestTopic(r: Reader, v: number): TxnOffsetCommitRequestTopic {
  const flex = v >= 3;
  const m = newTxnOffsetCommitRequestTopic();
  if (v <= 5) m.name = (flex ? r.compactString() : r.string());
  if (v >= 6) m.topicId = r.uuid();
  m.partitions = (readArray(r, flex, false, (r) => readTxnOffsetCommitRequestPartition(r, v)) ?? []);
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTxnOffsetCommitRequestTopic(s: Sink, m: TxnOffsetCommitRequestTopic, v: number): void {
  const flex = v >= 3;
  if (v <= 5) s.string(m.name, flex);
  if (v >= 6) s.uuid(m.topicId);
  writeArray(s, m.partitions, flex, (s, e) => writeTxnOffsetCommitRequestPartition(s, e, v));
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TxnOffsetCommitRequestPartition {
  /** The index of the partition within the topic. (versions 0+) */
  partitionIndex: number;
  /** The message offset to be committed. (versions 0+) */
  committedOffset: bigint;
  /** The leader epoch of the last consumed record. (versions 2+; ignorable) */
  committedLeaderEpoch: number;
  /** Any associated metadata the client wants to keep. (versions 0+; nullable 0+) */
  committedMetadata: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTxnOffsetCommitRequestPartition(): TxnOffsetCommitRequestPartition {
  return {
    partitionIndex: 0,
    committedOffset: 0n,
    committedLeaderEpoch: -1,
    committedMetadata: "",
  };
}

export function readTxnOffsetCommitRequestPartition(r: Reader, v: number): TxnOffsetCommitRequestPartition {
  const flex = v >= 3;
  const m = newTxnOffsetCommitRequestPartition();
  m.partitionIndex = r.int32();
  m.committedOffset = r.int64();
  if (v >= 2) m.committedLeaderEpoch = r.int32();
  m.committedMetadata = (flex ? r.compactNullableString() : r.nullableString());
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTxnOffsetCommitRequestPartition(s: Sink, m: TxnOffsetCommitRequestPartition, v: number): void {
  const flex = v >= 3;
  s.int32(m.partitionIndex);
  s.int64(m.committedOffset);
  if (v >= 2) s.int32(m.committedLeaderEpoch);
  s.string(m.committedMetadata, flex);
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
