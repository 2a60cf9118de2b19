// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AlterUserScramCredentialsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AlterUserScramCredentialsResponse: response, api key 51. */
export const ALTER_USER_SCRAM_CREDENTIALS_RESPONSE_SCHEMA = {
  name: "AlterUserScramCredentialsResponse",
  type: "response",
  apiKey: 51,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface AlterUserScramCredentialsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The results for deletions and alterations, one per affected user. (versions 0+) */
  results: AlterUserScramCredentialsResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterUserScramCredentialsResponse(): AlterUserScramCredentialsResponse {
  return {
    throttleTimeMs: 0,
    results: [],
  };
}

export function readAlterUserScramCredentialsResponse(r: Reader, v: number): AlterUserScramCredentialsResponse {
  const flex = true;
  const m = newAlterUserScramCredentialsResponse();
  m.throttleTimeMs = r.int32();
  m.results = (readArray(r, true, false, (r) => readAlterUserScramCredentialsResult(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterUserScramCredentialsResponse(s: Sink, m: AlterUserScramCredentialsResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  writeArray(s, m.results, true, (s, e) => writeAlterUserScramCredentialsResult(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AlterUserScramCredentialsResult {
  /** The user name. (versions 0+) */
  user: string;
  /** The error code. (versions 0+) */
  errorCode: number;
  /** The error message, if any. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterUserScramCredentialsResult(): AlterUserScramCredentialsResult {
  return {
    user: "",
    errorCode: 0,
    errorMessage: "",
  };
}

export function readAlterUserScramCredentialsResult(r: Reader, v: number): AlterUserScramCredentialsResult {
  const flex = true;
  const m = newAlterUserScramCredentialsResult();
  m.user = r.compactString();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterUserScramCredentialsResult(s: Sink, m: AlterUserScramCredentialsResult, v: number): void {
  const flex = true;
  s.string(m.user, true);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
