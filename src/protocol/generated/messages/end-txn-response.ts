// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// EndTxnResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** EndTxnResponse: response, api key 26. */
export const END_TXN_RESPONSE_SCHEMA = {
  name: "EndTxnResponse",
  type: "response",
  apiKey: 26,
  minVersion: 0,
  maxVersion: 5,
  flexibleMinVersion: 3,
} as const;

export interface EndTxnResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The producer ID. (versions 5+; ignorable) */
  producerId: bigint;
  /** The current epoch associated with the producer. (versions 5+; ignorable) */
  producerEpoch: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newEndTxnResponse(): EndTxnResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    producerId: -1n,
    producerEpoch: -1,
  };
}

export function readEndTxnResponse(r: Reader, v: number): EndTxnResponse {
  const flex = v >= 3;
  const m = newEndTxnResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  if (v >= 5) m.producerId = r.int64();
  if (v >= 5) m.producerEpoch = r.int16();
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeEndTxnResponse(s: Sink, m: EndTxnResponse, v: number): void {
  const flex = v >= 3;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  if (v >= 5) s.int64(m.producerId);
  if (v >= 5) s.int16(m.producerEpoch);
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
