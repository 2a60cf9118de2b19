// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DeleteTopicsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DeleteTopicsResponse: response, api key 20. */
export const DELETE_TOPICS_RESPONSE_SCHEMA = {
  name: "DeleteTopicsResponse",
  type: "response",
  apiKey: 20,
  minVersion: 1,
  maxVersion: 6,
  flexibleMinVersion: 4,
} as const;

export interface DeleteTopicsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 1+; ignorable) */
  throttleTimeMs: number;
  /** The results for each topic we tried to delete. (versions 0+) */
  responses: DeletableTopicResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteTopicsResponse(): DeleteTopicsResponse {
  return {
    throttleTimeMs: 0,
    responses: [],
  };
}

export function readDeleteTopicsResponse(r: Reader, v: number): DeleteTopicsResponse {
  const flex = v >= 4;
  const m = newDeleteTopicsResponse();
  m.throttleTimeMs = r.int32();
  m.responses = (readArray(r, flex, false, (r) => readDeletableTopicResult(r, v)) ?? []);
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteTopicsResponse(s: Sink, m: DeleteTopicsResponse, v: number): void {
  const flex = v >= 4;
  s.int32(m.throttleTimeMs);
  writeArray(s, m.responses, flex, (s, e) => writeDeletableTopicResult(s, e, v));
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DeletableTopicResult {
  /** The topic name. (versions 0+; nullable 6+) */
  name: string | null;
  /** The unique topic ID. (versions 6+; ignorable) */
  topicId: string;
  /** The deletion error, or 0 if the deletion succeeded. (versions 0+) */
  errorCode: number;
  /** The error message, or null if there was no error. (versions 5+; nullable 5+; ignorable) */
  errorMessage: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeletableTopicResult(): DeletableTopicResult {
  return {
    name: "",
    topicId: ZERO_UUID,
    errorCode: 0,
    errorMessage: null,
  };
}

export function readDeletableTopicResult(r: Reader, v: number): DeletableTopicResult {
  const flex = v >= 4;
  const m = newDeletableTopicResult();
  m.name = (flex ? (v >= 6 ? r.compactNullableString() : r.compactString()) : (v >= 6 ? r.nullableString() : r.string()));
  if (v >= 6) m.topicId = r.uuid();
  m.errorCode = r.int16();
  if (v >= 5) m.errorMessage = (flex ? (v >= 5 ? r.compactNullableString() : r.compactString()) : (v >= 5 ? r.nullableString() : r.string()));
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeletableTopicResult(s: Sink, m: DeletableTopicResult, v: number): void {
  const flex = v >= 4;
  if (m.name === null && !(v >= 6)) throw new UnsupportedFieldError("DeleteTopicsResponse", "Name", v, "is null, which is not allowed");
  s.string(m.name, flex);
  if (v >= 6) s.uuid(m.topicId);
  s.int16(m.errorCode);
  if (m.errorMessage === null && (v >= 5) && (!(v >= 5))) throw new UnsupportedFieldError("DeleteTopicsResponse", "ErrorMessage", v, "is null, which is not allowed");
  if (v >= 5) s.string(m.errorMessage, flex);
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
