// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// MetadataResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** MetadataResponse: response, api key 3. */
export const METADATA_RESPONSE_SCHEMA = {
  name: "MetadataResponse",
  type: "response",
  apiKey: 3,
  minVersion: 0,
  maxVersion: 13,
  flexibleMinVersion: 9,
} as const;

export interface MetadataResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 3+; ignorable) */
  throttleTimeMs: number;
  /** A list of brokers present in the cluster. (versions 0+) */
  brokers: MetadataResponseBroker[];
  /** The cluster ID that responding broker belongs to. (versions 2+; nullable 2+; ignorable) */
  clusterId: string | null;
  /** The ID of the controller broker. (versions 1+; ignorable) */
  controllerId: number;
  /** Each topic in the response. (versions 0+) */
  topics: MetadataResponseTopic[];
  /** 32-bit bitfield to represent authorized operations for this cluster. (versions 8-10) */
  clusterAuthorizedOperations: number;
  /** The top-level error code, or 0 if there was no error. (versions 13+; ignorable) */
  errorCode: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newMetadataResponse(): MetadataResponse {
  return {
    throttleTimeMs: 0,
    brokers: [],
    clusterId: null,
    controllerId: -1,
    topics: [],
    clusterAuthorizedOperations: -2147483648,
    errorCode: 0,
  };
}

