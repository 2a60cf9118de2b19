// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// CreateTopicsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** CreateTopicsResponse: response, api key 19. */
export const CREATE_TOPICS_RESPONSE_SCHEMA = {
  name: "CreateTopicsResponse",
  type: "response",
  apiKey: 19,
  minVersion: 2,
  maxVersion: 7,
  flexibleMinVersion: 5,
} as const;

export interface CreateTopicsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 2+; ignorable) */
  throttleTimeMs: number;
  /** Results for each topic we tried to create. (versions 0+) */
  topics: CreatableTopicResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCreateTopicsResponse(): CreateTopicsResponse {
  return {
    throttleTimeMs: 0,
    topics: [],
  };
}

export function readCreateTopicsResponse(r: Reader, v: number): CreateTopicsResponse {
  const flex = v >= 5;
  const m = newCreateTopicsResponse();
  m.throttleTimeMs = r.int32();
  m.topics = (readArray(r, flex, false, (r) => readCreatableTopicResult(r, v)) ?? []);
  if (v >= 5) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCreateTopicsResponse(s: Sink, m: CreateTopicsResponse, v: number): void {
  const flex = v >= 5;
  s.int32(m.throttleTimeMs);
  writeArray(s, m.topics, flex, (s, e) => writeCreatableTopicResult(s, e, v));
  if (v >= 5) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface CreatableTopicResult {
  /** The topic name. (versions 0+) */
  name: string;
  /** The unique topic ID. (versions 7+; ignorable) */
  topicId: string;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The error message, or null if there was no error. (versions 1+; nullable 0+; ignorable) */
  errorMessage: string | null;
  /** Optional topic config error returned if configs are not returned in the response. (versions 5+; tag 0 in 5+; ignorable) */
  topicConfigErrorCode: number;
  /** Number of partitions of the topic. (versions 5+; ignorable) */
  numPartitions: number;
  /** Replication factor of the topic. (versions 5+; ignorable) */
  replicationFactor: number;
  /** Configuration of the topic. (versions 5+; nullable 5+; ignorable) */
  configs: CreatableTopicConfigs[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCreatableTopicResult(): CreatableTopicResult {
  return {
    name: "",
    topicId: ZERO_UUID,
    errorCode: 0,
    errorMessage: "",
    topicConfigErrorCode: 0,
    numPartitions: -1,
    replicationFactor: -1,
    configs: [],
  };
}

export function readCreatableTopicResult(r: Reader, v: number): CreatableTopicResult {
  const flex = v >= 5;
  const m = newCreatableTopicResult();
  m.name = (flex ? r.compactString() : r.string());
  if (v >= 7) m.topicId = r.uuid();
  m.errorCode = r.int16();
  m.errorMessage = (flex ? r.compactNullableString() : r.nullableString());
  if (v >= 5) m.numPartitions = r.int32();
  if (v >= 5) m.replicationFactor = r.int16();
  if (v >= 5) m.configs = readArray(r, flex, v >= 5, (r) => readCreatableTopicConfigs(r, v));
  if (v >= 5) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (v >= 5) { m.topicConfigErrorCode = r.int16(); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeCreatableTopicResult(s: Sink, m: CreatableTopicResult, v: number): void {
  const flex = v >= 5;
  s.string(m.name, flex);
  if (v >= 7) s.uuid(m.topicId);
  s.int16(m.errorCode);
  s.string(m.errorMessage, flex);
  if (v >= 5) s.int32(m.numPartitions);
  if (v >= 5) s.int16(m.replicationFactor);
  if (m.configs === null && (v >= 5) && (!(v >= 5))) throw new UnsupportedFieldError("CreateTopicsResponse", "Configs", v, "is null, which is not allowed");
  if (v >= 5) writeArray(s, m.configs, flex, (s, e) => writeCreatableTopicConfigs(s, e, v));
  if (v >= 5) {
    const tags: TagWriter[] = [];
    if ((v >= 5) && (!(m.topicConfigErrorCode === 0))) tags.push([0, (s) => s.int16(m.topicConfigErrorCode)]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface CreatableTopicConfigs {
  /** The configuration name. (versions 5+) */
  name: string;
  /** The configuration value. (versions 5+; nullable 5+) */
  value: string | null;
  /** True if the configuration is read-only. (versions 5+) */
  readOnly: boolean;
  /** The configuration source. (versions 5+; ignorable) */
  configSource: number;
  /** True if this configuration is sensitive. (versions 5+) */
  isSensitive: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCreatableTopicConfigs(): CreatableTopicConfigs {
  return {
    name: "",
    value: "",
    readOnly: false,
    configSource: -1,
    isSensitive: false,
  };
}

export function readCreatableTopicConfigs(r: Reader, v: number): CreatableTopicConfigs {
  const flex = true;
  const m = newCreatableTopicConfigs();
  m.name = r.compactString();
  m.value = r.compactNullableString();
  m.readOnly = r.bool();
  m.configSource = r.int8();
  m.isSensitive = r.bool();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCreatableTopicConfigs(s: Sink, m: CreatableTopicConfigs, v: number): void {
  const flex = true;
  s.string(m.name, true);
  s.string(m.value, true);
  s.bool(m.readOnly);
  s.int8(m.configSource);
  s.bool(m.isSensitive);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
