// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// EnvelopeResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** EnvelopeResponse: response, api key 58. */
export const ENVELOPE_RESPONSE_SCHEMA = {
  name: "EnvelopeResponse",
  type: "response",
  apiKey: 58,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface EnvelopeResponse {
  /** The embedded response header and data. (versions 0+; nullable 0+) */
  responseData: Uint8Array | null;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newEnvelopeResponse(): EnvelopeResponse {
  return {
    responseData: null,
    errorCode: 0,
  };
}

export function readEnvelopeResponse(r: Reader, v: number): EnvelopeResponse {
  const flex = true;
  const m = newEnvelopeResponse();
  m.responseData = r.compactNullableBytes();
  m.errorCode = r.int16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeEnvelopeResponse(s: Sink, m: EnvelopeResponse, v: number): void {
  const flex = true;
  s.bytes(m.responseData, true);
  s.int16(m.errorCode);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
