// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ElectLeadersRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ElectLeadersRequest: request, api key 43. */
export const ELECT_LEADERS_REQUEST_SCHEMA = {
  name: "ElectLeadersRequest",
  type: "request",
  apiKey: 43,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 2,
} as const;

export interface ElectLeadersRequest {
  /** Type of elections to conduct for the partition. A value of '0' elects the preferred replica. A value of '1' elects the first live replica if there are no in-sync replica. (versions 1+) */
  electionType: number;
  /** The topic partitions to elect leaders. (versions 0+; nullable 0+) */
  topicPartitions: TopicPartitions[] | null;
  /** The time in ms to wait for the election to complete. (versions 0+) */
  timeoutMs: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newElectLeadersRequest(): ElectLeadersRequest {
  return {
    electionType: 0,
    topicPartitions: [],
    timeoutMs: 60000,
  };
}

export function readElectLeadersRequest(r: Reader, v: number): ElectLeadersRequest {
  const flex = v >= 2;
  const m = newElectLeadersRequest();
  if (v >= 1) m.electionType = r.int8();
  m.topicPartitions = readArray(r, flex, true, (r) => readTopicPartitions(r, v));
  m.timeoutMs = r.int32();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeElectLeadersRequest(s: Sink, m: ElectLeadersRequest, v: number): void {
  const flex = v >= 2;
  if (v >= 1) s.int8(m.electionType);
  if (!(v >= 1) && !(m.electionType === 0)) throw new UnsupportedFieldError("ElectLeadersRequest", "ElectionType", v, "holds a non-default value, which cannot be sent");
  writeArray(s, m.topicPartitions, flex, (s, e) => writeTopicPartitions(s, e, v));
  s.int32(m.timeoutMs);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicPartitions {
  /** The name of a topic. (versions 0+) */
  topic: string;
  /** The partitions of this topic whose leader should be elected. (versions 0+) */
  partitions: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicPartitions(): TopicPartitions {
  return {
    topic: "",
    partitions: [],
  };
}

export function readTopicPartitions(r: Reader, v: number): TopicPartitions {
  const flex = v >= 2;
  const m = newTopicPartitions();
  m.topic = (flex ? r.compactString() : r.string());
  m.partitions = (readArray(r, flex, false, (r) => r.int32()) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicPartitions(s: Sink, m: TopicPartitions, v: number): void {
  const flex = v >= 2;
  s.string(m.topic, flex);
  writeArray(s, m.partitions, flex, (s, e) => s.int32(e));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
