// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// CreateAclsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** CreateAclsRequest: request, api key 30. */
export const CREATE_ACLS_REQUEST_SCHEMA = {
  name: "CreateAclsRequest",
  type: "request",
  apiKey: 30,
  minVersion: 1,
  maxVersion: 3,
  flexibleMinVersion: 2,
} as const;

export interface CreateAclsRequest {
  /** The ACLs that we want to create. (versions 0+) */
  creations: AclCreation[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCreateAclsRequest(): CreateAclsRequest {
  return {
    creations: [],
  };
}

export function readCreateAclsRequest(r: Reader, v: number): CreateAclsRequest {
  const flex = v >= 2;
  const m = newCreateAclsRequest();
  m.creations = (readArray(r, flex, false, (r) => readAclCreation(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCreateAclsRequest(s: Sink, m: CreateAclsRequest, v: number): void {
  const flex = v >= 2;
  writeArray(s, m.creations, flex, (s, e) => writeAclCreation(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AclCreation {
  /** The type of the resource. (versions 0+) */
  resourceType: number;
  /** The resource name for the ACL. (versions 0+) */
  resourceName: string;
  /** The pattern type for the ACL. (versions 1+) */
  resourcePatternType: number;
  /** The principal for the ACL. (versions 0+) */
  principal: string;
  /** The host for the ACL. (versions 0+) */
  host: string;
  /** The operation type for the ACL (read, write, etc.). (versions 0+) */
  operation: number;
  /** The permission type for the ACL (allow, deny, etc.). (versions 0+) */
  permissionType: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAclCreation(): AclCreation {
  return {
    resourceType: 0,
    resourceName: "",
    resourcePatternType: 3,
    principal: "",
    host: "",
    operation: 0,
    permissionType: 0,
  };
}

export function readAclCreation(r: Reader, v: number): AclCreation {
  const flex = v >= 2;
  const m = newAclCreation();
  m.resourceType = r.int8();
  m.resourceName = (flex ? r.compactString() : r.string());
  m.resourcePatternType = r.int8();
  m.principal = (flex ? r.compactString() : r.string());
  m.host = (flex ? r.compactString() : r.string());
  m.operation = r.int8();
  m.permissionType = r.int8();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAclCreation(s: Sink, m: AclCreation, v: number): void {
  const flex = v >= 2;
  s.int8(m.resourceType);
  s.string(m.resourceName, flex);
  s.int8(m.resourcePatternType);
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
