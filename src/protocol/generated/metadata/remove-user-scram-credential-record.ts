// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// RemoveUserScramCredentialRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** RemoveUserScramCredentialRecord: metadata, api key 22. */
export const REMOVE_USER_SCRAM_CREDENTIAL_RECORD_SCHEMA = {
  name: "RemoveUserScramCredentialRecord",
  type: "metadata",
  apiKey: 22,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface RemoveUserScramCredentialRecord {
  /** The user name. (versions 0+) */
  name: string;
  /** The SCRAM mechanism. (versions 0+) */
  mechanism: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newRemoveUserScramCredentialRecord(): RemoveUserScramCredentialRecord {
  return {
    name: "",
    mechanism: 0,
  };
}

export function readRemoveUserScramCredentialRecord(r: Reader, v: number): RemoveUserScramCredentialRecord {
  const flex = true;
  const m = newRemoveUserScramCredentialRecord();
  m.name = r.compactString();
  m.mechanism = r.int8();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeRemoveUserScramCredentialRecord(s: Sink, m: RemoveUserScramCredentialRecord, v: number): void {
  const flex = true;
  s.string(m.name, true);
  s.int8(m.mechanism);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
