// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeClientQuotasRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeClientQuotasRequest: request, api key 48. */
export const DESCRIBE_CLIENT_QUOTAS_REQUEST_SCHEMA = {
  name: "DescribeClientQuotasRequest",
  type: "request",
  apiKey: 48,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 1,
} as const;

export interface DescribeClientQuotasRequest {
  /** Filter components to apply to quota entities. (versions 0+) */
  components: ComponentData[];
  /** Whether the match is strict, i.e. should exclude entities with unspecified entity types. (versions 0+) */
  strict: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeClientQuotasRequest(): DescribeClientQuotasRequest {
  return {
    components: [],
    strict: false,
  };
}

export function readDescribeClientQuotasRequest(r: Reader, v: number): DescribeClientQuotasRequest {
  const flex = v >= 1;
  const m = newDescribeClientQuotasRequest();
  m.components = (readArray(r, flex, false, (r) => readComponentData(r, v)) ?? []);
  m.strict = r.bool();
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeClientQuotasRequest(s: Sink, m: DescribeClientQuotasRequest, v: number): void {
  const flex = v >= 1;
  writeArray(s, m.components, flex, (s, e) => writeComponentData(s, e, v));
  s.bool(m.strict);
  if (v >= 1) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ComponentData {
  /** The entity type that the filter component applies to. (versions 0+) */
  entityType: string;
  /** How to match the entity {0 = exact name, 1 = default name, 2 = any specified name}. (versions 0+) */
  matchType: number;
  /** The string to match against, or null if unused for the match type. (versions 0+; nullable 0+) */
  match: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newComponentData(): ComponentData {
  return {
    entityType: "",
    matchType: 0,
    match: "",
  };
}

export function readComponentData(r: Reader, v: number): ComponentData {
  const flex = v >= 1;
  const m = newComponentData();
  m.entityType = (flex ? r.compactString() : r.string());
  m.matchType = r.int8();
  m.match = (flex ? r.compactNullableString() : r.nullableString());
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeComponentData(s: Sink, m: ComponentData, v: number): void {
  const flex = v >= 1;
  s.string(m.entityType, flex);
  s.int8(m.matchType);
  s.string(m.match, flex);
  if (v >= 1) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
