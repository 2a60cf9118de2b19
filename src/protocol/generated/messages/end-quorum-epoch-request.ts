// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// EndQuorumEpochRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** EndQuorumEpochRequest: request, api key 54. */
export const END_QUORUM_EPOCH_REQUEST_SCHEMA = {
  name: "EndQuorumEpochRequest",
  type: "request",
  apiKey: 54,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 1,
} as const;

export interface EndQuorumEpochRequest {
  /** The cluster id. (versions 0+; nullable 0+) */
  clusterId: string | null;
  /** The topics. (versions 0+) */
  topics: TopicData[];
  /** Endpoints for the leader. (versions 1+; ignorable) */
  leaderEndpoints: LeaderEndpoint[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newEndQuorumEpochRequest(): EndQuorumEpochRequest {
  return {
    clusterId: null,
    topics: [],
    leaderEndpoints: [],
  };
}

export function readEndQuorumEpochRequest(r: Reader, v: number): EndQuorumEpochRequest {
  const flex = v >= 1;
  const m = newEndQuorumEpochRequest();
  m.clusterId = (flex ? r.compactNullableString() : r.nullableString());
  m.topics = (readArray(r, flex, false, (r) => readTopicData(r, v)) ?? []);
  if (v >= 1) m.leaderEndpoints = (readArray(r, flex, false, (r) => readLeaderEndpoint(r, v)) ?? []);
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeEndQuorumEpochRequest(s: Sink, m: EndQuorumEpochRequest, v: number): void {
  const flex = v >= 1;
  s.string(m.clusterId, flex);
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
  /** The current leader ID that is resigning. (versions 0+) */
  leaderId: number;
  /** The current epoch. (versions 0+) */
  leaderEpoch: number;
  /** A sorted list of preferred successors to start the election. (versions 0; ignorable) */
  preferredSuccessors: number[];
  /** A sorted list of preferred candidates to start the election. (versions 1+; ignorable) */
  preferredCandidates: ReplicaInfo[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionData(): PartitionData {
  return {
    partitionIndex: 0,
    leaderId: 0,
    leaderEpoch: 0,
    preferredSuccessors: [],
    preferredCandidates: [],
  };
}

export function readPartitionData(r: Reader, v: number): PartitionData {
  const flex = v >= 1;
  const m = newPartitionData();
  m.partitionIndex = r.int32();
  m.leaderId = r.int32();
  m.leaderEpoch = r.int32();
  if (v <= 0) m.preferredSuccessors = (readArray(r, flex, false, (r) => r.int32()) ?? []);
  if (v >= 1) m.preferredCandidates = (readArray(r, flex, false, (r) => readReplicaInfo(r, v)) ?? []);
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionData(s: Sink, m: PartitionData, v: number): void {
  const flex = v >= 1;
  s.int32(m.partitionIndex);
  s.int32(m.leaderId);
  s.int32(m.leaderEpoch);
  if (v <= 0) writeArray(s, m.preferredSuccessors, flex, (s, e) => s.int32(e));
  if (v >= 1) writeArray(s, m.preferredCandidates, flex, (s, e) => writeReplicaInfo(s, e, v));
  if (v >= 1) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ReplicaInfo {
  /** The ID of the candidate replica. (versions 1+) */
  candidateId: number;
  /** The directory ID of the candidate replica. (versions 1+) */
  candidateDirectoryId: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newReplicaInfo(): ReplicaInfo {
  return {
    candidateId: 0,
    candidateDirectoryId: ZERO_UUID,
  };
}

export function readReplicaInfo(r: Reader, v: number): ReplicaInfo {
  const flex = true;
  const m = newReplicaInfo();
  m.candidateId = r.int32();
  m.candidateDirectoryId = r.uuid();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeReplicaInfo(s: Sink, m: ReplicaInfo, v: number): void {
  const flex = true;
  s.int32(m.candidateId);
  s.uuid(m.candidateDirectoryId);
  if (true) {
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
