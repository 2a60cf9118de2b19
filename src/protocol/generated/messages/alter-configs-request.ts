// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AlterConfigsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AlterConfigsRequest: request, api key 33. */
export const ALTER_CONFIGS_REQUEST_SCHEMA = {
  name: "AlterConfigsRequest",
  type: "request",
  apiKey: 33,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 2,
} as const;

export interface AlterConfigsRequest {
  /** The updates for each resource. (versions 0+) */
  resources: AlterConfigsResource[];
  /** True if we should validate the request, but not change the configurations. (versions 0+) */
  validateOnly: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterConfigsRequest(): AlterConfigsRequest {
  return {
    resources: [],
    validateOnly: false,
  };
}

export function readAlterConfigsRequest(r: Reader, v: number): AlterConfigsRequest {
  const flex = v >= 2;
  const m = newAlterConfigsRequest();
  m.resources = (readArray(r, flex, false, (r) => readAlterConfigsResource(r, v)) ?? []);
  m.validateOnly = r.bool();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterConfigsRequest(s: Sink, m: AlterConfigsRequest, v: number): void {
  const flex = v >= 2;
  writeArray(s, m.resources, flex, (s, e) => writeAlterConfigsResource(s, e, v));
  s.bool(m.validateOnly);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AlterConfigsResource {
  /** The resource type. (versions 0+) */
  resourceType: number;
  /** The resource name. (versions 0+) */
  resourceName: string;
  /** The configurations. (versions 0+) */
  configs: AlterableConfig[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterConfigsResource(): AlterConfigsResource {
  return {
    resourceType: 0,
    resourceName: "",
    configs: [],
  };
}

export function readAlterConfigsResource(r: Reader, v: number): AlterConfigsResource {
  const flex = v >= 2;
  const m = newAlterConfigsResource();
  m.resourceType = r.int8();
  m.resourceName = (flex ? r.compactString() : r.string());
  m.configs = (readArray(r, flex, false, (r) => readAlterableConfig(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterConfigsResource(s: Sink, m: AlterConfigsResource, v: number): void {
  const flex = v >= 2;
  s.int8(m.resourceType);
  s.string(m.resourceName, flex);
  writeArray(s, m.configs, flex, (s, e) => writeAlterableConfig(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AlterableConfig {
  /** The configuration key name. (versions 0+) */
  name: string;
  /** The value to set for the configuration key. (versions 0+; nullable 0+) */
  value: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterableConfig(): AlterableConfig {
  return {
    name: "",
    value: "",
  };
}

export function readAlterableConfig(r: Reader, v: number): AlterableConfig {
  const flex = v >= 2;
  const m = newAlterableConfig();
  m.name = (flex ? r.compactString() : r.string());
  m.value = (flex ? r.compactNullableString() : r.nullableString());
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterableConfig(s: Sink, m: AlterableConfig, v: number): void {
  const flex = v >= 2;
  s.string(m.name, flex);
  s.string(m.value, flex);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
