// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ProduceResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ProduceResponse: response, api key 0. */
export const PRODUCE_RESPONSE_SCHEMA = {
  name: "ProduceResponse",
  type: "response",
  apiKey: 0,
  minVersion: 3,
  maxVersion: 13,
  flexibleMinVersion: 9,
} as const;

export interface ProduceResponse {
  /** Each produce response. (versions 0+) */
  responses: TopicProduceResponse[];
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 1+; ignorable) */
  throttleTimeMs: number;
  /** Endpoints for all current-leaders enumerated in PartitionProduceResponses, with errors NOT_LEADER_OR_FOLLOWER. (versions 10+; tag 0 in 10+) */
  nodeEndpoints: NodeEndpoint[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newProduceResponse(): ProduceResponse {
  return {
    responses: [],
    throttleTimeMs: 0,
    nodeEndpoints: [],
  };
}

export function readProduceResponse(r: Reader, v: number): ProduceResponse {
  const flex = v >= 9;
  const m = newProduceResponse();
  m.responses = (readArray(r, flex, false, (r) => readTopicProduceResponse(r, v)) ?? []);
  m.throttleTimeMs = r.int32();
  if (v >= 9) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (v >= 10) { m.nodeEndpoints = (readArray(r, true, false, (r) => readNodeEndpoint(r, v)) ?? []); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeProduceResponse(s: Sink, m: ProduceResponse, v: number): void {
  const flex = v >= 9;
  writeArray(s, m.responses, flex, (s, e) => writeTopicProduceResponse(s, e, v));
  s.int32(m.throttleTimeMs);
  if (!(v >= 10) && !((m.nodeEndpoints !== null && m.nodeEndpoints.length === 0))) throw new UnsupportedFieldError("ProduceResponse", "NodeEndpoints", v, "holds a non-default value, which cannot be sent");
  if (v >= 9) {
    const tags: TagWriter[] = [];
    if ((v >= 10) && (!((m.nodeEndpoints !== null && m.nodeEndpoints.length === 0)))) tags.push([0, (s) => writeArray(s, m.nodeEndpoints, true, (s, e) => writeNodeEndpoint(s, e, v))]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicProduceResponse {
  /** The topic name. (versions 0-12; ignorable) */
  name: string;
  /** The unique topic ID (versions 13+; ignorable) */
  topicId: string;
  /** Each partition that we produced to within the topic. (versions 0+) */
  partitionResponses: PartitionProduceResponse[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicProduceResponse(): TopicProduceResponse {
  return {
    name: "",
    topicId: ZERO_UUID,
    partitionResponses: [],
  };
}

export function readTopicProduceResponse(r: Reader, v: number): TopicProduceResponse {
  const flex = v >= 9;
  const m = newTopicProduceResponse();
  if (v <= 12) m.name = (flex ? r.compactString() : r.string());
  if (v >= 13) m.topicId = r.uuid();
  m.partitionResponses = (readArray(r, flex, false, (r) => readPartitionProduceResponse(r, v)) ?? []);
  if (v >= 9) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicProduceResponse(s: Sink, m: TopicProduceResponse, v: number): void {
  const flex = v >= 9;
  if (v <= 12) s.string(m.name, flex);
  if (v >= 13) s.uuid(m.topicId);
  writeArray(s, m.partitionResponses, flex, (s, e) => writePartitionProduceResponse(s, e, v));
  if (v >= 9) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface PartitionProduceResponse {
  /** The partition index. (versions 0+) */
  index: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The base offset. (versions 0+) */
  baseOffset: bigint;
  /** The timestamp returned by broker after appending the messages. If CreateTime is used for the topic, the timestamp will be -1. If LogAppendTime is used for the topic, the timestamp will be the broker local time when the messages are appended. (versions 2+; ignorable) */
  logAppendTimeMs: bigint;
  /** The log start offset. (versions 5+; ignorable) */
  logStartOffset: bigint;
  /** The batch indices of records that caused the batch to be dropped. (versions 8+; ignorable) */
  recordErrors: BatchIndexAndErrorMessage[];
  /** The global error message summarizing the common root cause of the records that caused the batch to be dropped. (versions 8+; nullable 8+; ignorable) */
  errorMessage: string | null;
  /** The leader broker that the producer should use for future requests. (versions 10+; tag 0 in 10+) */
  currentLeader: LeaderIdAndEpoch;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionProduceResponse(): PartitionProduceResponse {
  return {
    index: 0,
    errorCode: 0,
    baseOffset: 0n,
    logAppendTimeMs: -1n,
    logStartOffset: -1n,
    recordErrors: [],
    errorMessage: null,
    currentLeader: newLeaderIdAndEpoch(),
  };
}

export function readPartitionProduceResponse(r: Reader, v: number): PartitionProduceResponse {
  const flex = v >= 9;
  const m = newPartitionProduceResponse();
  m.index = r.int32();
  m.errorCode = r.int16();
  m.baseOffset = r.int64();
  m.logAppendTimeMs = r.int64();
  if (v >= 5) m.logStartOffset = r.int64();
  if (v >= 8) m.recordErrors = (readArray(r, flex, false, (r) => readBatchIndexAndErrorMessage(r, v)) ?? []);
  if (v >= 8) m.errorMessage = (flex ? (v >= 8 ? r.compactNullableString() : r.compactString()) : (v >= 8 ? r.nullableString() : r.string()));
  if (v >= 9) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (v >= 10) { m.currentLeader = readLeaderIdAndEpoch(r, v); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writePartitionProduceResponse(s: Sink, m: PartitionProduceResponse, v: number): void {
  const flex = v >= 9;
  s.int32(m.index);
  s.int16(m.errorCode);
  s.int64(m.baseOffset);
  s.int64(m.logAppendTimeMs);
  if (v >= 5) s.int64(m.logStartOffset);
  if (v >= 8) writeArray(s, m.recordErrors, flex, (s, e) => writeBatchIndexAndErrorMessage(s, e, v));
  if (m.errorMessage === null && (v >= 8) && (!(v >= 8))) throw new UnsupportedFieldError("ProduceResponse", "ErrorMessage", v, "is null, which is not allowed");
  if (v >= 8) s.string(m.errorMessage, flex);
  if (!(v >= 10) && !(deepEqual(m.currentLeader, newLeaderIdAndEpoch()))) throw new UnsupportedFieldError("ProduceResponse", "CurrentLeader", v, "holds a non-default value, which cannot be sent");
  if (v >= 9) {
    const tags: TagWriter[] = [];
    if ((v >= 10) && (!(deepEqual(m.currentLeader, newLeaderIdAndEpoch())))) tags.push([0, (s) => writeLeaderIdAndEpoch(s, m.currentLeader, v)]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface BatchIndexAndErrorMessage {
  /** The batch index of the record that caused the batch to be dropped. (versions 8+) */
  batchIndex: number;
  /** The error message of the record that caused the batch to be dropped. (versions 8+; nullable 8+) */
  batchIndexErrorMessage: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newBatchIndexAndErrorMessage(): BatchIndexAndErrorMessage {
  return {
    batchIndex: 0,
    batchIndexErrorMessage: null,
  };
}

export function readBatchIndexAndErrorMessage(r: Reader, v: number): BatchIndexAndErrorMessage {
  const flex = v >= 9;
  const m = newBatchIndexAndErrorMessage();
  m.batchIndex = r.int32();
  m.batchIndexErrorMessage = (flex ? r.compactNullableString() : r.nullableString());
  if (v >= 9) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeBatchIndexAndErrorMessage(s: Sink, m: BatchIndexAndErrorMessage, v: number): void {
  const flex = v >= 9;
  s.int32(m.batchIndex);
  s.string(m.batchIndexErrorMessage, flex);
  if (v >= 9) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface LeaderIdAndEpoch {
  /** The ID of the current leader or -1 if the leader is unknown. (versions 10+) */
  leaderId: number;
  /** The latest known leader epoch. (versions 10+) */
  leaderEpoch: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newLeaderIdAndEpoch(): LeaderIdAndEpoch {
  return {
    leaderId: -1,
    leaderEpoch: -1,
  };
}

export function readLeaderIdAndEpoch(r: Reader, v: number): LeaderIdAndEpoch {
  const flex = true;
  const m = newLeaderIdAndEpoch();
  m.leaderId = r.int32();
  m.leaderEpoch = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeLeaderIdAndEpoch(s: Sink, m: LeaderIdAndEpoch, v: number): void {
  const flex = true;
  s.int32(m.leaderId);
  s.int32(m.leaderEpoch);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface NodeEndpoint {
  /** The ID of the associated node. (versions 10+) */
  nodeId: number;
  /** The node's hostname. (versions 10+) */
  host: string;
  /** The node's port. (versions 10+) */
  port: number;
  /** The rack of the node, or null if it has not been assigned to a rack. (versions 10+; nullable 10+) */
  rack: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newNodeEndpoint(): NodeEndpoint {
  return {
    nodeId: 0,
    host: "",
    port: 0,
    rack: null,
  };
}

export function readNodeEndpoint(r: Reader, v: number): NodeEndpoint {
  const flex = true;
  const m = newNodeEndpoint();
  m.nodeId = r.int32();
  m.host = r.compactString();
  m.port = r.int32();
  m.rack = r.compactNullableString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeNodeEndpoint(s: Sink, m: NodeEndpoint, v: number): void {
  const flex = true;
  s.int32(m.nodeId);
  s.string(m.host, true);
  s.int32(m.port);
  s.string(m.rack, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
