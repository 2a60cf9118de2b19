// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeUserScramCredentialsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeUserScramCredentialsRequest: request, api key 50. */
export const DESCRIBE_USER_SCRAM_CREDENTIALS_REQUEST_SCHEMA = {
  name: "DescribeUserScramCredentialsRequest",
  type: "request",
  apiKey: 50,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface DescribeUserScramCredentialsRequest {
  /** The users to describe, or null/empty to describe all users. (versions 0+; nullable 0+) */
  users: UserName[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeUserScramCredentialsRequest(): DescribeUserScramCredentialsRequest {
  return {
    users: [],
  };
}

export function readDescribeUserScramCredentialsRequest(r: Reader, v: number): DescribeUserScramCredentialsRequest {
  const flex = true;
  const m = newDescribeUserScramCredentialsRequest();
  m.users = readArray(r, true, true, (r) => readUserName(r, v));
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeUserScramCredentialsRequest(s: Sink, m: DescribeUserScramCredentialsRequest, v: number): void {
  const flex = true;
  writeArray(s, m.users, true, (s, e) => writeUserName(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface UserName {
  /** The user name. (versions 0+) */
  name: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newUserName(): UserName {
  return {
    name: "",
  };
}

export function readUserName(r: Reader, v: number): UserName {
  const flex = true;
  const m = newUserName();
  m.name = r.compactString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeUserName(s: Sink, m: UserName, v: number): void {
  const flex = true;
  s.string(m.name, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
