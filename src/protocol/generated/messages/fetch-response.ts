// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// FetchResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import type { Records } from "../../primitives/records-ref.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** FetchResponse: response, api key 1. */
export const FETCH_RESPONSE_SCHEMA = {
  name: "FetchResponse",
  type: "response",
  apiKey: 1,
  minVersion: 4,
  maxVersion: 18,
  flexibleMinVersion: 12,
} as const;

export interface FetchResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 1+; ignorable) */
  throttleTimeMs: number;
  /** The top level response error code. (versions 7+; ignorable) */
  errorCode: number;
  /** The fetch session ID, or 0 if this is not part of a fetch session. (versions 7+) */
  sessionId: number;
  /** The response topics. (versions 0+) */
  responses: FetchableTopicResponse[];
  /** Endpoints for all current-leaders enumerated in PartitionData, with errors NOT_LEADER_OR_FOLLOWER & FENCED_LEADER_EPOCH. (versions 16+; tag 0 in 16+) */
  nodeEndpoints: NodeEndpoint[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newFetchResponse(): FetchResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    sessionId: 0,
    responses: [],
    nodeEndpoints: [],
  };
}

export function readFetchResponse(r: Reader, v: number): FetchResponse {
  const flex = v >= 12;
  const m = newFetchResponse();
  m.throttleTimeMs = r.int32();
  if (v >= 7) m.errorCode = r.int16();
  if (v >= 7) m.sessionId = r.int32();
  m.responses = (readArray(r, flex, false, (r) => readFetchableTopicResponse(r, v)) ?? []);
  if (v >= 12) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (v >= 16) { m.nodeEndpoints = (readArray(r, true, false, (r) => readNodeEndpoint(r, v)) ?? []); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeFetchResponse(s: Sink, m: FetchResponse, v: number): void {
  const flex = v >= 12;
  s.int32(m.throttleTimeMs);
  if (v >= 7) s.int16(m.errorCode);
  if (v >= 7) s.int32(m.sessionId);
  if (!(v >= 7) && !(m.sessionId === 0)) throw new UnsupportedFieldError("FetchResponse", "SessionId", v, "holds a non-default value, which cannot be sent");
  writeArray(s, m.responses, flex, (s, e) => writeFetchableTopicResponse(s, e, v));
  if (!(v >= 16) && !((m.nodeEndpoints !== null && m.nodeEndpoints.length === 0))) throw new UnsupportedFieldError("FetchResponse", "NodeEndpoints", v, "holds a non-default value, which cannot be sent");
  if (v >= 12) {
    const tags: TagWriter[] = [];
    if ((v >= 16) && (!((m.nodeEndpoints !== null && m.nodeEndpoints.length === 0)))) tags.push([0, (s) => writeArray(s, m.nodeEndpoints, true, (s, e) => writeNodeEndpoint(s, e, v))]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface FetchableTopicResponse {
  /** The topic name. (versions 0-12; ignorable) */
  topic: string;
  /** The unique topic ID. (versions 13+; ignorable) */
  topicId: string;
  /** The topic partitions. (versions 0+) */
  partitions: PartitionData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newFetchableTopicResponse(): FetchableTopicResponse {
  return {
    topic: "",
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readFetchableTopicResponse(r: Reader, v: number): FetchableTopicResponse {
  const flex = v >= 12;
  const m = newFetchableTopicResponse();
  if (v <= 12) m.topic = (flex ? r.compactString() : r.string());
  if (v >= 13) m.topicId = r.uuid();
  m.partitions = (readArray(r, flex, false, (r) => readPartitionData(r, v)) ?? []);
  if (v >= 12) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeFetchableTopicResponse(s: Sink, m: FetchableTopicResponse, v: number): void {
  const flex = v >= 12;
  if (v <= 12) s.string(m.topic, flex);
  if (v >= 13) s.uuid(m.topicId);
  writeArray(s, m.partitions, flex, (s, e) => writePartitionData(s, e, v));
  if (v >= 12) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface PartitionData {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The error code, or 0 if there was no fetch error. (versions 0+) */
  errorCode: number;
  /** The current high water mark. (versions 0+) */
  highWatermark: bigint;
  /** The last stable offset (or LSO) of the partition. This is the last offset such that the state of all transactional records prior to this offset have been decided (ABORTED or COMMITTED). (versions 4+; ignorable) */
  lastStableOffset: bigint;
  /** The current log start offset. (versions 5+; ignorable) */
  logStartOffset: bigint;
  /** In case divergence is detected based on the `LastFetchedEpoch` and `FetchOffset` in the request, this field indicates the largest epoch and its end offset such that subsequent records are known to diverge. (versions 12+; tag 0 in 12+) */
  divergingEpoch: EpochEndOffset;
  /** The current leader of the partition. (versions 12+; tag 1 in 12+) */
  currentLeader: LeaderIdAndEpoch;
  /** In the case of fetching an offset less than the LogStartOffset, this is the end offset and epoch that should be used in the FetchSnapshot request. (versions 12+; tag 2 in 12+) */
  snapshotId: SnapshotId;
  /** The aborted transactions. (versions 4+; nullable 4+; ignorable) */
  abortedTransactions: AbortedTransaction[] | null;
  /** The preferred read replica for the consumer to use on its next fetch request. (versions 11+) */
  preferredReadReplica: number;
  /** The record data. (versions 0+; nullable 0+) */
  records: Records | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionData(): PartitionData {
  return {
    partitionIndex: 0,
    errorCode: 0,
    highWatermark: 0n,
    lastStableOffset: -1n,
    logStartOffset: -1n,
    divergingEpoch: newEpochEndOffset(),
    currentLeader: newLeaderIdAndEpoch(),
    snapshotId: newSnapshotId(),
    abortedTransactions: [],
    preferredReadReplica: -1,
    records: null,
  };
}

export function readPartitionData(r: Reader, v: number): PartitionData {
  const flex = v >= 12;
  const m = newPartitionData();
  m.partitionIndex = r.int32();
  m.errorCode = r.int16();
  m.highWatermark = r.int64();
  m.lastStableOffset = r.int64();
  if (v >= 5) m.logStartOffset = r.int64();
  m.abortedTransactions = readArray(r, flex, true, (r) => readAbortedTransaction(r, v));
  if (v >= 11) m.preferredReadReplica = r.int32();
  m.records = r.records(flex, true);
  if (v >= 12) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (v >= 12) { m.divergingEpoch = readEpochEndOffset(r, v); return true; } return false;
      case 1: if (v >= 12) { m.currentLeader = readLeaderIdAndEpoch(r, v); return true; } return false;
      case 2: if (v >= 12) { m.snapshotId = readSnapshotId(r, v); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writePartitionData(s: Sink, m: PartitionData, v: number): void {
  const flex = v >= 12;
  s.int32(m.partitionIndex);
  s.int16(m.errorCode);
  s.int64(m.highWatermark);
  s.int64(m.lastStableOffset);
  if (v >= 5) s.int64(m.logStartOffset);
  if (!(v >= 12) && !(deepEqual(m.divergingEpoch, newEpochEndOffset()))) throw new UnsupportedFieldError("FetchResponse", "DivergingEpoch", v, "holds a non-default value, which cannot be sent");
  if (!(v >= 12) && !(deepEqual(m.currentLeader, newLeaderIdAndEpoch()))) throw new UnsupportedFieldError("FetchResponse", "CurrentLeader", v, "holds a non-default value, which cannot be sent");
  if (!(v >= 12) && !(deepEqual(m.snapshotId, newSnapshotId()))) throw new UnsupportedFieldError("FetchResponse", "SnapshotId", v, "holds a non-default value, which cannot be sent");
  writeArray(s, m.abortedTransactions, flex, (s, e) => writeAbortedTransaction(s, e, v));
  if (v >= 11) s.int32(m.preferredReadReplica);
  if (!(v >= 11) && !(m.preferredReadReplica === -1)) throw new UnsupportedFieldError("FetchResponse", "PreferredReadReplica", v, "holds a non-default value, which cannot be sent");
  s.records(m.records, flex);
  if (v >= 12) {
    const tags: TagWriter[] = [];
    if ((v >= 12) && (!(deepEqual(m.divergingEpoch, newEpochEndOffset())))) tags.push([0, (s) => writeEpochEndOffset(s, m.divergingEpoch, v)]);
    if ((v >= 12) && (!(deepEqual(m.currentLeader, newLeaderIdAndEpoch())))) tags.push([1, (s) => writeLeaderIdAndEpoch(s, m.currentLeader, v)]);
    if ((v >= 12) && (!(deepEqual(m.snapshotId, newSnapshotId())))) tags.push([2, (s) => writeSnapshotId(s, m.snapshotId, v)]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface EpochEndOffset {
  /** The largest epoch. (versions 12+) */
  epoch: number;
  /** The end offset of the epoch. (versions 12+) */
  endOffset: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newEpochEndOffset(): EpochEndOffset {
  return {
    epoch: -1,
    endOffset: -1n,
  };
}

export function readEpochEndOffset(r: Reader, v: number): EpochEndOffset {
  const flex = true;
  const m = newEpochEndOffset();
  m.epoch = r.int32();
  m.endOffset = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeEpochEndOffset(s: Sink, m: EpochEndOffset, v: number): void {
  const flex = true;
  s.int32(m.epoch);
  s.int64(m.endOffset);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface LeaderIdAndEpoch {
  /** The ID of the current leader or -1 if the leader is unknown. (versions 12+) */
  leaderId: number;
  /** The latest known leader epoch. (versions 12+) */
  leaderEpoch: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newLeaderIdAndEpoch(): LeaderIdAndEpoch {
  return {
    leaderId: -1,
    leaderEpoch: -1,
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

export interface SnapshotId {
  /** The end offset of the epoch. (versions 0+) */
  endOffset: bigint;
  /** The largest epoch. (versions 0+) */
  epoch: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newSnapshotId(): SnapshotId {
  return {
    endOffset: -1n,
    epoch: -1,
  };
}

export function readSnapshotId(r: Reader, v: number): SnapshotId {
  const flex = true;
  const m = newSnapshotId();
  m.endOffset = r.int64();
  m.epoch = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeSnapshotId(s: Sink, m: SnapshotId, v: number): void {
  const flex = true;
  s.int64(m.endOffset);
  s.int32(m.epoch);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AbortedTransaction {
  /** The producer id associated with the aborted transaction. (versions 4+) */
  producerId: bigint;
  /** The first offset in the aborted transaction. (versions 4+) */
  firstOffset: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAbortedTransaction(): AbortedTransaction {
  return {
    producerId: 0n,
    firstOffset: 0n,
  };
}

export function readAbortedTransaction(r: Reader, v: number): AbortedTransaction {
  const flex = v >= 12;
  const m = newAbortedTransaction();
  m.producerId = r.int64();
  m.firstOffset = r.int64();
  if (v >= 12) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAbortedTransaction(s: Sink, m: AbortedTransaction, v: number): void {
  const flex = v >= 12;
  s.int64(m.producerId);
  s.int64(m.firstOffset);
  if (v >= 12) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface NodeEndpoint {
  /** The ID of the associated node. (versions 16+) */
  nodeId: number;
  /** The node's hostname. (versions 16+) */
  host: string;
  /** The node's port. (versions 16+) */
  port: number;
  /** The rack of the node, or null if it has not been assigned to a rack. (versions 16+; nullable 16+) */
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
