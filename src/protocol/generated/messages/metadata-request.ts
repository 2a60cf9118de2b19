// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// MetadataRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** MetadataRequest: request, api key 3. */
export const METADATA_REQUEST_SCHEMA = {
  name: "MetadataRequest",
  type: "request",
  apiKey: 3,
  minVersion: 0,
  maxVersion: 13,
  flexibleMinVersion: 9,
} as const;

export interface MetadataRequest {
  /** The topics to fetch metadata for. (versions 0+; nullable 1+) */
  topics: MetadataRequestTopic[] | null;
  /** If this is true, the broker may auto-create topics that we requested which do not already exist, if it is configured to do so. (versions 4+) */
  allowAutoTopicCreation: boolean;
  /** Whether to include cluster authorized operations. (versions 8-10) */
  includeClusterAuthorizedOperations: boolean;
  /** Whether to include topic authorized operations. (versions 8+) */
  includeTopicAuthorizedOperations: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newMetadataRequest(): MetadataRequest {
  return {
    topics: [],
    allowAutoTopicCreation: true,
    includeClusterAuthorizedOperations: false,
    includeTopicAuthorizedOperations: false,
  };
}

export function readMetadataRequest(r: Reader, v: number): MetadataRequest {
  const flex = v >= 9;
  const m = newMetadataRequest();
  m.topics = readArray(r, flex, v >= 1, (r) => readMetadataRequestTopic(r, v));
  if (v >= 4) m.allowAutoTopicCreation = r.bool();
  if (v >= 8 && v <= 10) m.includeClusterAuthorizedOperations = r.bool();
  if (v >= 8) m.includeTopicAuthorizedOperations = r.bool();
  if (v >= 9) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeMetadataRequest(s: Sink, m: MetadataRequest, v: number): void {
  const flex = v >= 9;
  if (m.topics === null && !(v >= 1)) throw new UnsupportedFieldError("MetadataRequest", "Topics", v, "is null, which is not allowed");
  writeArray(s, m.topics, flex, (s, e) => writeMetadataRequestTopic(s, e, v));
  if (v >= 4) s.bool(m.allowAutoTopicCreation);
  if (!(v >= 4) && !(m.allowAutoTopicCreation === true)) throw new UnsupportedFieldError("MetadataRequest", "AllowAutoTopicCreation", v, "holds a non-default value, which cannot be sent");
  if (v >= 8 && v <= 10) s.bool(m.includeClusterAuthorizedOperations);
  if (!(v >= 8 && v <= 10) && !(m.includeClusterAuthorizedOperations === false)) throw new UnsupportedFieldError("MetadataRequest", "IncludeClusterAuthorizedOperations", v, "holds a non-default value, which cannot be sent");
  if (v >= 8) s.bool(m.includeTopicAuthorizedOperations);
  if (!(v >= 8) && !(m.includeTopicAuthorizedOperations === false)) throw new UnsupportedFieldError("MetadataRequest", "IncludeTopicAuthorizedOperations", v, "holds a non-default value, which cannot be sent");
  if (v >= 9) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface MetadataRequestTopic {
  /** The topic id. (versions 10+; ignorable) */
  topicId: string;
  /** The topic name. (versions 0+; nullable 10+) */
  name: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newMetadataRequestTopic(): MetadataRequestTopic {
  return {
    topicId: ZERO_UUID,
    name: "",
  };
}

export function readMetadataRequestTopic(r: Reader, v: number): MetadataRequestTopic {
  const flex = v >= 9;
  const m = newMetadataRequestTopic();
  if (v >= 10) m.topicId = r.uuid();
  m.name = (flex ? (v >= 10 ? r.compactNullableString() : r.compactString()) : (v >= 10 ? r.nullableString() : r.string()));
  if (v >= 9) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeMetadataRequestTopic(s: Sink, m: MetadataRequestTopic, v: number): void {
  const flex = v >= 9;
  if (v >= 10) s.uuid(m.topicId);
  if (m.name === null && !(v >= 10)) throw new UnsupportedFieldError("MetadataRequest", "Name", v, "is null, which is not allowed");
  s.string(m.name, flex);
  if (v >= 9) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
