// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// BeginQuorumEpochRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** BeginQuorumEpochRequest: request, api key 53. */
export const BEGIN_QUORUM_EPOCH_REQUEST_SCHEMA = {
  name: "BeginQuorumEpochRequest",
  type: "request",
  apiKey: 53,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 1,
} as const;

export interface BeginQuorumEpochRequest {
  /** The cluster id. (versions 0+; nullable 0+) */
  clusterId: string | null;
  /** The replica id of the voter receiving the request. (versions 1+; ignorable) */
  voterId: number;
  /** The topics. (versions 0+) */
  topics: TopicData[];
  /** Endpoints for the leader. (versions 1+; ignorable) */
  leaderEndpoints: LeaderEndpoint[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newBeginQuorumEpochRequest(): BeginQuorumEpochRequest {
  return {
    clusterId: null,
    voterId: -1,
    topics: [],
    leaderEndpoints: [],
  };
}

export function readBeginQuorumEpochRequest(r: Reader, v: number): BeginQuorumEpochRequest {
  const flex = v >= 1;
  const m = newBeginQuorumEpochRequest();
  m.clusterId = (flex ? r.compactNullableString() : r.nullableString());
  if (v >= 1) m.voterId = r.int32();
  m.topics = (readArray(r, flex, false, (r) => readTopicData(r, v)) ?? []);
  if (v >= 1) m.leaderEndpoints = (readArray(r, flex, false, (r) => readLeaderEndpoint(r, v)) ?? []);
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeBeginQuorumEpochRequest(s: Sink, m: BeginQuorumEpochRequest, v: number): void {
  const flex = v >= 1;
  s.string(m.clusterId, flex);
  if (v >= 1) s.int32(m.voterId);
  writeArray(s, m.topics, flex, (s, e) => writeTopicData(s, e, v));
  if (v >= 1) writeArray(s, m.leaderEndpoints, flex, (s, e) => writeLeaderEndpoint(s, e, v));
  if (v >= 1) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicData {
  /** The topic name. (versions 0+) */
  topicName: string;
  /** The partitions. (versions 0+) */
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
  const flex = v >= 1;
  const m = newTopicData();
  m.topicName = (flex ? r.compactString() : r.string());
  m.partitions = (readArray(r, flex, false, (r) => readPartitionData(r, v)) ?? []);
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicData(s: Sink, m: TopicData, v: number): void {
  const flex = v >= 1;
  s.string(m.topicName, flex);
  writeArray(s, m.partitions, flex, (s, e) => writePartitionData(s, e, v));
  if (v >= 1) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface PartitionData {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The directory id of the receiving replica. (versions 1+; ignorable) */
  voterDirectoryId: string;
  /** The ID of the newly elected leader. (versions 0+) */
  leaderId: number;
  /** The epoch of the newly elected leader. (versions 0+) */
  leaderEpoch: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionData(): PartitionData {
  return {
    partitionIndex: 0,
    voterDirectoryId: ZERO_UUID,
    leaderId: 0,
    leaderEpoch: 0,
  };
}

export function readPartitionData(r: Reader, v: number): PartitionData {
  const flex = v >= 1;
  const m = newPartitionData();
  m.partitionIndex = r.int32();
  if (v >= 1) m.voterDirectoryId = r.uuid();
  m.leaderId = r.int32();
  m.leaderEpoch = r.int32();
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionData(s: Sink, m: PartitionData, v: number): void {
  const flex = v >= 1;
  s.int32(m.partitionIndex);
  if (v >= 1) s.uuid(m.voterDirectoryId);
  s.int32(m.leaderId);
  s.int32(m.leaderEpoch);
  if (v >= 1) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface LeaderEndpoint {
  /** The name of the endpoint. (versions 1+) */
  name: string;
  /** The node's hostname. (versions 1+) */
  host: string;
  /** The node's port. (versions 1+) */
  port: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newLeaderEndpoint(): LeaderEndpoint {
  return {
    name: "",
    host: "",
    port: 0,
  };
}

export function readLeaderEndpoint(r: Reader, v: number): LeaderEndpoint {
  const flex = true;
  const m = newLeaderEndpoint();
  m.name = r.compactString();
  m.host = r.compactString();
  m.port = r.uint16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeLeaderEndpoint(s: Sink, m: LeaderEndpoint, v: number): void {
  const flex = true;
  s.string(m.name, true);
  s.string(m.host, true);
  s.uint16(m.port);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
