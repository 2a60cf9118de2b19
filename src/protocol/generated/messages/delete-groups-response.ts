// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DeleteGroupsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DeleteGroupsResponse: response, api key 42. */
export const DELETE_GROUPS_RESPONSE_SCHEMA = {
  name: "DeleteGroupsResponse",
  type: "response",
  apiKey: 42,
  minVersion: 0,
  maxVersion: 3,
  flexibleMinVersion: 2,
} as const;

export interface DeleteGroupsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The deletion results. (versions 0+) */
  results: DeletableGroupResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteGroupsResponse(): DeleteGroupsResponse {
  return {
    throttleTimeMs: 0,
    results: [],
  };
}

export function readDeleteGroupsResponse(r: Reader, v: number): DeleteGroupsResponse {
  const flex = v >= 2;
  const m = newDeleteGroupsResponse();
  m.throttleTimeMs = r.int32();
  m.results = (readArray(r, flex, false, (r) => readDeletableGroupResult(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteGroupsResponse(s: Sink, m: DeleteGroupsResponse, v: number): void {
  const flex = v >= 2;
  s.int32(m.throttleTimeMs);
  writeArray(s, m.results, flex, (s, e) => writeDeletableGroupResult(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DeletableGroupResult {
  /** The group id. (versions 0+) */
  groupId: string;
  /** The deletion error, or 0 if the deletion succeeded. (versions 0+) */
  errorCode: number;
  /** The error message, or null if there was no error. (versions 3+; nullable 3+; ignorable) */
  errorMessage: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeletableGroupResult(): DeletableGroupResult {
  return {
    groupId: "",
    errorCode: 0,
    errorMessage: null,
  };
}

export function readDeletableGroupResult(r: Reader, v: number): DeletableGroupResult {
  const flex = v >= 2;
  const m = newDeletableGroupResult();
  m.groupId = (flex ? r.compactString() : r.string());
  m.errorCode = r.int16();
  if (v >= 3) m.errorMessage = (flex ? (v >= 3 ? r.compactNullableString() : r.compactString()) : (v >= 3 ? r.nullableString() : r.string()));
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeletableGroupResult(s: Sink, m: DeletableGroupResult, v: number): void {
  const flex = v >= 2;
  s.string(m.groupId, flex);
  s.int16(m.errorCode);
  if (m.errorMessage === null && (v >= 3) && (!(v >= 3))) throw new UnsupportedFieldError("DeleteGroupsResponse", "ErrorMessage", v, "is null, which is not allowed");
  if (v >= 3) s.string(m.errorMessage, flex);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
