// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// StopReplicaRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** StopReplicaRequest: request, api key 5. */
export const STOP_REPLICA_REQUEST_SCHEMA = {
  name: "StopReplicaRequest",
  type: "request",
  apiKey: 5,
  minVersion: -1,
  maxVersion: -1,
  flexibleMinVersion: -1,
} as const;

export interface StopReplicaRequest {
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newStopReplicaRequest(): StopReplicaRequest {
  return {
  };
}

export function readStopReplicaRequest(r: Reader, v: number): StopReplicaRequest {
  const m = newStopReplicaRequest();
  return m;
}

export function writeStopReplicaRequest(s: Sink, m: StopReplicaRequest, v: number): void {
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
