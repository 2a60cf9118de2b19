// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ListPartitionReassignmentsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ListPartitionReassignmentsResponse: response, api key 46. */
export const LIST_PARTITION_REASSIGNMENTS_RESPONSE_SCHEMA = {
  name: "ListPartitionReassignmentsResponse",
  type: "response",
  apiKey: 46,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ListPartitionReassignmentsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The top-level error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The top-level error message, or null if there was no error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** The ongoing reassignments for each topic. (versions 0+) */
  topics: OngoingTopicReassignment[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newListPartitionReassignmentsResponse(): ListPartitionReassignmentsResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    errorMessage: "",
    topics: [],
  };
}

export function readListPartitionReassignmentsResponse(r: Reader, v: number): ListPartitionReassignmentsResponse {
  const flex = true;
  const m = newListPartitionReassignmentsResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  m.topics = (readArray(r, true, false, (r) => readOngoingTopicReassignment(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListPartitionReassignmentsResponse(s: Sink, m: ListPartitionReassignmentsResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  writeArray(s, m.topics, true, (s, e) => writeOngoingTopicReassignment(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface OngoingTopicReassignment {
  /** The topic name. (versions 0+) */
  name: string;
  /** The ongoing reassignments for each partition. (versions 0+) */
  partitions: OngoingPartitionReassignment[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOngoingTopicReassignment(): OngoingTopicReassignment {
  return {
    name: "",
    partitions: [],
  };
}

export function readOngoingTopicReassignment(r: Reader, v: number): OngoingTopicReassignment {
  const flex = true;
  const m = newOngoingTopicReassignment();
  m.name = r.compactString();
  m.partitions = (readArray(r, true, false, (r) => readOngoingPartitionReassignment(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOngoingTopicReassignment(s: Sink, m: OngoingTopicReassignment, v: number): void {
  const flex = true;
  s.string(m.name, true);
  writeArray(s, m.partitions, true, (s, e) => writeOngoingPartitionReassignment(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface OngoingPartitionReassignment {
  /** The index of the partition. (versions 0+) */
  partitionIndex: number;
  /** The current replica set. (versions 0+) */
  replicas: number[];
  /** The set of replicas we are currently adding. (versions 0+) */
  addingReplicas: number[];
  /** The set of replicas we are currently removing. (versions 0+) */
  removingReplicas: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOngoingPartitionReassignment(): OngoingPartitionReassignment {
  return {
    partitionIndex: 0,
    replicas: [],
    addingReplicas: [],
    removingReplicas: [],
  };
}

export function readOngoingPartitionReassignment(r: Reader, v: number): OngoingPartitionReassignment {
  const flex = true;
  const m = newOngoingPartitionReassignment();
  m.partitionIndex = r.int32();
  m.replicas = (readArray(r, true, false, (r) => r.int32()) ?? []);
  m.addingReplicas = (readArray(r, true, false, (r) => r.int32()) ?? []);
  m.removingReplicas = (readArray(r, true, false, (r) => r.int32()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOngoingPartitionReassignment(s: Sink, m: OngoingPartitionReassignment, v: number): void {
  const flex = true;
  s.int32(m.partitionIndex);
  writeArray(s, m.replicas, true, (s, e) => s.int32(e));
  writeArray(s, m.addingReplicas, true, (s, e) => s.int32(e));
  writeArray(s, m.removingReplicas, true, (s, e) => s.int32(e));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
