// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeTransactionsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeTransactionsResponse: response, api key 65. */
export const DESCRIBE_TRANSACTIONS_RESPONSE_SCHEMA = {
  name: "DescribeTransactionsResponse",
  type: "response",
  apiKey: 65,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface DescribeTransactionsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The current state of the transaction. (versions 0+) */
  transactionStates: TransactionState[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeTransactionsResponse(): DescribeTransactionsResponse {
  return {
    throttleTimeMs: 0,
    transactionStates: [],
  };
}

export function readDescribeTransactionsResponse(r: Reader, v: number): DescribeTransactionsResponse {
  const flex = true;
  const m = newDescribeTransactionsResponse();
  m.throttleTimeMs = r.int32();
  m.transactionStates = (readArray(r, true, false, (r) => readTransactionState(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeTransactionsResponse(s: Sink, m: DescribeTransactionsResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  writeArray(s, m.transactionStates, true, (s, e) => writeTransactionState(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TransactionState {
  /** The error code. (versions 0+) */
  errorCode: number;
  /** The transactional id. (versions 0+) */
  transactionalId: string;
  /** The current transaction state of the producer. (versions 0+) */
  transactionState: string;
  /** The timeout in milliseconds for the transaction. (versions 0+) */
  transactionTimeoutMs: number;
  /** The start time of the transaction in milliseconds. (versions 0+) */
  transactionStartTimeMs: bigint;
  /** The current producer id associated with the transaction. (versions 0+) */
  producerId: bigint;
  /** The current epoch associated with the producer id. (versions 0+) */
  producerEpoch: number;
  /** The set of partitions included in the current transaction (if active). When a transaction is preparing to commit or abort, this will include only partitions which do not have markers. (versions 0+) */
  topics: TopicData[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTransactionState(): TransactionState {
  return {
    errorCode: 0,
    transactionalId: "",
    transactionState: "",
    transactionTimeoutMs: 0,
    transactionStartTimeMs: 0n,
    producerId: 0n,
    producerEpoch: 0,
    topics: [],
  };
}

export function readTransactionState(r: Reader, v: number): TransactionState {
  const flex = true;
  const m = newTransactionState();
  m.errorCode = r.int16();
  m.transactionalId = r.compactString();
  m.transactionState = r.compactString();
  m.transactionTimeoutMs = r.int32();
  m.transactionStartTimeMs = r.int64();
  m.producerId = r.int64();
  m.producerEpoch = r.int16();
  m.topics = (readArray(r, true, false, (r) => readTopicData(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTransactionState(s: Sink, m: TransactionState, v: number): void {
  const flex = true;
  s.int16(m.errorCode);
  s.string(m.transactionalId, true);
  s.string(m.transactionState, true);
  s.int32(m.transactionTimeoutMs);
  s.int64(m.transactionStartTimeMs);
  s.int64(m.producerId);
  s.int16(m.producerEpoch);
  writeArray(s, m.topics, true, (s, e) => writeTopicData(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicData {
  /** The topic name. (versions 0+) */
  topic: string;
  /** The partition ids included in the current transaction. (versions 0+) */
  partitions: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicData(): TopicData {
  return {
    topic: "",
    partitions: [],
  };
}

export function readTopicData(r: Reader, v: number): TopicData {
  const flex = true;
  const m = newTopicData();
  m.topic = r.compactString();
  m.partitions = (readArray(r, true, false, (r) => r.int32()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicData(s: Sink, m: TopicData, v: number): void {
  const flex = true;
  s.string(m.topic, true);
  writeArray(s, m.partitions, true, (s, e) => s.int32(e));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