export function readMetadataResponse(r: Reader, v: number): MetadataResponse {
  const flex = v >= 9;
  const m = newMetadataResponse();
  if (v >= 3) m.throttleTimeMs = r.int32();
  m.brokers = (readArray(r, flex, false, (r) => readMetadataResponseBroker(r, v)) ?? []);
  if (v >= 2) m.clusterId = (flex ? (v >= 2 ? r.compactNullableString() : r.compactString()) : (v >= 2 ? r.nullableString() : r.string()));
  if (v >= 1) m.controllerId = r.int32();
  m.topics = (readArray(r, flex, false, (r) => readMetadataResponseTopic(r, v)) ?? []);
  if (v >= 8 && v <= 10) m.clusterAuthorizedOperations = r.int32();
  if (v >= 13) m.errorCode = r.int16();
  if (v >= 9) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeMetadataResponse(s: Sink, m: MetadataResponse, v: number): void {
  const flex = v >= 9;
  if (v >= 3) s.int32(m.throttleTimeMs);
  writeArray(s, m.brokers, flex, (s, e) => writeMetadataResponseBroker(s, e, v));
  if (m.clusterId === null && (v >= 2) && (!(v >= 2))) throw new UnsupportedFieldError("MetadataResponse", "ClusterId", v, "is null, which is not allowed");
  if (v >= 2) s.string(m.clusterId, flex);
  if (v >= 1) s.int32(m.controllerId);
  writeArray(s, m.topics, flex, (s, e) => writeMetadataResponseTopic(s, e, v));
  if (v >= 8 && v <= 10) s.int32(m.clusterAuthorizedOperations);
  if (!(v >= 8 && v <= 10) && !(m.clusterAuthorizedOperations === -2147483648)) throw new UnsupportedFieldError("MetadataResponse", "ClusterAuthorizedOperations", v, "holds a non-default value, which cannot be sent");
  if (v >= 13) s.int16(m.errorCode);
  if (v >= 9) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface MetadataResponseBroker {
  /** The broker ID. (versions 0+) */
  nodeId: number;
  /** The broker hostname. (versions 0+) */
  host: string;
  /** The broker port. (versions 0+) */
  port: number;
  /** The rack of the broker, or null if it has not been assigned to a rack. (versions 1+; nullable 1+; ignorable) */
  rack: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newMetadataResponseBroker(): MetadataResponseBroker {
  return {
    nodeId: 0,
    host: "",
    port: 0,
    rack: null,
  };
}

export function readMetadataResponseBroker(r: Reader, v: number): MetadataResponseBroker {
  const flex = v >= 9;
  const m = newMetadataResponseBroker();
  m.nodeId = r.int32();
  m.host = (flex ? r.compactString() : r.string());
  m.port = r.int32();
  if (v >= 1) m.rack = (flex ? (v >= 1 ? r.compactNullableString() : r.compactString()) : (v >= 1 ? r.nullableString() : r.string()));
  if (v >= 9) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeMetadataResponseBroker(s: Sink, m: MetadataResponseBroker, v: number): void {
  const flex = v >= 9;
  s.int32(m.nodeId);
  s.string(m.host, flex);
  s.int32(m.port);
  if (m.rack === null && (v >= 1) && (!(v >= 1))) throw new UnsupportedFieldError("MetadataResponse", "Rack", v, "is null, which is not allowed");
  if (v >= 1) s.string(m.rack, flex);
  if (v >= 9) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface MetadataResponseTopic {
  /** The topic error, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The topic name. Null for non-existing topics queried by ID. This is never null when ErrorCode is zero. One of Name and TopicId is always populated. (versions 0+; nullable 12+) */
  name: string | null;
  /** The topic id. Zero for non-existing topics queried by name. This is never zero when ErrorCode is zero. One of Name and TopicId is always populated. (versions 10+; ignorable) */
  topicId: string;
  /** True if the topic is internal. (versions 1+; ignorable) */
  isInternal: boolean;
  /** Each partition in the topic. (versions 0+) */
  partitions: MetadataResponsePartition[];
  /** 32-bit bitfield to represent authorized operations for this topic. (versions 8+) */
  topicAuthorizedOperations: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newMetadataResponseTopic(): MetadataResponseTopic {
  return {
    errorCode: 0,
    name: "",
    topicId: ZERO_UUID,
    isInternal: false,
    partitions: [],
    topicAuthorizedOperations: -2147483648,
  };
}

export function readMetadataResponseTopic(r: Reader, v: number): MetadataResponseTopic {
  const flex = v >= 9;
  const m = newMetadataResponseTopic();
  m.errorCode = r.int16();
  m.name = (flex ? (v >= 12 ? r.compactNullableString() : r.compactString()) : (v >= 12 ? r.nullableString() : r.string()));
  if (v >= 10) m.topicId = r.uuid();
  if (v >= 1) m.isInternal = r.bool();
  m.partitions = (readArray(r, flex, false, (r) => readMetadataResponsePartition(r, v)) ?? []);
  if (v >= 8) m.topicAuthorizedOperations = r.int32();
  if (v >= 9) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeMetadataResponseTopic(s: Sink, m: MetadataResponseTopic, v: number): void {
  const flex = v >= 9;
  s.int16(m.errorCode);
  if (m.name === null && !(v >= 12)) throw new UnsupportedFieldError("MetadataResponse", "Name", v, "is null, which is not allowed");
  s.string(m.name, flex);
  if (v >= 10) s.uuid(m.topicId);
  if (v >= 1) s.bool(m.isInternal);
  writeArray(s, m.partitions, flex, (s, e) => writeMetadataResponsePartition(s, e, v));
  if (v >= 8) s.int32(m.topicAuthorizedOperations);
  if (!(v >= 8) && !(m.topicAuthorizedOperations === -2147483648)) throw new UnsupportedFieldError("MetadataResponse", "TopicAuthorizedOperations", v, "holds a non-default value, which cannot be sent");
  if (v >= 9) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface MetadataResponsePartition {
  /** The partition error, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The ID of the leader broker. (versions 0+) */
  leaderId: number;
  /** The leader epoch of this partition. (versions 7+; ignorable) */
  leaderEpoch: number;
  /** The set of all nodes that host this partition. (versions 0+) */
  replicaNodes: number[];
  /** The set of nodes that are in sync with the leader for this partition. (versions 0+) */
  isrNodes: number[];
  /** The set of offline replicas of this partition. (versions 5+; ignorable) */
  offlineReplicas: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newMetadataResponsePartition(): MetadataResponsePartition {
  return {
    errorCode: 0,
    partitionIndex: 0,
    leaderId: 0,
    leaderEpoch: -1,
    replicaNodes: [],
    isrNodes: [],
    offlineReplicas: [],
  };
}

export function readMetadataResponsePartition(r: Reader, v: number): MetadataResponsePartition {
  const flex = v >= 9;
  const m = newMetadataResponsePartition();
  m.errorCode = r.int16();
  m.partitionIndex = r.int32();
  m.leaderId = r.int32();
  if (v >= 7) m.leaderEpoch = r.int32();
  m.replicaNodes = (readArray(r, flex, false, (r) => r.int32()) ?? []);
  m.isrNodes = (readArray(r, flex, false, (r) => r.int32()) ?? []);
  if (v >= 5) m.offlineReplicas = (readArray(r, flex, false, (r) => r.int32()) ?? []);
  if (v >= 9) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeMetadataResponsePartition(s: Sink, m: MetadataResponsePartition, v: number): void {
  const flex = v >= 9;
  s.int16(m.errorCode);
  s.int32(m.partitionIndex);
  s.int32(m.leaderId);
  if (v >= 7) s.int32(m.leaderEpoch);
  writeArray(s, m.replicaNodes, flex, (s, e) => s.int32(e));
  writeArray(s, m.isrNodes, flex, (s, e) => s.int32(e));
  if (v >= 5) writeArray(s, m.offlineReplicas, flex, (s, e) => s.int32(e));
  if (v >= 9) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
