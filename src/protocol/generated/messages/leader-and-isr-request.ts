// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// LeaderAndIsrRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** LeaderAndIsrRequest: request, api key 4. */
export const LEADER_AND_ISR_REQUEST_SCHEMA = {
  name: "LeaderAndIsrRequest",
  type: "request",
  apiKey: 4,
  minVersion: -1,
  maxVersion: -1,
  flexibleMinVersion: -1,
} as const;

export interface LeaderAndIsrRequest {
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newLeaderAndIsrRequest(): LeaderAndIsrRequest {
  return {
  };
}

export function readLeaderAndIsrRequest(r: Reader, v: number): LeaderAndIsrRequest {
  const m = newLeaderAndIsrRequest();
  return m;
}

export function writeLeaderAndIsrRequest(s: Sink, m: LeaderAndIsrRequest, v: number): void {
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
