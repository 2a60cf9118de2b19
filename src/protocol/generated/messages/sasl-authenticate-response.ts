// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// SaslAuthenticateResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** SaslAuthenticateResponse: response, api key 36. */
export const SASL_AUTHENTICATE_RESPONSE_SCHEMA = {
  name: "SaslAuthenticateResponse",
  type: "response",
  apiKey: 36,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 2,
} as const;

export interface SaslAuthenticateResponse {
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The error message, or null if there was no error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** The SASL authentication bytes from the server, as defined by the SASL mechanism. (versions 0+) */
  authBytes: Uint8Array;
  /** Number of milliseconds after which only re-authentication over the existing connection to create a new session can occur. (versions 1+; ignorable) */
  sessionLifetimeMs: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newSaslAuthenticateResponse(): SaslAuthenticateResponse {
  return {
    errorCode: 0,
    errorMessage: "",
    authBytes: new Uint8Array(0),
    sessionLifetimeMs: 0n,
  };
}

export function readSaslAuthenticateResponse(r: Reader, v: number): SaslAuthenticateResponse {
  const flex = v >= 2;
  const m = newSaslAuthenticateResponse();
  m.errorCode = r.int16();
  m.errorMessage = (flex ? r.compactNullableString() : r.nullableString());
  m.authBytes = (flex ? r.compactBytes() : r.bytes());
  if (v >= 1) m.sessionLifetimeMs = r.int64();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeSaslAuthenticateResponse(s: Sink, m: SaslAuthenticateResponse, v: number): void {
  const flex = v >= 2;
  s.int16(m.errorCode);
  s.string(m.errorMessage, flex);
  s.bytes(m.authBytes, flex);
  if (v >= 1) s.int64(m.sessionLifetimeMs);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
