// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeAclsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeAclsResponse: response, api key 29. */
export const DESCRIBE_ACLS_RESPONSE_SCHEMA = {
  name: "DescribeAclsResponse",
  type: "response",
  apiKey: 29,
  minVersion: 1,
  maxVersion: 3,
  flexibleMinVersion: 2,
} as const;

export interface DescribeAclsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The error message, or null if there was no error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** Each Resource that is referenced in an ACL. (versions 0+) */
  resources: DescribeAclsResource[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeAclsResponse(): DescribeAclsResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    errorMessage: "",
    resources: [],
  };
}

export function readDescribeAclsResponse(r: Reader, v: number): DescribeAclsResponse {
  const flex = v >= 2;
  const m = newDescribeAclsResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.errorMessage = (flex ? r.compactNullableString() : r.nullableString());
  m.resources = (readArray(r, flex, false, (r) => readDescribeAclsResource(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeAclsResponse(s: Sink, m: DescribeAclsResponse, v: number): void {
  const flex = v >= 2;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  s.string(m.errorMessage, flex);
  writeArray(s, m.resources, flex, (s, e) => writeDescribeAclsResource(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribeAclsResource {
  /** The resource type. (versions 0+) */
  resourceType: number;
  /** The resource name. (versions 0+) */
  resourceName: string;
  /** The resource pattern type. (versions 1+) */
  patternType: number;
  /** The ACLs. (versions 0+) */
  acls: AclDescription[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeAclsResource(): DescribeAclsResource {
  return {
    resourceType: 0,
    resourceName: "",
    patternType: 3,
    acls: [],
  };
}

export function readDescribeAclsResource(r: Reader, v: number): DescribeAclsResource {
  const flex = v >= 2;
  const m = newDescribeAclsResource();
  m.resourceType = r.int8();
  m.resourceName = (flex ? r.compactString() : r.string());
  m.patternType = r.int8();
  m.acls = (readArray(r, flex, false, (r) => readAclDescription(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeAclsResource(s: Sink, m: DescribeAclsResource, v: number): void {
  const flex = v >= 2;
  s.int8(m.resourceType);
  s.string(m.resourceName, flex);
  s.int8(m.patternType);
  writeArray(s, m.acls, flex, (s, e) => writeAclDescription(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AclDescription {
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

export function newAclDescription(): AclDescription {
  return {
    principal: "",
    host: "",
    operation: 0,
    permissionType: 0,
  };
}

export function readAclDescription(r: Reader, v: number): AclDescription {
  const flex = v >= 2;
  const m = newAclDescription();
  m.principal = (flex ? r.compactString() : r.string());
  m.host = (flex ? r.compactString() : r.string());
  m.operation = r.int8();
  m.permissionType = r.int8();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAclDescription(s: Sink, m: AclDescription, v: number): void {
  const flex = v >= 2;
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
