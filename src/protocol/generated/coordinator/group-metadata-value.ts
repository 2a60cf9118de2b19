// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// GroupMetadataValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** GroupMetadataValue: coordinator-value, api key 2. */
export const GROUP_METADATA_VALUE_SCHEMA = {
  name: "GroupMetadataValue",
  type: "coordinator-value",
  apiKey: 2,
  minVersion: 0,
  maxVersion: 4,
  flexibleMinVersion: 4,
} as const;

export interface GroupMetadataValue {
  /** The protocol type. (versions 0+) */
  protocolType: string;
  /** The generation id. (versions 0+) */
  generation: number;
  /** The protocol name. (versions 0+; nullable 0+) */
  protocol: string | null;
  /** The leader id. (versions 0+; nullable 0+) */
  leader: string | null;
  /** The timestamp of the last state change. (versions 2+; ignorable) */
  currentStateTimestamp: bigint;
  /** The group members. (versions 0+) */
  members: MemberMetadata[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newGroupMetadataValue(): GroupMetadataValue {
  return {
    protocolType: "",
    generation: 0,
    protocol: "",
    leader: "",
    currentStateTimestamp: -1n,
    members: [],
  };
}

export function readGroupMetadataValue(r: Reader, v: number): GroupMetadataValue {
  const flex = v >= 4;
  const m = newGroupMetadataValue();
  m.protocolType = (flex ? r.compactString() : r.string());
  m.generation = r.int32();
  m.protocol = (flex ? r.compactNullableString() : r.nullableString());
  m.leader = (flex ? r.compactNullableString() : r.nullableString());
  if (v >= 2) m.currentStateTimestamp = r.int64();
  m.members = (readArray(r, flex, false, (r) => readMemberMetadata(r, v)) ?? []);
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeGroupMetadataValue(s: Sink, m: GroupMetadataValue, v: number): void {
  const flex = v >= 4;
  s.string(m.protocolType, flex);
  s.int32(m.generation);
  s.string(m.protocol, flex);
  s.string(m.leader, flex);
  if (v >= 2) s.int64(m.currentStateTimestamp);
  writeArray(s, m.members, flex, (s, e) => writeMemberMetadata(s, e, v));
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface MemberMetadata {
  /** The member id. (versions 0+) */
  memberId: string;
  /** The group instance id. (versions 3+; nullable 3+; ignorable) */
  groupInstanceId: string | null;
  /** The client id. (versions 0+) */
  clientId: string;
  /** The client host. (versions 0+) */
  clientHost: string;
  /** The rebalance timeout. (versions 1+; ignorable) */
  rebalanceTimeout: number;
  /** The session timeout. (versions 0+) */
  sessionTimeout: number;
  /** The subscription. (versions 0+) */
  subscription: Uint8Array;
  /** The assignment. (versions 0+) */
  assignment: Uint8Array;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newMemberMetadata(): MemberMetadata {
  return {
    memberId: "",
    groupInstanceId: null,
    clientId: "",
    clientHost: "",
    rebalanceTimeout: -1,
    sessionTimeout: 0,
    subscription: new Uint8Array(0),
    assignment: new Uint8Array(0),
  };
}

export function readMemberMetadata(r: Reader, v: number): MemberMetadata {
  const flex = v >= 4;
  const m = newMemberMetadata();
  m.memberId = (flex ? r.compactString() : r.string());
  if (v >= 3) m.groupInstanceId = (flex ? (v >= 3 ? r.compactNullableString() : r.compactString()) : (v >= 3 ? r.nullableString() : r.string()));
  m.clientId = (flex ? r.compactString() : r.string());
  m.clientHost = (flex ? r.compactString() : r.string());
  if (v >= 1) m.rebalanceTimeout = r.int32();
  m.sessionTimeout = r.int32();
  m.subscription = (flex ? r.compactBytes() : r.bytes());
  m.assignment = (flex ? r.compactBytes() : r.bytes());
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeMemberMetadata(s: Sink, m: MemberMetadata, v: number): void {
  const flex = v >= 4;
  s.string(m.memberId, flex);
  if (m.groupInstanceId === null && (v >= 3) && (!(v >= 3))) throw new UnsupportedFieldError("GroupMetadataValue", "groupInstanceId", v, "is null, which is not allowed");
  if (v >= 3) s.string(m.groupInstanceId, flex);
  s.string(m.clientId, flex);
  s.string(m.clientHost, flex);
  if (v >= 1) s.int32(m.rebalanceTimeout);
  s.int32(m.sessionTimeout);
  s.bytes(m.subscription, flex);
  s.bytes(m.assignment, flex);
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
