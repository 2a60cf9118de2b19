// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// IncrementalAlterConfigsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** IncrementalAlterConfigsRequest: request, api key 44. */
export const INCREMENTAL_ALTER_CONFIGS_REQUEST_SCHEMA = {
  name: "IncrementalAlterConfigsRequest",
  type: "request",
  apiKey: 44,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 1,
} as const;

export interface IncrementalAlterConfigsRequest {
  /** The incremental updates for each resource. (versions 0+) */
  resources: AlterConfigsResource[];
  /** True if we should validate the request, but not change the configurations. (versions 0+) */
  validateOnly: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newIncrementalAlterConfigsRequest(): IncrementalAlterConfigsRequest {
  return {
    resources: [],
    validateOnly: false,
  };
}

export function readIncrementalAlterConfigsRequest(r: Reader, v: number): IncrementalAlterConfigsRequest {
  const flex = v >= 1;
  const m = newIncrementalAlterConfigsRequest();
  m.resources = (readArray(r, flex, false, (r) => readAlterConfigsResource(r, v)) ?? []);
  m.validateOnly = r.bool();
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeIncrementalAlterConfigsRequest(s: Sink, m: IncrementalAlterConfigsRequest, v: number): void {
  const flex = v >= 1;
  writeArray(s, m.resources, flex, (s, e) => writeAlterConfigsResource(s, e, v));
  s.bool(m.validateOnly);
  if (v >= 1) {
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
  const flex = v >= 1;
  const m = newAlterConfigsResource();
  m.resourceType = r.int8();
  m.resourceName = (flex ? r.compactString() : r.string());
  m.configs = (readArray(r, flex, false, (r) => readAlterableConfig(r, v)) ?? []);
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterConfigsResource(s: Sink, m: AlterConfigsResource, v: number): void {
  const flex = v >= 1;
  s.int8(m.resourceType);
  s.string(m.resourceName, flex);
  writeArray(s, m.configs, flex, (s, e) => writeAlterableConfig(s, e, v));
  if (v >= 1) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AlterableConfig {
  /** The configuration key name. (versions 0+) */
  name: string;
  /** The type (Set, Delete, Append, Subtract) of operation. (versions 0+) */
  configOperation: number;
  /** The value to set for the configuration key. (versions 0+; nullable 0+) */
  value: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterableConfig(): AlterableConfig {
  return {
    name: "",
    configOperation: 0,
    value: "",
  };
}

export function readAlterableConfig(r: Reader, v: number): AlterableConfig {
  const flex = v >= 1;
  const m = newAlterableConfig();
  m.name = (flex ? r.compactString() : r.string());
  m.configOperation = r.int8();
  m.value = (flex ? r.compactNullableString() : r.nullableString());
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterableConfig(s: Sink, m: AlterableConfig, v: number): void {
  const flex = v >= 1;
  s.string(m.name, flex);
  s.int8(m.configOperation);
  s.string(m.value, flex);
  if (v >= 1) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
