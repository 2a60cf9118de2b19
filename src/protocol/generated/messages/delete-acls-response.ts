// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DeleteAclsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DeleteAclsResponse: response, api key 31. */
export const DELETE_ACLS_RESPONSE_SCHEMA = {
  name: "DeleteAclsResponse",
  type: "response",
  apiKey: 31,
  minVersion: 1,
  maxVersion: 3,
  flexibleMinVersion: 2,
} as const;

export interface DeleteAclsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The results for each filter. (versions 0+) */
  filterResults: DeleteAclsFilterResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteAclsResponse(): DeleteAclsResponse {
  return {
    throttleTimeMs: 0,
    filterResults: [],
  };
}

export function readDeleteAclsResponse(r: Reader, v: number): DeleteAclsResponse {
  const flex = v >= 2;
  const m = newDeleteAclsResponse();
  m.throttleTimeMs = r.int32();
  m.filterResults = (readArray(r, flex, false, (r) => readDeleteAclsFilterResult(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteAclsResponse(s: Sink, m: DeleteAclsResponse, v: number): void {
  const flex = v >= 2;
  s.int32(m.throttleTimeMs);
  writeArray(s, m.filterResults, flex, (s, e) => writeDeleteAclsFilterResult(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DeleteAclsFilterResult {
  /** The error code, or 0 if the filter succeeded. (versions 0+) */
  errorCode: number;
  /** The error message, or null if the filter succeeded. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** The ACLs which matched this filter. (versions 0+) */
  matchingAcls: DeleteAclsMatchingAcl[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteAclsFilterResult(): DeleteAclsFilterResult {
  return {
    errorCode: 0,
    errorMessage: "",
    matchingAcls: [],
  };
}

export function readDeleteAclsFilterResult(r: Reader, v: number): DeleteAclsFilterResult {
  const flex = v >= 2;
  const m = newDeleteAclsFilterResult();
  m.errorCode = r.int16();
  m.errorMessage = (flex ? r.compactNullableString() : r.nullableString());
  m.matchingAcls = (readArray(r, flex, false, (r) => readDeleteAclsMatchingAcl(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteAclsFilterResult(s: Sink, m: DeleteAclsFilterResult, v: number): void {
  const flex = v >= 2;
  s.int16(m.errorCode);
  s.string(m.errorMessage, flex);
  writeArray(s, m.matchingAcls, flex, (s, e) => writeDeleteAclsMatchingAcl(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DeleteAclsMatchingAcl {
  /** The deletion error code, or 0 if the deletion succeeded. (versions 0+) */
  errorCode: number;
  /** The deletion error message, or null if the deletion succeeded. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** The ACL resource type. (versions 0+) */
  resourceType: number;
  /** The ACL resource name. (versions 0+) */
  resourceName: string;
  /** The ACL resource pattern type. (versions 1+) */
  patternType: number;
  /** The ACL principal. (versions 0+) */
  principal: string;
  /** The ACL host. (versions 0+) */
  host: string;
  /** The ACL operation. (versions 0+) */
  operation: number;
  /** The ACL permission type. (versions 0+) */
  permissionType: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteAclsMatchingAcl(): DeleteAclsMatchingAcl {
  return {
    errorCode: 0,
    errorMessage: "",
    resourceType: 0,
    resourceName: "",
    patternType: 3,
    principal: "",
    host: "",
    operation: 0,
    permissionType: 0,
  };
}

export function readDeleteAclsMatchingAcl(r: Reader, v: number): DeleteAclsMatchingAcl {
  const flex = v >= 2;
  const m = newDeleteAclsMatchingAcl();
  m.errorCode = r.int16();
  m.errorMessage = (flex ? r.compactNullableString() : r.nullableString());
  m.resourceType = r.int8();
  m.resourceName = (flex ? r.compactString() : r.string());
  m.patternType = r.int8();
  m.principal = (flex ? r.compactString() : r.string());
  m.host = (flex ? r.compactString() : r.string());
  m.operation = r.int8();
  m.permissionType = r.int8();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteAclsMatchingAcl(s: Sink, m: DeleteAclsMatchingAcl, v: number): void {
  const flex = v >= 2;
  s.int16(m.errorCode);
  s.string(m.errorMessage, flex);
  s.int8(m.resourceType);
  s.string(m.resourceName, flex);
  s.int8(m.patternType);
  s.string(m.principal, flex);
  s.string(m.host, flex);
  s.int8(m.operation);
  s.int8(m.permissionType);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
