// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DeleteShareGroupOffsetsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DeleteShareGroupOffsetsRequest: request, api key 92. */
export const DELETE_SHARE_GROUP_OFFSETS_REQUEST_SCHEMA = {
  name: "DeleteShareGroupOffsetsRequest",
  type: "request",
  apiKey: 92,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface DeleteShareGroupOffsetsRequest {
  /** The group identifier. (versions 0+) */
  groupId: string;
  /** The topics to delete offsets for. (versions 0+) */
  topics: DeleteShareGroupOffsetsRequestTopic[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteShareGroupOffsetsRequest(): DeleteShareGroupOffsetsRequest {
  return {
    groupId: "",
    topics: [],
  };
}

export function readDeleteShareGroupOffsetsRequest(r: Reader, v: number): DeleteShareGroupOffsetsRequest {
  const flex = true;
  const m = newDeleteShareGroupOffsetsRequest();
  m.groupId = r.compactString();
  m.topics = (readArray(r, true, false, (r) => readDeleteShareGroupOffsetsRequestTopic(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteShareGroupOffsetsRequest(s: Sink, m: DeleteShareGroupOffsetsRequest, v: number): void {
  const flex = true;
  s.string(m.groupId, true);
  writeArray(s, m.topics, true, (s, e) => writeDeleteShareGroupOffsetsRequestTopic(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DeleteShareGroupOffsetsRequestTopic {
  /** The topic name. (versions 0+) */
  topicName: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteShareGroupOffsetsRequestTopic(): DeleteShareGroupOffsetsRequestTopic {
  return {
    topicName: "",
  };
}

export function readDeleteShareGroupOffsetsRequestTopic(r: Reader, v: number): DeleteShareGroupOffsetsRequestTopic {
  const flex = true;
  const m = newDeleteShareGroupOffsetsRequestTopic();
  m.topicName = r.compactString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteShareGroupOffsetsRequestTopic(s: Sink, m: DeleteShareGroupOffsetsRequestTopic, v: number): void {
  const flex = true;
  s.string(m.topicName, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
