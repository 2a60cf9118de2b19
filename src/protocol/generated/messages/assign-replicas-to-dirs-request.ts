// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AssignReplicasToDirsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AssignReplicasToDirsRequest: request, api key 73. */
export const ASSIGN_REPLICAS_TO_DIRS_REQUEST_SCHEMA = {
  name: "AssignReplicasToDirsRequest",
  type: "request",
  apiKey: 73,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface AssignReplicasToDirsRequest {
  /** The ID of the requesting broker. (versions 0+) */
  brokerId: number;
  /** The epoch of the requesting broker. (versions 0+) */
  brokerEpoch: bigint;
  /** The directories to which replicas should be assigned. (versions 0+) */
  directories: DirectoryData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAssignReplicasToDirsRequest(): AssignReplicasToDirsRequest {
  return {
    brokerId: 0,
    brokerEpoch: -1n,
    directories: [],
  };
}

export function readAssignReplicasToDirsRequest(r: Reader, v: number): AssignReplicasToDirsRequest {
  const flex = true;
  const m = newAssignReplicasToDirsRequest();
  m.brokerId = r.int32();
  m.brokerEpoch = r.int64();
  m.directories = (readArray(r, true, false, (r) => readDirectoryData(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAssignReplicasToDirsRequest(s: Sink, m: AssignReplicasToDirsRequest, v: number): void {
  const flex = true;
  s.int32(m.brokerId);
  s.int64(m.brokerEpoch);
  writeArray(s, m.directories, true, (s, e) => writeDirectoryData(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DirectoryData {
  /** The ID of the directory. (versions 0+) */
  id: string;
  /** The topics assigned to the directory. (versions 0+) */
  topics: TopicData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDirectoryData(): DirectoryData {
  return {
    id: ZERO_UUID,
    topics: [],
  };
}

export function readDirectoryData(r: Reader, v: number): DirectoryData {
  const flex = true;
  const m = newDirectoryData();
  m.id = r.uuid();
  m.topics = (readArray(r, true, false, (r) => readTopicData(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDirectoryData(s: Sink, m: DirectoryData, v: number): void {
  const flex = true;
  s.uuid(m.id);
  writeArray(s, m.topics, true, (s, e) => writeTopicData(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicData {
  /** The ID of the assigned topic. (versions 0+) */
  topicId: string;
  /** The partitions assigned to the directory. (versions 0+) */
  partitions: PartitionData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicData(): TopicData {
  return {
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readTopicData(r: Reader, v: number): TopicData {
  const flex = true;
  const m = newTopicData();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => readPartitionData(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicData(s: Sink, m: TopicData, v: number): void {
  const flex = true;
  s.uuid(m.topicId);
  writeArray(s, m.partitions, true, (s, e) => writePartitionData(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface PartitionData {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionData(): PartitionData {
  return {
    partitionIndex: 0,
  };
}

export function readPartitionData(r: Reader, v: number): PartitionData {
  const flex = true;
  const m = newPartitionData();
  m.partitionIndex = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionData(s: Sink, m: PartitionData, v: number): void {
  const flex = true;
  s.int32(m.partitionIndex);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
