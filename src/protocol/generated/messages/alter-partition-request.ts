// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AlterPartitionRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AlterPartitionRequest: request, api key 56. */
export const ALTER_PARTITION_REQUEST_SCHEMA = {
  name: "AlterPartitionRequest",
  type: "request",
  apiKey: 56,
  minVersion: 2,
  maxVersion: 3,
  flexibleMinVersion: 0,
} as const;

export interface AlterPartitionRequest {
  /** The ID of the requesting broker. (versions 0+) */
  brokerId: number;
  /** The epoch of the requesting broker. (versions 0+) */
  brokerEpoch: bigint;
  /** The topics to alter ISRs for. (versions 0+) */
  topics: TopicData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterPartitionRequest(): AlterPartitionRequest {
  return {
    brokerId: 0,
    brokerEpoch: -1n,
    topics: [],
  };
}

export function readAlterPartitionRequest(r: Reader, v: number): AlterPartitionRequest {
  const flex = true;
  const m = newAlterPartitionRequest();
  m.brokerId = r.int32();
  m.brokerEpoch = r.int64();
  m.topics = (readArray(r, true, false, (r) => readTopicData(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterPartitionRequest(s: Sink, m: AlterPartitionRequest, v: number): void {
  const flex = true;
  s.int32(m.brokerId);
  s.int64(m.brokerEpoch);
  writeArray(s, m.topics, true, (s, e) => writeTopicData(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicData {
  /** The ID of the topic to alter ISRs for. (versions 2+; ignorable) */
  topicId: string;
  /** The partitions to alter ISRs for. (versions 0+) */
  partitions: PartitionData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicData(): TopicData {
  return {
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readTopicData(r: Reader, v: number): TopicData {
  const flex = true;
  const m = newTopicData();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => readPartitionData(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicData(s: Sink, m: TopicData, v: number): void {
  const flex = true;
  s.uuid(m.topicId);
  writeArray(s, m.partitions, true, (s, e) => writePartitionData(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface PartitionData {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The leader epoch of this partition. (versions 0+) */
  leaderEpoch: number;
  /** The ISR for this partition. Deprecated since version 3. (versions 0-2) */
  newIsr: number[];
  /** The ISR for this partition. (versions 3+) */
  newIsrWithEpochs: BrokerState[];
  /** 1 if the partition is recovering from an unclean leader election; 0 otherwise. (versions 1+) */
  leaderRecoveryState: number;
  /** The expected epoch of the partition which is being updated. (versions 0+) */
  partitionEpoch: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionData(): PartitionData {
  return {
    partitionIndex: 0,
    leaderEpoch: 0,
    newIsr: [],
    newIsrWithEpochs: [],
    leaderRecoveryState: 0,
    partitionEpoch: 0,
  };
}

export function readPartitionData(r: Reader, v: number): PartitionData {
  const flex = true;
  const m = newPartitionData();
  m.partitionIndex = r.int32();
  m.leaderEpoch = r.int32();
  if (v <= 2) m.newIsr = (readArray(r, true, false, (r) => r.int32()) ?? []);
  if (v >= 3) m.newIsrWithEpochs = (readArray(r, true, false, (r) => readBrokerState(r, v)) ?? []);
  m.leaderRecoveryState = r.int8();
  m.partitionEpoch = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionData(s: Sink, m: PartitionData, v: number): void {
  const flex = true;
  s.int32(m.partitionIndex);
  s.int32(m.leaderEpoch);
  if (v <= 2) writeArray(s, m.newIsr, true, (s, e) => s.int32(e));
  if (!(v <= 2) && !((m.newIsr !== null && m.newIsr.length === 0))) throw new UnsupportedFieldError("AlterPartitionRequest", "NewIsr", v, "holds a non-default value, which cannot be sent");
  if (v >= 3) writeArray(s, m.newIsrWithEpochs, true, (s, e) => writeBrokerState(s, e, v));
  if (!(v >= 3) && !((m.newIsrWithEpochs !== null && m.newIsrWithEpochs.length === 0))) throw new UnsupportedFieldError("AlterPartitionRequest", "NewIsrWithEpochs", v, "holds a non-default value, which cannot be sent");
  s.int8(m.leaderRecoveryState);
  s.int32(m.partitionEpoch);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface BrokerState {
  /** The ID of the broker. (versions 3+) */
  brokerId: number;
  /** The epoch of the broker. It will be -1 if the epoch check is not supported. (versions 3+) */
  brokerEpoch: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newBrokerState(): BrokerState {
  return {
    brokerId: 0,
    brokerEpoch: -1n,
  };
}

export function readBrokerState(r: Reader, v: number): BrokerState {
  const flex = true;
  const m = newBrokerState();
  m.brokerId = r.int32();
  m.brokerEpoch = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeBrokerState(s: Sink, m: BrokerState, v: number): void {
  const flex = true;
  s.int32(m.brokerId);
  s.int64(m.brokerEpoch);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
