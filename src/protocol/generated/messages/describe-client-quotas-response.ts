// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeClientQuotasResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeClientQuotasResponse: response, api key 48. */
export const DESCRIBE_CLIENT_QUOTAS_RESPONSE_SCHEMA = {
  name: "DescribeClientQuotasResponse",
  type: "response",
  apiKey: 48,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 1,
} as const;

export interface DescribeClientQuotasResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The error code, or `0` if the quota description succeeded. (versions 0+) */
  errorCode: number;
  /** The error message, or `null` if the quota description succeeded. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** A result entry. (versions 0+; nullable 0+) */
  entries: EntryData[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeClientQuotasResponse(): DescribeClientQuotasResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    errorMessage: "",
    entries: [],
  };
}

export function readDescribeClientQuotasResponse(r: Reader, v: number): DescribeClientQuotasResponse {
  const flex = v >= 1;
  const m = newDescribeClientQuotasResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.errorMessage = (flex ? r.compactNullableString() : r.nullableString());
  m.entries = readArray(r, flex, true, (r) => readEntryData(r, v));
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeClientQuotasResponse(s: Sink, m: DescribeClientQuotasResponse, v: number): void {
  const flex = v >= 1;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  s.string(m.errorMessage, flex);
  writeArray(s, m.entries, flex, (s, e) => writeEntryData(s, e, v));
  if (v >= 1) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface EntryData {
  /** The quota entity description. (versions 0+) */
  entity: EntityData[];
  /** The quota values for the entity. (versions 0+) */
  values: ValueData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newEntryData(): EntryData {
  return {
    entity: [],
    values: [],
  };
}

export function readEntryData(r: Reader, v: number): EntryData {
  const flex = v >= 1;
  const m = newEntryData();
  m.entity = (readArray(r, flex, false, (r) => readEntityData(r, v)) ?? []);
  m.values = (readArray(r, flex, false, (r) => readValueData(r, v)) ?? []);
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeEntryData(s: Sink, m: EntryData, v: number): void {
  const flex = v >= 1;
  writeArray(s, m.entity, flex, (s, e) => writeEntityData(s, e, v));
  writeArray(s, m.values, flex, (s, e) => writeValueData(s, e, v));
  if (v >= 1) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface EntityData {
  /** The entity type. (versions 0+) */
  entityType: string;
  /** The entity name, or null if the default. (versions 0+; nullable 0+) */
  entityName: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newEntityData(): EntityData {
  return {
    entityType: "",
    entityName: "",
  };
}

export function readEntityData(r: Reader, v: number): EntityData {
  const flex = v >= 1;
  const m = newEntityData();
  m.entityType = (flex ? r.compactString() : r.string());
  m.entityName = (flex ? r.compactNullableString() : r.nullableString());
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeEntityData(s: Sink, m: EntityData, v: number): void {
  const flex = v >= 1;
  s.string(m.entityType, flex);
  s.string(m.entityName, flex);
  if (v >= 1) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ValueData {
  /** The quota configuration key. (versions 0+) */
  key: string;
  /** The quota configuration value. (versions 0+) */
  value: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newValueData(): ValueData {
  return {
    key: "",
    value: 0,
  };
}

export function readValueData(r: Reader, v: number): ValueData {
  const flex = v >= 1;
  const m = newValueData();
  m.key = (flex ? r.compactString() : r.string());
  m.value = r.float64();
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeValueData(s: Sink, m: ValueData, v: number): void {
  const flex = v >= 1;
  s.string(m.key, flex);
  s.float64(m.value);
  if (v >= 1) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
