// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// CreateAclsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** CreateAclsResponse: response, api key 30. */
export const CREATE_ACLS_RESPONSE_SCHEMA = {
  name: "CreateAclsResponse",
  type: "response",
  apiKey: 30,
  minVersion: 1,
  maxVersion: 3,
  flexibleMinVersion: 2,
} as const;

export interface CreateAclsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The results for each ACL creation. (versions 0+) */
  results: AclCreationResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCreateAclsResponse(): CreateAclsResponse {
  return {
    throttleTimeMs: 0,
    results: [],
  };
}

export function readCreateAclsResponse(r: Reader, v: number): CreateAclsResponse {
  const flex = v >= 2;
  const m = newCreateAclsResponse();
  m.throttleTimeMs = r.int32();
  m.results = (readArray(r, flex, false, (r) => readAclCreationResult(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCreateAclsResponse(s: Sink, m: CreateAclsResponse, v: number): void {
  const flex = v >= 2;
  s.int32(m.throttleTimeMs);
  writeArray(s, m.results, flex, (s, e) => writeAclCreationResult(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AclCreationResult {
  /** The result error, or zero if there was no error. (versions 0+) */
  errorCode: number;
  /** The result message, or null if there was no error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAclCreationResult(): AclCreationResult {
  return {
    errorCode: 0,
    errorMessage: "",
  };
}

export function readAclCreationResult(r: Reader, v: number): AclCreationResult {
  const flex = v >= 2;
  const m = newAclCreationResult();
  m.errorCode = r.int16();
  m.errorMessage = (flex ? r.compactNullableString() : r.nullableString());
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAclCreationResult(s: Sink, m: AclCreationResult, v: number): void {
  const flex = v >= 2;
  s.int16(m.errorCode);
  s.string(m.errorMessage, flex);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
