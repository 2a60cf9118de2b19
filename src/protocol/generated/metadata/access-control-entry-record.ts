// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AccessControlEntryRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AccessControlEntryRecord: metadata, api key 18. */
export const ACCESS_CONTROL_ENTRY_RECORD_SCHEMA = {
  name: "AccessControlEntryRecord",
  type: "metadata",
  apiKey: 18,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface AccessControlEntryRecord {
  /** The unique ID of this ACL. (versions 0+) */
  id: string;
  /** The resource type. (versions 0+) */
  resourceType: number;
  /** The resource name. (versions 0+) */
  resourceName: string;
  /** The resource name pattern type. (versions 0+) */
  patternType: number;
  /** The principal name. (versions 0+) */
  principal: string;
  /** The host name. (versions 0+) */
  host: string;
  /** The AclOperation. (versions 0+) */
  operation: number;
  /** The AclPermissionType. (versions 0+) */
  permissionType: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAccessControlEntryRecord(): AccessControlEntryRecord {
  return {
    id: ZERO_UUID,
    resourceType: 0,
    resourceName: "",
    patternType: 0,
    principal: "",
    host: "",
    operation: 0,
    permissionType: 0,
  };
}

export function readAccessControlEntryRecord(r: Reader, v: number): AccessControlEntryRecord {
  const flex = true;
  const m = newAccessControlEntryRecord();
  m.id = r.uuid();
  m.resourceType = r.int8();
  m.resourceName = r.compactString();
  m.patternType = r.int8();
  m.principal = r.compactString();
  m.host = r.compactString();
  m.operation = r.int8();
  m.permissionType = r.int8();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAccessControlEntryRecord(s: Sink, m: AccessControlEntryRecord, v: number): void {
  const flex = true;
  s.uuid(m.id);
  s.int8(m.resourceType);
  s.string(m.resourceName, true);
  s.int8(m.patternType);
  s.string(m.principal, true);
  s.string(m.host, true);
  s.int8(m.operation);
  s.int8(m.permissionType);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
