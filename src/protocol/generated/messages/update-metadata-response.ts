// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// UpdateMetadataResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** UpdateMetadataResponse: response, api key 6. */
export const UPDATE_METADATA_RESPONSE_SCHEMA = {
  name: "UpdateMetadataResponse",
  type: "response",
  apiKey: 6,
  minVersion: -1,
  maxVersion: -1,
  flexibleMinVersion: -1,
} as const;

export interface UpdateMetadataResponse {
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newUpdateMetadataResponse(): UpdateMetadataResponse {
  return {
  };
}

export function readUpdateMetadataResponse(r: Reader, v: number): UpdateMetadataResponse {
  const m = newUpdateMetadataResponse();
  return m;
}

export function writeUpdateMetadataResponse(s: Sink, m: UpdateMetadataResponse, v: number): void {
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
