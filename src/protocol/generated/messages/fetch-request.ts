// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// FetchRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** FetchRequest: request, api key 1. */
export const FETCH_REQUEST_SCHEMA = {
  name: "FetchRequest",
  type: "request",
  apiKey: 1,
  minVersion: 4,
  maxVersion: 18,
  flexibleMinVersion: 12,
} as const;

export interface FetchRequest {
  /** The clusterId if known. This is used to validate metadata fetches prior to broker registration. (versions 12+; nullable 12+; tag 0 in 12+; ignorable) */
  clusterId: string | null;
  /** The broker ID of the follower, of -1 if this request is from a consumer. (versions 0-14) */
  replicaId: number;
  /** The state of the replica in the follower. (versions 15+; tag 1 in 15+) */
  replicaState: ReplicaState;
  /** The maximum time in milliseconds to wait for the response. (versions 0+) */
  maxWaitMs: number;
  /** The minimum bytes to accumulate in the response. (versions 0+) */
  minBytes: number;
  /** The maximum bytes to fetch. See KIP-74 for cases where this limit may not be honored. (versions 3+; ignorable) */
  maxBytes: number;
  /** This setting controls the visibility of transactional records. Using READ_UNCOMMITTED (isolation_level = 0) makes all records visible. With READ_COMMITTED (isolation_level = 1), non-transactional and COMMITTED transactional records are visible. To be more concrete, READ_COMMITTED returns all data from offsets smaller than the current LSO (last stable offset), and enables the inclusion of the list of aborted transactions in the result, which allows consumers to discard ABORTED transactional records. (versions 4+; ignorable) */
  isolationLevel: number;
  /** The fetch session ID. (versions 7+; ignorable) */
  sessionId: number;
  /** The fetch session epoch, which is used for ordering requests in a session. (versions 7+; ignorable) */
  sessionEpoch: number;
  /** The topics to fetch. (versions 0+) */
  topics: FetchTopic[];
  /** In an incremental fetch request, the partitions to remove. (versions 7+) */
  forgottenTopicsData: ForgottenTopic[];
  /** Rack ID of the consumer making this request. (versions 11+; ignorable) */
  rackId: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newFetchRequest(): FetchRequest {
  return {
    clusterId: null,
    replicaId: -1,
    replicaState: newReplicaState(),
    maxWaitMs: 0,
    minBytes: 0,
    maxBytes: 2147483647,
    isolationLevel: 0,
    sessionId: 0,
    sessionEpoch: -1,
    topics: [],
    forgottenTopicsData: [],
    rackId: "",
  };
}

export function readFetchRequest(r: Reader, v: number): FetchRequest {
  const flex = v >= 12;
  const m = newFetchRequest();
  if (v <= 14) m.replicaId = r.int32();
  m.maxWaitMs = r.int32();
  m.minBytes = r.int32();
  m.maxBytes = r.int32();
  m.isolationLevel = r.int8();
  if (v >= 7) m.sessionId = r.int32();
  if (v >= 7) m.sessionEpoch = r.int32();
  m.topics = (readArray(r, flex, false, (r) => readFetchTopic(r, v)) ?? []);
  if (v >= 7) m.forgottenTopicsData = (readArray(r, flex, false, (r) => readForgottenTopic(r, v)) ?? []);
  if (v >= 11) m.rackId = (flex ? r.compactString() : r.string());
  if (v >= 12) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (v >= 12) { m.clusterId = (v >= 12 ? r.compactNullableString() : r.compactString()); return true; } return false;
      case 1: if (v >= 15) { m.replicaState = readReplicaState(r, v); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeFetchRequest(s: Sink, m: FetchRequest, v: number): void {
  const flex = v >= 12;
  if (m.clusterId === null && (v >= 12) && (!(v >= 12))) throw new UnsupportedFieldError("FetchRequest", "ClusterId", v, "is null, which is not allowed");
  if (v <= 14) s.int32(m.replicaId);
  if (!(v <= 14) && !(m.replicaId === -1)) throw new UnsupportedFieldError("FetchRequest", "ReplicaId", v, "holds a non-default value, which cannot be sent");
  if (!(v >= 15) && !(deepEqual(m.replicaState, newReplicaState()))) throw new UnsupportedFieldError("FetchRequest", "ReplicaState", v, "holds a non-default value, which cannot be sent");
  s.int32(m.maxWaitMs);
  s.int32(m.minBytes);
  s.int32(m.maxBytes);
  s.int8(m.isolationLevel);
  if (v >= 7) s.int32(m.sessionId);
  if (v >= 7) s.int32(m.sessionEpoch);
  writeArray(s, m.topics, flex, (s, e) => writeFetchTopic(s, e, v));
  if (v >= 7) writeArray(s, m.forgottenTopicsData, flex, (s, e) => writeForgottenTopic(s, e, v));
  if (!(v >= 7) && !((m.forgottenTopicsData !== null && m.forgottenTopicsData.length === 0))) throw new UnsupportedFieldError("FetchRequest", "ForgottenTopicsData", v, "holds a non-default value, which cannot be sent");
  if (v >= 11) s.string(m.rackId, flex);
  if (v >= 12) {
    const tags: TagWriter[] = [];
    if ((v >= 12) && (!(m.clusterId === null))) tags.push([0, (s) => s.string(m.clusterId, true)]);
    if ((v >= 15) && (!(deepEqual(m.replicaState, newReplicaState())))) tags.push([1, (s) => writeReplicaState(s, m.replicaState, v)]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ReplicaState {
  /** The replica ID of the follower, or -1 if this request is from a consumer. (versions 15+) */
  replicaId: number;
  /** The epoch of this follower, or -1 if not available. (versions 15+) */
  replicaEpoch: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newReplicaState(): ReplicaState {
  return {
    replicaId: -1,
    replicaEpoch: -1n,
  };
}

export function readReplicaState(r: Reader, v: number): ReplicaState {
  const flex = true;
  const m = newReplicaState();
  m.replicaId = r.int32();
  m.replicaEpoch = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeReplicaState(s: Sink, m: ReplicaState, v: number): void {
  const flex = true;
  s.int32(m.replicaId);
  s.int64(m.replicaEpoch);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface FetchTopic {
  /** The name of the topic to fetch. (versions 0-12; ignorable) */
  topic: string;
  /** The unique topic ID. (versions 13+; ignorable) */
  topicId: string;
  /** The partitions to fetch. (versions 0+) */
  partitions: FetchPartition[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newFetchTopic(): FetchTopic {
  return {
    topic: "",
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readFetchTopic(r: Reader, v: number): FetchTopic {
  const flex = v >= 12;
  const m = newFetchTopic();
  if (v <= 12) m.topic = (flex ? r.compactString() : r.string());
  if (v >= 13) m.topicId = r.uuid();
  m.partitions = (readArray(r, flex, false, (r) => readFetchPartition(r, v)) ?? []);
  if (v >= 12) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeFetchTopic(s: Sink, m: FetchTopic, v: number): void {
  const flex = v >= 12;
  if (v <= 12) s.string(m.topic, flex);
  if (v >= 13) s.uuid(m.topicId);
  writeArray(s, m.partitions, flex, (s, e) => writeFetchPartition(s, e, v));
  if (v >= 12) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface FetchPartition {
  /** The partition index. (versions 0+) */
  partition: number;
  /** The current leader epoch of the partition. (versions 9+; ignorable) */
  currentLeaderEpoch: number;
  /** The message offset. (versions 0+) */
  fetchOffset: bigint;
  /** The epoch of the last fetched record or -1 if there is none. (versions 12+) */
  lastFetchedEpoch: number;
  /** The earliest available offset of the follower replica. The field is only used when the request is sent by the follower. (versions 5+; ignorable) */
  logStartOffset: bigint;
  /** The maximum bytes to fetch from this partition. See KIP-74 for cases where this limit may not be honored. (versions 0+) */
  partitionMaxBytes: number;
  /** The directory id of the follower fetching. (versions 17+; tag 0 in 17+; ignorable) */
  replicaDirectoryId: string;
  /** The high-watermark known by the replica. -1 if the high-watermark is not known and 9223372036854775807 if the feature is not supported. (versions 18+; tag 1 in 18+; ignorable) */
  highWatermark: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newFetchPartition(): FetchPartition {
  return {
    partition: 0,
    currentLeaderEpoch: -1,
    fetchOffset: 0n,
    lastFetchedEpoch: -1,
    logStartOffset: -1n,
    partitionMaxBytes: 0,
    replicaDirectoryId: ZERO_UUID,
    highWatermark: 9223372036854775807n,
  };
}

export function readFetchPartition(r: Reader, v: number): FetchPartition {
  const flex = v >= 12;
  const m = newFetchPartition();
  m.partition = r.int32();
  if (v >= 9) m.currentLeaderEpoch = r.int32();
  m.fetchOffset = r.int64();
  if (v >= 12) m.lastFetchedEpoch = r.int32();
  if (v >= 5) m.logStartOffset = r.int64();
  m.partitionMaxBytes = r.int32();
  if (v >= 12) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (v >= 17) { m.replicaDirectoryId = r.uuid(); return true; } return false;
      case 1: if (v >= 18) { m.highWatermark = r.int64(); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeFetchPartition(s: Sink, m: FetchPartition, v: number): void {
  const flex = v >= 12;
  s.int32(m.partition);
  if (v >= 9) s.int32(m.currentLeaderEpoch);
  s.int64(m.fetchOffset);
  if (v >= 12) s.int32(m.lastFetchedEpoch);
  if (!(v >= 12) && !(m.lastFetchedEpoch === -1)) throw new UnsupportedFieldError("FetchRequest", "LastFetchedEpoch", v, "holds a non-default value, which cannot be sent");
  if (v >= 5) s.int64(m.logStartOffset);
  s.int32(m.partitionMaxBytes);
  if (v >= 12) {
    const tags: TagWriter[] = [];
    if ((v >= 17) && (!(m.replicaDirectoryId === ZERO_UUID))) tags.push([0, (s) => s.uuid(m.replicaDirectoryId)]);
    if ((v >= 18) && (!(m.highWatermark === 9223372036854775807n))) tags.push([1, (s) => s.int64(m.highWatermark)]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ForgottenTopic {
  /** The topic name. (versions 7-12; ignorable) */
  topic: string;
  /** The unique topic ID. (versions 13+; ignorable) */
  topicId: string;
  /** The partitions indexes to forget. (versions 7+) */
  partitions: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newForgottenTopic(): ForgottenTopic {
  return {
    topic: "",
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readForgottenTopic(r: Reader, v: number): ForgottenTopic {
  const flex = v >= 12;
  const m = newForgottenTopic();
  if (v <= 12) m.topic = (flex ? r.compactString() : r.string());
  if (v >= 13) m.topicId = r.uuid();
  m.partitions = (readArray(r, flex, false, (r) => r.int32()) ?? []);
  if (v >= 12) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeForgottenTopic(s: Sink, m: ForgottenTopic, v: number): void {
  const flex = v >= 12;
  if (v <= 12) s.string(m.topic, flex);
  if (v >= 13) s.uuid(m.topicId);
  writeArray(s, m.partitions, flex, (s, e) => s.int32(e));
  if (v >= 12) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
