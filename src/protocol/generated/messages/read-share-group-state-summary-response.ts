// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ReadShareGroupStateSummaryResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ReadShareGroupStateSummaryResponse: response, api key 87. */
export const READ_SHARE_GROUP_STATE_SUMMARY_RESPONSE_SCHEMA = {
  name: "ReadShareGroupStateSummaryResponse",
  type: "response",
  apiKey: 87,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 0,
} as const;

export interface ReadShareGroupStateSummaryResponse {
  /** The read results. (versions 0+) */
  results: ReadStateSummaryResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newReadShareGroupStateSummaryResponse(): ReadShareGroupStateSummaryResponse {
  return {
    results: [],
  };
}

export function readReadShareGroupStateSummaryResponse(r: Reader, v: number): ReadShareGroupStateSummaryResponse {
  const flex = true;
  const m = newReadShareGroupStateSummaryResponse();
  m.results = (readArray(r, true, false, (r) => readReadStateSummaryResult(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeReadShareGroupStateSummaryResponse(s: Sink, m: ReadShareGroupStateSummaryResponse, v: number): void {
  const flex = true;
  writeArray(s, m.results, true, (s, e) => writeReadStateSummaryResult(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ReadStateSummaryResult {
  /** The topic identifier. (versions 0+) */
  topicId: string;
  /** The results for the partitions. (versions 0+) */
  partitions: PartitionResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newReadStateSummaryResult(): ReadStateSummaryResult {
  return {
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readReadStateSummaryResult(r: Reader, v: number): ReadStateSummaryResult {
  const flex = true;
  const m = newReadStateSummaryResult();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => readPartitionResult(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeReadStateSummaryResult(s: Sink, m: ReadStateSummaryResult, v: number): void {
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
  /** The leader epoch of the share-partition. (versions 0+) */
  leaderEpoch: number;
  /** The share-partition start offset. (versions 0+) */
  startOffset: bigint;
  /** The number of offsets greater than or equal to share-partition start offset for which delivery has been completed. (versions 1+; ignorable) */
  deliveryCompleteCount: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionResult(): PartitionResult {
  return {
    partition: 0,
    errorCode: 0,
    errorMessage: null,
    stateEpoch: 0,
    leaderEpoch: 0,
    startOffset: 0n,
    deliveryCompleteCount: -1,
  };
}

export function readPartitionResult(r: Reader, v: number): PartitionResult {
  const flex = true;
  const m = newPartitionResult();
  m.partition = r.int32();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  m.stateEpoch = r.int32();
  m.leaderEpoch = r.int32();
  m.startOffset = r.int64();
  if (v >= 1) m.deliveryCompleteCount = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionResult(s: Sink, m: PartitionResult, v: number): void {
  const flex = true;
  s.int32(m.partition);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  s.int32(m.stateEpoch);
  s.int32(m.leaderEpoch);
  s.int64(m.startOffset);
  if (v >= 1) s.int32(m.deliveryCompleteCount);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
