// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AlterPartitionReassignmentsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AlterPartitionReassignmentsResponse: response, api key 45. */
export const ALTER_PARTITION_REASSIGNMENTS_RESPONSE_SCHEMA = {
  name: "AlterPartitionReassignmentsResponse",
  type: "response",
  apiKey: 45,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 0,
} as const;

export interface AlterPartitionReassignmentsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The option indicating whether changing the replication factor of any given partition as part of the request was allowed. (versions 1+; ignorable) */
  allowReplicationFactorChange: boolean;
  /** The top-level error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The top-level error message, or null if there was no error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** The responses to topics to reassign. (versions 0+) */
  responses: ReassignableTopicResponse[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterPartitionReassignmentsResponse(): AlterPartitionReassignmentsResponse {
  return {
    throttleTimeMs: 0,
    allowReplicationFactorChange: true,
    errorCode: 0,
    errorMessage: "",
    responses: [],
  };
}

export function readAlterPartitionReassignmentsResponse(r: Reader, v: number): AlterPartitionReassignmentsResponse {
  const flex = true;
  const m = newAlterPartitionReassignmentsResponse();
  m.throttleTimeMs = r.int32();
  if (v >= 1) m.allowReplicationFactorChange = r.bool();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  m.responses = (readArray(r, true, false, (r) => readReassignableTopicResponse(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterPartitionReassignmentsResponse(s: Sink, m: AlterPartitionReassignmentsResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  if (v >= 1) s.bool(m.allowReplicationFactorChange);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  writeArray(s, m.responses, true, (s, e) => writeReassignableTopicResponse(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ReassignableTopicResponse {
  /** The topic name. (versions 0+) */
  name: string;
  /** The responses to partitions to reassign. (versions 0+) */
  partitions: ReassignablePartitionResponse[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newReassignableTopicResponse(): ReassignableTopicResponse {
  return {
    name: "",
    partitions: [],
  };
}

export function readReassignableTopicResponse(r: Reader, v: number): ReassignableTopicResponse {
  const flex = true;
  const m = newReassignableTopicResponse();
  m.name = r.compactString();
  m.partitions = (readArray(r, true, false, (r) => readReassignablePartitionResponse(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeReassignableTopicResponse(s: Sink, m: ReassignableTopicResponse, v: number): void {
  const flex = true;
  s.string(m.name, true);
  writeArray(s, m.partitions, true, (s, e) => writeReassignablePartitionResponse(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ReassignablePartitionResponse {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The error code for this partition, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The error message for this partition, or null if there was no error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newReassignablePartitionResponse(): ReassignablePartitionResponse {
  return {
    partitionIndex: 0,
    errorCode: 0,
    errorMessage: "",
  };
}

export function readReassignablePartitionResponse(r: Reader, v: number): ReassignablePartitionResponse {
  const flex = true;
  const m = newReassignablePartitionResponse();
  m.partitionIndex = r.int32();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeReassignablePartitionResponse(s: Sink, m: ReassignablePartitionResponse, v: number): void {
  const flex = true;
  s.int32(m.partitionIndex);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
