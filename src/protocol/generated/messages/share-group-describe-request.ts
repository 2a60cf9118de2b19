// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ShareGroupDescribeRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ShareGroupDescribeRequest: request, api key 77. */
export const SHARE_GROUP_DESCRIBE_REQUEST_SCHEMA = {
  name: "ShareGroupDescribeRequest",
  type: "request",
  apiKey: 77,
  minVersion: 1,
  maxVersion: 1,
  flexibleMinVersion: 0,
} as const;

export interface ShareGroupDescribeRequest {
  /** The ids of the groups to describe. (versions 0+) */
  groupIds: string[];
  /** Whether to include authorized operations. (versions 0+) */
  includeAuthorizedOperations: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newShareGroupDescribeRequest(): ShareGroupDescribeRequest {
  return {
    groupIds: [],
    includeAuthorizedOperations: false,
  };
}

export function readShareGroupDescribeRequest(r: Reader, v: number): ShareGroupDescribeRequest {
  const flex = true;
  const m = newShareGroupDescribeRequest();
  m.groupIds = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  m.includeAuthorizedOperations = r.bool();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeShareGroupDescribeRequest(s: Sink, m: ShareGroupDescribeRequest, v: number): void {
  const flex = true;
  writeArray(s, m.groupIds, true, (s, e) => s.string(e, true));
  s.bool(m.includeAuthorizedOperations);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
