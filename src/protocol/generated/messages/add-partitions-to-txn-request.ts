// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AddPartitionsToTxnRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AddPartitionsToTxnRequest: request, api key 24. */
export const ADD_PARTITIONS_TO_TXN_REQUEST_SCHEMA = {
  name: "AddPartitionsToTxnRequest",
  type: "request",
  apiKey: 24,
  minVersion: 0,
  maxVersion: 5,
  flexibleMinVersion: 3,
} as const;

export interface AddPartitionsToTxnRequest {
  /** List of transactions to add partitions to. (versions 4+) */
  transactions: AddPartitionsToTxnTransaction[];
  /** The transactional id corresponding to the transaction. (versions 0-3) */
  v3AndBelowTransactionalId: string;
  /** Current producer id in use by the transactional id. (versions 0-3) */
  v3AndBelowProducerId: bigint;
  /** Current epoch associated with the producer id. (versions 0-3) */
  v3AndBelowProducerEpoch: number;
  /** The partitions to add to the transaction. (versions 0-3) */
  v3AndBelowTopics: AddPartitionsToTxnTopic[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAddPartitionsToTxnRequest(): AddPartitionsToTxnRequest {
  return {
    transactions: [],
    v3AndBelowTransactionalId: "",
    v3AndBelowProducerId: 0n,
    v3AndBelowProducerEpoch: 0,
    v3AndBelowTopics: [],
  };
}

export function readAddPartitionsToTxnRequest(r: Reader, v: number): AddPartitionsToTxnRequest {
  const flex = v >= 3;
  const m = newAddPartitionsToTxnRequest();
  if (v >= 4) m.transactions = (readArray(r, flex, false, (r) => readAddPartitionsToTxnTransaction(r, v)) ?? []);
  if (v <= 3) m.v3AndBelowTransactionalId = (flex ? r.compactString() : r.string());
  if (v <= 3) m.v3AndBelowProducerId = r.int64();
  if (v <= 3) m.v3AndBelowProducerEpoch = r.int16();
  if (v <= 3) m.v3AndBelowTopics = (readArray(r, flex, false, (r) => readAddPartitionsToTxnTopic(r, v)) ?? []);
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAddPartitionsToTxnRequest(s: Sink, m: AddPartitionsToTxnRequest, v: number): void {
  const flex = v >= 3;
  if (v >= 4) writeArray(s, m.transactions, flex, (s, e) => writeAddPartitionsToTxnTransaction(s, e, v));
  if (!(v >= 4) && !((m.transactions !== null && m.transactions.length === 0))) throw new UnsupportedFieldError("AddPartitionsToTxnRequest", "Transactions", v, "holds a non-default value, which cannot be sent");
  if (v <= 3) s.string(m.v3AndBelowTransactionalId, flex);
  if (!(v <= 3) && !(m.v3AndBelowTransactionalId === "")) throw new UnsupportedFieldError("AddPartitionsToTxnRequest", "V3AndBelowTransactionalId", v, "holds a non-default value, which cannot be sent");
  if (v <= 3) s.int64(m.v3AndBelowProducerId);
  if (!(v <= 3) && !(m.v3AndBelowProducerId === 0n)) throw new UnsupportedFieldError("AddPartitionsToTxnRequest", "V3AndBelowProducerId", v, "holds a non-default value, which cannot be sent");
  if (v <= 3) s.int16(m.v3AndBelowProducerEpoch);
  if (!(v <= 3) && !(m.v3AndBelowProducerEpoch === 0)) throw new UnsupportedFieldError("AddPartitionsToTxnRequest", "V3AndBelowProducerEpoch", v, "holds a non-default value, which cannot be sent");
  if (v <= 3) writeArray(s, m.v3AndBelowTopics, flex, (s, e) => writeAddPartitionsToTxnTopic(s, e, v));
  if (!(v <= 3) && !((m.v3AndBelowTopics !== null && m.v3AndBelowTopics.length === 0))) throw new UnsupportedFieldError("AddPartitionsToTxnRequest", "V3AndBelowTopics", v, "holds a non-default value, which cannot be sent");
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AddPartitionsToTxnTransaction {
  /** The transactional id corresponding to the transaction. (versions 4+) */
  transactionalId: string;
  /** Current producer id in use by the transactional id. (versions 4+) */
  producerId: bigint;
  /** Current epoch associated with the producer id. (versions 4+) */
  producerEpoch: number;
  /** Boolean to signify if we want to check if the partition is in the transaction rather than add it. (versions 4+) */
  verifyOnly: boolean;
  /** The partitions to add to the transaction. (versions 4+) */
  topics: AddPartitionsToTxnTopic[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAddPartitionsToTxnTransaction(): AddPartitionsToTxnTransaction {
  return {
    transactionalId: "",
    producerId: 0n,
    producerEpoch: 0,
    verifyOnly: false,
    topics: [],
  };
}

export function readAddPartitionsToTxnTransaction(r: Reader, v: number): AddPartitionsToTxnTransaction {
  const flex = true;
  const m = newAddPartitionsToTxnTransaction();
  m.transactionalId = r.compactString();
  m.producerId = r.int64();
  m.producerEpoch = r.int16();
  m.verifyOnly = r.bool();
  m.topics = (readArray(r, true, false, (r) => readAddPartitionsToTxnTopic(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAddPartitionsToTxnTransaction(s: Sink, m: AddPartitionsToTxnTransaction, v: number): void {
  const flex = true;
  s.string(m.transactionalId, true);
  s.int64(m.producerId);
  s.int16(m.producerEpoch);
  s.bool(m.verifyOnly);
  writeArray(s, m.topics, true, (s, e) => writeAddPartitionsToTxnTopic(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AddPartitionsToTxnTopic {
  /** The name of the topic. (versions 0+) */
  name: string;
  /** The partition indexes to add to the transaction. (versions 0+) */
  partitions: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAddPartitionsToTxnTopic(): AddPartitionsToTxnTopic {
  return {
    name: "",
    partitions: [],
  };
}

export function readAddPartitionsToTxnTopic(r: Reader, v: number): AddPartitionsToTxnTopic {
  const flex = v >= 3;
  const m = newAddPartitionsToTxnTopic();
  m.name = (flex ? r.compactString() : r.string());
  m.partitions = (readArray(r, flex, false, (r) => r.int32()) ?? []);
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAddPartitionsToTxnTopic(s: Sink, m: AddPartitionsToTxnTopic, v: number): void {
  const flex = v >= 3;
  s.string(m.name, flex);
  writeArray(s, m.partitions, flex, (s, e) => s.int32(e));
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
