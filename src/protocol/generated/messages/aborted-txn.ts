// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AbortedTxn.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AbortedTxn: data. */
export const ABORTED_TXN_SCHEMA = {
  name: "AbortedTxn",
  type: "data",
  apiKey: -1,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: -1,
} as const;

export interface AbortedTxn {
  /** The producer id associated with the aborted transaction (versions 0+) */
  producerId: bigint;
  /** The first offset in the aborted transaction (versions 0+) */
  firstOffset: bigint;
  /** The last offset in the aborted transaction (versions 0+) */
  lastOffset: bigint;
  /** The last stable offset at the time the transaction was aborted (versions 0+) */
  lastStableOffset: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAbortedTxn(): AbortedTxn {
  return {
    producerId: 0n,
    firstOffset: 0n,
    lastOffset: 0n,
    lastStableOffset: 0n,
  };
}

export function readAbortedTxn(r: Reader, v: number): AbortedTxn {
  const m = newAbortedTxn();
  m.producerId = r.int64();
  m.firstOffset = r.int64();
  m.lastOffset = r.int64();
  m.lastStableOffset = r.int64();
  return m;
}

export function writeAbortedTxn(s: Sink, m: AbortedTxn, v: number): void {
  s.int64(m.producerId);
  s.int64(m.firstOffset);
  s.int64(m.lastOffset);
  s.int64(m.lastStableOffset);
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
