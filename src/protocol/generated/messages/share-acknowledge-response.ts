// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ShareAcknowledgeResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ShareAcknowledgeResponse: response, api key 79. */
export const SHARE_ACKNOWLEDGE_RESPONSE_SCHEMA = {
  name: "ShareAcknowledgeResponse",
  type: "response",
  apiKey: 79,
  minVersion: 1,
  maxVersion: 2,
  flexibleMinVersion: 0,
} as const;

export interface ShareAcknowledgeResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The top level response error code. (versions 0+) */
  errorCode: number;
  /** The top-level error message, or null if there was no error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** The time in milliseconds for which the acquired records are locked. (versions 2+; ignorable) */
  acquisitionLockTimeoutMs: number;
  /** The response topics. (versions 0+) */
  responses: ShareAcknowledgeTopicResponse[];
  /** Endpoints for all current leaders enumerated in PartitionData with error NOT_LEADER_OR_FOLLOWER. (versions 0+) */
  nodeEndpoints: NodeEndpoint[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newShareAcknowledgeResponse(): ShareAcknowledgeResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    errorMessage: null,
    acquisitionLockTimeoutMs: 0,
    responses: [],
    nodeEndpoints: [],
  };
}

export function readShareAcknowledgeResponse(r: Reader, v: number): ShareAcknowledgeResponse {
  const flex = true;
  const m = newShareAcknowledgeResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  if (v >= 2) m.acquisitionLockTimeoutMs = r.int32();
  m.responses = (readArray(r, true, false, (r) => readShareAcknowledgeTopicResponse(r, v)) ?? []);
  m.nodeEndpoints = (readArray(r, true, false, (r) => readNodeEndpoint(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeShareAcknowledgeResponse(s: Sink, m: ShareAcknowledgeResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  if (v >= 2) s.int32(m.acquisitionLockTimeoutMs);
  writeArray(s, m.responses, true, (s, e) => writeShareAcknowledgeTopicResponse(s, e, v));
  writeArray(s, m.nodeEndpoints, true, (s, e) => writeNodeEndpoint(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ShareAcknowledgeTopicResponse {
  /** The unique topic ID. (versions 0+) */
  topicId: string;
  /** The topic partitions. (versions 0+) */
  partitions: PartitionData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newShareAcknowledgeTopicResponse(): ShareAcknowledgeTopicResponse {
  return {
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readShareAcknowledgeTopicResponse(r: Reader, v: number): ShareAcknowledgeTopicResponse {
  const flex = true;
  const m = newShareAcknowledgeTopicResponse();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => readPartitionData(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeShareAcknowledgeTopicResponse(s: Sink, m: ShareAcknowledgeTopicResponse, v: number): void {
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
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The error message, or null if there was no error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** The current leader of the partition. (versions 0+) */
  currentLeader: LeaderIdAndEpoch;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionData(): PartitionData {
  return {
    partitionIndex: 0,
    errorCode: 0,
    errorMessage: null,
    currentLeader: newLeaderIdAndEpoch(),
  };
}

export function readPartitionData(r: Reader, v: number): PartitionData {
  const flex = true;
  const m = newPartitionData();
  m.partitionIndex = r.int32();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  m.currentLeader = readLeaderIdAndEpoch(r, v);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionData(s: Sink, m: PartitionData, v: number): void {
  const flex = true;
  s.int32(m.partitionIndex);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  writeLeaderIdAndEpoch(s, m.currentLeader, v);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface LeaderIdAndEpoch {
  /** The ID of the current leader or -1 if the leader is unknown. (versions 0+) */
  leaderId: number;
  /** The latest known leader epoch. (versions 0+) */
  leaderEpoch: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newLeaderIdAndEpoch(): LeaderIdAndEpoch {
  return {
    leaderId: 0,
    leaderEpoch: 0,
  };
}

export function readLeaderIdAndEpoch(r: Reader, v: number): LeaderIdAndEpoch {
  const flex = true;
  const m = newLeaderIdAndEpoch();
  m.leaderId = r.int32();
  m.leaderEpoch = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeLeaderIdAndEpoch(s: Sink, m: LeaderIdAndEpoch, v: number): void {
  const flex = true;
  s.int32(m.leaderId);
  s.int32(m.leaderEpoch);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface NodeEndpoint {
  /** The ID of the associated node. (versions 0+) */
  nodeId: number;
  /** The node's hostname. (versions 0+) */
  host: string;
  /** The node's port. (versions 0+) */
  port: number;
  /** The rack of the node, or null if it has not been assigned to a rack. (versions 0+; nullable 0+) */
  rack: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newNodeEndpoint(): NodeEndpoint {
  return {
    nodeId: 0,
    host: "",
    port: 0,
    rack: null,
  };
}

export function readNodeEndpoint(r: Reader, v: number): NodeEndpoint {
  const flex = true;
  const m = newNodeEndpoint();
  m.nodeId = r.int32();
  m.host = r.compactString();
  m.port = r.int32();
  m.rack = r.compactNullableString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeNodeEndpoint(s: Sink, m: NodeEndpoint, v: number): void {
  const flex = true;
  s.int32(m.nodeId);
  s.string(m.host, true);
  s.int32(m.port);
  s.string(m.rack, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
