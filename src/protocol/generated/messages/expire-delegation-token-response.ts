// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ExpireDelegationTokenResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ExpireDelegationTokenResponse: response, api key 40. */
export const EXPIRE_DELEGATION_TOKEN_RESPONSE_SCHEMA = {
  name: "ExpireDelegationTokenResponse",
  type: "response",
  apiKey: 40,
  minVersion: 1,
  maxVersion: 2,
  flexibleMinVersion: 2,
} as const;

export interface ExpireDelegationTokenResponse {
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The timestamp in milliseconds at which this token expires. (versions 0+) */
  expiryTimestampMs: bigint;
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newExpireDelegationTokenResponse(): ExpireDelegationTokenResponse {
  return {
    errorCode: 0,
    expiryTimestampMs: 0n,
    throttleTimeMs: 0,
  };
}

export function readExpireDelegationTokenResponse(r: Reader, v: number): ExpireDelegationTokenResponse {
  const flex = v >= 2;
  const m = newExpireDelegationTokenResponse();
  m.errorCode = r.int16();
  m.expiryTimestampMs = r.int64();
  m.throttleTimeMs = r.int32();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeExpireDelegationTokenResponse(s: Sink, m: ExpireDelegationTokenResponse, v: number): void {
  const flex = v >= 2;
  s.int16(m.errorCode);
  s.int64(m.expiryTimestampMs);
  s.int32(m.throttleTimeMs);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
