// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeTransactionsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeTransactionsRequest: request, api key 65. */
export const DESCRIBE_TRANSACTIONS_REQUEST_SCHEMA = {
  name: "DescribeTransactionsRequest",
  type: "request",
  apiKey: 65,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface DescribeTransactionsRequest {
  /** Array of transactionalIds to include in describe results. If empty, then no results will be returned. (versions 0+) */
  transactionalIds: string[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeTransactionsRequest(): DescribeTransactionsRequest {
  return {
    transactionalIds: [],
  };
}

export function readDescribeTransactionsRequest(r: Reader, v: number): DescribeTransactionsRequest {
  const flex = true;
  const m = newDescribeTransactionsRequest();
  m.transactionalIds = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeTransactionsRequest(s: Sink, m: DescribeTransactionsRequest, v: number): void {
  const flex = true;
  writeArray(s, m.transactionalIds, true, (s, e) => s.string(e, true));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
