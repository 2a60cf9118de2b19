// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// UnregisterControllerRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** UnregisterControllerRecord: metadata, api key 29. */
export const UNREGISTER_CONTROLLER_RECORD_SCHEMA = {
  name: "UnregisterControllerRecord",
  type: "metadata",
  apiKey: 29,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface UnregisterControllerRecord {
  /** The controller id. (versions 0+) */
  controllerId: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newUnregisterControllerRecord(): UnregisterControllerRecord {
  return {
    controllerId: 0,
  };
}

export function readUnregisterControllerRecord(r: Reader, v: number): UnregisterControllerRecord {
  const flex = true;
  const m = newUnregisterControllerRecord();
  m.controllerId = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeUnregisterControllerRecord(s: Sink, m: UnregisterControllerRecord, v: number): void {
  const flex = true;
  s.int32(m.controllerId);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
