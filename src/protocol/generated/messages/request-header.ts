// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// RequestHeader.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** RequestHeader: header. */
export const REQUEST_HEADER_SCHEMA = {
  name: "RequestHeader",
  type: "header",
  apiKey: -1,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 2,
} as const;

export interface RequestHeader {
  /** The API key of this request. (versions 0+) */
  requestApiKey: number;
  /** The API version of this request. (versions 0+) */
  requestApiVersion: number;
  /** The correlation ID of this request. (versions 0+) */
  correlationId: number;
  /** The client ID string. (versions 1+; nullable 1+) */
  clientId: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newRequestHeader(): RequestHeader {
  return {
    requestApiKey: 0,
    requestApiVersion: 0,
    correlationId: 0,
    clientId: "",
  };
}

export function readRequestHeader(r: Reader, v: number): RequestHeader {
  const flex = v >= 2;
  const m = newRequestHeader();
  m.requestApiKey = r.int16();
  m.requestApiVersion = r.int16();
  m.correlationId = r.int32();
  if (v >= 1) m.clientId = (v >= 1 ? r.nullableString() : r.string());
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeRequestHeader(s: Sink, m: RequestHeader, v: number): void {
  const flex = v >= 2;
  s.int16(m.requestApiKey);
  s.int16(m.requestApiVersion);
  s.int32(m.correlationId);
  if (m.clientId === null && (v >= 1) && (!(v >= 1))) throw new UnsupportedFieldError("RequestHeader", "ClientId", v, "is null, which is not allowed");
  if (v >= 1) s.string(m.clientId, false);
  if (!(v >= 1) && !(m.clientId === "")) throw new UnsupportedFieldError("RequestHeader", "ClientId", v, "holds a non-default value, which cannot be sent");
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
