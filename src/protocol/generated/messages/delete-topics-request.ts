// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DeleteTopicsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DeleteTopicsRequest: request, api key 20. */
export const DELETE_TOPICS_REQUEST_SCHEMA = {
  name: "DeleteTopicsRequest",
  type: "request",
  apiKey: 20,
  minVersion: 1,
  maxVersion: 6,
  flexibleMinVersion: 4,
} as const;

export interface DeleteTopicsRequest {
  /** The name or topic ID of the topic. (versions 6+) */
  topics: DeleteTopicState[];
  /** The names of the topics to delete. (versions 0-5; ignorable) */
  topicNames: string[];
  /** The length of time in milliseconds to wait for the deletions to complete. (versions 0+) */
  timeoutMs: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteTopicsRequest(): DeleteTopicsRequest {
  return {
    topics: [],
    topicNames: [],
    timeoutMs: 0,
  };
}

export function readDeleteTopicsRequest(r: Reader, v: number): DeleteTopicsRequest {
  const flex = v >= 4;
  const m = newDeleteTopicsRequest();
  if (v >= 6) m.topics = (readArray(r, flex, false, (r) => readDeleteTopicState(r, v)) ?? []);
  if (v <= 5) m.topicNames = (readArray(r, flex, false, (r) => (flex ? r.compactString() : r.string())) ?? []);
  m.timeoutMs = r.int32();
  if (v >= 4) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteTopicsRequest(s: Sink, m: DeleteTopicsRequest, v: number): void {
  const flex = v >= 4;
  if (v >= 6) writeArray(s, m.topics, flex, (s, e) => writeDeleteTopicState(s, e, v));
  if (!(v >= 6) && !((m.topics !== null && m.topics.length === 0))) throw new UnsupportedFieldError("DeleteTopicsRequest", "Topics", v, "holds a non-default value, which cannot be sent");
  if (v <= 5) writeArray(s, m.topicNames, flex, (s, e) => s.string(e, flex));
  s.int32(m.timeoutMs);
  if (v >= 4) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DeleteTopicState {
  /** The topic name. (versions 6+; nullable 6+) */
  name: string | null;
  /** The unique topic ID. (versions 6+) */
  topicId: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteTopicState(): DeleteTopicState {
  return {
    name: null,
    topicId: ZERO_UUID,
  };
}

export function readDeleteTopicState(r: Reader, v: number): DeleteTopicState {
  const flex = true;
  const m = newDeleteTopicState();
  m.name = r.compactNullableString();
  m.topicId = r.uuid();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteTopicState(s: Sink, m: DeleteTopicState, v: number): void {
  const flex = true;
  s.string(m.name, true);
  s.uuid(m.topicId);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
