// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeQuorumResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeQuorumResponse: response, api key 55. */
export const DESCRIBE_QUORUM_RESPONSE_SCHEMA = {
  name: "DescribeQuorumResponse",
  type: "response",
  apiKey: 55,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 0,
} as const;

export interface DescribeQuorumResponse {
  /** The top level error code. (versions 0+) */
  errorCode: number;
  /** The error message, or null if there was no error. (versions 2+; nullable 2+; ignorable) */
  errorMessage: string | null;
  /** The response from the describe quorum API. (versions 0+) */
  topics: TopicData[];
  /** The nodes in the quorum. (versions 2+) */
  nodes: Node[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeQuorumResponse(): DescribeQuorumResponse {
  return {
    errorCode: 0,
    errorMessage: "",
    topics: [],
    nodes: [],
  };
}

export function readDescribeQuorumResponse(r: Reader, v: number): DescribeQuorumResponse {
  const flex = true;
  const m = newDescribeQuorumResponse();
  m.errorCode = r.int16();
  if (v >= 2) m.errorMessage = (v >= 2 ? r.compactNullableString() : r.compactString());
  m.topics = (readArray(r, true, false, (r) => readTopicData(r, v)) ?? []);
  if (v >= 2) m.nodes = (readArray(r, true, false, (r) => readNode(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeQuorumResponse(s: Sink, m: DescribeQuorumResponse, v: number): void {
  const flex = true;
  s.int16(m.errorCode);
  if (m.errorMessage === null && (v >= 2) && (!(v >= 2))) throw new UnsupportedFieldError("DescribeQuorumResponse", "ErrorMessage", v, "is null, which is not allowed");
  if (v >= 2) s.string(m.errorMessage, true);
  writeArray(s, m.topics, true, (s, e) => writeTopicData(s, e, v));
  if (v >= 2) writeArray(s, m.nodes, true, (s, e) => writeNode(s, e, v));
  if (!(v >= 2) && !((m.nodes !== null && m.nodes.length === 0))) throw new UnsupportedFieldError("DescribeQuorumResponse", "Nodes", v, "holds a non-default value, which cannot be sent");
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
  /** The partition error code. (versions 0+) */
  errorCode: number;
  /** The error message, or null if there was no error. (versions 2+; nullable 2+; ignorable) */
  errorMessage: string | null;
  /** The ID of the current leader or -1 if the leader is unknown. (versions 0+) */
  leaderId: number;
  /** The latest known leader epoch. (versions 0+) */
  leaderEpoch: number;
  /** The high water mark. (versions 0+) */
  highWatermark: bigint;
  /** The current voters of the partition. (versions 0+) */
  currentVoters: ReplicaState[];
  /** The observers of the partition. (versions 0+) */
  observers: ReplicaState[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionData(): PartitionData {
  return {
    partitionIndex: 0,
    errorCode: 0,
    errorMessage: "",
    leaderId: 0,
    leaderEpoch: 0,
    highWatermark: 0n,
    currentVoters: [],
    observers: [],
  };
}

export function readPartitionData(r: Reader, v: number): PartitionData {
  const flex = true;
  const m = newPartitionData();
  m.partitionIndex = r.int32();
  m.errorCode = r.int16();
  if (v >= 2) m.errorMessage = (v >= 2 ? r.compactNullableString() : r.compactString());
  m.leaderId = r.int32();
  m.leaderEpoch = r.int32();
  m.highWatermark = r.int64();
  m.currentVoters = (readArray(r, true, false, (r) => readReplicaState(r, v)) ?? []);
  m.observers = (readArray(r, true, false, (r) => readReplicaState(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionData(s: Sink, m: PartitionData, v: number): void {
  const flex = true;
  s.int32(m.partitionIndex);
  s.int16(m.errorCode);
  if (m.errorMessage === null && (v >= 2) && (!(v >= 2))) throw new UnsupportedFieldError("DescribeQuorumResponse", "ErrorMessage", v, "is null, which is not allowed");
  if (v >= 2) s.string(m.errorMessage, true);
  s.int32(m.leaderId);
  s.int32(m.leaderEpoch);
  s.int64(m.highWatermark);
  writeArray(s, m.currentVoters, true, (s, e) => writeReplicaState(s, e, v));
  writeArray(s, m.observers, true, (s, e) => writeReplicaState(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ReplicaState {
  /** The ID of the replica. (versions 0+) */
  replicaId: number;
  /** The replica directory ID of the replica. (versions 2+) */
  replicaDirectoryId: string;
  /** The last known log end offset of the follower or -1 if it is unknown. (versions 0+) */
  logEndOffset: bigint;
  /** The last known leader wall clock time time when a follower fetched from the leader. This is reported as -1 both for the current leader or if it is unknown for a voter. (versions 1+; ignorable) */
  lastFetchTimestamp: bigint;
  /** The leader wall clock append time of the offset for which the follower made the most recent fetch request. This is reported as the current time for the leader and -1 if unknown for a voter. (versions 1+; ignorable) */
  lastCaughtUpTimestamp: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newReplicaState(): ReplicaState {
  return {
    replicaId: 0,
    replicaDirectoryId: ZERO_UUID,
    logEndOffset: 0n,
    lastFetchTimestamp: -1n,
    lastCaughtUpTimestamp: -1n,
  };
}

export function readReplicaState(r: Reader, v: number): ReplicaState {
  const flex = true;
  const m = newReplicaState();
  m.replicaId = r.int32();
  if (v >= 2) m.replicaDirectoryId = r.uuid();
  m.logEndOffset = r.int64();
  if (v >= 1) m.lastFetchTimestamp = r.int64();
  if (v >= 1) m.lastCaughtUpTimestamp = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeReplicaState(s: Sink, m: ReplicaState, v: number): void {
  const flex = true;
  s.int32(m.replicaId);
  if (v >= 2) s.uuid(m.replicaDirectoryId);
  if (!(v >= 2) && !(m.replicaDirectoryId === ZERO_UUID)) throw new UnsupportedFieldError("DescribeQuorumResponse", "ReplicaDirectoryId", v, "holds a non-default value, which cannot be sent");
  s.int64(m.logEndOffset);
  if (v >= 1) s.int64(m.lastFetchTimestamp);
  if (v >= 1) s.int64(m.lastCaughtUpTimestamp);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Node {
  /** The ID of the associated node. (versions 2+) */
  nodeId: number;
  /** The listeners of this controller. (versions 2+) */
  listeners: Listener[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newNode(): Node {
  return {
    nodeId: 0,
    listeners: [],
  };
}

export function readNode(r: Reader, v: number): Node {
  const flex = true;
  const m = newNode();
  m.nodeId = r.int32();
  m.listeners = (readArray(r, true, false, (r) => readListener(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeNode(s: Sink, m: Node, v: number): void {
  const flex = true;
  s.int32(m.nodeId);
  writeArray(s, m.listeners, true, (s, e) => writeListener(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Listener {
  /** The name of the endpoint. (versions 2+) */
  name: string;
  /** The hostname. (versions 2+) */
  host: string;
  /** The port. (versions 2+) */
  port: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newListener(): Listener {
  return {
    name: "",
    host: "",
    port: 0,
  };
}

export function readListener(r: Reader, v: number): Listener {
  const flex = true;
  const m = newListener();
  m.name = r.compactString();
  m.host = r.compactString();
  m.port = r.uint16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListener(s: Sink, m: Listener, v: number): void {
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
