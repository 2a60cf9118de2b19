// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// JoinGroupResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** JoinGroupResponse: response, api key 11. */
export const JOIN_GROUP_RESPONSE_SCHEMA = {
  name: "JoinGroupResponse",
  type: "response",
  apiKey: 11,
  minVersion: 0,
  maxVersion: 9,
  flexibleMinVersion: 6,
} as const;

export interface JoinGroupResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 2+; ignorable) */
  throttleTimeMs: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The generation ID of the group. (versions 0+) */
  generationId: number;
  /** The group protocol name. (versions 7+; nullable 7+; ignorable) */
  protocolType: string | null;
  /** The group protocol selected by the coordinator. (versions 0+; nullable 7+) */
  protocolName: string | null;
  /** The leader of the group. (versions 0+) */
  leader: string;
  /** True if the leader must skip running the assignment. (versions 9+) */
  skipAssignment: boolean;
  /** The member ID assigned by the group coordinator. (versions 0+) */
  memberId: string;
  /** The group members. (versions 0+) */
  members: JoinGroupResponseMember[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newJoinGroupResponse(): JoinGroupResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    generationId: -1,
    protocolType: null,
    protocolName: "",
    leader: "",
    skipAssignment: false,
    memberId: "",
    members: [],
  };
}

export function readJoinGroupResponse(r: Reader, v: number): JoinGroupResponse {
  const flex = v >= 6;
  const m = newJoinGroupResponse();
  if (v >= 2) m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.generationId = r.int32();
  if (v >= 7) m.protocolType = (flex ? (v >= 7 ? r.compactNullableString() : r.compactString()) : (v >= 7 ? r.nullableString() : r.string()));
  m.protocolName = (flex ? (v >= 7 ? r.compactNullableString() : r.compactString()) : (v >= 7 ? r.nullableString() : r.string()));
  m.leader = (flex ? r.compactString() : r.string());
  if (v >= 9) m.skipAssignment = r.bool();
  m.memberId = (flex ? r.compactString() : r.string());
  m.members = (readArray(r, flex, false, (r) => readJoinGroupResponseMember(r, v)) ?? []);
  if (v >= 6) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeJoinGroupResponse(s: Sink, m: JoinGroupResponse, v: number): void {
  const flex = v >= 6;
  if (v >= 2) s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  s.int32(m.generationId);
  if (m.protocolType === null && (v >= 7) && (!(v >= 7))) throw new UnsupportedFieldError("JoinGroupResponse", "ProtocolType", v, "is null, which is not allowed");
  if (v >= 7) s.string(m.protocolType, flex);
  if (m.protocolName === null && !(v >= 7)) throw new UnsupportedFieldError("JoinGroupResponse", "ProtocolName", v, "is null, which is not allowed");
  s.string(m.protocolName, flex);
  s.string(m.leader, flex);
  if (v >= 9) s.bool(m.skipAssignment);
  if (!(v >= 9) && !(m.skipAssignment === false)) throw new UnsupportedFieldError("JoinGroupResponse", "SkipAssignment", v, "holds a non-default value, which cannot be sent");
  s.string(m.memberId, flex);
  writeArray(s, m.members, flex, (s, e) => writeJoinGroupResponseMember(s, e, v));
  if (v >= 6) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface JoinGroupResponseMember {
  /** The group member ID. (versions 0+) */
  memberId: string;
  /** The unique identifier of the consumer instance provided by end user. (versions 5+; nullable 5+; ignorable) */
  groupInstanceId: string | null;
  /** The group member metadata. (versions 0+) */
  metadata: Uint8Array;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newJoinGroupResponseMember(): JoinGroupResponseMember {
  return {
    memberId: "",
    groupInstanceId: null,
    metadata: new Uint8Array(0),
  };
}

export function readJoinGroupResponseMember(r: Reader, v: number): JoinGroupResponseMember {
  const flex = v >= 6;
  const m = newJoinGroupResponseMember();
  m.memberId = (flex ? r.compactString() : r.string());
  if (v >= 5) m.groupInstanceId = (flex ? (v >= 5 ? r.compactNullableString() : r.compactString()) : (v >= 5 ? r.nullableString() : r.string()));
  m.metadata = (flex ? r.compactBytes() : r.bytes());
  if (v >= 6) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeJoinGroupResponseMember(s: Sink, m: JoinGroupResponseMember, v: number): void {
  const flex = v >= 6;
  s.string(m.memberId, flex);
  if (m.groupInstanceId === null && (v >= 5) && (!(v >= 5))) throw new UnsupportedFieldError("JoinGroupResponse", "GroupInstanceId", v, "is null, which is not allowed");
  if (v >= 5) s.string(m.groupInstanceId, flex);
  s.bytes(m.metadata, flex);
  if (v >= 6) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
