// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// TransactionLogValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** TransactionLogValue: coordinator-value, api key 0. */
export const TRANSACTION_LOG_VALUE_SCHEMA = {
  name: "TransactionLogValue",
  type: "coordinator-value",
  apiKey: 0,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 1,
} as const;

export interface TransactionLogValue {
  /** Producer id in use by the transactional id. (versions 0+) */
  producerId: bigint;
  /** Producer id used by the last committed transaction. (versions 0+; tag 0 in 1+) */
  previousProducerId: bigint;
  /** Latest producer ID sent to the producer for the given transactional id. (versions 0+; tag 1 in 1+) */
  nextProducerId: bigint;
  /** Epoch associated with the producer id. (versions 0+) */
  producerEpoch: number;
  /** Producer epoch associated with the NextProducerId (versions 0+; tag 3 in 1+) */
  nextProducerEpoch: number;
  /** Transaction timeout in milliseconds. (versions 0+) */
  transactionTimeoutMs: number;
  /** TransactionState the transaction is in. (versions 0+) */
  transactionStatus: number;
  /** Partitions involved in the transaction. (versions 0+; nullable 0+) */
  transactionPartitions: PartitionsSchema[] | null;
  /** Time the transaction was last updated. (versions 0+) */
  transactionLastUpdateTimestampMs: bigint;
  /** Time the transaction was started. (versions 0+) */
  transactionStartTimestampMs: bigint;
  /** The transaction version used by the client. (versions 0+; tag 2 in 1+) */
  clientTransactionVersion: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTransactionLogValue(): TransactionLogValue {
  return {
    producerId: 0n,
    previousProducerId: -1n,
    nextProducerId: -1n,
    producerEpoch: 0,
    nextProducerEpoch: -1,
    transactionTimeoutMs: 0,
    transactionStatus: 0,
    transactionPartitions: [],
    transactionLastUpdateTimestampMs: 0n,
    transactionStartTimestampMs: 0n,
    clientTransactionVersion: 0,
  };
}

export function readTransactionLogValue(r: Reader, v: number): TransactionLogValue {
  const flex = v >= 1;
  const m = newTransactionLogValue();
  m.producerId = r.int64();
  if (v <= 0) m.previousProducerId = r.int64();
  if (v <= 0) m.nextProducerId = r.int64();
  m.producerEpoch = r.int16();
  if (v <= 0) m.nextProducerEpoch = r.int16();
  m.transactionTimeoutMs = r.int32();
  m.transactionStatus = r.int8();
  m.transactionPartitions = readArray(r, flex, true, (r) => readPartitionsSchema(r, v));
  m.transactionLastUpdateTimestampMs = r.int64();
  m.transactionStartTimestampMs = r.int64();
  if (v <= 0) m.clientTransactionVersion = r.int16();
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (v >= 1) { m.previousProducerId = r.int64(); return true; } return false;
      case 1: if (v >= 1) { m.nextProducerId = r.int64(); return true; } return false;
      case 3: if (v >= 1) { m.nextProducerEpoch = r.int16(); return true; } return false;
      case 2: if (v >= 1) { m.clientTransactionVersion = r.int16(); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeTransactionLogValue(s: Sink, m: TransactionLogValue, v: number): void {
  const flex = v >= 1;
  s.int64(m.producerId);
  if (v <= 0) s.int64(m.previousProducerId);
  if (v <= 0) s.int64(m.nextProducerId);
  s.int16(m.producerEpoch);
  if (v <= 0) s.int16(m.nextProducerEpoch);
  s.int32(m.transactionTimeoutMs);
  s.int8(m.transactionStatus);
  writeArray(s, m.transactionPartitions, flex, (s, e) => writePartitionsSchema(s, e, v));
  s.int64(m.transactionLastUpdateTimestampMs);
  s.int64(m.transactionStartTimestampMs);
  if (v <= 0) s.int16(m.clientTransactionVersion);
  if (v >= 1) {
    const tags: TagWriter[] = [];
    if ((v >= 1) && (!(m.previousProducerId === -1n))) tags.push([0, (s) => s.int64(m.previousProducerId)]);
    if ((v >= 1) && (!(m.nextProducerId === -1n))) tags.push([1, (s) => s.int64(m.nextProducerId)]);
    if ((v >= 1) && (!(m.nextProducerEpoch === -1))) tags.push([3, (s) => s.int16(m.nextProducerEpoch)]);
    if ((v >= 1) && (!(m.clientTransactionVersion === 0))) tags.push([2, (s) => s.int16(m.clientTransactionVersion)]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface PartitionsSchema {
  /** Topic involved in the transaction. (versions 0+) */
  topic: string;
  /** Partition ids involved in the transaction. (versions 0+) */
  partitionIds: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionsSchema(): PartitionsSchema {
  return {
    topic: "",
    partitionIds: [],
  };
}

export function readPartitionsSchema(r: Reader, v: number): PartitionsSchema {
  const flex = v >= 1;
  const m = newPartitionsSchema();
  m.topic = (flex ? r.compactString() : r.string());
  m.partitionIds = (readArray(r, flex, false, (r) => r.int32()) ?? []);
  if (v >= 1) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePartitionsSchema(s: Sink, m: PartitionsSchema, v: number): void {
  const flex = v >= 1;
  s.string(m.topic, flex);
  writeArray(s, m.partitionIds, flex, (s, e) => s.int32(e));
  if (v >= 1) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
