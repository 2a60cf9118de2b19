// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeConfigsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeConfigsResponse: response, api key 32. */
export const DESCRIBE_CONFIGS_RESPONSE_SCHEMA = {
  name: "DescribeConfigsResponse",
  type: "response",
  apiKey: 32,
  minVersion: 1,
  maxVersion: 4,
  flexibleMinVersion: 4,
} as const;

export interface DescribeConfigsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The results for each resource. (versions 0+) */
  results: DescribeConfigsResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeConfigsResponse(): DescribeConfigsResponse {
  return {
    throttleTimeMs: 0,
    results: [],
  };
}

export function readDescribeConfigsResponse(r: Reader, v: number): DescribeConfigsResponse {
  const flex = v >= 4;
  const m = newDescribeConfigsResponse();
  m.throttleTimeMs = r.int32();
  m.results = (readArray(r, flex, false, (r) => readDescribeConfigsResult(r, v)) ?? []);
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeConfigsResponse(s: Sink, m: DescribeConfigsResponse, v: number): void {
  const flex = v >= 4;
  s.int32(m.throttleTimeMs);
  writeArray(s, m.results, flex, (s, e) => writeDescribeConfigsResult(s, e, v));
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribeConfigsResult {
  /** The error code, or 0 if we were able to successfully describe the configurations. (versions 0+) */
  errorCode: number;
  /** The error message, or null if we were able to successfully describe the configurations. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** The resource type. (versions 0+) */
  resourceType: number;
  /** The resource name. (versions 0+) */
  resourceName: string;
  /** Each listed configuration. (versions 0+) */
  configs: DescribeConfigsResourceResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeConfigsResult(): DescribeConfigsResult {
  return {
    errorCode: 0,
    errorMessage: "",
    resourceType: 0,
    resourceName: "",
    configs: [],
  };
}

export function readDescribeConfigsResult(r: Reader, v: number): DescribeConfigsResult {
  const flex = v >= 4;
  const m = newDescribeConfigsResult();
  m.errorCode = r.int16();
  m.errorMessage = (flex ? r.compactNullableString() : r.nullableString());
  m.resourceType = r.int8();
  m.resourceName = (flex ? r.compactString() : r.string());
  m.configs = (readArray(r, flex, false, (r) => readDescribeConfigsResourceResult(r, v)) ?? []);
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeConfigsResult(s: Sink, m: DescribeConfigsResult, v: number): void {
  const flex = v >= 4;
  s.int16(m.errorCode);
  s.string(m.errorMessage, flex);
  s.int8(m.resourceType);
  s.string(m.resourceName, flex);
  writeArray(s, m.configs, flex, (s, e) => writeDescribeConfigsResourceResult(s, e, v));
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribeConfigsResourceResult {
  /** The configuration name. (versions 0+) */
  name: string;
  /** The configuration value. (versions 0+; nullable 0+) */
  value: string | null;
  /** True if the configuration is read-only. (versions 0+) */
  readOnly: boolean;
  /** The configuration source. (versions 1+; ignorable) */
  configSource: number;
  /** True if this configuration is sensitive. (versions 0+) */
  isSensitive: boolean;
  /** The synonyms for this configuration key. (versions 1+; ignorable) */
  synonyms: DescribeConfigsSynonym[];
  /** The configuration data type. Type can be one of the following values - BOOLEAN, STRING, INT, SHORT, LONG, DOUBLE, LIST, CLASS, PASSWORD. (versions 3+; ignorable) */
  configType: number;
  /** The configuration documentation. (versions 3+; nullable 0+; ignorable) */
  documentation: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeConfigsResourceResult(): DescribeConfigsResourceResult {
  return {
    name: "",
    value: "",
    readOnly: false,
    configSource: -1,
    isSensitive: false,
    synonyms: [],
    configType: 0,
    documentation: "",
  };
}

export function readDescribeConfigsResourceResult(r: Reader, v: number): DescribeConfigsResourceResult {
  const flex = v >= 4;
  const m = newDescribeConfigsResourceResult();
  m.name = (flex ? r.compactString() : r.string());
  m.value = (flex ? r.compactNullableString() : r.nullableString());
  m.readOnly = r.bool();
  m.configSource = r.int8();
  m.isSensitive = r.bool();
  m.synonyms = (readArray(r, flex, false, (r) => readDescribeConfigsSynonym(r, v)) ?? []);
  if (v >= 3) m.configType = r.int8();
  if (v >= 3) m.documentation = (flex ? r.compactNullableString() : r.nullableString());
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeConfigsResourceResult(s: Sink, m: DescribeConfigsResourceResult, v: number): void {
  const flex = v >= 4;
  s.string(m.name, flex);
  s.string(m.value, flex);
  s.bool(m.readOnly);
  s.int8(m.configSource);
  s.bool(m.isSensitive);
  writeArray(s, m.synonyms, flex, (s, e) => writeDescribeConfigsSynonym(s, e, v));
  if (v >= 3) s.int8(m.configType);
  if (v >= 3) s.string(m.documentation, flex);
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribeConfigsSynonym {
  /** The synonym name. (versions 1+) */
  name: string;
  /** The synonym value. (versions 1+; nullable 0+) */
  value: string | null;
  /** The synonym source. (versions 1+) */
  source: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeConfigsSynonym(): DescribeConfigsSynonym {
  return {
    name: "",
    value: "",
    source: 0,
  };
}

export function readDescribeConfigsSynonym(r: Reader, v: number): DescribeConfigsSynonym {
  const flex = v >= 4;
  const m = newDescribeConfigsSynonym();
  m.name = (flex ? r.compactString() : r.string());
  m.value = (flex ? r.compactNullableString() : r.nullableString());
  m.source = r.int8();
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeConfigsSynonym(s: Sink, m: DescribeConfigsSynonym, v: number): void {
  const flex = v >= 4;
  s.string(m.name, flex);
  s.string(m.value, flex);
  s.int8(m.source);
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
