// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// OffsetCommitValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** OffsetCommitValue: coordinator-value, api key 1. */
export const OFFSET_COMMIT_VALUE_SCHEMA = {
  name: "OffsetCommitValue",
  type: "coordinator-value",
  apiKey: 1,
  minVersion: 0,
  maxVersion: 4,
  flexibleMinVersion: 4,
} as const;

export interface OffsetCommitValue {
  /** The offset that the consumer wants to store (for this partition). (versions 0+) */
  offset: bigint;
  /** The leader epoch of the last consumed record. (versions 3+; ignorable) */
  leaderEpoch: number;
  /** Any metadata the client wants to keep. (versions 0+) */
  metadata: string;
  /** The time at which the commit was added to the log. (versions 0+) */
  commitTimestamp: bigint;
  /** The time at which the offset will expire. (versions 1; ignorable) */
  expireTimestamp: bigint;
  /** The topic id of the committed offset. (versions 4+; tag 0 in 4+; ignorable) */
  topicId: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetCommitValue(): OffsetCommitValue {
  return {
    offset: 0n,
    leaderEpoch: -1,
    metadata: "",
    commitTimestamp: 0n,
    expireTimestamp: -1n,
    topicId: ZERO_UUID,
  };
}

export function readOffsetCommitValue(r: Reader, v: number): OffsetCommitValue {
  const flex = v >= 4;
  const m = newOffsetCommitValue();
  m.offset = r.int64();
  if (v >= 3) m.leaderEpoch = r.int32();
  m.metadata = (flex ? r.compactString() : r.string());
  m.commitTimestamp = r.int64();
  if (v >= 1 && v <= 1) m.expireTimestamp = r.int64();
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (v >= 4) { m.topicId = r.uuid(); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeOffsetCommitValue(s: Sink, m: OffsetCommitValue, v: number): void {
  const flex = v >= 4;
  s.int64(m.offset);
  if (v >= 3) s.int32(m.leaderEpoch);
  s.string(m.metadata, flex);
  s.int64(m.commitTimestamp);
  if (v >= 1 && v <= 1) s.int64(m.expireTimestamp);
  if (v >= 4) {
    const tags: TagWriter[] = [];
    if ((v >= 4) && (!(m.topicId === ZERO_UUID))) tags.push([0, (s) => s.uuid(m.topicId)]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
