// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DeleteShareGroupStateResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DeleteShareGroupStateResponse: response, api key 86. */
export const DELETE_SHARE_GROUP_STATE_RESPONSE_SCHEMA = {
  name: "DeleteShareGroupStateResponse",
  type: "response",
  apiKey: 86,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface DeleteShareGroupStateResponse {
  /** The delete results. (versions 0+) */
  results: DeleteStateResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteShareGroupStateResponse(): DeleteShareGroupStateResponse {
  return {
    results: [],
  };
}

export function readDeleteShareGroupStateResponse(r: Reader, v: number): DeleteShareGroupStateResponse {
  const flex = true;
  const m = newDeleteShareGroupStateResponse();
  m.results = (readArray(r, true, false, (r) => readDeleteStateResult(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteShareGroupStateResponse(s: Sink, m: DeleteShareGroupStateResponse, v: number): void {
  const flex = true;
  writeArray(s, m.results, true, (s, e) => writeDeleteStateResult(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DeleteStateResult {
  /** The topic identifier. (versions 0+) */
  topicId: string;
  /** The results for the partitions. (versions 0+) */
  partitions: PartitionResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteStateResult(): DeleteStateResult {
  return {
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readDeleteStateResult(r: Reader, v: number): DeleteStateResult {
  const flex = true;
  const m = newDeleteStateResult();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => readPartitionResult(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteStateResult(s: Sink, m: DeleteStateResult, v: number): void {
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
