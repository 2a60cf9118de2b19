// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// CreatePartitionsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** CreatePartitionsRequest: request, api key 37. */
export const CREATE_PARTITIONS_REQUEST_SCHEMA = {
  name: "CreatePartitionsRequest",
  type: "request",
  apiKey: 37,
  minVersion: 0,
  maxVersion: 3,
  flexibleMinVersion: 2,
} as const;

export interface CreatePartitionsRequest {
  /** Each topic that we want to create new partitions inside. (versions 0+) */
  topics: CreatePartitionsTopic[];
  /** The time in ms to wait for the partitions to be created. (versions 0+) */
  timeoutMs: number;
  /** If true, then validate the request, but don't actually increase the number of partitions. (versions 0+) */
  validateOnly: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCreatePartitionsRequest(): CreatePartitionsRequest {
  return {
    topics: [],
    timeoutMs: 0,
    validateOnly: false,
  };
}

export function readCreatePartitionsRequest(r: Reader, v: number): CreatePartitionsRequest {
  const flex = v >= 2;
  const m = newCreatePartitionsRequest();
  m.topics = (readArray(r, flex, false, (r) => readCreatePartitionsTopic(r, v)) ?? []);
  m.timeoutMs = r.int32();
  m.validateOnly = r.bool();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCreatePartitionsRequest(s: Sink, m: CreatePartitionsRequest, v: number): void {
  const flex = v >= 2;
  writeArray(s, m.topics, flex, (s, e) => writeCreatePartitionsTopic(s, e, v));
  s.int32(m.timeoutMs);
  s.bool(m.validateOnly);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface CreatePartitionsTopic {
  /** The topic name. (versions 0+) */
  name: string;
  /** The new partition count. (versions 0+) */
  count: number;
  /** The new partition assignments. (versions 0+; nullable 0+) */
  assignments: CreatePartitionsAssignment[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCreatePartitionsTopic(): CreatePartitionsTopic {
  return {
    name: "",
    count: 0,
    assignments: [],
  };
}

export function readCreatePartitionsTopic(r: Reader, v: number): CreatePartitionsTopic {
  const flex = v >= 2;
  const m = newCreatePartitionsTopic();
  m.name = (flex ? r.compactString() : r.string());
  m.count = r.int32();
  m.assignments = readArray(r, flex, true, (r) => readCreatePartitionsAssignment(r, v));
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCreatePartitionsTopic(s: Sink, m: CreatePartitionsTopic, v: number): void {
  const flex = v >= 2;
  s.string(m.name, flex);
  s.int32(m.count);
  writeArray(s, m.assignments, flex, (s, e) => writeCreatePartitionsAssignment(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface CreatePartitionsAssignment {
  /** The assigned broker IDs. (versions 0+) */
  brokerIds: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCreatePartitionsAssignment(): CreatePartitionsAssignment {
  return {
    brokerIds: [],
  };
}

export function readCreatePartitionsAssignment(r: Reader, v: number): CreatePartitionsAssignment {
  const flex = v >= 2;
  const m = newCreatePartitionsAssignment();
  m.brokerIds = (readArray(r, flex, false, (r) => r.int32()) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCreatePartitionsAssignment(s: Sink, m: CreatePartitionsAssignment, v: number): void {
  const flex = v >= 2;
  writeArray(s, m.brokerIds, flex, (s, e) => s.int32(e));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
