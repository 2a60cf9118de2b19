// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AbortTransactionRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AbortTransactionRecord: metadata, api key 25. */
export const ABORT_TRANSACTION_RECORD_SCHEMA = {
  name: "AbortTransactionRecord",
  type: "metadata",
  apiKey: 25,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface AbortTransactionRecord {
  /** An optional textual description of why the transaction was aborted. (versions 0+; nullable 0+; tag 0 in 0+) */
  reason: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAbortTransactionRecord(): AbortTransactionRecord {
  return {
    reason: null,
  };
}

export function readAbortTransactionRecord(r: Reader, v: number): AbortTransactionRecord {
  const flex = true;
  const m = newAbortTransactionRecord();
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (true) { m.reason = r.compactNullableString(); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeAbortTransactionRecord(s: Sink, m: AbortTransactionRecord, v: number): void {
  const flex = true;
  if (true) {
    const tags: TagWriter[] = [];
    if (!(m.reason === null)) tags.push([0, (s) => s.string(m.reason, true)]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
