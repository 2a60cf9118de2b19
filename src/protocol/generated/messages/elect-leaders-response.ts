// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ElectLeadersResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ElectLeadersResponse: response, api key 43. */
export const ELECT_LEADERS_RESPONSE_SCHEMA = {
  name: "ElectLeadersResponse",
  type: "response",
  apiKey: 43,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 2,
} as const;

export interface ElectLeadersResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The top level response error code. (versions 1+) */
  errorCode: number;
  /** The election results, or an empty array if the requester did not have permission and the request asks for all partitions. (versions 0+) */
  replicaElectionResults: ReplicaElectionResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newElectLeadersResponse(): ElectLeadersResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    replicaElectionResults: [],
  };
}

export function readElectLeadersResponse(r: Reader, v: number): ElectLeadersResponse {
  const flex = v >= 2;
  const m = newElectLeadersResponse();
  m.throttleTimeMs = r.int32();
  if (v >= 1) m.errorCode = r.int16();
  m.replicaElectionResults = (readArray(r, flex, false, (r) => readReplicaElectionResult(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeElectLeadersResponse(s: Sink, m: ElectLeadersResponse, v: number): void {
  const flex = v >= 2;
  s.int32(m.throttleTimeMs);
  if (v >= 1) s.int16(m.errorCode);
  if (!(v >= 1) && !(m.errorCode === 0)) throw new UnsupportedFieldError("ElectLeadersResponse", "ErrorCode", v, "holds a non-default value, which cannot be sent");
  writeArray(s, m.replicaElectionResults, flex, (s, e) => writeReplicaElectionResult(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ReplicaElectionResult {
  /** The topic name. (versions 0+) */
  topic: string;
  /** The results for each partition. (versions 0+) */
  partitionResult: PartitionResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newReplicaElectionResult(): ReplicaElectionResult {
  return {
    topic: "",
    partitionResult: [],
  };
}

export function readReplicaElectionResult(r: Reader, v: number): ReplicaElectionResult {
  const flex = v >= 2;
  const m = newReplicaElectionResult();
  m.topic = (flex ? r.compactString() : r.string());
  m.partitionResult = (readArray(r, flex, false, (r) => readPartitionResult(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeReplicaElectionResult(s: Sink, m: ReplicaElectionResult, v: number): void {
  const flex = v >= 2;
  s.string(m.topic, flex);
  writeArray(s, m.partitionResult, flex, (s, e) => writePartitionResult(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface PartitionResult {
  /** The partition id. (versions 0+) */
  partitionId: number;
  /** The result error, or zero if there was no error. (versions 0+) */
  errorCode: number;
  /** The result message, or null if there was no error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionResult(): PartitionResult {
  return {
    partitionId: 0,
    errorCode: 0,
    errorMessage: "",
  };
}

export function readPartitionResult(r: Reader, v: number): PartitionResult {
  const flex = v >= 2;
  const m = newPartitionResult();
  m.partitionId = r.int32();
  m.errorCode = r.int16();
  m.errorMessage = (flex ? r.compactNullableString() : r.nullableString());
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionResult(s: Sink, m: PartitionResult, v: number): void {
  const flex = v >= 2;
  s.int32(m.partitionId);
  s.int16(m.errorCode);
  s.string(m.errorMessage, flex);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
