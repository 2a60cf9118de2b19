// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeGroupsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeGroupsResponse: response, api key 15. */
export const DESCRIBE_GROUPS_RESPONSE_SCHEMA = {
  name: "DescribeGroupsResponse",
  type: "response",
  apiKey: 15,
  minVersion: 0,
  maxVersion: 6,
  flexibleMinVersion: 5,
} as const;

export interface DescribeGroupsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 1+; ignorable) */
  throttleTimeMs: number;
  /** Each described group. (versions 0+) */
  groups: DescribedGroup[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeGroupsResponse(): DescribeGroupsResponse {
  return {
    throttleTimeMs: 0,
    groups: [],
  };
}

export function readDescribeGroupsResponse(r: Reader, v: number): DescribeGroupsResponse {
  const flex = v >= 5;
  const m = newDescribeGroupsResponse();
  if (v >= 1) m.throttleTimeMs = r.int32();
  m.groups = (readArray(r, flex, false, (r) => readDescribedGroup(r, v)) ?? []);
  if (v >= 5) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeGroupsResponse(s: Sink, m: DescribeGroupsResponse, v: number): void {
  const flex = v >= 5;
  if (v >= 1) s.int32(m.throttleTimeMs);
  writeArray(s, m.groups, flex, (s, e) => writeDescribedGroup(s, e, v));
  if (v >= 5) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribedGroup {
  /** The describe error, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The describe error message, or null if there was no error. (versions 6+; nullable 6+) */
  errorMessage: string | null;
  /** The group ID string. (versions 0+) */
  groupId: string;
  /** The group state string, or the empty string. (versions 0+) */
  groupState: string;
  /** The group protocol type, or the empty string. (versions 0+) */
  protocolType: string;
  /** The group protocol data, or the empty string. (versions 0+) */
  protocolData: string;
  /** The group members. (versions 0+) */
  members: DescribedGroupMember[];
  /** 32-bit bitfield to represent authorized operations for this group. (versions 3+) */
  authorizedOperations: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribedGroup(): DescribedGroup {
  return {
    errorCode: 0,
    errorMessage: null,
    groupId: "",
    groupState: "",
    protocolType: "",
    protocolData: "",
    members: [],
    authorizedOperations: -2147483648,
  };
}

export function readDescribedGroup(r: Reader, v: number): DescribedGroup {
  const flex = v >= 5;
  const m = newDescribedGroup();
  m.errorCode = r.int16();
  if (v >= 6) m.errorMessage = (flex ? (v >= 6 ? r.compactNullableString() : r.compactString()) : (v >= 6 ? r.nullableString() : r.string()));
  m.groupId = (flex ? r.compactString() : r.string());
  m.groupState = (flex ? r.compactString() : r.string());
  m.protocolType = (flex ? r.compactString() : r.string());
  m.protocolData = (flex ? r.compactString() : r.string());
  m.members = (readArray(r, flex, false, (r) => readDescribedGroupMember(r, v)) ?? []);
  if (v >= 3) m.authorizedOperations = r.int32();
  if (v >= 5) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribedGroup(s: Sink, m: DescribedGroup, v: number): void {
  const flex = v >= 5;
  s.int16(m.errorCode);
  if (m.errorMessage === null && (v >= 6) && (!(v >= 6))) throw new UnsupportedFieldError("DescribeGroupsResponse", "ErrorMessage", v, "is null, which is not allowed");
  if (v >= 6) s.string(m.errorMessage, flex);
  if (!(v >= 6) && !(m.errorMessage === null)) throw new UnsupportedFieldError("DescribeGroupsResponse", "ErrorMessage", v, "holds a non-default value, which cannot be sent");
  s.string(m.groupId, flex);
  s.string(m.groupState, flex);
  s.string(m.protocolType, flex);
  s.string(m.protocolData, flex);
  writeArray(s, m.members, flex, (s, e) => writeDescribedGroupMember(s, e, v));
  if (v >= 3) s.int32(m.authorizedOperations);
  if (!(v >= 3) && !(m.authorizedOperations === -2147483648)) throw new UnsupportedFieldError("DescribeGroupsResponse", "AuthorizedOperations", v, "holds a non-default value, which cannot be sent");
  if (v >= 5) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribedGroupMember {
  /** The member id. (versions 0+) */
  memberId: string;
  /** The unique identifier of the consumer instance provided by end user. (versions 4+; nullable 4+; ignorable) */
  groupInstanceId: string | null;
  /** The client ID used in the member's latest join group request. (versions 0+) */
  clientId: string;
  /** The client host. (versions 0+) */
  clientHost: string;
  /** The metadata corresponding to the current group protocol in use. (versions 0+) */
  memberMetadata: Uint8Array;
  /** The current assignment provided by the group leader. (versions 0+) */
  memberAssignment: Uint8Array;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribedGroupMember(): DescribedGroupMember {
  return {
    memberId: "",
    groupInstanceId: null,
    clientId: "",
    clientHost: "",
    memberMetadata: new Uint8Array(0),
    memberAssignment: new Uint8Array(0),
  };
}

export function readDescribedGroupMember(r: Reader, v: number): DescribedGroupMember {
  const flex = v >= 5;
  const m = newDescribedGroupMember();
  m.memberId = (flex ? r.compactString() : r.string());
  if (v >= 4) m.groupInstanceId = (flex ? (v >= 4 ? r.compactNullableString() : r.compactString()) : (v >= 4 ? r.nullableString() : r.string()));
  m.clientId = (flex ? r.compactString() : r.string());
  m.clientHost = (flex ? r.compactString() : r.string());
  m.memberMetadata = (flex ? r.compactBytes() : r.bytes());
  m.memberAssignment = (flex ? r.compactBytes() : r.bytes());
  if (v >= 5) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribedGroupMember(s: Sink, m: DescribedGroupMember, v: number): void {
  const flex = v >= 5;
  s.string(m.memberId, flex);
  if (m.groupInstanceId === null && (v >= 4) && (!(v >= 4))) throw new UnsupportedFieldError("DescribeGroupsResponse", "GroupInstanceId", v, "is null, which is not allowed");
  if (v >= 4) s.string(m.groupInstanceId, flex);
  s.string(m.clientId, flex);
  s.string(m.clientHost, flex);
  s.bytes(m.memberMetadata, flex);
  s.bytes(m.memberAssignment, flex);
  if (v >= 5) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
