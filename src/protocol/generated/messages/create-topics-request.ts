// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// CreateTopicsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** CreateTopicsRequest: request, api key 19. */
export const CREATE_TOPICS_REQUEST_SCHEMA = {
  name: "CreateTopicsRequest",
  type: "request",
  apiKey: 19,
  minVersion: 2,
  maxVersion: 7,
  flexibleMinVersion: 5,
} as const;

export interface CreateTopicsRequest {
  /** The topics to create. (versions 0+) */
  topics: CreatableTopic[];
  /** How long to wait in milliseconds before timing out the request. (versions 0+) */
  timeoutMs: number;
  /** If true, check that the topics can be created as specified, but don't create anything. (versions 1+) */
  validateOnly: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCreateTopicsRequest(): CreateTopicsRequest {
  return {
    topics: [],
    timeoutMs: 60000,
    validateOnly: false,
  };
}

export function readCreateTopicsRequest(r: Reader, v: number): CreateTopicsRequest {
  const flex = v >= 5;
  const m = newCreateTopicsRequest();
  m.topics = (readArray(r, flex, false, (r) => readCreatableTopic(r, v)) ?? []);
  m.timeoutMs = r.int32();
  m.validateOnly = r.bool();
  if (v >= 5) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCreateTopicsRequest(s: Sink, m: CreateTopicsRequest, v: number): void {
  const flex = v >= 5;
  writeArray(s, m.topics, flex, (s, e) => writeCreatableTopic(s, e, v));
  s.int32(m.timeoutMs);
  s.bool(m.validateOnly);
  if (v >= 5) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface CreatableTopic {
  /** The topic name. (versions 0+) */
  name: string;
  /** The number of partitions to create in the topic, or -1 if we are either specifying a manual partition assignment or using the default partitions. (versions 0+) */
  numPartitions: number;
  /** The number of replicas to create for each partition in the topic, or -1 if we are either specifying a manual partition assignment or using the default replication factor. (versions 0+) */
  replicationFactor: number;
  /** The manual partition assignment, or the empty array if we are using automatic assignment. (versions 0+) */
  assignments: CreatableReplicaAssignment[];
  /** The custom topic configurations to set. (versions 0+) */
  configs: CreatableTopicConfig[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCreatableTopic(): CreatableTopic {
  return {
    name: "",
    numPartitions: 0,
    replicationFactor: 0,
    assignments: [],
    configs: [],
  };
}

export function readCreatableTopic(r: Reader, v: number): CreatableTopic {
  const flex = v >= 5;
  const m = newCreatableTopic();
  m.name = (flex ? r.compactString() : r.string());
  m.numPartitions = r.int32();
  m.replicationFactor = r.int16();
  m.assignments = (readArray(r, flex, false, (r) => readCreatableReplicaAssignment(r, v)) ?? []);
  m.configs = (readArray(r, flex, false, (r) => readCreatableTopicConfig(r, v)) ?? []);
  if (v >= 5) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCreatableTopic(s: Sink, m: CreatableTopic, v: number): void {
  const flex = v >= 5;
  s.string(m.name, flex);
  s.int32(m.numPartitions);
  s.int16(m.replicationFactor);
  writeArray(s, m.assignments, flex, (s, e) => writeCreatableReplicaAssignment(s, e, v));
  writeArray(s, m.configs, flex, (s, e) => writeCreatableTopicConfig(s, e, v));
  if (v >= 5) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface CreatableReplicaAssignment {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The brokers to place the partition on. (versions 0+) */
  brokerIds: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCreatableReplicaAssignment(): CreatableReplicaAssignment {
  return {
    partitionIndex: 0,
    brokerIds: [],
  };
}

export function readCreatableReplicaAssignment(r: Reader, v: number): CreatableReplicaAssignment {
  const flex = v >= 5;
  const m = newCreatableReplicaAssignment();
  m.partitionIndex = r.int32();
  m.brokerIds = (readArray(r, flex, false, (r) => r.int32()) ?? []);
  if (v >= 5) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCreatableReplicaAssignment(s: Sink, m: CreatableReplicaAssignment, v: number): void {
  const flex = v >= 5;
  s.int32(m.partitionIndex);
  writeArray(s, m.brokerIds, flex, (s, e) => s.int32(e));
  if (v >= 5) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface CreatableTopicConfig {
  /** The configuration name. (versions 0+) */
  name: string;
  /** The configuration value. (versions 0+; nullable 0+) */
  value: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCreatableTopicConfig(): CreatableTopicConfig {
  return {
    name: "",
    value: "",
  };
}

export function readCreatableTopicConfig(r: Reader, v: number): CreatableTopicConfig {
  const flex = v >= 5;
  const m = newCreatableTopicConfig();
  m.name = (flex ? r.compactString() : r.string());
  m.value = (flex ? r.compactNullableString() : r.nullableString());
  if (v >= 5) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCreatableTopicConfig(s: Sink, m: CreatableTopicConfig, v: number): void {
  const flex = v >= 5;
  s.string(m.name, flex);
  s.string(m.value, flex);
  if (v >= 5) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
