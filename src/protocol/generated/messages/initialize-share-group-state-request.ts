// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// InitializeShareGroupStateRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** InitializeShareGroupStateRequest: request, api key 83. */
export const INITIALIZE_SHARE_GROUP_STATE_REQUEST_SCHEMA = {
  name: "InitializeShareGroupStateRequest",
  type: "request",
  apiKey: 83,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface InitializeShareGroupStateRequest {
  /** The group identifier. (versions 0+) */
  groupId: string;
  /** The data for the topics. (versions 0+) */
  topics: InitializeStateData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newInitializeShareGroupStateRequest(): InitializeShareGroupStateRequest {
  return {
    groupId: "",
    topics: [],
  };
}

export function readInitializeShareGroupStateRequest(r: Reader, v: number): InitializeShareGroupStateRequest {
  const flex = true;
  const m = newInitializeShareGroupStateRequest();
  m.groupId = r.compactString();
  m.topics = (readArray(r, true, false, (r) => readInitializeStateData(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeInitializeShareGroupStateRequest(s: Sink, m: InitializeShareGroupStateRequest, v: number): void {
  const flex = true;
  s.string(m.groupId, true);
  writeArray(s, m.topics, true, (s, e) => writeInitializeStateData(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface InitializeStateData {
  /** The topic identifier. (versions 0+) */
  topicId: string;
  /** The data for the partitions. (versions 0+) */
  partitions: PartitionData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newInitializeStateData(): InitializeStateData {
  return {
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readInitializeStateData(r: Reader, v: number): InitializeStateData {
  const flex = true;
  const m = newInitializeStateData();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => readPartitionData(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeInitializeStateData(s: Sink, m: InitializeStateData, v: number): void {
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
  partition: number;
  /** The state epoch for this share-partition. (versions 0+) */
  stateEpoch: number;
  /** The share-partition start offset, or -1 if the start offset is not being initialized. (versions 0+) */
  startOffset: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionData(): PartitionData {
  return {
    partition: 0,
    stateEpoch: 0,
    startOffset: 0n,
  };
}

export function readPartitionData(r: Reader, v: number): PartitionData {
  const flex = true;
  const m = newPartitionData();
  m.partition = r.int32();
  m.stateEpoch = r.int32();
  m.startOffset = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionData(s: Sink, m: PartitionData, v: number): void {
  const flex = true;
  s.int32(m.partition);
  s.int32(m.stateEpoch);
  s.int64(m.startOffset);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
