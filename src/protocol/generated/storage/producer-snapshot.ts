// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ProducerSnapshot.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ProducerSnapshot: data. */
export const PRODUCER_SNAPSHOT_SCHEMA = {
  name: "ProducerSnapshot",
  type: "data",
  apiKey: -1,
  minVersion: 1,
  maxVersion: 1,
  flexibleMinVersion: -1,
} as const;

export interface ProducerSnapshot {
  /** CRC of the snapshot data (versions 1) */
  crc: number;
  /** The entries in the producer table (versions 1) */
  producerEntries: ProducerEntry[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newProducerSnapshot(): ProducerSnapshot {
  return {
    crc: 0,
    producerEntries: [],
  };
}

export function readProducerSnapshot(r: Reader, v: number): ProducerSnapshot {
  const m = newProducerSnapshot();
  m.crc = r.uint32();
  m.producerEntries = (readArray(r, false, false, (r) => readProducerEntry(r, v)) ?? []);
  return m;
}

export function writeProducerSnapshot(s: Sink, m: ProducerSnapshot, v: number): void {
  s.uint32(m.crc);
  writeArray(s, m.producerEntries, false, (s, e) => writeProducerEntry(s, e, v));
}

export interface ProducerEntry {
  /** The producer ID (versions 1) */
  producerId: bigint;
  /** Current epoch of the producer (versions 1) */
  epoch: number;
  /** Last written sequence of the producer (versions 1) */
  lastSequence: number;
  /** Last written offset of the producer (versions 1) */
  lastOffset: bigint;
  /** The difference of the last sequence and first sequence in the last written batch (versions 1) */
  offsetDelta: number;
  /** Max timestamp from the last written entry (versions 1) */
  timestamp: bigint;
  /** The epoch of the last transaction coordinator to send an end transaction marker (versions 1) */
  coordinatorEpoch: number;
  /** The first offset of the on-going transaction (-1 if there is none) (versions 1) */
  currentTxnFirstOffset: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newProducerEntry(): ProducerEntry {
  return {
    producerId: 0n,
    epoch: 0,
    lastSequence: 0,
    lastOffset: 0n,
    offsetDelta: 0,
    timestamp: 0n,
    coordinatorEpoch: 0,
    currentTxnFirstOffset: 0n,
  };
}

export function readProducerEntry(r: Reader, v: number): ProducerEntry {
  const m = newProducerEntry();
  m.producerId = r.int64();
  m.epoch = r.int16();
  m.lastSequence = r.int32();
  m.lastOffset = r.int64();
  m.offsetDelta = r.int32();
  m.timestamp = r.int64();
  m.coordinatorEpoch = r.int32();
  m.currentTxnFirstOffset = r.int64();
  return m;
}

export function writeProducerEntry(s: Sink, m: ProducerEntry, v: number): void {
  s.int64(m.producerId);
  s.int16(m.epoch);
  s.int32(m.lastSequence);
  s.int64(m.lastOffset);
  s.int32(m.offsetDelta);
  s.int64(m.timestamp);
  s.int32(m.coordinatorEpoch);
  s.int64(m.currentTxnFirstOffset);
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
