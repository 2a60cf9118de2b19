// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ControlRecordTypeSchema.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ControlRecordTypeSchema: data. */
export const CONTROL_RECORD_TYPE_SCHEMA_SCHEMA = {
  name: "ControlRecordTypeSchema",
  type: "data",
  apiKey: -1,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: -1,
} as const;

export interface ControlRecordTypeSchema {
  /** The type of the control record, such as commit or abort (versions 0+) */
  type: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newControlRecordTypeSchema(): ControlRecordTypeSchema {
  return {
    type: 0,
  };
}

export function readControlRecordTypeSchema(r: Reader, v: number): ControlRecordTypeSchema {
  const m = newControlRecordTypeSchema();
  m.type = r.int16();
  return m;
}

export function writeControlRecordTypeSchema(s: Sink, m: ControlRecordTypeSchema, v: number): void {
  s.int16(m.type);
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
