// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// TxnOffsetCommitResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** TxnOffsetCommitResponse: response, api key 28. */
export const TXN_OFFSET_COMMIT_RESPONSE_SCHEMA = {
  name: "TxnOffsetCommitResponse",
  type: "response",
  apiKey: 28,
  minVersion: 0,
  maxVersion: 6,
  flexibleMinVersion: 3,
} as const;

export interface TxnOffsetCommitResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The responses for each topic. (versions 0+) */
  topics: TxnOffsetCommitResponseTopic[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTxnOffsetCommitResponse(): TxnOffsetCommitResponse {
  return {
    throttleTimeMs: 0,
    topics: [],
  };
}

export function readTxnOffsetCommitResponse(r: Reader, v: number): TxnOffsetCommitResponse {
  const flex = v >= 3;
  const m = newTxnOffsetCommitResponse();
  m.throttleTimeMs = r.int32();
  m.topics = (readArray(r, flex, false, (r) => readTxnOffsetCommitResponseTopic(r, v)) ?? []);
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTxnOffsetCommitResponse(s: Sink, m: TxnOffsetCommitResponse, v: number): void {
  const flex = v >= 3;
  s.int32(m.throttleTimeMs);
  writeArray(s, m.topics, flex, (s, e) => writeTxnOffsetCommitResponseTopic(s, e, v));
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TxnOffsetCommitResponseTopic {
  /** The topic name. (versions 0-5; ignorable) */
  name: string;
  /** The topic ID. (versions 6+; ignorable) */
  topicId: string;
  /** The responses for each partition in the topic. (versions 0+) */
  partitions: TxnOffsetCommitResponsePartition[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTxnOffsetCommitResponseTopic(): TxnOffsetCommitResponseTopic {
  return {
    name: "",
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readTxnOffsetCommitResponseTopic(r: Reader, v: number): TxnOffsetCommitResponseTopic {
  const flex = v >= 3;
  const m = newTxnOffsetCommitResponseTopic();
  if (v <= 5) m.name = (flex ? r.compactString() : r.string());
  if (v >= 6) m.topicId = r.uuid();
  m.partitions = (readArray(r, flex, false, (r) => readTxnOffsetCommitResponsePartition(r, v)) ?? []);
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTxnOffsetCommitResponseTopic(s: Sink, m: TxnOffsetCommitResponseTopic, v: number): void {
  const flex = v >= 3;
  if (v <= 5) s.string(m.name, flex);
  if (v >= 6) s.uuid(m.topicId);
  writeArray(s, m.partitions, flex, (s, e) => writeTxnOffsetCommitResponsePartition(s, e, v));
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TxnOffsetCommitResponsePartition {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTxnOffsetCommitResponsePartition(): TxnOffsetCommitResponsePartition {
  return {
    partitionIndex: 0,
    errorCode: 0,
  };
}

export function readTxnOffsetCommitResponsePartition(r: Reader, v: number): TxnOffsetCommitResponsePartition {
  const flex = v >= 3;
  const m = newTxnOffsetCommitResponsePartition();
  m.partitionIndex = r.int32();
  m.errorCode = r.int16();
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTxnOffsetCommitResponsePartition(s: Sink, m: TxnOffsetCommitResponsePartition, v: number): void {
  const flex = v >= 3;
  s.int32(m.partitionIndex);
  s.int16(m.errorCode);
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
