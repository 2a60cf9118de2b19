// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ListConfigResourcesResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ListConfigResourcesResponse: response, api key 74. */
export const LIST_CONFIG_RESOURCES_RESPONSE_SCHEMA = {
  name: "ListConfigResourcesResponse",
  type: "response",
  apiKey: 74,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 0,
} as const;

export interface ListConfigResourcesResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** Each config resource in the response. (versions 0+) */
  configResources: ConfigResource[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newListConfigResourcesResponse(): ListConfigResourcesResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    configResources: [],
  };
}

export function readListConfigResourcesResponse(r: Reader, v: number): ListConfigResourcesResponse {
  const flex = true;
  const m = newListConfigResourcesResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.configResources = (readArray(r, true, false, (r) => readConfigResource(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListConfigResourcesResponse(s: Sink, m: ListConfigResourcesResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  writeArray(s, m.configResources, true, (s, e) => writeConfigResource(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ConfigResource {
  /** The resource name. (versions 0+) */
  resourceName: string;
  /** The resource type. (versions 1+; ignorable) */
  resourceType: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newConfigResource(): ConfigResource {
  return {
    resourceName: "",
    resourceType: 16,
  };
}

export function readConfigResource(r: Reader, v: number): ConfigResource {
  const flex = true;
  const m = newConfigResource();
  m.resourceName = r.compactString();
  if (v >= 1) m.resourceType = r.int8();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeConfigResource(s: Sink, m: ConfigResource, v: number): void {
  const flex = true;
  s.string(m.resourceName, true);
  if (v >= 1) s.int8(m.resourceType);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
