// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeDelegationTokenRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeDelegationTokenRequest: request, api key 41. */
export const DESCRIBE_DELEGATION_TOKEN_REQUEST_SCHEMA = {
  name: "DescribeDelegationTokenRequest",
  type: "request",
  apiKey: 41,
  minVersion: 1,
  maxVersion: 3,
  flexibleMinVersion: 2,
} as const;

export interface DescribeDelegationTokenRequest {
  /** Each owner that we want to describe delegation tokens for, or null to describe all tokens. (versions 0+; nullable 0+) */
  owners: DescribeDelegationTokenOwner[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeDelegationTokenRequest(): DescribeDelegationTokenRequest {
  return {
    owners: [],
  };
}

export function readDescribeDelegationTokenRequest(r: Reader, v: number): DescribeDelegationTokenRequest {
  const flex = v >= 2;
  const m = newDescribeDelegationTokenRequest();
  m.owners = readArray(r, flex, true, (r) => readDescribeDelegationTokenOwner(r, v));
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeDelegationTokenRequest(s: Sink, m: DescribeDelegationTokenRequest, v: number): void {
  const flex = v >= 2;
  writeArray(s, m.owners, flex, (s, e) => writeDescribeDelegationTokenOwner(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribeDelegationTokenOwner {
  /** The owner principal type. (versions 0+) */
  principalType: string;
  /** The owner principal name. (versions 0+) */
  principalName: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeDelegationTokenOwner(): DescribeDelegationTokenOwner {
  return {
    principalType: "",
    principalName: "",
  };
}

export function readDescribeDelegationTokenOwner(r: Reader, v: number): DescribeDelegationTokenOwner {
  const flex = v >= 2;
  const m = newDescribeDelegationTokenOwner();
  m.principalType = (flex ? r.compactString() : r.string());
  m.principalName = (flex ? r.compactString() : r.string());
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeDelegationTokenOwner(s: Sink, m: DescribeDelegationTokenOwner, v: number): void {
  const flex = v >= 2;
  s.string(m.principalType, flex);
  s.string(m.principalName, flex);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
