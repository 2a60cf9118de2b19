// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeLogDirsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeLogDirsRequest: request, api key 35. */
export const DESCRIBE_LOG_DIRS_REQUEST_SCHEMA = {
  name: "DescribeLogDirsRequest",
  type: "request",
  apiKey: 35,
  minVersion: 1,
  maxVersion: 5,
  flexibleMinVersion: 2,
} as const;

export interface DescribeLogDirsRequest {
  /** Each topic that we want to describe log directories for, or null for all topics. (versions 0+; nullable 0+) */
  topics: DescribableLogDirTopic[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeLogDirsRequest(): DescribeLogDirsRequest {
  return {
    topics: [],
  };
}

export function readDescribeLogDirsRequest(r: Reader, v: number): DescribeLogDirsRequest {
  const flex = v >= 2;
  const m = newDescribeLogDirsRequest();
  m.topics = readArray(r, flex, true, (r) => readDescribableLogDirTopic(r, v));
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeLogDirsRequest(s: Sink, m: DescribeLogDirsRequest, v: number): void {
  const flex = v >= 2;
  writeArray(s, m.topics, flex, (s, e) => writeDescribableLogDirTopic(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribableLogDirTopic {
  /** The topic name. (versions 0+) */
  topic: string;
  /** The partition indexes. (versions 0+) */
  partitions: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribableLogDirTopic(): DescribableLogDirTopic {
  return {
    topic: "",
    partitions: [],
  };
}

export function readDescribableLogDirTopic(r: Reader, v: number): DescribableLogDirTopic {
  const flex = v >= 2;
  const m = newDescribableLogDirTopic();
  m.topic = (flex ? r.compactString() : r.string());
  m.partitions = (readArray(r, flex, false, (r) => r.int32()) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribableLogDirTopic(s: Sink, m: DescribableLogDirTopic, v: number): void {
  const flex = v >= 2;
  s.string(m.topic, flex);
  writeArray(s, m.partitions, flex, (s, e) => s.int32(e));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
