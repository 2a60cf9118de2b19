// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ShareFetchResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import type { Records } from "../../primitives/records-ref.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ShareFetchResponse: response, api key 78. */
export const SHARE_FETCH_RESPONSE_SCHEMA = {
  name: "ShareFetchResponse",
  type: "response",
  apiKey: 78,
  minVersion: 1,
  maxVersion: 2,
  flexibleMinVersion: 0,
} as const;

export interface ShareFetchResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The top-level response error code. (versions 0+) */
  errorCode: number;
  /** The top-level error message, or null if there was no error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** The time in milliseconds for which the acquired records are locked. (versions 1+) */
  acquisitionLockTimeoutMs: number;
  /** The response topics. (versions 0+) */
  responses: ShareFetchableTopicResponse[];
  /** Endpoints for all current leaders enumerated in PartitionData with error NOT_LEADER_OR_FOLLOWER. (versions 0+) */
  nodeEndpoints: NodeEndpoint[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newShareFetchResponse(): ShareFetchResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    errorMessage: null,
    acquisitionLockTimeoutMs: 0,
    responses: [],
    nodeEndpoints: [],
  };
}

export function readShareFetchResponse(r: Reader, v: number): ShareFetchResponse {
  const flex = true;
  const m = newShareFetchResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  m.acquisitionLockTimeoutMs = r.int32();
  m.responses = (readArray(r, true, false, (r) => readShareFetchableTopicResponse(r, v)) ?? []);
  m.nodeEndpoints = (readArray(r, true, false, (r) => readNodeEndpoint(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeShareFetchResponse(s: Sink, m: ShareFetchResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  s.int32(m.acquisitionLockTimeoutMs);
  writeArray(s, m.responses, true, (s, e) => writeShareFetchableTopicResponse(s, e, v));
  writeArray(s, m.nodeEndpoints, true, (s, e) => writeNodeEndpoint(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ShareFetchableTopicResponse {
  /** The unique topic ID. (versions 0+) */
  topicId: string;
  /** The topic partitions. (versions 0+) */
  partitions: PartitionData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newShareFetchableTopicResponse(): ShareFetchableTopicResponse {
  return {
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readShareFetchableTopicResponse(r: Reader, v: number): ShareFetchableTopicResponse {
  const flex = true;
  const m = newShareFetchableTopicResponse();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => readPartitionData(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeShareFetchableTopicResponse(s: Sink, m: ShareFetchableTopicResponse, v: number): void {
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
  /** The fetch error code, or 0 if there was no fetch error. (versions 0+) */
  errorCode: number;
  /** The fetch error message, or null if there was no fetch error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** The acknowledge error code, or 0 if there was no acknowledge error. (versions 0+) */
  acknowledgeErrorCode: number;
  /** The acknowledge error message, or null if there was no acknowledge error. (versions 0+; nullable 0+) */
  acknowledgeErrorMessage: string | null;
  /** The current leader of the partition. (versions 0+) */
  currentLeader: LeaderIdAndEpoch;
  /** The record data. (versions 0+; nullable 0) */
  records: Records | null;
  /** The acquired records. (versions 0+) */
  acquiredRecords: AcquiredRecords[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionData(): PartitionData {
  return {
    partitionIndex: 0,
    errorCode: 0,
    errorMessage: null,
    acknowledgeErrorCode: 0,
    acknowledgeErrorMessage: null,
    currentLeader: newLeaderIdAndEpoch(),
    records: null,
    acquiredRecords: [],
  };
}

export function readPartitionData(r: Reader, v: number): PartitionData {
  const flex = true;
  const m = newPartitionData();
  m.partitionIndex = r.int32();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  m.acknowledgeErrorCode = r.int16();
  m.acknowledgeErrorMessage = r.compactNullableString();
  m.currentLeader = readLeaderIdAndEpoch(r, v);
  m.records = r.records(true, false);
  m.acquiredRecords = (readArray(r, true, false, (r) => readAcquiredRecords(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionData(s: Sink, m: PartitionData, v: number): void {
  const flex = true;
  s.int32(m.partitionIndex);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  s.int16(m.acknowledgeErrorCode);
  s.string(m.acknowledgeErrorMessage, true);
  writeLeaderIdAndEpoch(s, m.currentLeader, v);
  if (m.records === null && !(false)) throw new UnsupportedFieldError("ShareFetchResponse", "Records", v, "is null, which is not allowed");
  s.records(m.records, true);
  writeArray(s, m.acquiredRecords, true, (s, e) => writeAcquiredRecords(s, e, v));
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

export interface AcquiredRecords {
  /** The earliest offset in this batch of acquired records. (versions 0+) */
  firstOffset: bigint;
  /** The last offset of this batch of acquired records. (versions 0+) */
  lastOffset: bigint;
  /** The delivery count of this batch of acquired records. (versions 0+) */
  deliveryCount: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAcquiredRecords(): AcquiredRecords {
  return {
    firstOffset: 0n,
    lastOffset: 0n,
    deliveryCount: 0,
  };
}

export function readAcquiredRecords(r: Reader, v: number): AcquiredRecords {
  const flex = true;
  const m = newAcquiredRecords();
  m.firstOffset = r.int64();
  m.lastOffset = r.int64();
  m.deliveryCount = r.int16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAcquiredRecords(s: Sink, m: AcquiredRecords, v: number): void {
  const flex = true;
  s.int64(m.firstOffset);
  s.int64(m.lastOffset);
  s.int16(m.deliveryCount);
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
