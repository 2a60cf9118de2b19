// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ReadShareGroupStateResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ReadShareGroupStateResponse: response, api key 84. */
export const READ_SHARE_GROUP_STATE_RESPONSE_SCHEMA = {
  name: "ReadShareGroupStateResponse",
  type: "response",
  apiKey: 84,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ReadShareGroupStateResponse {
  /** The read results. (versions 0+) */
  results: ReadStateResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newReadShareGroupStateResponse(): ReadShareGroupStateResponse {
  return {
    results: [],
  };
}

export function readReadShareGroupStateResponse(r: Reader, v: number): ReadShareGroupStateResponse {
  const flex = true;
  const m = newReadShareGroupStateResponse();
  m.results = (readArray(r, true, false, (r) => readReadStateResult(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeReadShareGroupStateResponse(s: Sink, m: ReadShareGroupStateResponse, v: number): void {
  const flex = true;
  writeArray(s, m.results, true, (s, e) => writeReadStateResult(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ReadStateResult {
  /** The topic identifier. (versions 0+) */
  topicId: string;
  /** The results for the partitions. (versions 0+) */
  partitions: PartitionResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newReadStateResult(): ReadStateResult {
  return {
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readReadStateResult(r: Reader, v: number): ReadStateResult {
  const flex = true;
  const m = newReadStateResult();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => readPartitionResult(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeReadStateResult(s: Sink, m: ReadStateResult, v: number): void {
  const flex = true;
  s.uuid(m.topicId);
  writeArray(s, m.partitions, true, (s, e) => writePartitionResult(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface PartitionResult {
  /** The partition index. (versions 0+) */
  partition: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The error message, or null if there was no error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** The state epoch of the share-partition. (versions 0+) */
  stateEpoch: number;
  /** The share-partition start offset, which can be -1 if it is not yet initialized. (versions 0+) */
  startOffset: bigint;
  /** The state batches for this share-partition. (versions 0+) */
  stateBatches: StateBatch[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionResult(): PartitionResult {
  return {
    partition: 0,
    errorCode: 0,
    errorMessage: null,
    stateEpoch: 0,
    startOffset: 0n,
    stateBatches: [],
  };
}

export function readPartitionResult(r: Reader, v: number): PartitionResult {
  const flex = true;
  const m = newPartitionResult();
  m.partition = r.int32();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  m.stateEpoch = r.int32();
  m.startOffset = r.int64();
  m.stateBatches = (readArray(r, true, false, (r) => readStateBatch(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionResult(s: Sink, m: PartitionResult, v: number): void {
  const flex = true;
  s.int32(m.partition);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  s.int32(m.stateEpoch);
  s.int64(m.startOffset);
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
