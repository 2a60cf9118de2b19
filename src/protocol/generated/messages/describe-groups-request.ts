// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeGroupsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeGroupsRequest: request, api key 15. */
export const DESCRIBE_GROUPS_REQUEST_SCHEMA = {
  name: "DescribeGroupsRequest",
  type: "request",
  apiKey: 15,
  minVersion: 0,
  maxVersion: 6,
  flexibleMinVersion: 5,
} as const;

export interface DescribeGroupsRequest {
  /** The names of the groups to describe. (versions 0+) */
  groups: string[];
  /** Whether to include authorized operations. (versions 3+) */
  includeAuthorizedOperations: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeGroupsRequest(): DescribeGroupsRequest {
  return {
    groups: [],
    includeAuthorizedOperations: false,
  };
}

export function readDescribeGroupsRequest(r: Reader, v: number): DescribeGroupsRequest {
  const flex = v >= 5;
  const m = newDescribeGroupsRequest();
  m.groups = (readArray(r, flex, false, (r) => (flex ? r.compactString() : r.string())) ?? []);
  if (v >= 3) m.includeAuthorizedOperations = r.bool();
  if (v >= 5) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeGroupsRequest(s: Sink, m: DescribeGroupsRequest, v: number): void {
  const flex = v >= 5;
  writeArray(s, m.groups, flex, (s, e) => s.string(e, flex));
  if (v >= 3) s.bool(m.includeAuthorizedOperations);
  if (!(v >= 3) && !(m.includeAuthorizedOperations === false)) throw new UnsupportedFieldError("DescribeGroupsRequest", "IncludeAuthorizedOperations", v, "holds a non-default value, which cannot be sent");
  if (v >= 5) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
