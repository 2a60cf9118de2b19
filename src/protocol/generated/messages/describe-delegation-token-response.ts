// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeDelegationTokenResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeDelegationTokenResponse: response, api key 41. */
export const DESCRIBE_DELEGATION_TOKEN_RESPONSE_SCHEMA = {
  name: "DescribeDelegationTokenResponse",
  type: "response",
  apiKey: 41,
  minVersion: 1,
  maxVersion: 3,
  flexibleMinVersion: 2,
} as const;

export interface DescribeDelegationTokenResponse {
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The tokens. (versions 0+) */
  tokens: DescribedDelegationToken[];
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeDelegationTokenResponse(): DescribeDelegationTokenResponse {
  return {
    errorCode: 0,
    tokens: [],
    throttleTimeMs: 0,
  };
}

export function readDescribeDelegationTokenResponse(r: Reader, v: number): DescribeDelegationTokenResponse {
  const flex = v >= 2;
  const m = newDescribeDelegationTokenResponse();
  m.errorCode = r.int16();
  m.tokens = (readArray(r, flex, false, (r) => readDescribedDelegationToken(r, v)) ?? []);
  m.throttleTimeMs = r.int32();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeDelegationTokenResponse(s: Sink, m: DescribeDelegationTokenResponse, v: number): void {
  const flex = v >= 2;
  s.int16(m.errorCode);
  writeArray(s, m.tokens, flex, (s, e) => writeDescribedDelegationToken(s, e, v));
  s.int32(m.throttleTimeMs);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribedDelegationToken {
  /** The token principal type. (versions 0+) */
  principalType: string;
  /** The token principal name. (versions 0+) */
  principalName: string;
  /** The principal type of the requester of the token. (versions 3+) */
  tokenRequesterPrincipalType: string;
  /** The principal type of the requester of the token. (versions 3+) */
  tokenRequesterPrincipalName: string;
  /** The token issue timestamp in milliseconds. (versions 0+) */
  issueTimestamp: bigint;
  /** The token expiry timestamp in milliseconds. (versions 0+) */
  expiryTimestamp: bigint;
  /** The token maximum timestamp length in milliseconds. (versions 0+) */
  maxTimestamp: bigint;
  /** The token ID. (versions 0+) */
  tokenId: string;
  /** The token HMAC. (versions 0+) */
  hmac: Uint8Array;
  /** Those who are able to renew this token before it expires. (versions 0+) */
  renewers: DescribedDelegationTokenRenewer[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribedDelegationToken(): DescribedDelegationToken {
  return {
    principalType: "",
    principalName: "",
    tokenRequesterPrincipalType: "",
    tokenRequesterPrincipalName: "",
    issueTimestamp: 0n,
    expiryTimestamp: 0n,
    maxTimestamp: 0n,
    tokenId: "",
    hmac: new Uint8Array(0),
    renewers: [],
  };
}

export function readDescribedDelegationToken(r: Reader, v: number): DescribedDelegationToken {
  const flex = v >= 2;
  const m = newDescribedDelegationToken();
  m.principalType = (flex ? r.compactString() : r.string());
  m.principalName = (flex ? r.compactString() : r.string());
  if (v >= 3) m.tokenRequesterPrincipalType = (flex ? r.compactString() : r.string());
  if (v >= 3) m.tokenRequesterPrincipalName = (flex ? r.compactString() : r.string());
  m.issueTimestamp = r.int64();
  m.expiryTimestamp = r.int64();
  m.maxTimestamp = r.int64();
  m.tokenId = (flex ? r.compactString() : r.string());
  m.hmac = (flex ? r.compactBytes() : r.bytes());
  m.renewers = (readArray(r, flex, false, (r) => readDescribedDelegationTokenRenewer(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribedDelegationToken(s: Sink, m: DescribedDelegationToken, v: number): void {
  const flex = v >= 2;
  s.string(m.principalType, flex);
  s.string(m.principalName, flex);
  if (v >= 3) s.string(m.tokenRequesterPrincipalType, flex);
  if (!(v >= 3) && !(m.tokenRequesterPrincipalType === "")) throw new UnsupportedFieldError("DescribeDelegationTokenResponse", "TokenRequesterPrincipalType", v, "holds a non-default value, which cannot be sent");
  if (v >= 3) s.string(m.tokenRequesterPrincipalName, flex);
  if (!(v >= 3) && !(m.tokenRequesterPrincipalName === "")) throw new UnsupportedFieldError("DescribeDelegationTokenResponse", "TokenRequesterPrincipalName", v, "holds a non-default value, which cannot be sent");
  s.int64(m.issueTimestamp);
  s.int64(m.expiryTimestamp);
  s.int64(m.maxTimestamp);
  s.string(m.tokenId, flex);
  s.bytes(m.hmac, flex);
  writeArray(s, m.renewers, flex, (s, e) => writeDescribedDelegationTokenRenewer(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribedDelegationTokenRenewer {
  /** The renewer principal type. (versions 0+) */
  principalType: string;
  /** The renewer principal name. (versions 0+) */
  principalName: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribedDelegationTokenRenewer(): DescribedDelegationTokenRenewer {
  return {
    principalType: "",
    principalName: "",
  };
}

export function readDescribedDelegationTokenRenewer(r: Reader, v: number): DescribedDelegationTokenRenewer {
  const flex = v >= 2;
  const m = newDescribedDelegationTokenRenewer();
  m.principalType = (flex ? r.compactString() : r.string());
  m.principalName = (flex ? r.compactString() : r.string());
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribedDelegationTokenRenewer(s: Sink, m: DescribedDelegationTokenRenewer, v: number): void {
  const flex = v >= 2;
  s.string(m.principalType, flex);
  s.string(m.principalName, flex);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
