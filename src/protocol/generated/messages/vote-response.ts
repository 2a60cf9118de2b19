// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// VoteResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** VoteResponse: response, api key 52. */
export const VOTE_RESPONSE_SCHEMA = {
  name: "VoteResponse",
  type: "response",
  apiKey: 52,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 0,
} as const;

export interface VoteResponse {
  /** The top level error code. (versions 0+) */
  errorCode: number;
  /** The results for each topic. (versions 0+) */
  topics: TopicData[];
  /** Endpoints for all current-leaders enumerated in PartitionData. (versions 1+; tag 0 in 1+) */
  nodeEndpoints: NodeEndpoint[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newVoteResponse(): VoteResponse {
  return {
    errorCode: 0,
    topics: [],
    nodeEndpoints: [],
  };
}

export function readVoteResponse(r: Reader, v: number): VoteResponse {
  const flex = true;
  const m = newVoteResponse();
  m.errorCode = r.int16();
  m.topics = (readArray(r, true, false, (r) => readTopicData(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (v >= 1) { m.nodeEndpoints = (readArray(r, true, false, (r) => readNodeEndpoint(r, v)) ?? []); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeVoteResponse(s: Sink, m: VoteResponse, v: number): void {
  const flex = true;
  s.int16(m.errorCode);
  writeArray(s, m.topics, true, (s, e) => writeTopicData(s, e, v));
  if (!(v >= 1) && !((m.nodeEndpoints !== null && m.nodeEndpoints.length === 0))) throw new UnsupportedFieldError("VoteResponse", "NodeEndpoints", v, "holds a non-default value, which cannot be sent");
  if (true) {
    const tags: TagWriter[] = [];
    if ((v >= 1) && (!((m.nodeEndpoints !== null && m.nodeEndpoints.length === 0)))) tags.push([0, (s) => writeArray(s, m.nodeEndpoints, true, (s, e) => writeNodeEndpoint(s, e, v))]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicData {
  /** The topic name. (versions 0+) */
  topicName: string;
  /** The results for each partition. (versions 0+) */
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
  /** The partition level error code. (versions 0+) */
  errorCode: number;
  /** The ID of the current leader or -1 if the leader is unknown. (versions 0+) */
  leaderId: number;
  /** The latest known leader epoch. (versions 0+) */
  leaderEpoch: number;
  /** True if the vote was granted and false otherwise. (versions 0+) */
  voteGranted: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionData(): PartitionData {
  return {
    partitionIndex: 0,
    errorCode: 0,
    leaderId: 0,
    leaderEpoch: 0,
    voteGranted: false,
  };
}

export function readPartitionData(r: Reader, v: number): PartitionData {
  const flex = true;
  const m = newPartitionData();
  m.partitionIndex = r.int32();
  m.errorCode = r.int16();
  m.leaderId = r.int32();
  m.leaderEpoch = r.int32();
  m.voteGranted = r.bool();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionData(s: Sink, m: PartitionData, v: number): void {
  const flex = true;
  s.int32(m.partitionIndex);
  s.int16(m.errorCode);
  s.int32(m.leaderId);
  s.int32(m.leaderEpoch);
  s.bool(m.voteGranted);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface NodeEndpoint {
  /** The ID of the associated node. (versions 1+) */
  nodeId: number;
  /** The node's hostname. (versions 1+) */
  host: string;
  /** The node's port. (versions 1+) */
  port: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newNodeEndpoint(): NodeEndpoint {
  return {
    nodeId: 0,
    host: "",
    port: 0,
  };
}

export function readNodeEndpoint(r: Reader, v: number): NodeEndpoint {
  const flex = true;
  const m = newNodeEndpoint();
  m.nodeId = r.int32();
  m.host = r.compactString();
  m.port = r.uint16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeNodeEndpoint(s: Sink, m: NodeEndpoint, v: number): void {
  const flex = true;
  s.int32(m.nodeId);
  s.string(m.host, true);
  s.uint16(m.port);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
