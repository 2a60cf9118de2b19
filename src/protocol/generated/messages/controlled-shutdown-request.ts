// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ControlledShutdownRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ControlledShutdownRequest: request, api key 7. */
export const CONTROLLED_SHUTDOWN_REQUEST_SCHEMA = {
  name: "ControlledShutdownRequest",
  type: "request",
  apiKey: 7,
  minVersion: -1,
  maxVersion: -1,
  flexibleMinVersion: -1,
} as const;

export interface ControlledShutdownRequest {
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newControlledShutdownRequest(): ControlledShutdownRequest {
  return {
  };
}

export function readControlledShutdownRequest(r: Reader, v: number): ControlledShutdownRequest {
  const m = newControlledShutdownRequest();
  return m;
}

export function writeControlledShutdownRequest(s: Sink, m: ControlledShutdownRequest, v: number): void {
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
