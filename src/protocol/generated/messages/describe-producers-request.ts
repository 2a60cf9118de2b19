// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeProducersRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeProducersRequest: request, api key 61. */
export const DESCRIBE_PRODUCERS_REQUEST_SCHEMA = {
  name: "DescribeProducersRequest",
  type: "request",
  apiKey: 61,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface DescribeProducersRequest {
  /** The topics to list producers for. (versions 0+) */
  topics: TopicRequest[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeProducersRequest(): DescribeProducersRequest {
  return {
    topics: [],
  };
}

export function readDescribeProducersRequest(r: Reader, v: number): DescribeProducersRequest {
  const flex = true;
  const m = newDescribeProducersRequest();
  m.topics = (readArray(r, true, false, (r) => readTopicRequest(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeProducersRequest(s: Sink, m: DescribeProducersRequest, v: number): void {
  const flex = true;
  writeArray(s, m.topics, true, (s, e) => writeTopicRequest(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicRequest {
  /** The topic name. (versions 0+) */
  name: string;
  /** The indexes of the partitions to list producers for. (versions 0+) */
  partitionIndexes: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicRequest(): TopicRequest {
  return {
    name: "",
    partitionIndexes: [],
  };
}

export function readTopicRequest(r: Reader, v: number): TopicRequest {
  const flex = true;
  const m = newTopicRequest();
  m.name = r.compactString();
  m.partitionIndexes = (readArray(r, true, false, (r) => r.int32()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicRequest(s: Sink, m: TopicRequest, v: number): void {
  const flex = true;
  s.string(m.name, true);
  writeArray(s, m.partitionIndexes, true, (s, e) => s.int32(e));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
