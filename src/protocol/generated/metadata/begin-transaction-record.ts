// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// BeginTransactionRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** BeginTransactionRecord: metadata, api key 23. */
export const BEGIN_TRANSACTION_RECORD_SCHEMA = {
  name: "BeginTransactionRecord",
  type: "metadata",
  apiKey: 23,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface BeginTransactionRecord {
  /** An optional textual description of this transaction. (versions 0+; nullable 0+; tag 0 in 0+) */
  name: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newBeginTransactionRecord(): BeginTransactionRecord {
  return {
    name: null,
  };
}

export function readBeginTransactionRecord(r: Reader, v: number): BeginTransactionRecord {
  const flex = true;
  const m = newBeginTransactionRecord();
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (true) { m.name = r.compactNullableString(); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeBeginTransactionRecord(s: Sink, m: BeginTransactionRecord, v: number): void {
  const flex = true;
  if (true) {
    const tags: TagWriter[] = [];
    if (!(m.name === null)) tags.push([0, (s) => s.string(m.name, true)]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
