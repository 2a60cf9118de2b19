// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ShareUpdateValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ShareUpdateValue: coordinator-value, api key 1. */
export const SHARE_UPDATE_VALUE_SCHEMA = {
  name: "ShareUpdateValue",
  type: "coordinator-value",
  apiKey: 1,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ShareUpdateValue {
  /** The snapshot epoch. (versions 0+) */
  snapshotEpoch: number;
  /** The leader epoch of the share-partition. (versions 0+) */
  leaderEpoch: number;
  /** The share-partition start offset, or -1 if the start offset is not being updated. (versions 0+) */
  startOffset: bigint;
  /** The number of offsets greater than or equal to share-partition start offset for which delivery has been completed. (versions 0+; tag 0 in 0+) */
  deliveryCompleteCount: number;
  /** The state batches that have been updated. (versions 0+) */
  stateBatches: StateBatch[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newShareUpdateValue(): ShareUpdateValue {
  return {
    snapshotEpoch: 0,
    leaderEpoch: 0,
    startOffset: 0n,
    deliveryCompleteCount: -1,
    stateBatches: [],
  };
}

export function readShareUpdateValue(r: Reader, v: number): ShareUpdateValue {
  const flex = true;
  const m = newShareUpdateValue();
  m.snapshotEpoch = r.int32();
  m.leaderEpoch = r.int32();
  m.startOffset = r.int64();
  m.stateBatches = (readArray(r, true, false, (r) => readStateBatch(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (true) { m.deliveryCompleteCount = r.int32(); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeShareUpdateValue(s: Sink, m: ShareUpdateValue, v: number): void {
  const flex = true;
  s.int32(m.snapshotEpoch);
  s.int32(m.leaderEpoch);
  s.int64(m.startOffset);
  writeArray(s, m.stateBatches, true, (s, e) => writeStateBatch(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    if (!(m.deliveryCompleteCount === -1)) tags.push([0, (s) => s.int32(m.deliveryCompleteCount)]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface StateBatch {
  /** The first offset of this state batch. (versions 0+) */
  firstOffset: bigint;
  /** The last offset of this state batch. (versions 0+) */
  lastOffset: bigint;
  /** The delivery state - 0:Available,2:Acked,4:Archived. (versions 0+) */
  deliveryState: number;
  /** The delivery count. (versions 0+) */
  deliveryCount: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newStateBatch(): StateBatch {
  return {
    firstOffset: 0n,
    lastOffset: 0n,
    deliveryState: 0,
    deliveryCount: 0,
  };
}

export function readStateBatch(r: Reader, v: number): StateBatch {
  const flex = true;
  const m = newStateBatch();
  m.firstOffset = r.int64();
  m.lastOffset = r.int64();
  m.deliveryState = r.int8();
  m.deliveryCount = r.int16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeStateBatch(s: Sink, m: StateBatch, v: number): void {
  const flex = true;
  s.int64(m.firstOffset);
  s.int64(m.lastOffset);
  s.int8(m.deliveryState);
  s.int16(m.deliveryCount);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
