// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// LeaveGroupRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** LeaveGroupRequest: request, api key 13. */
export const LEAVE_GROUP_REQUEST_SCHEMA = {
  name: "LeaveGroupRequest",
  type: "request",
  apiKey: 13,
  minVersion: 0,
  maxVersion: 5,
  flexibleMinVersion: 4,
} as const;

export interface LeaveGroupRequest {
  /** The ID of the group to leave. (versions 0+) */
  groupId: string;
  /** The member ID to remove from the group. (versions 0-2) */
  memberId: string;
  /** List of leaving member identities. (versions 3+) */
  members: MemberIdentity[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newLeaveGroupRequest(): LeaveGroupRequest {
  return {
    groupId: "",
    memberId: "",
    members: [],
  };
}

export function readLeaveGroupRequest(r: Reader, v: number): LeaveGroupRequest {
  const flex = v >= 4;
  const m = newLeaveGroupRequest();
  m.groupId = (flex ? r.compactString() : r.string());
  if (v <= 2) m.memberId = (flex ? r.compactString() : r.string());
  if (v >= 3) m.members = (readArray(r, flex, false, (r) => readMemberIdentity(r, v)) ?? []);
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeLeaveGroupRequest(s: Sink, m: LeaveGroupRequest, v: number): void {
  const flex = v >= 4;
  s.string(m.groupId, flex);
  if (v <= 2) s.string(m.memberId, flex);
  if (!(v <= 2) && !(m.memberId === "")) throw new UnsupportedFieldError("LeaveGroupRequest", "MemberId", v, "holds a non-default value, which cannot be sent");
  if (v >= 3) writeArray(s, m.members, flex, (s, e) => writeMemberIdentity(s, e, v));
  if (!(v >= 3) && !((m.members !== null && m.members.length === 0))) throw new UnsupportedFieldError("LeaveGroupRequest", "Members", v, "holds a non-default value, which cannot be sent");
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface MemberIdentity {
  /** The member ID to remove from the group. (versions 3+) */
  memberId: string;
  /** The group instance ID to remove from the group. (versions 3+; nullable 3+) */
  groupInstanceId: string | null;
  /** The reason why the member left the group. (versions 5+; nullable 5+; ignorable) */
  reason: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newMemberIdentity(): MemberIdentity {
  return {
    memberId: "",
    groupInstanceId: null,
    reason: null,
  };
}

export function readMemberIdentity(r: Reader, v: number): MemberIdentity {
  const flex = v >= 4;
  const m = newMemberIdentity();
  m.memberId = (flex ? r.compactString() : r.string());
  m.groupInstanceId = (flex ? r.compactNullableString() : r.nullableString());
  if (v >= 5) m.reason = (flex ? (v >= 5 ? r.compactNullableString() : r.compactString()) : (v >= 5 ? r.nullableString() : r.string()));
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeMemberIdentity(s: Sink, m: MemberIdentity, v: number): void {
  const flex = v >= 4;
  s.string(m.memberId, flex);
  s.string(m.groupInstanceId, flex);
  if (m.reason === null && (v >= 5) && (!(v >= 5))) throw new UnsupportedFieldError("LeaveGroupRequest", "Reason", v, "is null, which is not allowed");
  if (v >= 5) s.string(m.reason, flex);
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
