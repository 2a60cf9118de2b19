// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// WriteTxnMarkersRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** WriteTxnMarkersRequest: request, api key 27. */
export const WRITE_TXN_MARKERS_REQUEST_SCHEMA = {
  name: "WriteTxnMarkersRequest",
  type: "request",
  apiKey: 27,
  minVersion: 1,
  maxVersion: 2,
  flexibleMinVersion: 1,
} as const;

export interface WriteTxnMarkersRequest {
  /** The transaction markers to be written. (versions 0+) */
  markers: WritableTxnMarker[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newWriteTxnMarkersRequest(): WriteTxnMarkersRequest {
  return {
    markers: [],
  };
}

export function readWriteTxnMarkersRequest(r: Reader, v: number): WriteTxnMarkersRequest {
  const flex = true;
  const m = newWriteTxnMarkersRequest();
  m.markers = (readArray(r, true, false, (r) => readWritableTxnMarker(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeWriteTxnMarkersRequest(s: Sink, m: WriteTxnMarkersRequest, v: number): void {
  const flex = true;
  writeArray(s, m.markers, true, (s, e) => writeWritableTxnMarker(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface WritableTxnMarker {
  /** The current producer ID. (versions 0+) */
  producerId: bigint;
  /** The current epoch associated with the producer ID. (versions 0+) */
  producerEpoch: number;
  /** The result of the transaction to write to the partitions (false = ABORT, true = COMMIT). (versions 0+) */
  transactionResult: boolean;
  /** Each topic that we want to write transaction marker(s) for. (versions 0+) */
  topics: WritableTxnMarkerTopic[];
  /** Epoch associated with the transaction state partition hosted by this transaction coordinator. (versions 0+) */
  coordinatorEpoch: number;
  /** Transaction version of the marker. Ex: 0/1 = legacy (TV0/TV1), 2 = TV2 etc. (versions 2+; ignorable) */
  transactionVersion: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newWritableTxnMarker(): WritableTxnMarker {
  return {
    producerId: 0n,
    producerEpoch: 0,
    transactionResult: false,
    topics: [],
    coordinatorEpoch: 0,
    transactionVersion: 0,
  };
}

export function readWritableTxnMarker(r: Reader, v: number): WritableTxnMarker {
  const flex = true;
  const m = newWritableTxnMarker();
  m.producerId = r.int64();
  m.producerEpoch = r.int16();
  m.transactionResult = r.bool();
  m.topics = (readArray(r, true, false, (r) => readWritableTxnMarkerTopic(r, v)) ?? []);
  m.coordinatorEpoch = r.int32();
  if (v >= 2) m.transactionVersion = r.int8();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeWritableTxnMarker(s: Sink, m: WritableTxnMarker, v: number): void {
  const flex = true;
  s.int64(m.producerId);
  s.int16(m.producerEpoch);
  s.bool(m.transactionResult);
  writeArray(s, m.topics, true, (s, e) => writeWritableTxnMarkerTopic(s, e, v));
  s.int32(m.coordinatorEpoch);
  if (v >= 2) s.int8(m.transactionVersion);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface WritableTxnMarkerTopic {
  /** The topic name. (versions 0+) */
  name: string;
  /** The indexes of the partitions to write transaction markers for. (versions 0+) */
  partitionIndexes: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newWritableTxnMarkerTopic(): WritableTxnMarkerTopic {
  return {
    name: "",
    partitionIndexes: [],
  };
}

export function readWritableTxnMarkerTopic(r: Reader, v: number): WritableTxnMarkerTopic {
  const flex = true;
  const m = newWritableTxnMarkerTopic();
  m.name = r.compactString();
  m.partitionIndexes = (readArray(r, true, false, (r) => r.int32()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeWritableTxnMarkerTopic(s: Sink, m: WritableTxnMarkerTopic, v: number): void {
  const flex = true;
  s.string(m.name, true);
  writeArray(s, m.partitionIndexes, true, (s, e) => s.int32(e));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
