// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// WriteTxnMarkersResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** WriteTxnMarkersResponse: response, api key 27. */
export const WRITE_TXN_MARKERS_RESPONSE_SCHEMA = {
  name: "WriteTxnMarkersResponse",
  type: "response",
  apiKey: 27,
  minVersion: 1,
  maxVersion: 2,
  flexibleMinVersion: 1,
} as const;

export interface WriteTxnMarkersResponse {
  /** The results for writing makers. (versions 0+) */
  markers: WritableTxnMarkerResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newWriteTxnMarkersResponse(): WriteTxnMarkersResponse {
  return {
    markers: [],
  };
}

export function readWriteTxnMarkersResponse(r: Reader, v: number): WriteTxnMarkersResponse {
  const flex = true;
  const m = newWriteTxnMarkersResponse();
  m.markers = (readArray(r, true, false, (r) => readWritableTxnMarkerResult(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeWriteTxnMarkersResponse(s: Sink, m: WriteTxnMarkersResponse, v: number): void {
  const flex = true;
  writeArray(s, m.markers, true, (s, e) => writeWritableTxnMarkerResult(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface WritableTxnMarkerResult {
  /** The current producer ID in use by the transactional ID. (versions 0+) */
  producerId: bigint;
  /** The results by topic. (versions 0+) */
  topics: WritableTxnMarkerTopicResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newWritableTxnMarkerResult(): WritableTxnMarkerResult {
  return {
    producerId: 0n,
    topics: [],
  };
}

export function readWritableTxnMarkerResult(r: Reader, v: number): WritableTxnMarkerResult {
  const flex = true;
  const m = newWritableTxnMarkerResult();
  m.producerId = r.int64();
  m.topics = (readArray(r, true, false, (r) => readWritableTxnMarkerTopicResult(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeWritableTxnMarkerResult(s: Sink, m: WritableTxnMarkerResult, v: number): void {
  const flex = true;
  s.int64(m.producerId);
  writeArray(s, m.topics, true, (s, e) => writeWritableTxnMarkerTopicResult(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface WritableTxnMarkerTopicResult {
  /** The topic name. (versions 0+) */
  name: string;
  /** The results by partition. (versions 0+) */
  partitions: WritableTxnMarkerPartitionResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newWritableTxnMarkerTopicResult(): WritableTxnMarkerTopicResult {
  return {
    name: "",
    partitions: [],
  };
}

export function readWritableTxnMarkerTopicResult(r: Reader, v: number): WritableTxnMarkerTopicResult {
  const flex = true;
  const m = newWritableTxnMarkerTopicResult();
  m.name = r.compactString();
  m.partitions = (readArray(r, true, false, (r) => readWritableTxnMarkerPartitionResult(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeWritableTxnMarkerTopicResult(s: Sink, m: WritableTxnMarkerTopicResult, v: number): void {
  const flex = true;
  s.string(m.name, true);
  writeArray(s, m.partitions, true, (s, e) => writeWritableTxnMarkerPartitionResult(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface WritableTxnMarkerPartitionResult {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newWritableTxnMarkerPartitionResult(): WritableTxnMarkerPartitionResult {
  return {
    partitionIndex: 0,
    errorCode: 0,
  };
}

export function readWritableTxnMarkerPartitionResult(r: Reader, v: number): WritableTxnMarkerPartitionResult {
  const flex = true;
  const m = newWritableTxnMarkerPartitionResult();
  m.partitionIndex = r.int32();
  m.errorCode = r.int16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeWritableTxnMarkerPartitionResult(s: Sink, m: WritableTxnMarkerPartitionResult, v: number): void {
  const flex = true;
  s.int32(m.partitionIndex);
  s.int16(m.errorCode);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
