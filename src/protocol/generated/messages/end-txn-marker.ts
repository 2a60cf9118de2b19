// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// EndTxnMarker.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** EndTxnMarker: data. */
export const END_TXN_MARKER_SCHEMA = {
  name: "EndTxnMarker",
  type: "data",
  apiKey: -1,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: -1,
} as const;

export interface EndTxnMarker {
  /** The coordinator epoch when appending the record (versions 0+) */
  coordinatorEpoch: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newEndTxnMarker(): EndTxnMarker {
  return {
    coordinatorEpoch: 0,
  };
}

export function readEndTxnMarker(r: Reader, v: number): EndTxnMarker {
  const m = newEndTxnMarker();
  m.coordinatorEpoch = r.int32();
  return m;
}

export function writeEndTxnMarker(s: Sink, m: EndTxnMarker, v: number): void {
  s.int32(m.coordinatorEpoch);
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
