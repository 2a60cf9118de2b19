// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// FindCoordinatorResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** FindCoordinatorResponse: response, api key 10. */
export const FIND_COORDINATOR_RESPONSE_SCHEMA = {
  name: "FindCoordinatorResponse",
  type: "response",
  apiKey: 10,
  minVersion: 0,
  maxVersion: 6,
  flexibleMinVersion: 3,
} as const;

export interface FindCoordinatorResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 1+; ignorable) */
  throttleTimeMs: number;
  /** The error code, or 0 if there was no error. (versions 0-3) */
  errorCode: number;
  /** The error message, or null if there was no error. (versions 1-3; nullable 1-3; ignorable) */
  errorMessage: string | null;
  /** The node id. (versions 0-3) */
  nodeId: number;
  /** The host name. (versions 0-3) */
  host: string;
  /** The port. (versions 0-3) */
  port: number;
  /** Each coordinator result in the response. (versions 4+) */
  coordinators: Coordinator[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newFindCoordinatorResponse(): FindCoordinatorResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    errorMessage: "",
    nodeId: 0,
    host: "",
    port: 0,
    coordinators: [],
  };
}

export function readFindCoordinatorResponse(r: Reader, v: number): FindCoordinatorResponse {
  const flex = v >= 3;
  const m = newFindCoordinatorResponse();
  if (v >= 1) m.throttleTimeMs = r.int32();
  if (v <= 3) m.errorCode = r.int16();
  if (v >= 1 && v <= 3) m.errorMessage = (flex ? (v >= 1 && v <= 3 ? r.compactNullableString() : r.compactString()) : (v >= 1 && v <= 3 ? r.nullableString() : r.string()));
  if (v <= 3) m.nodeId = r.int32();
  if (v <= 3) m.host = (flex ? r.compactString() : r.string());
  if (v <= 3) m.port = r.int32();
  if (v >= 4) m.coordinators = (readArray(r, flex, false, (r) => readCoordinator(r, v)) ?? []);
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeFindCoordinatorResponse(s: Sink, m: FindCoordinatorResponse, v: number): void {
  const flex = v >= 3;
  if (v >= 1) s.int32(m.throttleTimeMs);
  if (v <= 3) s.int16(m.errorCode);
  if (!(v <= 3) && !(m.errorCode === 0)) throw new UnsupportedFieldError("FindCoordinatorResponse", "ErrorCode", v, "holds a non-default value, which cannot be sent");
  if (m.errorMessage === null && (v >= 1 && v <= 3) && (!(v >= 1 && v <= 3))) throw new UnsupportedFieldError("FindCoordinatorResponse", "ErrorMessage", v, "is null, which is not allowed");
  if (v >= 1 && v <= 3) s.string(m.errorMessage, flex);
  if (v <= 3) s.int32(m.nodeId);
  if (!(v <= 3) && !(m.nodeId === 0)) throw new UnsupportedFieldError("FindCoordinatorResponse", "NodeId", v, "holds a non-default value, which cannot be sent");
  if (v <= 3) s.string(m.host, flex);
  if (!(v <= 3) && !(m.host === "")) throw new UnsupportedFieldError("FindCoordinatorResponse", "Host", v, "holds a non-default value, which cannot be sent");
  if (v <= 3) s.int32(m.port);
  if (!(v <= 3) && !(m.port === 0)) throw new UnsupportedFieldError("FindCoordinatorResponse", "Port", v, "holds a non-default value, which cannot be sent");
  if (v >= 4) writeArray(s, m.coordinators, flex, (s, e) => writeCoordinator(s, e, v));
  if (!(v >= 4) && !((m.coordinators !== null && m.coordinators.length === 0))) throw new UnsupportedFieldError("FindCoordinatorResponse", "Coordinators", v, "holds a non-default value, which cannot be sent");
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Coordinator {
  /** The coordinator key. (versions 4+) */
  key: string;
  /** The node id. (versions 4+) */
  nodeId: number;
  /** The host name. (versions 4+) */
  host: string;
  /** The port. (versions 4+) */
  port: number;
  /** The error code, or 0 if there was no error. (versions 4+) */
  errorCode: number;
  /** The error message, or null if there was no error. (versions 4+; nullable 4+; ignorable) */
  errorMessage: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCoordinator(): Coordinator {
  return {
    key: "",
    nodeId: 0,
    host: "",
    port: 0,
    errorCode: 0,
    errorMessage: "",
  };
}

export function readCoordinator(r: Reader, v: number): Coordinator {
  const flex = true;
  const m = newCoordinator();
  m.key = r.compactString();
  m.nodeId = r.int32();
  m.host = r.compactString();
  m.port = r.int32();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCoordinator(s: Sink, m: Coordinator, v: number): void {
  const flex = true;
  s.string(m.key, true);
  s.int32(m.nodeId);
  s.string(m.host, true);
  s.int32(m.port);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
