// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeShareGroupOffsetsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeShareGroupOffsetsRequest: request, api key 90. */
export const DESCRIBE_SHARE_GROUP_OFFSETS_REQUEST_SCHEMA = {
  name: "DescribeShareGroupOffsetsRequest",
  type: "request",
  apiKey: 90,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 0,
} as const;

export interface DescribeShareGroupOffsetsRequest {
  /** The groups to describe offsets for. (versions 0+) */
  groups: DescribeShareGroupOffsetsRequestGroup[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeShareGroupOffsetsRequest(): DescribeShareGroupOffsetsRequest {
  return {
    groups: [],
  };
}

export function readDescribeShareGroupOffsetsRequest(r: Reader, v: number): DescribeShareGroupOffsetsRequest {
  const flex = true;
  const m = newDescribeShareGroupOffsetsRequest();
  m.groups = (readArray(r, true, false, (r) => readDescribeShareGroupOffsetsRequestGroup(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeShareGroupOffsetsRequest(s: Sink, m: DescribeShareGroupOffsetsRequest, v: number): void {
  const flex = true;
  writeArray(s, m.groups, true, (s, e) => writeDescribeShareGroupOffsetsRequestGroup(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribeShareGroupOffsetsRequestGroup {
  /** The group identifier. (versions 0+) */
  groupId: string;
  /** The topics to describe offsets for, or null for all topic-partitions. (versions 0+; nullable 0+) */
  topics: DescribeShareGroupOffsetsRequestTopic[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeShareGroupOffsetsRequestGroup(): DescribeShareGroupOffsetsRequestGroup {
  return {
    groupId: "",
    topics: [],
  };
}

export function readDescribeShareGroupOffsetsRequestGroup(r: Reader, v: number): DescribeShareGroupOffsetsRequestGroup {
  const flex = true;
  const m = newDescribeShareGroupOffsetsRequestGroup();
  m.groupId = r.compactString();
  m.topics = readArray(r, true, true, (r) => readDescribeShareGroupOffsetsRequestTopic(r, v));
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeShareGroupOffsetsRequestGroup(s: Sink, m: DescribeShareGroupOffsetsRequestGroup, v: number): void {
  const flex = true;
  s.string(m.groupId, true);
  writeArray(s, m.topics, true, (s, e) => writeDescribeShareGroupOffsetsRequestTopic(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribeShareGroupOffsetsRequestTopic {
  /** The topic name. (versions 0+) */
  topicName: string;
  /** The partitions. (versions 0+) */
  partitions: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeShareGroupOffsetsRequestTopic(): DescribeShareGroupOffsetsRequestTopic {
  return {
    topicName: "",
    partitions: [],
  };
}

export function readDescribeShareGroupOffsetsRequestTopic(r: Reader, v: number): DescribeShareGroupOffsetsRequestTopic {
  const flex = true;
  const m = newDescribeShareGroupOffsetsRequestTopic();
  m.topicName = r.compactString();
  m.partitions = (readArray(r, true, false, (r) => r.int32()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeShareGroupOffsetsRequestTopic(s: Sink, m: DescribeShareGroupOffsetsRequestTopic, v: number): void {
  const flex = true;
  s.string(m.topicName, true);
  writeArray(s, m.partitions, true, (s, e) => s.int32(e));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
