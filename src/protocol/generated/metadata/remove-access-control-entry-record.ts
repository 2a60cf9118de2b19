// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// RemoveAccessControlEntryRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** RemoveAccessControlEntryRecord: metadata, api key 19. */
export const REMOVE_ACCESS_CONTROL_ENTRY_RECORD_SCHEMA = {
  name: "RemoveAccessControlEntryRecord",
  type: "metadata",
  apiKey: 19,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface RemoveAccessControlEntryRecord {
  /** The ID of the AccessControlEntry to remove. (versions 0+) */
  id: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newRemoveAccessControlEntryRecord(): RemoveAccessControlEntryRecord {
  return {
    id: ZERO_UUID,
  };
}

export function readRemoveAccessControlEntryRecord(r: Reader, v: number): RemoveAccessControlEntryRecord {
  const flex = true;
  const m = newRemoveAccessControlEntryRecord();
  m.id = r.uuid();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeRemoveAccessControlEntryRecord(s: Sink, m: RemoveAccessControlEntryRecord, v: number): void {
  const flex = true;
  s.uuid(m.id);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
