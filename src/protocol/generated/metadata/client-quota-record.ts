// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ClientQuotaRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ClientQuotaRecord: metadata, api key 14. */
export const CLIENT_QUOTA_RECORD_SCHEMA = {
  name: "ClientQuotaRecord",
  type: "metadata",
  apiKey: 14,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ClientQuotaRecord {
  /** The quota entity to alter. (versions 0+) */
  entity: EntityData[];
  /** The quota configuration key. (versions 0+) */
  key: string;
  /** The value to set, otherwise ignored if the value is to be removed. (versions 0+) */
  value: number;
  /** Whether the quota configuration value should be removed, otherwise set. (versions 0+) */
  remove: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newClientQuotaRecord(): ClientQuotaRecord {
  return {
    entity: [],
    key: "",
    value: 0,
    remove: false,
  };
}

export function readClientQuotaRecord(r: Reader, v: number): ClientQuotaRecord {
  const flex = true;
  const m = newClientQuotaRecord();
  m.entity = (readArray(r, true, false, (r) => readEntityData(r, v)) ?? []);
  m.key = r.compactString();
  m.value = r.float64();
  m.remove = r.bool();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeClientQuotaRecord(s: Sink, m: ClientQuotaRecord, v: number): void {
  const flex = true;
  writeArray(s, m.entity, true, (s, e) => writeEntityData(s, e, v));
  s.string(m.key, true);
  s.float64(m.value);
  s.bool(m.remove);
  if (true) {
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
  const flex = true;
  const m = newEntityData();
  m.entityType = r.compactString();
  m.entityName = r.compactNullableString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeEntityData(s: Sink, m: EntityData, v: number): void {
  const flex = true;
  s.string(m.entityType, true);
  s.string(m.entityName, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
