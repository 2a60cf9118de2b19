// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// HeartbeatRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** HeartbeatRequest: request, api key 12. */
export const HEARTBEAT_REQUEST_SCHEMA = {
  name: "HeartbeatRequest",
  type: "request",
  apiKey: 12,
  minVersion: 0,
  maxVersion: 4,
  flexibleMinVersion: 4,
} as const;

export interface HeartbeatRequest {
  /** The group id. (versions 0+) */
  groupId: string;
  /** The generation of the group. (versions 0+) */
  generationId: number;
  /** The member ID. (versions 0+) */
  memberId: string;
  /** The unique identifier of the consumer instance provided by end user. (versions 3+; nullable 3+) */
  groupInstanceId: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newHeartbeatRequest(): HeartbeatRequest {
  return {
    groupId: "",
    generationId: 0,
    memberId: "",
    groupInstanceId: null,
  };
}

export function readHeartbeatRequest(r: Reader, v: number): HeartbeatRequest {
  const flex = v >= 4;
  const m = newHeartbeatRequest();
  m.groupId = (flex ? r.compactString() : r.string());
  m.generationId = r.int32();
  m.memberId = (flex ? r.compactString() : r.string());
  if (v >= 3) m.groupInstanceId = (flex ? (v >= 3 ? r.compactNullableString() : r.compactString()) : (v >= 3 ? r.nullableString() : r.string()));
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeHeartbeatRequest(s: Sink, m: HeartbeatRequest, v: number): void {
  const flex = v >= 4;
  s.string(m.groupId, flex);
  s.int32(m.generationId);
  s.string(m.memberId, flex);
  if (m.groupInstanceId === null && (v >= 3) && (!(v >= 3))) throw new UnsupportedFieldError("HeartbeatRequest", "GroupInstanceId", v, "is null, which is not allowed");
  if (v >= 3) s.string(m.groupInstanceId, flex);
  if (!(v >= 3) && !(m.groupInstanceId === null)) throw new UnsupportedFieldError("HeartbeatRequest", "GroupInstanceId", v, "holds a non-default value, which cannot be sent");
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
