// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ExpireDelegationTokenRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ExpireDelegationTokenRequest: request, api key 40. */
export const EXPIRE_DELEGATION_TOKEN_REQUEST_SCHEMA = {
  name: "ExpireDelegationTokenRequest",
  type: "request",
  apiKey: 40,
  minVersion: 1,
  maxVersion: 2,
  flexibleMinVersion: 2,
} as const;

export interface ExpireDelegationTokenRequest {
  /** The HMAC of the delegation token to be expired. (versions 0+) */
  hmac: Uint8Array;
  /** The expiry time period in milliseconds. (versions 0+) */
  expiryTimePeriodMs: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newExpireDelegationTokenRequest(): ExpireDelegationTokenRequest {
  return {
    hmac: new Uint8Array(0),
    expiryTimePeriodMs: 0n,
  };
}

export function readExpireDelegationTokenRequest(r: Reader, v: number): ExpireDelegationTokenRequest {
  const flex = v >= 2;
  const m = newExpireDelegationTokenRequest();
  m.hmac = (flex ? r.compactBytes() : r.bytes());
  m.expiryTimePeriodMs = r.int64();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeExpireDelegationTokenRequest(s: Sink, m: ExpireDelegationTokenRequest, v: number): void {
  const flex = v >= 2;
  s.bytes(m.hmac, flex);
  s.int64(m.expiryTimePeriodMs);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
