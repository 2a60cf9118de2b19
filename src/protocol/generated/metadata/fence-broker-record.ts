// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// FenceBrokerRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** FenceBrokerRecord: metadata, api key 7. */
export const FENCE_BROKER_RECORD_SCHEMA = {
  name: "FenceBrokerRecord",
  type: "metadata",
  apiKey: 7,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface FenceBrokerRecord {
  /** The broker ID to fence. It will be removed from all ISRs. (versions 0+) */
  id: number;
  /** The epoch of the broker to fence. (versions 0+) */
  epoch: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newFenceBrokerRecord(): FenceBrokerRecord {
  return {
    id: 0,
    epoch: 0n,
  };
}

export function readFenceBrokerRecord(r: Reader, v: number): FenceBrokerRecord {
  const flex = true;
  const m = newFenceBrokerRecord();
  m.id = r.int32();
  m.epoch = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeFenceBrokerRecord(s: Sink, m: FenceBrokerRecord, v: number): void {
  const flex = true;
  s.int32(m.id);
  s.int64(m.epoch);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
