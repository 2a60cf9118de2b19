// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// SaslHandshakeResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** SaslHandshakeResponse: response, api key 17. */
export const SASL_HANDSHAKE_RESPONSE_SCHEMA = {
  name: "SaslHandshakeResponse",
  type: "response",
  apiKey: 17,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: -1,
} as const;

export interface SaslHandshakeResponse {
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The mechanisms enabled in the server. (versions 0+) */
  mechanisms: string[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newSaslHandshakeResponse(): SaslHandshakeResponse {
  return {
    errorCode: 0,
    mechanisms: [],
  };
}

export function readSaslHandshakeResponse(r: Reader, v: number): SaslHandshakeResponse {
  const m = newSaslHandshakeResponse();
  m.errorCode = r.int16();
  m.mechanisms = (readArray(r, false, false, (r) => r.string()) ?? []);
  return m;
}

export function writeSaslHandshakeResponse(s: Sink, m: SaslHandshakeResponse, v: number): void {
  s.int16(m.errorCode);
  writeArray(s, m.mechanisms, false, (s, e) => s.string(e, false));
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
