// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// SyncGroupRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** SyncGroupRequest: request, api key 14. */
export const SYNC_GROUP_REQUEST_SCHEMA = {
  name: "SyncGroupRequest",
  type: "request",
  apiKey: 14,
  minVersion: 0,
  maxVersion: 5,
  flexibleMinVersion: 4,
} as const;

export interface SyncGroupRequest {
  /** The unique group identifier. (versions 0+) */
  groupId: string;
  /** The generation of the group. (versions 0+) */
  generationId: number;
  /** The member ID assigned by the group. (versions 0+) */
  memberId: string;
  /** The unique identifier of the consumer instance provided by end user. (versions 3+; nullable 3+) */
  groupInstanceId: string | null;
  /** The group protocol type. (versions 5+; nullable 5+; ignorable) */
  protocolType: string | null;
  /** The group protocol name. (versions 5+; nullable 5+; ignorable) */
  protocolName: string | null;
  /** Each assignment. (versions 0+) */
  assignments: SyncGroupRequestAssignment[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newSyncGroupRequest(): SyncGroupRequest {
  return {
    groupId: "",
    generationId: 0,
    memberId: "",
    groupInstanceId: null,
    protocolType: null,
    protocolName: null,
    assignments: [],
  };
}

export function readSyncGroupRequest(r: Reader, v: number): SyncGroupRequest {
  const flex = v >= 4;
  const m = newSyncGroupRequest();
  m.groupId = (flex ? r.compactString() : r.string());
  m.generationId = r.int32();
  m.memberId = (flex ? r.compactString() : r.string());
  if (v >= 3) m.groupInstanceId = (flex ? (v >= 3 ? r.compactNullableString() : r.compactString()) : (v >= 3 ? r.nullableString() : r.string()));
  if (v >= 5) m.protocolType = (flex ? (v >= 5 ? r.compactNullableString() : r.compactString()) : (v >= 5 ? r.nullableString() : r.string()));
  if (v >= 5) m.protocolName = (flex ? (v >= 5 ? r.compactNullableString() : r.compactString()) : (v >= 5 ? r.nullableString() : r.string()));
  m.assignments = (readArray(r, flex, false, (r) => readSyncGroupRequestAssignment(r, v)) ?? []);
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeSyncGroupRequest(s: Sink, m: SyncGroupRequest, v: number): void {
  const flex = v >= 4;
  s.string(m.groupId, flex);
  s.int32(m.generationId);
  s.string(m.memberId, flex);
  if (m.groupInstanceId === null && (v >= 3) && (!(v >= 3))) throw new UnsupportedFieldError("SyncGroupRequest", "GroupInstanceId", v, "is null, which is not allowed");
  if (v >= 3) s.string(m.groupInstanceId, flex);
  if (!(v >= 3) && !(m.groupInstanceId === null)) throw new UnsupportedFieldError("SyncGroupRequest", "GroupInstanceId", v, "holds a non-default value, which cannot be sent");
  if (m.protocolType === null && (v >= 5) && (!(v >= 5))) throw new UnsupportedFieldError("SyncGroupRequest", "ProtocolType", v, "is null, which is not allowed");
  if (v >= 5) s.string(m.protocolType, flex);
  if (m.protocolName === null && (v >= 5) && (!(v >= 5))) throw new UnsupportedFieldError("SyncGroupRequest", "ProtocolName", v, "is null, which is not allowed");
  if (v >= 5) s.string(m.protocolName, flex);
  writeArray(s, m.assignments, flex, (s, e) => writeSyncGroupRequestAssignment(s, e, v));
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface SyncGroupRequestAssignment {
  /** The ID of the member to assign. (versions 0+) */
  memberId: string;
  /** The member assignment. (versions 0+) */
  assignment: Uint8Array;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newSyncGroupRequestAssignment(): SyncGroupRequestAssignment {
  return {
    memberId: "",
    assignment: new Uint8Array(0),
  };
}

export function readSyncGroupRequestAssignment(r: Reader, v: number): SyncGroupRequestAssignment {
  const flex = v >= 4;
  const m = newSyncGroupRequestAssignment();
  m.memberId = (flex ? r.compactString() : r.string());
  m.assignment = (flex ? r.compactBytes() : r.bytes());
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeSyncGroupRequestAssignment(s: Sink, m: SyncGroupRequestAssignment, v: number): void {
  const flex = v >= 4;
  s.string(m.memberId, flex);
  s.bytes(m.assignment, flex);
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
