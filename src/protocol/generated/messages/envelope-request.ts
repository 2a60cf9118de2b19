// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// EnvelopeRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** EnvelopeRequest: request, api key 58. */
export const ENVELOPE_REQUEST_SCHEMA = {
  name: "EnvelopeRequest",
  type: "request",
  apiKey: 58,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface EnvelopeRequest {
  /** The embedded request header and data. (versions 0+) */
  requestData: Uint8Array;
  /** Value of the initial client principal when the request is redirected by a broker. (versions 0+; nullable 0+) */
  requestPrincipal: Uint8Array | null;
  /** The original client's address in bytes. (versions 0+) */
  clientHostAddress: Uint8Array;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newEnvelopeRequest(): EnvelopeRequest {
  return {
    requestData: new Uint8Array(0),
    requestPrincipal: new Uint8Array(0),
    clientHostAddress: new Uint8Array(0),
  };
}

export function readEnvelopeRequest(r: Reader, v: number): EnvelopeRequest {
  const flex = true;
  const m = newEnvelopeRequest();
  m.requestData = r.compactBytes();
  m.requestPrincipal = r.compactNullableBytes();
  m.clientHostAddress = r.compactBytes();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeEnvelopeRequest(s: Sink, m: EnvelopeRequest, v: number): void {
  const flex = true;
  s.bytes(m.requestData, true);
  s.bytes(m.requestPrincipal, true);
  s.bytes(m.clientHostAddress, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
