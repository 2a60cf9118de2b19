// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ListPartitionReassignmentsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ListPartitionReassignmentsRequest: request, api key 46. */
export const LIST_PARTITION_REASSIGNMENTS_REQUEST_SCHEMA = {
  name: "ListPartitionReassignmentsRequest",
  type: "request",
  apiKey: 46,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ListPartitionReassignmentsRequest {
  /** The time in ms to wait for the request to complete. (versions 0+) */
  timeoutMs: number;
  /** The topics to list partition reassignments for, or null to list everything. (versions 0+; nullable 0+) */
  topics: ListPartitionReassignmentsTopics[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newListPartitionReassignmentsRequest(): ListPartitionReassignmentsRequest {
  return {
    timeoutMs: 60000,
    topics: null,
  };
}

export function readListPartitionReassignmentsRequest(r: Reader, v: number): ListPartitionReassignmentsRequest {
  const flex = true;
  const m = newListPartitionReassignmentsRequest();
  m.timeoutMs = r.int32();
  m.topics = readArray(r, true, true, (r) => readListPartitionReassignmentsTopics(r, v));
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListPartitionReassignmentsRequest(s: Sink, m: ListPartitionReassignmentsRequest, v: number): void {
  const flex = true;
  s.int32(m.timeoutMs);
  writeArray(s, m.topics, true, (s, e) => writeListPartitionReassignmentsTopics(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ListPartitionReassignmentsTopics {
  /** The topic name. (versions 0+) */
  name: string;
  /** The partitions to list partition reassignments for. (versions 0+) */
  partitionIndexes: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newListPartitionReassignmentsTopics(): ListPartitionReassignmentsTopics {
  return {
    name: "",
    partitionIndexes: [],
  };
}

export function readListPartitionReassignmentsTopics(r: Reader, v: number): ListPartitionReassignmentsTopics {
  const flex = true;
  const m = newListPartitionReassignmentsTopics();
  m.name = r.compactString();
  m.partitionIndexes = (readArray(r, true, false, (r) => r.int32()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListPartitionReassignmentsTopics(s: Sink, m: ListPartitionReassignmentsTopics, v: number): void {
  const flex = true;
  s.string(m.name, true);
  writeArray(s, m.partitionIndexes, true, (s, e) => s.int32(e));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
