// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ClearElrRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ClearElrRecord: metadata, api key 28. */
export const CLEAR_ELR_RECORD_SCHEMA = {
  name: "ClearElrRecord",
  type: "metadata",
  apiKey: 28,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ClearElrRecord {
  /** The name of the topic to clear ELRs for, or empty if all ELRs should be cleared. (versions 0+) */
  topicName: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newClearElrRecord(): ClearElrRecord {
  return {
    topicName: "",
  };
}

export function readClearElrRecord(r: Reader, v: number): ClearElrRecord {
  const flex = true;
  const m = newClearElrRecord();
  m.topicName = r.compactString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeClearElrRecord(s: Sink, m: ClearElrRecord, v: number): void {
  const flex = true;
  s.string(m.topicName, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
