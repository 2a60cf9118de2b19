// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// TransactionLogKey.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** TransactionLogKey: coordinator-key, api key 0. */
export const TRANSACTION_LOG_KEY_SCHEMA = {
  name: "TransactionLogKey",
  type: "coordinator-key",
  apiKey: 0,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: -1,
} as const;

export interface TransactionLogKey {
  /** The transactional id of the transaction. (versions 0) */
  transactionalId: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTransactionLogKey(): TransactionLogKey {
  return {
    transactionalId: "",
  };
}

export function readTransactionLogKey(r: Reader, v: number): TransactionLogKey {
  const m = newTransactionLogKey();
  m.transactionalId = r.string();
  return m;
}

export function writeTransactionLogKey(s: Sink, m: TransactionLogKey, v: number): void {
  s.string(m.transactionalId, false);
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
