// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// InitializeShareGroupStateResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** InitializeShareGroupStateResponse: response, api key 83. */
export const INITIALIZE_SHARE_GROUP_STATE_RESPONSE_SCHEMA = {
  name: "InitializeShareGroupStateResponse",
  type: "response",
  apiKey: 83,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface InitializeShareGroupStateResponse {
  /** The initialization results. (versions 0+) */
  results: InitializeStateResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newInitializeShareGroupStateResponse(): InitializeShareGroupStateResponse {
  return {
    results: [],
  };
}

export function readInitializeShareGroupStateResponse(r: Reader, v: number): InitializeShareGroupStateResponse {
  const flex = true;
  const m = newInitializeShareGroupStateResponse();
  m.results = (readArray(r, true, false, (r) => readInitializeStateResult(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeInitializeShareGroupStateResponse(s: Sink, m: InitializeShareGroupStateResponse, v: number): void {
  const flex = true;
  writeArray(s, m.results, true, (s, e) => writeInitializeStateResult(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface InitializeStateResult {
  /** The topic identifier. (versions 0+) */
  topicId: string;
  /** The results for the partitions. (versions 0+) */
  partitions: PartitionResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newInitializeStateResult(): InitializeStateResult {
  return {
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readInitializeStateResult(r: Reader, v: number): InitializeStateResult {
  const flex = true;
  const m = newInitializeStateResult();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => readPartitionResult(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeInitializeStateResult(s: Sink, m: InitializeStateResult, v: number): void {
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
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionResult(): PartitionResult {
  return {
    partition: 0,
    errorCode: 0,
    errorMessage: null,
  };
}

export function readPartitionResult(r: Reader, v: number): PartitionResult {
  const flex = true;
  const m = newPartitionResult();
  m.partition = r.int32();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionResult(s: Sink, m: PartitionResult, v: number): void {
  const flex = true;
  s.int32(m.partition);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
