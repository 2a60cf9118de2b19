// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ProduceRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import type { Records } from "../../primitives/records-ref.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ProduceRequest: request, api key 0. */
export const PRODUCE_REQUEST_SCHEMA = {
  name: "ProduceRequest",
  type: "request",
  apiKey: 0,
  minVersion: 3,
  maxVersion: 13,
  flexibleMinVersion: 9,
} as const;

export interface ProduceRequest {
  /** The transactional ID, or null if the producer is not transactional. (versions 3+; nullable 3+) */
  transactionalId: string | null;
  /** The number of acknowledgments the producer requires the leader to have received before considering a request complete. Allowed values: 0 for no acknowledgments, 1 for only the leader and -1 for the full ISR. (versions 0+) */
  acks: number;
  /** The timeout to await a response in milliseconds. (versions 0+) */
  timeoutMs: number;
  /** Each topic to produce to. (versions 0+) */
  topicData: TopicProduceData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newProduceRequest(): ProduceRequest {
  return {
    transactionalId: null,
    acks: 0,
    timeoutMs: 0,
    topicData: [],
  };
}

export function readProduceRequest(r: Reader, v: number): ProduceRequest {
  const flex = v >= 9;
  const m = newProduceRequest();
  m.transactionalId = (flex ? r.compactNullableString() : r.nullableString());
  m.acks = r.int16();
  m.timeoutMs = r.int32();
  m.topicData = (readArray(r, flex, false, (r) => readTopicProduceData(r, v)) ?? []);
  if (v >= 9) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeProduceRequest(s: Sink, m: ProduceRequest, v: number): void {
  const flex = v >= 9;
  s.string(m.transactionalId, flex);
  s.int16(m.acks);
  s.int32(m.timeoutMs);
  writeArray(s, m.topicData, flex, (s, e) => writeTopicProduceData(s, e, v));
  if (v >= 9) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicProduceData {
  /** The topic name. (versions 0-12; ignorable) */
  name: string;
  /** The unique topic ID (versions 13+; ignorable) */
  topicId: string;
  /** Each partition to produce to. (versions 0+) */
  partitionData: PartitionProduceData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicProduceData(): TopicProduceData {
  return {
    name: "",
    topicId: ZERO_UUID,
    partitionData: [],
  };
}

export function readTopicProduceData(r: Reader, v: number): TopicProduceData {
  const flex = v >= 9;
  const m = newTopicProduceData();
  if (v <= 12) m.name = (flex ? r.compactString() : r.string());
  if (v >= 13) m.topicId = r.uuid();
  m.partitionData = (readArray(r, flex, false, (r) => readPartitionProduceData(r, v)) ?? []);
  if (v >= 9) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicProduceData(s: Sink, m: TopicProduceData, v: number): void {
  const flex = v >= 9;
  if (v <= 12) s.string(m.name, flex);
  if (v >= 13) s.uuid(m.topicId);
  writeArray(s, m.partitionData, flex, (s, e) => writePartitionProduceData(s, e, v));
  if (v >= 9) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface PartitionProduceData {
  /** The partition index. (versions 0+) */
  index: number;
  /** The record data to be produced. (versions 0+; nullable 0+) */
  records: Records | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionProduceData(): PartitionProduceData {
  return {
    index: 0,
    records: null,
  };
}

export function readPartitionProduceData(r: Reader, v: number): PartitionProduceData {
  const flex = v >= 9;
  const m = newPartitionProduceData();
  m.index = r.int32();
  m.records = r.records(flex, true);
  if (v >= 9) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionProduceData(s: Sink, m: PartitionProduceData, v: number): void {
  const flex = v >= 9;
  s.int32(m.index);
  s.records(m.records, flex);
  if (v >= 9) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
