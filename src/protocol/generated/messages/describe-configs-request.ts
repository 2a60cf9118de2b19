// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeConfigsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeConfigsRequest: request, api key 32. */
export const DESCRIBE_CONFIGS_REQUEST_SCHEMA = {
  name: "DescribeConfigsRequest",
  type: "request",
  apiKey: 32,
  minVersion: 1,
  maxVersion: 4,
  flexibleMinVersion: 4,
} as const;

export interface DescribeConfigsRequest {
  /** The resources whose configurations we want to describe. (versions 0+) */
  resources: DescribeConfigsResource[];
  /** True if we should include all synonyms. (versions 1+) */
  includeSynonyms: boolean;
  /** True if we should include configuration documentation. (versions 3+) */
  includeDocumentation: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeConfigsRequest(): DescribeConfigsRequest {
  return {
    resources: [],
    includeSynonyms: false,
    includeDocumentation: false,
  };
}

export function readDescribeConfigsRequest(r: Reader, v: number): DescribeConfigsRequest {
  const flex = v >= 4;
  const m = newDescribeConfigsRequest();
  m.resources = (readArray(r, flex, false, (r) => readDescribeConfigsResource(r, v)) ?? []);
  m.includeSynonyms = r.bool();
  if (v >= 3) m.includeDocumentation = r.bool();
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeConfigsRequest(s: Sink, m: DescribeConfigsRequest, v: number): void {
  const flex = v >= 4;
  writeArray(s, m.resources, flex, (s, e) => writeDescribeConfigsResource(s, e, v));
  s.bool(m.includeSynonyms);
  if (v >= 3) s.bool(m.includeDocumentation);
  if (!(v >= 3) && !(m.includeDocumentation === false)) throw new UnsupportedFieldError("DescribeConfigsRequest", "IncludeDocumentation", v, "holds a non-default value, which cannot be sent");
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribeConfigsResource {
  /** The resource type. (versions 0+) */
  resourceType: number;
  /** The resource name. (versions 0+) */
  resourceName: string;
  /** The configuration keys to list, or null to list all configuration keys. (versions 0+; nullable 0+) */
  configurationKeys: string[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeConfigsResource(): DescribeConfigsResource {
  return {
    resourceType: 0,
    resourceName: "",
    configurationKeys: [],
  };
}

export function readDescribeConfigsResource(r: Reader, v: number): DescribeConfigsResource {
  const flex = v >= 4;
  const m = newDescribeConfigsResource();
  m.resourceType = r.int8();
  m.resourceName = (flex ? r.compactString() : r.string());
  m.configurationKeys = readArray(r, flex, true, (r) => (flex ? r.compactString() : r.string()));
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeConfigsResource(s: Sink, m: DescribeConfigsResource, v: number): void {
  const flex = v >= 4;
  s.int8(m.resourceType);
  s.string(m.resourceName, flex);
  writeArray(s, m.configurationKeys, flex, (s, e) => s.string(e, flex));
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
