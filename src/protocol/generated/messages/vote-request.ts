// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// VoteRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** VoteRequest: request, api key 52. */
export const VOTE_REQUEST_SCHEMA = {
  name: "VoteRequest",
  type: "request",
  apiKey: 52,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 0,
} as const;

export interface VoteRequest {
  /** The cluster id. (versions 0+; nullable 0+) */
  clusterId: string | null;
  /** The replica id of the voter receiving the request. (versions 1+; ignorable) */
  voterId: number;
  /** The topic data. (versions 0+) */
  topics: TopicData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newVoteRequest(): VoteRequest {
  return {
    clusterId: null,
    voterId: -1,
    topics: [],
  };
}

export function readVoteRequest(r: Reader, v: number): VoteRequest {
  const flex = true;
  const m = newVoteRequest();
  m.clusterId = r.compactNullableString();
  if (v >= 1) m.voterId = r.int32();
  m.topics = (readArray(r, true, false, (r) => readTopicData(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeVoteRequest(s: Sink, m: VoteRequest, v: number): void {
  const flex = true;
  s.string(m.clusterId, true);
  if (v >= 1) s.int32(m.voterId);
  writeArray(s, m.topics, true, (s, e) => writeTopicData(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicData {
  /** The topic name. (versions 0+) */
  topicName: string;
  /** The partition data. (versions 0+) */
  partitions: PartitionData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicData(): TopicData {
  return {
    topicName: "",
    partitions: [],
  };
}

export function readTopicData(r: Reader, v: number): TopicData {
  const flex = true;
  const m = newTopicData();
  m.topicName = r.compactString();
  m.partitions = (readArray(r, true, false, (r) => readPartitionData(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicData(s: Sink, m: TopicData, v: number): void {
  const flex = true;
  s.string(m.topicName, true);
  writeArray(s, m.partitions, true, (s, e) => writePartitionData(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface PartitionData {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The epoch of the voter sending the request (versions 0+) */
  replicaEpoch: number;
  /** The replica id of the voter sending the request (versions 0+) */
  replicaId: number;
  /** The directory id of the voter sending the request (versions 1+; ignorable) */
  replicaDirectoryId: string;
  /** The directory id of the voter receiving the request (versions 1+; ignorable) */
  voterDirectoryId: string;
  /** The epoch of the last record written to the metadata log. (versions 0+) */
  lastOffsetEpoch: number;
  /** The log end offset of the metadata log of the voter sending the request. (versions 0+) */
  lastOffset: bigint;
  /** Whether the request is a PreVote request (not persisted) or not. (versions 2+) */
  preVote: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionData(): PartitionData {
  return {
    partitionIndex: 0,
    replicaEpoch: 0,
    replicaId: 0,
    replicaDirectoryId: ZERO_UUID,
    voterDirectoryId: ZERO_UUID,
    lastOffsetEpoch: 0,
    lastOffset: 0n,
    preVote: false,
  };
}

export function readPartitionData(r: Reader, v: number): PartitionData {
  const flex = true;
  const m = newPartitionData();
  m.partitionIndex = r.int32();
  m.replicaEpoch = r.int32();
  m.replicaId = r.int32();
  if (v >= 1) m.replicaDirectoryId = r.uuid();
  if (v >= 1) m.voterDirectoryId = r.uuid();
  m.lastOffsetEpoch = r.int32();
  m.lastOffset = r.int64();
  if (v >= 2) m.preVote = r.bool();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionData(s: Sink, m: PartitionData, v: number): void {
  const flex = true;
  s.int32(m.partitionIndex);
  s.int32(m.replicaEpoch);
  s.int32(m.replicaId);
  if (v >= 1) s.uuid(m.replicaDirectoryId);
  if (v >= 1) s.uuid(m.voterDirectoryId);
  s.int32(m.lastOffsetEpoch);
  s.int64(m.lastOffset);
  if (v >= 2) s.bool(m.preVote);
  if (!(v >= 2) && !(m.preVote === false)) throw new UnsupportedFieldError("VoteRequest", "PreVote", v, "holds a non-default value, which cannot be sent");
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
