// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// FetchSnapshotRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** FetchSnapshotRequest: request, api key 59. */
export const FETCH_SNAPSHOT_REQUEST_SCHEMA = {
  name: "FetchSnapshotRequest",
  type: "request",
  apiKey: 59,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 0,
} as const;

export interface FetchSnapshotRequest {
  /** The clusterId if known, this is used to validate metadata fetches prior to broker registration. (versions 0+; nullable 0+; tag 0 in 0+) */
  clusterId: string | null;
  /** The broker ID of the follower. (versions 0+) */
  replicaId: number;
  /** The maximum bytes to fetch from all of the snapshots. (versions 0+) */
  maxBytes: number;
  /** The topics to fetch. (versions 0+) */
  topics: TopicSnapshot[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newFetchSnapshotRequest(): FetchSnapshotRequest {
  return {
    clusterId: null,
    replicaId: -1,
    maxBytes: 2147483647,
    topics: [],
  };
}

export function readFetchSnapshotRequest(r: Reader, v: number): FetchSnapshotRequest {
  const flex = true;
  const m = newFetchSnapshotRequest();
  m.replicaId = r.int32();
  m.maxBytes = r.int32();
  m.topics = (readArray(r, true, false, (r) => readTopicSnapshot(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (true) { m.clusterId = r.compactNullableString(); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeFetchSnapshotRequest(s: Sink, m: FetchSnapshotRequest, v: number): void {
  const flex = true;
  s.int32(m.replicaId);
  s.int32(m.maxBytes);
  writeArray(s, m.topics, true, (s, e) => writeTopicSnapshot(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    if (!(m.clusterId === null)) tags.push([0, (s) => s.string(m.clusterId, true)]);
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
  partition: number;
  /** The current leader epoch of the partition, -1 for unknown leader epoch. (versions 0+) */
  currentLeaderEpoch: number;
  /** The snapshot endOffset and epoch to fetch. (versions 0+) */
  snapshotId: SnapshotId;
  /** The byte position within the snapshot to start fetching from. (versions 0+) */
  position: bigint;
  /** The directory id of the follower fetching. (versions 1+; tag 0 in 1+; ignorable) */
  replicaDirectoryId: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionSnapshot(): PartitionSnapshot {
  return {
    partition: 0,
    currentLeaderEpoch: 0,
    snapshotId: newSnapshotId(),
    position: 0n,
    replicaDirectoryId: ZERO_UUID,
  };
}

export function readPartitionSnapshot(r: Reader, v: number): PartitionSnapshot {
  const flex = true;
  const m = newPartitionSnapshot();
  m.partition = r.int32();
  m.currentLeaderEpoch = r.int32();
  m.snapshotId = readSnapshotId(r, v);
  m.position = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (v >= 1) { m.replicaDirectoryId = r.uuid(); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writePartitionSnapshot(s: Sink, m: PartitionSnapshot, v: number): void {
  const flex = true;
  s.int32(m.partition);
  s.int32(m.currentLeaderEpoch);
  writeSnapshotId(s, m.snapshotId, v);
  s.int64(m.position);
  if (true) {
    const tags: TagWriter[] = [];
    if ((v >= 1) && (!(m.replicaDirectoryId === ZERO_UUID))) tags.push([0, (s) => s.uuid(m.replicaDirectoryId)]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface SnapshotId {
  /** The end offset of the snapshot. (versions 0+) */
  endOffset: bigint;
  /** The epoch of the snapshot. (versions 0+) */
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

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
