// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AlterPartitionReassignmentsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AlterPartitionReassignmentsRequest: request, api key 45. */
export const ALTER_PARTITION_REASSIGNMENTS_REQUEST_SCHEMA = {
  name: "AlterPartitionReassignmentsRequest",
  type: "request",
  apiKey: 45,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 0,
} as const;

export interface AlterPartitionReassignmentsRequest {
  /** The time in ms to wait for the request to complete. (versions 0+) */
  timeoutMs: number;
  /** The option indicating whether changing the replication factor of any given partition as part of this request is a valid move. (versions 1+) */
  allowReplicationFactorChange: boolean;
  /** The topics to reassign. (versions 0+) */
  topics: ReassignableTopic[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterPartitionReassignmentsRequest(): AlterPartitionReassignmentsRequest {
  return {
    timeoutMs: 60000,
    allowReplicationFactorChange: true,
    topics: [],
  };
}

export function readAlterPartitionReassignmentsRequest(r: Reader, v: number): AlterPartitionReassignmentsRequest {
  const flex = true;
  const m = newAlterPartitionReassignmentsRequest();
  m.timeoutMs = r.int32();
  if (v >= 1) m.allowReplicationFactorChange = r.bool();
  m.topics = (readArray(r, true, false, (r) => readReassignableTopic(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterPartitionReassignmentsRequest(s: Sink, m: AlterPartitionReassignmentsRequest, v: number): void {
  const flex = true;
  s.int32(m.timeoutMs);
  if (v >= 1) s.bool(m.allowReplicationFactorChange);
  if (!(v >= 1) && !(m.allowReplicationFactorChange === true)) throw new UnsupportedFieldError("AlterPartitionReassignmentsRequest", "AllowReplicationFactorChange", v, "holds a non-default value, which cannot be sent");
  writeArray(s, m.topics, true, (s, e) => writeReassignableTopic(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ReassignableTopic {
  /** The topic name. (versions 0+) */
  name: string;
  /** The partitions to reassign. (versions 0+) */
  partitions: ReassignablePartition[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newReassignableTopic(): ReassignableTopic {
  return {
    name: "",
    partitions: [],
  };
}

export function readReassignableTopic(r: Reader, v: number): ReassignableTopic {
  const flex = true;
  const m = newReassignableTopic();
  m.name = r.compactString();
  m.partitions = (readArray(r, true, false, (r) => readReassignablePartition(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeReassignableTopic(s: Sink, m: ReassignableTopic, v: number): void {
  const flex = true;
  s.string(m.name, true);
  writeArray(s, m.partitions, true, (s, e) => writeReassignablePartition(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ReassignablePartition {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The replicas to place the partitions on, or null to cancel a pending reassignment for this partition. (versions 0+; nullable 0+) */
  replicas: number[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newReassignablePartition(): ReassignablePartition {
  return {
    partitionIndex: 0,
    replicas: null,
  };
}

export function readReassignablePartition(r: Reader, v: number): ReassignablePartition {
  const flex = true;
  const m = newReassignablePartition();
  m.partitionIndex = r.int32();
  m.replicas = readArray(r, true, true, (r) => r.int32());
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeReassignablePartition(s: Sink, m: ReassignablePartition, v: number): void {
  const flex = true;
  s.int32(m.partitionIndex);
  writeArray(s, m.replicas, true, (s, e) => s.int32(e));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
