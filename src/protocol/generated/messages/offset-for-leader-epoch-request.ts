// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// OffsetForLeaderEpochRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** OffsetForLeaderEpochRequest: request, api key 23. */
export const OFFSET_FOR_LEADER_EPOCH_REQUEST_SCHEMA = {
  name: "OffsetForLeaderEpochRequest",
  type: "request",
  apiKey: 23,
  minVersion: 2,
  maxVersion: 4,
  flexibleMinVersion: 4,
} as const;

export interface OffsetForLeaderEpochRequest {
  /** The broker ID of the follower, of -1 if this request is from a consumer. (versions 3+; ignorable) */
  replicaId: number;
  /** Each topic to get offsets for. (versions 0+) */
  topics: OffsetForLeaderTopic[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetForLeaderEpochRequest(): OffsetForLeaderEpochRequest {
  return {
    replicaId: -2,
    topics: [],
  };
}

export function readOffsetForLeaderEpochRequest(r: Reader, v: number): OffsetForLeaderEpochRequest {
  const flex = v >= 4;
  const m = newOffsetForLeaderEpochRequest();
  if (v >= 3) m.replicaId = r.int32();
  m.topics = (readArray(r, flex, false, (r) => readOffsetForLeaderTopic(r, v)) ?? []);
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetForLeaderEpochRequest(s: Sink, m: OffsetForLeaderEpochRequest, v: number): void {
  const flex = v >= 4;
  if (v >= 3) s.int32(m.replicaId);
  writeArray(s, m.topics, flex, (s, e) => writeOffsetForLeaderTopic(s, e, v));
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface OffsetForLeaderTopic {
  /** The topic name. (versions 0+) */
  topic: string;
  /** Each partition to get offsets for. (versions 0+) */
  partitions: OffsetForLeaderPartition[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetForLeaderTopic(): OffsetForLeaderTopic {
  return {
    topic: "",
    partitions: [],
  };
}

export function readOffsetForLeaderTopic(r: Reader, v: number): OffsetForLeaderTopic {
  const flex = v >= 4;
  const m = newOffsetForLeaderTopic();
  m.topic = (flex ? r.compactString() : r.string());
  m.partitions = (readArray(r, flex, false, (r) => readOffsetForLeaderPartition(r, v)) ?? []);
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetForLeaderTopic(s: Sink, m: OffsetForLeaderTopic, v: number): void {
  const flex = v >= 4;
  s.string(m.topic, flex);
  writeArray(s, m.partitions, flex, (s, e) => writeOffsetForLeaderPartition(s, e, v));
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface OffsetForLeaderPartition {
  /** The partition index. (versions 0+) */
  partition: number;
  /** An epoch used to fence consumers/replicas with old metadata. If the epoch provided by the client is larger than the current epoch known to the broker, then the UNKNOWN_LEADER_EPOCH error code will be returned. If the provided epoch is smaller, then the FENCED_LEADER_EPOCH error code will be returned. (versions 2+; ignorable) */
  currentLeaderEpoch: number;
  /** The epoch to look up an offset for. (versions 0+) */
  leaderEpoch: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetForLeaderPartition(): OffsetForLeaderPartition {
  return {
    partition: 0,
    currentLeaderEpoch: -1,
    leaderEpoch: 0,
  };
}

export function readOffsetForLeaderPartition(r: Reader, v: number): OffsetForLeaderPartition {
  const flex = v >= 4;
  const m = newOffsetForLeaderPartition();
  m.partition = r.int32();
  m.currentLeaderEpoch = r.int32();
  m.leaderEpoch = r.int32();
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetForLeaderPartition(s: Sink, m: OffsetForLeaderPartition, v: number): void {
  const flex = v >= 4;
  s.int32(m.partition);
  s.int32(m.currentLeaderEpoch);
  s.int32(m.leaderEpoch);
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
