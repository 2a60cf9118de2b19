// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// LegacyOffsetCommitKey.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** LegacyOffsetCommitKey: coordinator-key, api key 0. */
export const LEGACY_OFFSET_COMMIT_KEY_SCHEMA = {
  name: "LegacyOffsetCommitKey",
  type: "coordinator-key",
  apiKey: 0,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: -1,
} as const;

export interface LegacyOffsetCommitKey {
  /** The consumer group id. (versions 0) */
  group: string;
  /** The topic name. (versions 0) */
  topic: string;
  /** The topic partition index. (versions 0) */
  partition: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newLegacyOffsetCommitKey(): LegacyOffsetCommitKey {
  return {
    group: "",
    topic: "",
    partition: 0,
  };
}

export function readLegacyOffsetCommitKey(r: Reader, v: number): LegacyOffsetCommitKey {
  const m = newLegacyOffsetCommitKey();
  m.group = r.string();
  m.topic = r.string();
  m.partition = r.int32();
  return m;
}

export function writeLegacyOffsetCommitKey(s: Sink, m: LegacyOffsetCommitKey, v: number): void {
  s.string(m.group, false);
  s.string(m.topic, false);
  s.int32(m.partition);
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
