// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// SyncGroupResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** SyncGroupResponse: response, api key 14. */
export const SYNC_GROUP_RESPONSE_SCHEMA = {
  name: "SyncGroupResponse",
  type: "response",
  apiKey: 14,
  minVersion: 0,
  maxVersion: 5,
  flexibleMinVersion: 4,
} as const;

export interface SyncGroupResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 1+; ignorable) */
  throttleTimeMs: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The group protocol type. (versions 5+; nullable 5+; ignorable) */
  protocolType: string | null;
  /** The group protocol name. (versions 5+; nullable 5+; ignorable) */
  protocolName: string | null;
  /** The member assignment. (versions 0+) */
  assignment: Uint8Array;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newSyncGroupResponse(): SyncGroupResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    protocolType: null,
    protocolName: null,
    assignment: new Uint8Array(0),
  };
}

export function readSyncGroupResponse(r: Reader, v: number): SyncGroupResponse {
  const flex = v >= 4;
  const m = newSyncGroupResponse();
  if (v >= 1) m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  if (v >= 5) m.protocolType = (flex ? (v >= 5 ? r.compactNullableString() : r.compactString()) : (v >= 5 ? r.nullableString() : r.string()));
  if (v >= 5) m.protocolName = (flex ? (v >= 5 ? r.compactNullableString() : r.compactString()) : (v >= 5 ? r.nullableString() : r.string()));
  m.assignment = (flex ? r.compactBytes() : r.bytes());
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeSyncGroupResponse(s: Sink, m: SyncGroupResponse, v: number): void {
  const flex = v >= 4;
  if (v >= 1) s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  if (m.protocolType === null && (v >= 5) && (!(v >= 5))) throw new UnsupportedFieldError("SyncGroupResponse", "ProtocolType", v, "is null, which is not allowed");
  if (v >= 5) s.string(m.protocolType, flex);
  if (m.protocolName === null && (v >= 5) && (!(v >= 5))) throw new UnsupportedFieldError("SyncGroupResponse", "ProtocolName", v, "is null, which is not allowed");
  if (v >= 5) s.string(m.protocolName, flex);
  s.bytes(m.assignment, flex);
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
