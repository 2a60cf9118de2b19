// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// FetchSnapshotResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import type { Records } from "../../primitives/records-ref.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** FetchSnapshotResponse: response, api key 59. */
export const FETCH_SNAPSHOT_RESPONSE_SCHEMA = {
  name: "FetchSnapshotResponse",
  type: "response",
  apiKey: 59,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 0,
} as const;

export interface FetchSnapshotResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+; ignorable) */
  throttleTimeMs: number;
  /** The top level response error code. (versions 0+) */
  errorCode: number;
  /** The topics to fetch. (versions 0+) */
  topics: TopicSnapshot[];
  /** Endpoints for all current-leaders enumerated in PartitionSnapshot. (versions 1+; tag 0 in 1+) */
  nodeEndpoints: NodeEndpoint[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newFetchSnapshotResponse(): FetchSnapshotResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    topics: [],
    nodeEndpoints: [],
  };
}

export function readFetchSnapshotResponse(r: Reader, v: number): FetchSnapshotResponse {
  const flex = true;
  const m = newFetchSnapshotResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.topics = (readArray(r, true, false, (r) => readTopicSnapshot(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (v >= 1) { m.nodeEndpoints = (readArray(r, true, false, (r) => readNodeEndpoint(r, v)) ?? []); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeFetchSnapshotResponse(s: Sink, m: FetchSnapshotResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  writeArray(s, m.topics, true, (s, e) => writeTopicSnapshot(s, e, v));
  if (!(v >= 1) && !((m.nodeEndpoints !== null && m.nodeEndpoints.length === 0))) throw new UnsupportedFieldError("FetchSnapshotResponse", "NodeEndpoints", v, "holds a non-default value, which cannot be sent");
  if (true) {
    const tags: TagWriter[] = [];
    if ((v >= 1) && (!((m.nodeEndpoints !== null && m.nodeEndpoints.length === 0)))) tags.push([0, (s) => writeArray(s, m.nodeEndpoints, true, (s, e) => writeNodeEndpoint(s, e, v))]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicSnapshot {
  /** The name of the topic to fetch. (versions 0+) */
  name: string;
  /** The partitions to fetch. (versions 0+) */
  partitions: PartitionSnapshot[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicSnapshot(): TopicSnapshot {
  return {
    name: "",
    partitions: [],
  };
}

export function readTopicSnapshot(r: Reader, v: number): TopicSnapshot {
  const flex = true;
  const m = newTopicSnapshot();
  m.name = r.compactString();
  m.partitions = (readArray(r, true, false, (r) => readPartitionSnapshot(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicSnapshot(s: Sink, m: TopicSnapshot, v: number): void {
  const flex = true;
  s.string(m.name, true);
  writeArray(s, m.partitions, true, (s, e) => writePartitionSnapshot(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface PartitionSnapshot {
  /** The partition index. (versions 0+) */
  index: number;
  /** The error code, or 0 if there was no fetch error. (versions 0+) */
  errorCode: number;
  /** The snapshot endOffset and epoch fetched. (versions 0+) */
  snapshotId: SnapshotId;
  /** The leader of the partition at the time of the snapshot. (versions 0+; tag 0 in 0+) */
  currentLeader: LeaderIdAndEpoch;
  /** The total size of the snapshot. (versions 0+) */
  size: bigint;
  /** The starting byte position within the snapshot included in the Bytes field. (versions 0+) */
  position: bigint;
  /** Snapshot data in records format which may not be aligned on an offset boundary. (versions 0+) */
  unalignedRecords: Records | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionSnapshot(): PartitionSnapshot {
  return {
    index: 0,
    errorCode: 0,
    snapshotId: newSnapshotId(),
    currentLeader: newLeaderIdAndEpoch(),
    size: 0n,
    position: 0n,
    unalignedRecords: null,
  };
}

export function readPartitionSnapshot(r: Reader, v: number): PartitionSnapshot {
  const flex = true;
  const m = newPartitionSnapshot();
  m.index = r.int32();
  m.errorCode = r.int16();
  m.snapshotId = readSnapshotId(r, v);
  m.size = r.int64();
  m.position = r.int64();
  m.unalignedRecords = r.records(true, false);
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (true) { m.currentLeader = readLeaderIdAndEpoch(r, v); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writePartitionSnapshot(s: Sink, m: PartitionSnapshot, v: number): void {
  const flex = true;
  s.int32(m.index);
  s.int16(m.errorCode);
  writeSnapshotId(s, m.snapshotId, v);
  s.int64(m.size);
  s.int64(m.position);
  s.records(m.unalignedRecords, true);
  if (true) {
    const tags: TagWriter[] = [];
    if (!(deepEqual(m.currentLeader, newLeaderIdAndEpoch()))) tags.push([0, (s) => writeLeaderIdAndEpoch(s, m.currentLeader, v)]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface SnapshotId {
  /** The snapshot end offset. (versions 0+) */
  endOffset: bigint;
  /** The snapshot epoch. (versions 0+) */
  epoch: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newSnapshotId(): SnapshotId {
  return {
    endOffset: 0n,
    epoch: 0,
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
