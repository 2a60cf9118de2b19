// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// IncrementalAlterConfigsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** IncrementalAlterConfigsResponse: response, api key 44. */
export const INCREMENTAL_ALTER_CONFIGS_RESPONSE_SCHEMA = {
  name: "IncrementalAlterConfigsResponse",
  type: "response",
  apiKey: 44,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 1,
} as const;

export interface IncrementalAlterConfigsResponse {
  /** Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The responses for each resource. (versions 0+) */
  responses: AlterConfigsResourceResponse[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newIncrementalAlterConfigsResponse(): IncrementalAlterConfigsResponse {
  return {
    throttleTimeMs: 0,
    responses: [],
  };
}

export function readIncrementalAlterConfigsResponse(r: Reader, v: number): IncrementalAlterConfigsResponse {
  const flex = v >= 1;
  const m = newIncrementalAlterConfigsResponse();
  m.throttleTimeMs = r.int32();
  m.responses = (readArray(r, flex, false, (r) => readAlterConfigsResourceResponse(r, v)) ?? []);
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeIncrementalAlterConfigsResponse(s: Sink, m: IncrementalAlterConfigsResponse, v: number): void {
  const flex = v >= 1;
  s.int32(m.throttleTimeMs);
  writeArray(s, m.responses, flex, (s, e) => writeAlterConfigsResourceResponse(s, e, v));
  if (v >= 1) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AlterConfigsResourceResponse {
  /** The resource error code. (versions 0+) */
  errorCode: number;
  /** The resource error message, or null if there was no error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** The resource type. (versions 0+) */
  resourceType: number;
  /** The resource name. (versions 0+) */
  resourceName: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterConfigsResourceResponse(): AlterConfigsResourceResponse {
  return {
    errorCode: 0,
    errorMessage: "",
    resourceType: 0,
    resourceName: "",
  };
}

export function readAlterConfigsResourceResponse(r: Reader, v: number): AlterConfigsResourceResponse {
  const flex = v >= 1;
  const m = newAlterConfigsResourceResponse();
  m.errorCode = r.int16();
  m.errorMessage = (flex ? r.compactNullableString() : r.nullableString());
  m.resourceType = r.int8();
  m.resourceName = (flex ? r.compactString() : r.string());
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterConfigsResourceResponse(s: Sink, m: AlterConfigsResourceResponse, v: number): void {
  const flex = v >= 1;
  s.int16(m.errorCode);
  s.string(m.errorMessage, flex);
  s.int8(m.resourceType);
  s.string(m.resourceName, flex);
  if (v >= 1) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
