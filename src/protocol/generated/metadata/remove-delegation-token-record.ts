// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// RemoveDelegationTokenRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** RemoveDelegationTokenRecord: metadata, api key 26. */
export const REMOVE_DELEGATION_TOKEN_RECORD_SCHEMA = {
  name: "RemoveDelegationTokenRecord",
  type: "metadata",
  apiKey: 26,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface RemoveDelegationTokenRecord {
  /** The tokenID to remove. (versions 0+) */
  tokenId: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newRemoveDelegationTokenRecord(): RemoveDelegationTokenRecord {
  return {
    tokenId: "",
  };
}

export function readRemoveDelegationTokenRecord(r: Reader, v: number): RemoveDelegationTokenRecord {
  const flex = true;
  const m = newRemoveDelegationTokenRecord();
  m.tokenId = r.compactString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeRemoveDelegationTokenRecord(s: Sink, m: RemoveDelegationTokenRecord, v: number): void {
  const flex = true;
  s.string(m.tokenId, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
