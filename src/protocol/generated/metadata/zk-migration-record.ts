// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ZkMigrationRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ZkMigrationStateRecord: metadata, api key 21. */
export const ZK_MIGRATION_STATE_RECORD_SCHEMA = {
  name: "ZkMigrationStateRecord",
  type: "metadata",
  apiKey: 21,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ZkMigrationStateRecord {
  /** One of the possible migration states. (versions 0+) */
  zkMigrationState: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newZkMigrationStateRecord(): ZkMigrationStateRecord {
  return {
    zkMigrationState: 0,
  };
}

export function readZkMigrationStateRecord(r: Reader, v: number): ZkMigrationStateRecord {
  const flex = true;
  const m = newZkMigrationStateRecord();
  m.zkMigrationState = r.int8();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeZkMigrationStateRecord(s: Sink, m: ZkMigrationStateRecord, v: number): void {
  const flex = true;
  s.int8(m.zkMigrationState);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
