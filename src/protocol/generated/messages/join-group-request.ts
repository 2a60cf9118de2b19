// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// JoinGroupRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** JoinGroupRequest: request, api key 11. */
export const JOIN_GROUP_REQUEST_SCHEMA = {
  name: "JoinGroupRequest",
  type: "request",
  apiKey: 11,
  minVersion: 0,
  maxVersion: 9,
  flexibleMinVersion: 6,
} as const;

export interface JoinGroupRequest {
  /** The group identifier. (versions 0+) */
  groupId: string;
  /** The coordinator considers the consumer dead if it receives no heartbeat after this timeout in milliseconds. (versions 0+) */
  sessionTimeoutMs: number;
  /** The maximum time in milliseconds that the coordinator will wait for each member to rejoin when rebalancing the group. (versions 1+; ignorable) */
  rebalanceTimeoutMs: number;
  /** The member id assigned by the group coordinator. (versions 0+) */
  memberId: string;
  /** The unique identifier of the consumer instance provided by end user. (versions 5+; nullable 5+) */
  groupInstanceId: string | null;
  /** The unique name the for class of protocols implemented by the group we want to join. (versions 0+) */
  protocolType: string;
  /** The list of protocols that the member supports. (versions 0+) */
  protocols: JoinGroupRequestProtocol[];
  /** The reason why the member (re-)joins the group. (versions 8+; nullable 8+; ignorable) */
  reason: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newJoinGroupRequest(): JoinGroupRequest {
  return {
    groupId: "",
    sessionTimeoutMs: 0,
    rebalanceTimeoutMs: -1,
    memberId: "",
    groupInstanceId: null,
    protocolType: "",
    protocols: [],
    reason: null,
  };
}

export function readJoinGroupRequest(r: Reader, v: number): JoinGroupRequest {
  const flex = v >= 6;
  const m = newJoinGroupRequest();
  m.groupId = (flex ? r.compactString() : r.string());
  m.sessionTimeoutMs = r.int32();
  if (v >= 1) m.rebalanceTimeoutMs = r.int32();
  m.memberId = (flex ? r.compactString() : r.string());
  if (v >= 5) m.groupInstanceId = (flex ? (v >= 5 ? r.compactNullableString() : r.compactString()) : (v >= 5 ? r.nullableString() : r.string()));
  m.protocolType = (flex ? r.compactString() : r.string());
  m.protocols = (readArray(r, flex, false, (r) => readJoinGroupRequestProtocol(r, v)) ?? []);
  if (v >= 8) m.reason = (flex ? (v >= 8 ? r.compactNullableString() : r.compactString()) : (v >= 8 ? r.nullableString() : r.string()));
  if (v >= 6) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeJoinGroupRequest(s: Sink, m: JoinGroupRequest, v: number): void {
  const flex = v >= 6;
  s.string(m.groupId, flex);
  s.int32(m.sessionTimeoutMs);
  if (v >= 1) s.int32(m.rebalanceTimeoutMs);
  s.string(m.memberId, flex);
  if (m.groupInstanceId === null && (v >= 5) && (!(v >= 5))) throw new UnsupportedFieldError("JoinGroupRequest", "GroupInstanceId", v, "is null, which is not allowed");
  if (v >= 5) s.string(m.groupInstanceId, flex);
  if (!(v >= 5) && !(m.groupInstanceId === null)) throw new UnsupportedFieldError("JoinGroupRequest", "GroupInstanceId", v, "holds a non-default value, which cannot be sent");
  s.string(m.protocolType, flex);
  writeArray(s, m.protocols, flex, (s, e) => writeJoinGroupRequestProtocol(s, e, v));
  if (m.reason === null && (v >= 8) && (!(v >= 8))) throw new UnsupportedFieldError("JoinGroupRequest", "Reason", v, "is null, which is not allowed");
  if (v >= 8) s.string(m.reason, flex);
  if (v >= 6) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface JoinGroupRequestProtocol {
  /** The protocol name. (versions 0+) */
  name: string;
  /** The protocol metadata. (versions 0+) */
  metadata: Uint8Array;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newJoinGroupRequestProtocol(): JoinGroupRequestProtocol {
  return {
    name: "",
    metadata: new Uint8Array(0),
  };
}

export function readJoinGroupRequestProtocol(r: Reader, v: number): JoinGroupRequestProtocol {
  const flex = v >= 6;
  const m = newJoinGroupRequestProtocol();
  m.name = (flex ? r.compactString() : r.string());
  m.metadata = (flex ? r.compactBytes() : r.bytes());
  if (v >= 6) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeJoinGroupRequestProtocol(s: Sink, m: JoinGroupRequestProtocol, v: number): void {
  const flex = v >= 6;
  s.string(m.name, flex);
  s.bytes(m.metadata, flex);
  if (v >= 6) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
