// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// RemoteLogSegmentMetadataUpdateRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** RemoteLogSegmentMetadataUpdateRecord: metadata, api key 1. */
export const REMOTE_LOG_SEGMENT_METADATA_UPDATE_RECORD_SCHEMA = {
  name: "RemoteLogSegmentMetadataUpdateRecord",
  type: "metadata",
  apiKey: 1,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface RemoteLogSegmentMetadataUpdateRecord {
  /** Unique representation of the remote log segment. (versions 0+) */
  remoteLogSegmentId: RemoteLogSegmentIdEntry;
  /** Broker id from which this event is generated. (versions 0+) */
  brokerId: number;
  /** Epoch time in milliseconds at which this event is generated. (versions 0+) */
  eventTimestampMs: bigint;
  /** Custom metadata. (versions 0+; nullable 0+) */
  customMetadata: Uint8Array | null;
  /** State identifier of the remote log segment, which is RemoteLogSegmentState.id(). (versions 0+) */
  remoteLogSegmentState: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newRemoteLogSegmentMetadataUpdateRecord(): RemoteLogSegmentMetadataUpdateRecord {
  return {
    remoteLogSegmentId: newRemoteLogSegmentIdEntry(),
    brokerId: 0,
    eventTimestampMs: 0n,
    customMetadata: null,
    remoteLogSegmentState: 0,
  };
}

export function readRemoteLogSegmentMetadataUpdateRecord(r: Reader, v: number): RemoteLogSegmentMetadataUpdateRecord {
  const flex = true;
  const m = newRemoteLogSegmentMetadataUpdateRecord();
  m.remoteLogSegmentId = readRemoteLogSegmentIdEntry(r, v);
  m.brokerId = r.int32();
  m.eventTimestampMs = r.int64();
  m.customMetadata = r.compactNullableBytes();
  m.remoteLogSegmentState = r.int8();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeRemoteLogSegmentMetadataUpdateRecord(s: Sink, m: RemoteLogSegmentMetadataUpdateRecord, v: number): void {
  const flex = true;
  writeRemoteLogSegmentIdEntry(s, m.remoteLogSegmentId, v);
  s.int32(m.brokerId);
  s.int64(m.eventTimestampMs);
  s.bytes(m.customMetadata, true);
  s.int8(m.remoteLogSegmentState);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface RemoteLogSegmentIdEntry {
  /** Represents unique topic partition. (versions 0+) */
  topicIdPartition: TopicIdPartitionEntry;
  /** Unique identifier of the remote log segment. (versions 0+) */
  id: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newRemoteLogSegmentIdEntry(): RemoteLogSegmentIdEntry {
  return {
    topicIdPartition: newTopicIdPartitionEntry(),
    id: ZERO_UUID,
  };
}

export function readRemoteLogSegmentIdEntry(r: Reader, v: number): RemoteLogSegmentIdEntry {
  const flex = true;
  const m = newRemoteLogSegmentIdEntry();
  m.topicIdPartition = readTopicIdPartitionEntry(r, v);
  m.id = r.uuid();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeRemoteLogSegmentIdEntry(s: Sink, m: RemoteLogSegmentIdEntry, v: number): void {
  const flex = true;
  writeTopicIdPartitionEntry(s, m.topicIdPartition, v);
  s.uuid(m.id);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicIdPartitionEntry {
  /** Topic name. (versions 0+) */
  name: string;
  /** Unique identifier of the topic. (versions 0+) */
  id: string;
  /** Partition number. (versions 0+) */
  partition: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicIdPartitionEntry(): TopicIdPartitionEntry {
  return {
    name: "",
    id: ZERO_UUID,
    partition: 0,
  };
}

export function readTopicIdPartitionEntry(r: Reader, v: number): TopicIdPartitionEntry {
  const flex = true;
  const m = newTopicIdPartitionEntry();
  m.name = r.compactString();
  m.id = r.uuid();
  m.partition = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicIdPartitionEntry(s: Sink, m: TopicIdPartitionEntry, v: number): void {
  const flex = true;
  s.string(m.name, true);
  s.uuid(m.id);
  s.int32(m.partition);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
