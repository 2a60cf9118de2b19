// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeUserScramCredentialsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeUserScramCredentialsResponse: response, api key 50. */
export const DESCRIBE_USER_SCRAM_CREDENTIALS_RESPONSE_SCHEMA = {
  name: "DescribeUserScramCredentialsResponse",
  type: "response",
  apiKey: 50,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface DescribeUserScramCredentialsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The message-level error code, 0 except for user authorization or infrastructure issues. (versions 0+) */
  errorCode: number;
  /** The message-level error message, if any. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** The results for descriptions, one per user. (versions 0+) */
  results: DescribeUserScramCredentialsResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeUserScramCredentialsResponse(): DescribeUserScramCredentialsResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    errorMessage: "",
    results: [],
  };
}

export function readDescribeUserScramCredentialsResponse(r: Reader, v: number): DescribeUserScramCredentialsResponse {
  const flex = true;
  const m = newDescribeUserScramCredentialsResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  m.results = (readArray(r, true, false, (r) => readDescribeUserScramCredentialsResult(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeUserScramCredentialsResponse(s: Sink, m: DescribeUserScramCredentialsResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  writeArray(s, m.results, true, (s, e) => writeDescribeUserScramCredentialsResult(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribeUserScramCredentialsResult {
  /** The user name. (versions 0+) */
  user: string;
  /** The user-level error code. (versions 0+) */
  errorCode: number;
  /** The user-level error message, if any. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** The mechanism and related information associated with the user's SCRAM credentials. (versions 0+) */
  credentialInfos: CredentialInfo[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeUserScramCredentialsResult(): DescribeUserScramCredentialsResult {
  return {
    user: "",
    errorCode: 0,
    errorMessage: "",
    credentialInfos: [],
  };
}

export function readDescribeUserScramCredentialsResult(r: Reader, v: number): DescribeUserScramCredentialsResult {
  const flex = true;
  const m = newDescribeUserScramCredentialsResult();
  m.user = r.compactString();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  m.credentialInfos = (readArray(r, true, false, (r) => readCredentialInfo(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeUserScramCredentialsResult(s: Sink, m: DescribeUserScramCredentialsResult, v: number): void {
  const flex = true;
  s.string(m.user, true);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  writeArray(s, m.credentialInfos, true, (s, e) => writeCredentialInfo(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface CredentialInfo {
  /** The SCRAM mechanism. (versions 0+) */
  mechanism: number;
  /** The number of iterations used in the SCRAM credential. (versions 0+) */
  iterations: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCredentialInfo(): CredentialInfo {
  return {
    mechanism: 0,
    iterations: 0,
  };
}

export function readCredentialInfo(r: Reader, v: number): CredentialInfo {
  const flex = true;
  const m = newCredentialInfo();
  m.mechanism = r.int8();
  m.iterations = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCredentialInfo(s: Sink, m: CredentialInfo, v: number): void {
  const flex = true;
  s.int8(m.mechanism);
  s.int32(m.iterations);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
