// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AllocateProducerIdsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AllocateProducerIdsResponse: response, api key 67. */
export const ALLOCATE_PRODUCER_IDS_RESPONSE_SCHEMA = {
  name: "AllocateProducerIdsResponse",
  type: "response",
  apiKey: 67,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface AllocateProducerIdsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The top level response error code. (versions 0+) */
  errorCode: number;
  /** The first producer ID in this range, inclusive. (versions 0+) */
  producerIdStart: bigint;
  /** The number of producer IDs in this range. (versions 0+) */
  producerIdLen: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAllocateProducerIdsResponse(): AllocateProducerIdsResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    producerIdStart: 0n,
    producerIdLen: 0,
  };
}

export function readAllocateProducerIdsResponse(r: Reader, v: number): AllocateProducerIdsResponse {
  const flex = true;
  const m = newAllocateProducerIdsResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.producerIdStart = r.int64();
  m.producerIdLen = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAllocateProducerIdsResponse(s: Sink, m: AllocateProducerIdsResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  s.int64(m.producerIdStart);
  s.int32(m.producerIdLen);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
