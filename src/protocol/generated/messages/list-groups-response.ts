// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ListGroupsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ListGroupsResponse: response, api key 16. */
export const LIST_GROUPS_RESPONSE_SCHEMA = {
  name: "ListGroupsResponse",
  type: "response",
  apiKey: 16,
  minVersion: 0,
  maxVersion: 5,
  flexibleMinVersion: 3,
} as const;

export interface ListGroupsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 1+; ignorable) */
  throttleTimeMs: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** Each group in the response. (versions 0+) */
  groups: ListedGroup[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newListGroupsResponse(): ListGroupsResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    groups: [],
  };
}

export function readListGroupsResponse(r: Reader, v: number): ListGroupsResponse {
  const flex = v >= 3;
  const m = newListGroupsResponse();
  if (v >= 1) m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.groups = (readArray(r, flex, false, (r) => readListedGroup(r, v)) ?? []);
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListGroupsResponse(s: Sink, m: ListGroupsResponse, v: number): void {
  const flex = v >= 3;
  if (v >= 1) s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  writeArray(s, m.groups, flex, (s, e) => writeListedGroup(s, e, v));
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ListedGroup {
  /** The group ID. (versions 0+) */
  groupId: string;
  /** The group protocol type. (versions 0+) */
  protocolType: string;
  /** The group state name. (versions 4+; ignorable) */
  groupState: string;
  /** The group type name. (versions 5+; ignorable) */
  groupType: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newListedGroup(): ListedGroup {
  return {
    groupId: "",
    protocolType: "",
    groupState: "",
    groupType: "",
  };
}

export function readListedGroup(r: Reader, v: number): ListedGroup {
  const flex = v >= 3;
  const m = newListedGroup();
  m.groupId = (flex ? r.compactString() : r.string());
  m.protocolType = (flex ? r.compactString() : r.string());
  if (v >= 4) m.groupState = (flex ? r.compactString() : r.string());
  if (v >= 5) m.groupType = (flex ? r.compactString() : r.string());
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListedGroup(s: Sink, m: ListedGroup, v: number): void {
  const flex = v >= 3;
  s.string(m.groupId, flex);
  s.string(m.protocolType, flex);
  if (v >= 4) s.string(m.groupState, flex);
  if (v >= 5) s.string(m.groupType, flex);
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
