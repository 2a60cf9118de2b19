// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// LeaveGroupResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** LeaveGroupResponse: response, api key 13. */
export const LEAVE_GROUP_RESPONSE_SCHEMA = {
  name: "LeaveGroupResponse",
  type: "response",
  apiKey: 13,
  minVersion: 0,
  maxVersion: 5,
  flexibleMinVersion: 4,
} as const;

export interface LeaveGroupResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 1+; ignorable) */
  throttleTimeMs: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** List of leaving member responses. (versions 3+) */
  members: MemberResponse[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newLeaveGroupResponse(): LeaveGroupResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    members: [],
  };
}

export function readLeaveGroupResponse(r: Reader, v: number): LeaveGroupResponse {
  const flex = v >= 4;
  const m = newLeaveGroupResponse();
  if (v >= 1) m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  if (v >= 3) m.members = (readArray(r, flex, false, (r) => readMemberResponse(r, v)) ?? []);
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeLeaveGroupResponse(s: Sink, m: LeaveGroupResponse, v: number): void {
  const flex = v >= 4;
  if (v >= 1) s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  if (v >= 3) writeArray(s, m.members, flex, (s, e) => writeMemberResponse(s, e, v));
  if (!(v >= 3) && !((m.members !== null && m.members.length === 0))) throw new UnsupportedFieldError("LeaveGroupResponse", "Members", v, "holds a non-default value, which cannot be sent");
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface MemberResponse {
  /** The member ID to remove from the group. (versions 3+) */
  memberId: string;
  /** The group instance ID to remove from the group. (versions 3+; nullable 3+) */
  groupInstanceId: string | null;
  /** The error code, or 0 if there was no error. (versions 3+) */
  errorCode: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newMemberResponse(): MemberResponse {
  return {
    memberId: "",
    groupInstanceId: "",
    errorCode: 0,
  };
}

export function readMemberResponse(r: Reader, v: number): MemberResponse {
  const flex = v >= 4;
  const m = newMemberResponse();
  m.memberId = (flex ? r.compactString() : r.string());
  m.groupInstanceId = (flex ? r.compactNullableString() : r.nullableString());
  m.errorCode = r.int16();
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeMemberResponse(s: Sink, m: MemberResponse, v: number): void {
  const flex = v >= 4;
  s.string(m.memberId, flex);
  s.string(m.groupInstanceId, flex);
  s.int16(m.errorCode);
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
