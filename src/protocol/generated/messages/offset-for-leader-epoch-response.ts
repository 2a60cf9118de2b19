// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// OffsetForLeaderEpochResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** OffsetForLeaderEpochResponse: response, api key 23. */
export const OFFSET_FOR_LEADER_EPOCH_RESPONSE_SCHEMA = {
  name: "OffsetForLeaderEpochResponse",
  type: "response",
  apiKey: 23,
  minVersion: 2,
  maxVersion: 4,
  flexibleMinVersion: 4,
} as const;

export interface OffsetForLeaderEpochResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 2+; ignorable) */
  throttleTimeMs: number;
  /** Each topic we fetched offsets for. (versions 0+) */
  topics: OffsetForLeaderTopicResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetForLeaderEpochResponse(): OffsetForLeaderEpochResponse {
  return {
    throttleTimeMs: 0,
    topics: [],
  };
}

export function readOffsetForLeaderEpochResponse(r: Reader, v: number): OffsetForLeaderEpochResponse {
  const flex = v >= 4;
  const m = newOffsetForLeaderEpochResponse();
  m.throttleTimeMs = r.int32();
  m.topics = (readArray(r, flex, false, (r) => readOffsetForLeaderTopicResult(r, v)) ?? []);
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetForLeaderEpochResponse(s: Sink, m: OffsetForLeaderEpochResponse, v: number): void {
  const flex = v >= 4;
  s.int32(m.throttleTimeMs);
  writeArray(s, m.topics, flex, (s, e) => writeOffsetForLeaderTopicResult(s, e, v));
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface OffsetForLeaderTopicResult {
  /** The topic name. (versions 0+) */
  topic: string;
  /** Each partition in the topic we fetched offsets for. (versions 0+) */
  partitions: EpochEndOffset[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetForLeaderTopicResult(): OffsetForLeaderTopicResult {
  return {
    topic: "",
    partitions: [],
  };
}

export function readOffsetForLeaderTopicResult(r: Reader, v: number): OffsetForLeaderTopicResult {
  const flex = v >= 4;
  const m = newOffsetForLeaderTopicResult();
  m.topic = (flex ? r.compactString() : r.string());
  m.partitions = (readArray(r, flex, false, (r) => readEpochEndOffset(r, v)) ?? []);
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetForLeaderTopicResult(s: Sink, m: OffsetForLeaderTopicResult, v: number): void {
  const flex = v >= 4;
  s.string(m.topic, flex);
  writeArray(s, m.partitions, flex, (s, e) => writeEpochEndOffset(s, e, v));
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface EpochEndOffset {
  /** The error code 0, or if there was no error. (versions 0+) */
  errorCode: number;
  /** The partition index. (versions 0+) */
  partition: number;
  /** The leader epoch of the partition. (versions 1+; ignorable) */
  leaderEpoch: number;
  /** The end offset of the epoch. (versions 0+) */
  endOffset: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newEpochEndOffset(): EpochEndOffset {
  return {
    errorCode: 0,
    partition: 0,
    leaderEpoch: -1,
    endOffset: -1n,
  };
}

export function readEpochEndOffset(r: Reader, v: number): EpochEndOffset {
  const flex = v >= 4;
  const m = newEpochEndOffset();
  m.errorCode = r.int16();
  m.partition = r.int32();
  m.leaderEpoch = r.int32();
  m.endOffset = r.int64();
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeEpochEndOffset(s: Sink, m: EpochEndOffset, v: number): void {
  const flex = v >= 4;
  s.int16(m.errorCode);
  s.int32(m.partition);
  s.int32(m.leaderEpoch);
  s.int64(m.endOffset);
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
