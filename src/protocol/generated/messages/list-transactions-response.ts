// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ListTransactionsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ListTransactionsResponse: response, api key 66. */
export const LIST_TRANSACTIONS_RESPONSE_SCHEMA = {
  name: "ListTransactionsResponse",
  type: "response",
  apiKey: 66,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 0,
} as const;

export interface ListTransactionsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** Set of state filters provided in the request which were unknown to the transaction coordinator. (versions 0+) */
  unknownStateFilters: string[];
  /** The current state of the transaction for the transactional id. (versions 0+) */
  transactionStates: TransactionState[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newListTransactionsResponse(): ListTransactionsResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    unknownStateFilters: [],
    transactionStates: [],
  };
}

export function readListTransactionsResponse(r: Reader, v: number): ListTransactionsResponse {
  const flex = true;
  const m = newListTransactionsResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.unknownStateFilters = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  m.transactionStates = (readArray(r, true, false, (r) => readTransactionState(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListTransactionsResponse(s: Sink, m: ListTransactionsResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  writeArray(s, m.unknownStateFilters, true, (s, e) => s.string(e, true));
  writeArray(s, m.transactionStates, true, (s, e) => writeTransactionState(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TransactionState {
  /** The transactional id. (versions 0+) */
  transactionalId: string;
  /** The producer id. (versions 0+) */
  producerId: bigint;
  /** The current transaction state of the producer. (versions 0+) */
  transactionState: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTransactionState(): TransactionState {
  return {
    transactionalId: "",
    producerId: 0n,
    transactionState: "",
  };
}

export function readTransactionState(r: Reader, v: number): TransactionState {
  const flex = true;
  const m = newTransactionState();
  m.transactionalId = r.compactString();
  m.producerId = r.int64();
  m.transactionState = r.compactString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTransactionState(s: Sink, m: TransactionState, v: number): void {
  const flex = true;
  s.string(m.transactionalId, true);
  s.int64(m.producerId);
  s.string(m.transactionState, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
