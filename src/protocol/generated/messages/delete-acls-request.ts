// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DeleteAclsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DeleteAclsRequest: request, api key 31. */
export const DELETE_ACLS_REQUEST_SCHEMA = {
  name: "DeleteAclsRequest",
  type: "request",
  apiKey: 31,
  minVersion: 1,
  maxVersion: 3,
  flexibleMinVersion: 2,
} as const;

export interface DeleteAclsRequest {
  /** The filters to use when deleting ACLs. (versions 0+) */
  filters: DeleteAclsFilter[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteAclsRequest(): DeleteAclsRequest {
  return {
    filters: [],
  };
}

export function readDeleteAclsRequest(r: Reader, v: number): DeleteAclsRequest {
  const flex = v >= 2;
  const m = newDeleteAclsRequest();
  m.filters = (readArray(r, flex, false, (r) => readDeleteAclsFilter(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteAclsRequest(s: Sink, m: DeleteAclsRequest, v: number): void {
  const flex = v >= 2;
  writeArray(s, m.filters, flex, (s, e) => writeDeleteAclsFilter(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DeleteAclsFilter {
  /** The resource type. (versions 0+) */
  resourceTypeFilter: number;
  /** The resource name, or null to match any resource name. (versions 0+; nullable 0+) */
  resourceNameFilter: string | null;
  /** The pattern type. (versions 1+) */
  patternTypeFilter: number;
  /** The principal filter, or null to accept all principals. (versions 0+; nullable 0+) */
  principalFilter: string | null;
  /** The host filter, or null to accept all hosts. (versions 0+; nullable 0+) */
  hostFilter: string | null;
  /** The ACL operation. (versions 0+) */
  operation: number;
  /** The permission type. (versions 0+) */
  permissionType: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteAclsFilter(): DeleteAclsFilter {
  return {
    resourceTypeFilter: 0,
    resourceNameFilter: "",
    patternTypeFilter: 3,
    principalFilter: "",
    hostFilter: "",
    operation: 0,
    permissionType: 0,
  };
}

export function readDeleteAclsFilter(r: Reader, v: number): DeleteAclsFilter {
  const flex = v >= 2;
  const m = newDeleteAclsFilter();
  m.resourceTypeFilter = r.int8();
  m.resourceNameFilter = (flex ? r.compactNullableString() : r.nullableString());
  m.patternTypeFilter = r.int8();
  m.principalFilter = (flex ? r.compactNullableString() : r.nullableString());
  m.hostFilter = (flex ? r.compactNullableString() : r.nullableString());
  m.operation = r.int8();
  m.permissionType = r.int8();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteAclsFilter(s: Sink, m: DeleteAclsFilter, v: number): void {
  const flex = v >= 2;
  s.int8(m.resourceTypeFilter);
  s.string(m.resourceNameFilter, flex);
  s.int8(m.patternTypeFilter);
  s.string(m.principalFilter, flex);
  s.string(m.hostFilter, flex);
  s.int8(m.operation);
  s.int8(m.permissionType);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
