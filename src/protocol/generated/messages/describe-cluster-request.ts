// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeClusterRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeClusterRequest: request, api key 60. */
export const DESCRIBE_CLUSTER_REQUEST_SCHEMA = {
  name: "DescribeClusterRequest",
  type: "request",
  apiKey: 60,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 0,
} as const;

export interface DescribeClusterRequest {
  /** Whether to include cluster authorized operations. (versions 0+) */
  includeClusterAuthorizedOperations: boolean;
  /** The endpoint type to describe. 1=brokers, 2=controllers. (versions 1+) */
  endpointType: number;
  /** Whether to include fenced brokers when listing brokers. (versions 2+) */
  includeFencedBrokers: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeClusterRequest(): DescribeClusterRequest {
  return {
    includeClusterAuthorizedOperations: false,
    endpointType: 1,
    includeFencedBrokers: false,
  };
}

export function readDescribeClusterRequest(r: Reader, v: number): DescribeClusterRequest {
  const flex = true;
  const m = newDescribeClusterRequest();
  m.includeClusterAuthorizedOperations = r.bool();
  if (v >= 1) m.endpointType = r.int8();
  if (v >= 2) m.includeFencedBrokers = r.bool();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeClusterRequest(s: Sink, m: DescribeClusterRequest, v: number): void {
  const flex = true;
  s.bool(m.includeClusterAuthorizedOperations);
  if (v >= 1) s.int8(m.endpointType);
  if (!(v >= 1) && !(m.endpointType === 1)) throw new UnsupportedFieldError("DescribeClusterRequest", "EndpointType", v, "holds a non-default value, which cannot be sent");
  if (v >= 2) s.bool(m.includeFencedBrokers);
  if (!(v >= 2) && !(m.includeFencedBrokers === false)) throw new UnsupportedFieldError("DescribeClusterRequest", "IncludeFencedBrokers", v, "holds a non-default value, which cannot be sent");
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
