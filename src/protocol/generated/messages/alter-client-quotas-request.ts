// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AlterClientQuotasRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AlterClientQuotasRequest: request, api key 49. */
export const ALTER_CLIENT_QUOTAS_REQUEST_SCHEMA = {
  name: "AlterClientQuotasRequest",
  type: "request",
  apiKey: 49,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 1,
} as const;

export interface AlterClientQuotasRequest {
  /** The quota configuration entries to alter. (versions 0+) */
  entries: EntryData[];
  /** Whether the alteration should be validated, but not performed. (versions 0+) */
  validateOnly: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterClientQuotasRequest(): AlterClientQuotasRequest {
  return {
    entries: [],
    validateOnly: false,
  };
}

export function readAlterClientQuotasRequest(r: Reader, v: number): AlterClientQuotasRequest {
  const flex = v >= 1;
  const m = newAlterClientQuotasRequest();
  m.entries = (readArray(r, flex, false, (r) => readEntryData(r, v)) ?? []);
  m.validateOnly = r.bool();
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterClientQuotasRequest(s: Sink, m: AlterClientQuotasRequest, v: number): void {
  const flex = v >= 1;
  writeArray(s, m.entries, flex, (s, e) => writeEntryData(s, e, v));
  s.bool(m.validateOnly);
  if (v >= 1) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface EntryData {
  /** The quota entity to alter. (versions 0+) */
  entity: EntityData[];
  /** An individual quota configuration entry to alter. (versions 0+) */
  ops: OpData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newEntryData(): EntryData {
  return {
    entity: [],
    ops: [],
  };
}

export function readEntryData(r: Reader, v: number): EntryData {
  const flex = v >= 1;
  const m = newEntryData();
  m.entity = (readArray(r, flex, false, (r) => readEntityData(r, v)) ?? []);
  m.ops = (readArray(r, flex, false, (r) => readOpData(r, v)) ?? []);
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeEntryData(s: Sink, m: EntryData, v: number): void {
  const flex = v >= 1;
  writeArray(s, m.entity, flex, (s, e) => writeEntityData(s, e, v));
  writeArray(s, m.ops, flex, (s, e) => writeOpData(s, e, v));
  if (v >= 1) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface EntityData {
  /** The entity type. (versions 0+) */
  entityType: string;
  /** The name of the entity, or null if the default. (versions 0+; nullable 0+) */
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

export interface OpData {
  /** The quota configuration key. (versions 0+) */
  key: string;
  /** The value to set, otherwise ignored if the value is to be removed. (versions 0+) */
  value: number;
  /** Whether the quota configuration value should be removed, otherwise set. (versions 0+) */
  remove: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOpData(): OpData {
  return {
    key: "",
    value: 0,
    remove: false,
  };
}

export function readOpData(r: Reader, v: number): OpData {
  const flex = v >= 1;
  const m = newOpData();
  m.key = (flex ? r.compactString() : r.string());
  m.value = r.float64();
  m.remove = r.bool();
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOpData(s: Sink, m: OpData, v: number): void {
  const flex = v >= 1;
  s.string(m.key, flex);
  s.float64(m.value);
  s.bool(m.remove);
  if (v >= 1) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
