// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// RemotePartitionDeleteMetadataRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** RemotePartitionDeleteMetadataRecord: metadata, api key 2. */
export const REMOTE_PARTITION_DELETE_METADATA_RECORD_SCHEMA = {
  name: "RemotePartitionDeleteMetadataRecord",
  type: "metadata",
  apiKey: 2,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface RemotePartitionDeleteMetadataRecord {
  /** Represents unique topic partition. (versions 0+) */
  topicIdPartition: TopicIdPartitionEntry;
  /** Broker (controller or leader) id from which this event is created. DELETE_PARTITION_MARKED is sent by the controller. DELETE_PARTITION_STARTED and DELETE_PARTITION_FINISHED are sent by remote log metadata topic partition leader. (versions 0+) */
  brokerId: number;
  /** Epoch time in milliseconds at which this event is generated. (versions 0+) */
  eventTimestampMs: bigint;
  /** Deletion state identifier of the remote partition, which is RemotePartitionDeleteState.id(). (versions 0+) */
  remotePartitionDeleteState: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newRemotePartitionDeleteMetadataRecord(): RemotePartitionDeleteMetadataRecord {
  return {
    topicIdPartition: newTopicIdPartitionEntry(),
    brokerId: 0,
    eventTimestampMs: 0n,
    remotePartitionDeleteState: 0,
  };
}

export function readRemotePartitionDeleteMetadataRecord(r: Reader, v: number): RemotePartitionDeleteMetadataRecord {
  const flex = true;
  const m = newRemotePartitionDeleteMetadataRecord();
  m.topicIdPartition = readTopicIdPartitionEntry(r, v);
  m.brokerId = r.int32();
  m.eventTimestampMs = r.int64();
  m.remotePartitionDeleteState = r.int8();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeRemotePartitionDeleteMetadataRecord(s: Sink, m: RemotePartitionDeleteMetadataRecord, v: number): void {
  const flex = true;
  writeTopicIdPartitionEntry(s, m.topicIdPartition, v);
  s.int32(m.brokerId);
  s.int64(m.eventTimestampMs);
  s.int8(m.remotePartitionDeleteState);
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
