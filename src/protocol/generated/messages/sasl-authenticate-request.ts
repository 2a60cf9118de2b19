// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// SaslAuthenticateRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** SaslAuthenticateRequest: request, api key 36. */
export const SASL_AUTHENTICATE_REQUEST_SCHEMA = {
  name: "SaslAuthenticateRequest",
  type: "request",
  apiKey: 36,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 2,
} as const;

export interface SaslAuthenticateRequest {
  /** The SASL authentication bytes from the client, as defined by the SASL mechanism. (versions 0+) */
  authBytes: Uint8Array;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newSaslAuthenticateRequest(): SaslAuthenticateRequest {
  return {
    authBytes: new Uint8Array(0),
  };
}

export function readSaslAuthenticateRequest(r: Reader, v: number): SaslAuthenticateRequest {
  const flex = v >= 2;
  const m = newSaslAuthenticateRequest();
  m.authBytes = (flex ? r.compactBytes() : r.bytes());
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeSaslAuthenticateRequest(s: Sink, m: SaslAuthenticateRequest, v: number): void {
  const flex = v >= 2;
  s.bytes(m.authBytes, flex);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
