// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeTopicPartitionsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeTopicPartitionsRequest: request, api key 75. */
export const DESCRIBE_TOPIC_PARTITIONS_REQUEST_SCHEMA = {
  name: "DescribeTopicPartitionsRequest",
  type: "request",
  apiKey: 75,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface DescribeTopicPartitionsRequest {
  /** The topics to fetch details for. (versions 0+) */
  topics: TopicRequest[];
  /** The maximum number of partitions included in the response. (versions 0+) */
  responsePartitionLimit: number;
  /** The first topic and partition index to fetch details for. (versions 0+; nullable 0+) */
  cursor: Cursor | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeTopicPartitionsRequest(): DescribeTopicPartitionsRequest {
  return {
    topics: [],
    responsePartitionLimit: 2000,
    cursor: null,
  };
}

export function readDescribeTopicPartitionsRequest(r: Reader, v: number): DescribeTopicPartitionsRequest {
  const flex = true;
  const m = newDescribeTopicPartitionsRequest();
  m.topics = (readArray(r, true, false, (r) => readTopicRequest(r, v)) ?? []);
  m.responsePartitionLimit = r.int32();
  m.cursor = (r.int8() < 0 ? null : readCursor(r, v));
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeTopicPartitionsRequest(s: Sink, m: DescribeTopicPartitionsRequest, v: number): void {
  const flex = true;
  writeArray(s, m.topics, true, (s, e) => writeTopicRequest(s, e, v));
  s.int32(m.responsePartitionLimit);
  { if (m.cursor === null) s.int8(-1); else { s.int8(1); writeCursor(s, m.cursor, v); } };
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicRequest {
  /** The topic name. (versions 0+) */
  name: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicRequest(): TopicRequest {
  return {
    name: "",
  };
}

export function readTopicRequest(r: Reader, v: number): TopicRequest {
  const flex = true;
  const m = newTopicRequest();
  m.name = r.compactString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicRequest(s: Sink, m: TopicRequest, v: number): void {
  const flex = true;
  s.string(m.name, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Cursor {
  /** The name for the first topic to process. (versions 0+) */
  topicName: string;
  /** The partition index to start with. (versions 0+) */
  partitionIndex: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCursor(): Cursor {
  return {
    topicName: "",
    partitionIndex: 0,
  };
}

export function readCursor(r: Reader, v: number): Cursor {
  const flex = true;
  const m = newCursor();
  m.topicName = r.compactString();
  m.partitionIndex = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCursor(s: Sink, m: Cursor, v: number): void {
  const flex = true;
  s.string(m.topicName, true);
  s.int32(m.partitionIndex);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
