// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// LegacyOffsetCommitValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** LegacyOffsetCommitValue: coordinator-value, api key 0. */
export const LEGACY_OFFSET_COMMIT_VALUE_SCHEMA = {
  name: "LegacyOffsetCommitValue",
  type: "coordinator-value",
  apiKey: 0,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: -1,
} as const;

export interface LegacyOffsetCommitValue {
  /** The offset that the consumer wants to store (for this partition). (versions 0) */
  offset: bigint;
  /** Any metadata the client wants to keep. (versions 0) */
  metadata: string;
  /** The time at which the commit was added to the log. (versions 0) */
  commitTimestamp: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newLegacyOffsetCommitValue(): LegacyOffsetCommitValue {
  return {
    offset: 0n,
    metadata: "",
    commitTimestamp: 0n,
  };
}

export function readLegacyOffsetCommitValue(r: Reader, v: number): LegacyOffsetCommitValue {
  const m = newLegacyOffsetCommitValue();
  m.offset = r.int64();
  m.metadata = r.string();
  m.commitTimestamp = r.int64();
  return m;
}

export function writeLegacyOffsetCommitValue(s: Sink, m: LegacyOffsetCommitValue, v: number): void {
  s.int64(m.offset);
  s.string(m.metadata, false);
  s.int64(m.commitTimestamp);
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
