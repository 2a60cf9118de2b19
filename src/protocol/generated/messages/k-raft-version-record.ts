// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// KRaftVersionRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** KRaftVersionRecord: data. */
export const KRAFT_VERSION_RECORD_SCHEMA = {
  name: "KRaftVersionRecord",
  type: "data",
  apiKey: -1,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface KRaftVersionRecord {
  /** The version of the kraft version record. (versions 0+) */
  version: number;
  /** The kraft protocol version. (versions 0+) */
  kRaftVersion: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newKRaftVersionRecord(): KRaftVersionRecord {
  return {
    version: 0,
    kRaftVersion: 0,
  };
}

export function readKRaftVersionRecord(r: Reader, v: number): KRaftVersionRecord {
  const flex = true;
  const m = newKRaftVersionRecord();
  m.version = r.int16();
  m.kRaftVersion = r.int16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeKRaftVersionRecord(s: Sink, m: KRaftVersionRecord, v: number): void {
  const flex = true;
  s.int16(m.version);
  s.int16(m.kRaftVersion);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
