// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeProducersResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeProducersResponse: response, api key 61. */
export const DESCRIBE_PRODUCERS_RESPONSE_SCHEMA = {
  name: "DescribeProducersResponse",
  type: "response",
  apiKey: 61,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface DescribeProducersResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** Each topic in the response. (versions 0+) */
  topics: TopicResponse[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeProducersResponse(): DescribeProducersResponse {
  return {
    throttleTimeMs: 0,
    topics: [],
  };
}

export function readDescribeProducersResponse(r: Reader, v: number): DescribeProducersResponse {
  const flex = true;
  const m = newDescribeProducersResponse();
  m.throttleTimeMs = r.int32();
  m.topics = (readArray(r, true, false, (r) => readTopicResponse(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeProducersResponse(s: Sink, m: DescribeProducersResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  writeArray(s, m.topics, true, (s, e) => writeTopicResponse(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicResponse {
  /** The topic name. (versions 0+) */
  name: string;
  /** Each partition in the response. (versions 0+) */
  partitions: PartitionResponse[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicResponse(): TopicResponse {
  return {
    name: "",
    partitions: [],
  };
}

export function readTopicResponse(r: Reader, v: number): TopicResponse {
  const flex = true;
  const m = newTopicResponse();
  m.name = r.compactString();
  m.partitions = (readArray(r, true, false, (r) => readPartitionResponse(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicResponse(s: Sink, m: TopicResponse, v: number): void {
  const flex = true;
  s.string(m.name, true);
  writeArray(s, m.partitions, true, (s, e) => writePartitionResponse(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface PartitionResponse {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The partition error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The partition error message, which may be null if no additional details are available. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** The active producers for the partition. (versions 0+) */
  activeProducers: ProducerState[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionResponse(): PartitionResponse {
  return {
    partitionIndex: 0,
    errorCode: 0,
    errorMessage: null,
    activeProducers: [],
  };
}

export function readPartitionResponse(r: Reader, v: number): PartitionResponse {
  const flex = true;
  const m = newPartitionResponse();
  m.partitionIndex = r.int32();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  m.activeProducers = (readArray(r, true, false, (r) => readProducerState(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionResponse(s: Sink, m: PartitionResponse, v: number): void {
  const flex = true;
  s.int32(m.partitionIndex);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  writeArray(s, m.activeProducers, true, (s, e) => writeProducerState(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ProducerState {
  /** The producer id. (versions 0+) */
  producerId: bigint;
  /** The producer epoch. (versions 0+) */
  producerEpoch: number;
  /** The last sequence number sent by the producer. (versions 0+) */
  lastSequence: number;
  /** The last timestamp sent by the producer. (versions 0+) */
  lastTimestamp: bigint;
  /** The current epoch of the producer group. (versions 0+) */
  coordinatorEpoch: number;
  /** The current transaction start offset of the producer. (versions 0+) */
  currentTxnStartOffset: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newProducerState(): ProducerState {
  return {
    producerId: 0n,
    producerEpoch: 0,
    lastSequence: -1,
    lastTimestamp: -1n,
    coordinatorEpoch: 0,
    currentTxnStartOffset: -1n,
  };
}

export function readProducerState(r: Reader, v: number): ProducerState {
  const flex = true;
  const m = newProducerState();
  m.producerId = r.int64();
  m.producerEpoch = r.int32();
  m.lastSequence = r.int32();
  m.lastTimestamp = r.int64();
  m.coordinatorEpoch = r.int32();
  m.currentTxnStartOffset = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeProducerState(s: Sink, m: ProducerState, v: number): void {
  const flex = true;
  s.int64(m.producerId);
  s.int32(m.producerEpoch);
  s.int32(m.lastSequence);
  s.int64(m.lastTimestamp);
  s.int32(m.coordinatorEpoch);
  s.int64(m.currentTxnStartOffset);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
