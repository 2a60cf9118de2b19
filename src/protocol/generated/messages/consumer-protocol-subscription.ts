// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ConsumerProtocolSubscription.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ConsumerProtocolSubscription: data. */
export const CONSUMER_PROTOCOL_SUBSCRIPTION_SCHEMA = {
  name: "ConsumerProtocolSubscription",
  type: "data",
  apiKey: -1,
  minVersion: 0,
  maxVersion: 3,
  flexibleMinVersion: -1,
} as const;

export interface ConsumerProtocolSubscription {
  /** The topics that the member wants to consume. (versions 0+) */
  topics: string[];
  /** User data that will be passed back to the consumer. (versions 0+; nullable 0+) */
  userData: Uint8Array | null;
  /** The partitions that the member owns. (versions 1+; ignorable) */
  ownedPartitions: TopicPartition[];
  /** The generation id of the member. (versions 2+; ignorable) */
  generationId: number;
  /** The rack id of the member. (versions 3+; nullable 3+; ignorable) */
  rackId: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newConsumerProtocolSubscription(): ConsumerProtocolSubscription {
  return {
    topics: [],
    userData: null,
    ownedPartitions: [],
    generationId: -1,
    rackId: null,
  };
}

export function readConsumerProtocolSubscription(r: Reader, v: number): ConsumerProtocolSubscription {
  const m = newConsumerProtocolSubscription();
  m.topics = (readArray(r, false, false, (r) => r.string()) ?? []);
  m.userData = r.nullableBytes();
  if (v >= 1) m.ownedPartitions = (readArray(r, false, false, (r) => readTopicPartition(r, v)) ?? []);
  if (v >= 2) m.generationId = r.int32();
  if (v >= 3) m.rackId = (v >= 3 ? r.nullableString() : r.string());
  return m;
}

export function writeConsumerProtocolSubscription(s: Sink, m: ConsumerProtocolSubscription, v: number): void {
  writeArray(s, m.topics, false, (s, e) => s.string(e, false));
  s.bytes(m.userData, false);
  if (v >= 1) writeArray(s, m.ownedPartitions, false, (s, e) => writeTopicPartition(s, e, v));
  if (v >= 2) s.int32(m.generationId);
  if (m.rackId === null && (v >= 3) && (!(v >= 3))) throw new UnsupportedFieldError("ConsumerProtocolSubscription", "RackId", v, "is null, which is not allowed");
  if (v >= 3) s.string(m.rackId, false);
}

export interface TopicPartition {
  /** The topic name. (versions 1+) */
  topic: string;
  /** The partition ids. (versions 1+) */
  partitions: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicPartition(): TopicPartition {
  return {
    topic: "",
    partitions: [],
  };
}

export function readTopicPartition(r: Reader, v: number): TopicPartition {
  const m = newTopicPartition();
  m.topic = r.string();
  m.partitions = (readArray(r, false, false, (r) => r.int32()) ?? []);
  return m;
}

export function writeTopicPartition(s: Sink, m: TopicPartition, v: number): void {
  s.string(m.topic, false);
  writeArray(s, m.partitions, false, (s, e) => s.int32(e));
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
