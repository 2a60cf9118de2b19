// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ReadShareGroupStateSummaryRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ReadShareGroupStateSummaryRequest: request, api key 87. */
export const READ_SHARE_GROUP_STATE_SUMMARY_REQUEST_SCHEMA = {
  name: "ReadShareGroupStateSummaryRequest",
  type: "request",
  apiKey: 87,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 0,
} as const;

export interface ReadShareGroupStateSummaryRequest {
  /** The group identifier. (versions 0+) */
  groupId: string;
  /** The data for the topics. (versions 0+) */
  topics: ReadStateSummaryData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newReadShareGroupStateSummaryRequest(): ReadShareGroupStateSummaryRequest {
  return {
    groupId: "",
    topics: [],
  };
}

export function readReadShareGroupStateSummaryRequest(r: Reader, v: number): ReadShareGroupStateSummaryRequest {
  const flex = true;
  const m = newReadShareGroupStateSummaryRequest();
  m.groupId = r.compactString();
  m.topics = (readArray(r, true, false, (r) => readReadStateSummaryData(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeReadShareGroupStateSummaryRequest(s: Sink, m: ReadShareGroupStateSummaryRequest, v: number): void {
  const flex = true;
  s.string(m.groupId, true);
  writeArray(s, m.topics, true, (s, e) => writeReadStateSummaryData(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ReadStateSummaryData {
  /** The topic identifier. (versions 0+) */
  topicId: string;
  /** The data for the partitions. (versions 0+) */
  partitions: PartitionData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newReadStateSummaryData(): ReadStateSummaryData {
  return {
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readReadStateSummaryData(r: Reader, v: number): ReadStateSummaryData {
  const flex = true;
  const m = newReadStateSummaryData();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => readPartitionData(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeReadStateSummaryData(s: Sink, m: ReadStateSummaryData, v: number): void {
  const flex = true;
  s.uuid(m.topicId);
  writeArray(s, m.partitions, true, (s, e) => writePartitionData(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface PartitionData {
  /** The partition index. (versions 0+) */
  partition: number;
  /** The leader epoch of the share-partition. (versions 0+) */
  leaderEpoch: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionData(): PartitionData {
  return {
    partition: 0,
    leaderEpoch: 0,
  };
}

export function readPartitionData(r: Reader, v: number): PartitionData {
  const flex = true;
  const m = newPartitionData();
  m.partition = r.int32();
  m.leaderEpoch = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionData(s: Sink, m: PartitionData, v: number): void {
  const flex = true;
  s.int32(m.partition);
  s.int32(m.leaderEpoch);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
