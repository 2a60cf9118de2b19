// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// CreatePartitionsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** CreatePartitionsResponse: response, api key 37. */
export const CREATE_PARTITIONS_RESPONSE_SCHEMA = {
  name: "CreatePartitionsResponse",
  type: "response",
  apiKey: 37,
  minVersion: 0,
  maxVersion: 3,
  flexibleMinVersion: 2,
} as const;

export interface CreatePartitionsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The partition creation results for each topic. (versions 0+) */
  results: CreatePartitionsTopicResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCreatePartitionsResponse(): CreatePartitionsResponse {
  return {
    throttleTimeMs: 0,
    results: [],
  };
}

export function readCreatePartitionsResponse(r: Reader, v: number): CreatePartitionsResponse {
  const flex = v >= 2;
  const m = newCreatePartitionsResponse();
  m.throttleTimeMs = r.int32();
  m.results = (readArray(r, flex, false, (r) => readCreatePartitionsTopicResult(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCreatePartitionsResponse(s: Sink, m: CreatePartitionsResponse, v: number): void {
  const flex = v >= 2;
  s.int32(m.throttleTimeMs);
  writeArray(s, m.results, flex, (s, e) => writeCreatePartitionsTopicResult(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface CreatePartitionsTopicResult {
  /** The topic name. (versions 0+) */
  name: string;
  /** The result error, or zero if there was no error. (versions 0+) */
  errorCode: number;
  /** The result message, or null if there was no error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCreatePartitionsTopicResult(): CreatePartitionsTopicResult {
  return {
    name: "",
    errorCode: 0,
    errorMessage: null,
  };
}

export function readCreatePartitionsTopicResult(r: Reader, v: number): CreatePartitionsTopicResult {
  const flex = v >= 2;
  const m = newCreatePartitionsTopicResult();
  m.name = (flex ? r.compactString() : r.string());
  m.errorCode = r.int16();
  m.errorMessage = (flex ? r.compactNullableString() : r.nullableString());
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCreatePartitionsTopicResult(s: Sink, m: CreatePartitionsTopicResult, v: number): void {
  const flex = v >= 2;
  s.string(m.name, flex);
  s.int16(m.errorCode);
  s.string(m.errorMessage, flex);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
