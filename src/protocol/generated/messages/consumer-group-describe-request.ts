// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ConsumerGroupDescribeRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ConsumerGroupDescribeRequest: request, api key 69. */
export const CONSUMER_GROUP_DESCRIBE_REQUEST_SCHEMA = {
  name: "ConsumerGroupDescribeRequest",
  type: "request",
  apiKey: 69,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 0,
} as const;

export interface ConsumerGroupDescribeRequest {
  /** The ids of the groups to describe. (versions 0+) */
  groupIds: string[];
  /** Whether to include authorized operations. (versions 0+) */
  includeAuthorizedOperations: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newConsumerGroupDescribeRequest(): ConsumerGroupDescribeRequest {
  return {
    groupIds: [],
    includeAuthorizedOperations: false,
  };
}

export function readConsumerGroupDescribeRequest(r: Reader, v: number): ConsumerGroupDescribeRequest {
  const flex = true;
  const m = newConsumerGroupDescribeRequest();
  m.groupIds = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  m.includeAuthorizedOperations = r.bool();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeConsumerGroupDescribeRequest(s: Sink, m: ConsumerGroupDescribeRequest, v: number): void {
  const flex = true;
  writeArray(s, m.groupIds, true, (s, e) => s.string(e, true));
  s.bool(m.includeAuthorizedOperations);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
