// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// WriteShareGroupStateRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** WriteShareGroupStateRequest: request, api key 85. */
export const WRITE_SHARE_GROUP_STATE_REQUEST_SCHEMA = {
  name: "WriteShareGroupStateRequest",
  type: "request",
  apiKey: 85,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 0,
} as const;

export interface WriteShareGroupStateRequest {
  /** The group identifier. (versions 0+) */
  groupId: string;
  /** The data for the topics. (versions 0+) */
  topics: WriteStateData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newWriteShareGroupStateRequest(): WriteShareGroupStateRequest {
  return {
    groupId: "",
    topics: [],
  };
}

export function readWriteShareGroupStateRequest(r: Reader, v: number): WriteShareGroupStateRequest {
  const flex = true;
  const m = newWriteShareGroupStateRequest();
  m.groupId = r.compactString();
  m.topics = (readArray(r, true, false, (r) => readWriteStateData(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeWriteShareGroupStateRequest(s: Sink, m: WriteShareGroupStateRequest, v: number): void {
  const flex = true;
  s.string(m.groupId, true);
  writeArray(s, m.topics, true, (s, e) => writeWriteStateData(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface WriteStateData {
  /** The topic identifier. (versions 0+) */
  topicId: string;
  /** The data for the partitions. (versions 0+) */
  partitions: PartitionData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newWriteStateData(): WriteStateData {
  return {
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readWriteStateData(r: Reader, v: number): WriteStateData {
  const flex = true;
  const m = newWriteStateData();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => readPartitionData(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeWriteStateData(s: Sink, m: WriteStateData, v: number): void {
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
  /** The state epoch of the share-partition. (versions 0+) */
  stateEpoch: number;
  /** The leader epoch of the share-partition. (versions 0+) */
  leaderEpoch: number;
  /** The share-partition start offset, or -1 if the start offset is not being written. (versions 0+) */
  startOffset: bigint;
  /** The number of offsets greater than or equal to share-partition start offset for which delivery has been completed. (versions 1+; ignorable) */
  deliveryCompleteCount: number;
  /** The state batches for the share-partition. (versions 0+) */
  stateBatches: StateBatch[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionData(): PartitionData {
  return {
    partition: 0,
    stateEpoch: 0,
    leaderEpoch: 0,
    startOffset: 0n,
    deliveryCompleteCount: -1,
    stateBatches: [],
  };
}

export function readPartitionData(r: Reader, v: number): PartitionData {
  const flex = true;
  const m = newPartitionData();
  m.partition = r.int32();
  m.stateEpoch = r.int32();
  m.leaderEpoch = r.int32();
  m.startOffset = r.int64();
  if (v >= 1) m.deliveryCompleteCount = r.int32();
  m.stateBatches = (readArray(r, true, false, (r) => readStateBatch(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionData(s: Sink, m: PartitionData, v: number): void {
  const flex = true;
  s.int32(m.partition);
  s.int32(m.stateEpoch);
  s.int32(m.leaderEpoch);
  s.int64(m.startOffset);
  if (v >= 1) s.int32(m.deliveryCompleteCount);
  writeArray(s, m.stateBatches, true, (s, e) => writeStateBatch(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface StateBatch {
  /** The first offset of this state batch. (versions 0+) */
  firstOffset: bigint;
  /** The last offset of this state batch. (versions 0+) */
  lastOffset: bigint;
  /** The delivery state - 0:Available,2:Acked,4:Archived. (versions 0+) */
  deliveryState: number;
  /** The delivery count. (versions 0+) */
  deliveryCount: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newStateBatch(): StateBatch {
  return {
    firstOffset: 0n,
    lastOffset: 0n,
    deliveryState: 0,
    deliveryCount: 0,
  };
}

export function readStateBatch(r: Reader, v: number): StateBatch {
  const flex = true;
  const m = newStateBatch();
  m.firstOffset = r.int64();
  m.lastOffset = r.int64();
  m.deliveryState = r.int8();
  m.deliveryCount = r.int16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeStateBatch(s: Sink, m: StateBatch, v: number): void {
  const flex = true;
  s.int64(m.firstOffset);
  s.int64(m.lastOffset);
  s.int8(m.deliveryState);
  s.int16(m.deliveryCount);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
