// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// CreateDelegationTokenResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** CreateDelegationTokenResponse: response, api key 38. */
export const CREATE_DELEGATION_TOKEN_RESPONSE_SCHEMA = {
  name: "CreateDelegationTokenResponse",
  type: "response",
  apiKey: 38,
  minVersion: 1,
  maxVersion: 3,
  flexibleMinVersion: 2,
} as const;

export interface CreateDelegationTokenResponse {
  /** The top-level error, or zero if there was no error. (versions 0+) */
  errorCode: number;
  /** The principal type of the token owner. (versions 0+) */
  principalType: string;
  /** The name of the token owner. (versions 0+) */
  principalName: string;
  /** The principal type of the requester of the token. (versions 3+) */
  tokenRequesterPrincipalType: string;
  /** The principal type of the requester of the token. (versions 3+) */
  tokenRequesterPrincipalName: string;
  /** When this token was generated. (versions 0+) */
  issueTimestampMs: bigint;
  /** When this token expires. (versions 0+) */
  expiryTimestampMs: bigint;
  /** The maximum lifetime of this token. (versions 0+) */
  maxTimestampMs: bigint;
  /** The token UUID. (versions 0+) */
  tokenId: string;
  /** HMAC of the delegation token. (versions 0+) */
  hmac: Uint8Array;
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCreateDelegationTokenResponse(): CreateDelegationTokenResponse {
  return {
    errorCode: 0,
    principalType: "",
    principalName: "",
    tokenRequesterPrincipalType: "",
    tokenRequesterPrincipalName: "",
    issueTimestampMs: 0n,
    expiryTimestampMs: 0n,
    maxTimestampMs: 0n,
    tokenId: "",
    hmac: new Uint8Array(0),
    throttleTimeMs: 0,
  };
}

export function readCreateDelegationTokenResponse(r: Reader, v: number): CreateDelegationTokenResponse {
  const flex = v >= 2;
  const m = newCreateDelegationTokenResponse();
  m.errorCode = r.int16();
  m.principalType = (flex ? r.compactString() : r.string());
  m.principalName = (flex ? r.compactString() : r.string());
  if (v >= 3) m.tokenRequesterPrincipalType = (flex ? r.compactString() : r.string());
  if (v >= 3) m.tokenRequesterPrincipalName = (flex ? r.compactString() : r.string());
  m.issueTimestampMs = r.int64();
  m.expiryTimestampMs = r.int64();
  m.maxTimestampMs = r.int64();
  m.tokenId = (flex ? r.compactString() : r.string());
  m.hmac = (flex ? r.compactBytes() : r.bytes());
  m.throttleTimeMs = r.int32();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCreateDelegationTokenResponse(s: Sink, m: CreateDelegationTokenResponse, v: number): void {
  const flex = v >= 2;
  s.int16(m.errorCode);
  s.string(m.principalType, flex);
  s.string(m.principalName, flex);
  if (v >= 3) s.string(m.tokenRequesterPrincipalType, flex);
  if (!(v >= 3) && !(m.tokenRequesterPrincipalType === "")) throw new UnsupportedFieldError("CreateDelegationTokenResponse", "TokenRequesterPrincipalType", v, "holds a non-default value, which cannot be sent");
  if (v >= 3) s.string(m.tokenRequesterPrincipalName, flex);
  if (!(v >= 3) && !(m.tokenRequesterPrincipalName === "")) throw new UnsupportedFieldError("CreateDelegationTokenResponse", "TokenRequesterPrincipalName", v, "holds a non-default value, which cannot be sent");
  s.int64(m.issueTimestampMs);
  s.int64(m.expiryTimestampMs);
  s.int64(m.maxTimestampMs);
  s.string(m.tokenId, flex);
  s.bytes(m.hmac, flex);
  s.int32(m.throttleTimeMs);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
