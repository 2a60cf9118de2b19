// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// SaslHandshakeRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** SaslHandshakeRequest: request, api key 17. */
export const SASL_HANDSHAKE_REQUEST_SCHEMA = {
  name: "SaslHandshakeRequest",
  type: "request",
  apiKey: 17,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: -1,
} as const;

export interface SaslHandshakeRequest {
  /** The SASL mechanism chosen by the client. (versions 0+) */
  mechanism: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newSaslHandshakeRequest(): SaslHandshakeRequest {
  return {
    mechanism: "",
  };
}

export function readSaslHandshakeRequest(r: Reader, v: number): SaslHandshakeRequest {
  const m = newSaslHandshakeRequest();
  m.mechanism = r.string();
  return m;
}

export function writeSaslHandshakeRequest(s: Sink, m: SaslHandshakeRequest, v: number): void {
  s.string(m.mechanism, false);
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
