// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// InitProducerIdRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** InitProducerIdRequest: request, api key 22. */
export const INIT_PRODUCER_ID_REQUEST_SCHEMA = {
  name: "InitProducerIdRequest",
  type: "request",
  apiKey: 22,
  minVersion: 0,
  maxVersion: 6,
  flexibleMinVersion: 2,
} as const;

export interface InitProducerIdRequest {
  /** The transactional id, or null if the producer is not transactional. (versions 0+; nullable 0+) */
  transactionalId: string | null;
  /** The time in ms to wait before aborting idle transactions sent by this producer. This is only relevant if a TransactionalId has been defined. (versions 0+) */
  transactionTimeoutMs: number;
  /** The producer id. This is used to disambiguate requests if a transactional id is reused following its expiration. (versions 3+) */
  producerId: bigint;
  /** The producer's current epoch. This will be checked against the producer epoch on the broker, and the request will return an error if they do not match. (versions 3+) */
  producerEpoch: number;
  /** True if the client wants to enable two-phase commit (2PC) protocol for transactions. (versions 6+) */
  enable2Pc: boolean;
  /** True if the client wants to keep the currently ongoing transaction instead of aborting it. (versions 6+) */
  keepPreparedTxn: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newInitProducerIdRequest(): InitProducerIdRequest {
  return {
    transactionalId: "",
    transactionTimeoutMs: 0,
    producerId: -1n,
    producerEpoch: -1,
    enable2Pc: false,
    keepPreparedTxn: false,
  };
}

export function readInitProducerIdRequest(r: Reader, v: number): InitProducerIdRequest {
  const flex = v >= 2;
  const m = newInitProducerIdRequest();
  m.transactionalId = (flex ? r.compactNullableString() : r.nullableString());
  m.transactionTimeoutMs = r.int32();
  if (v >= 3) m.producerId = r.int64();
  if (v >= 3) m.producerEpoch = r.int16();
  if (v >= 6) m.enable2Pc = r.bool();
  if (v >= 6) m.keepPreparedTxn = r.bool();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeInitProducerIdRequest(s: Sink, m: InitProducerIdRequest, v: number): void {
  const flex = v >= 2;
  s.string(m.transactionalId, flex);
  s.int32(m.transactionTimeoutMs);
  if (v >= 3) s.int64(m.producerId);
  if (!(v >= 3) && !(m.producerId === -1n)) throw new UnsupportedFieldError("InitProducerIdRequest", "ProducerId", v, "holds a non-default value, which cannot be sent");
  if (v >= 3) s.int16(m.producerEpoch);
  if (!(v >= 3) && !(m.producerEpoch === -1)) throw new UnsupportedFieldError("InitProducerIdRequest", "ProducerEpoch", v, "holds a non-default value, which cannot be sent");
  if (v >= 6) s.bool(m.enable2Pc);
  if (!(v >= 6) && !(m.enable2Pc === false)) throw new UnsupportedFieldError("InitProducerIdRequest", "Enable2Pc", v, "holds a non-default value, which cannot be sent");
  if (v >= 6) s.bool(m.keepPreparedTxn);
  if (!(v >= 6) && !(m.keepPreparedTxn === false)) throw new UnsupportedFieldError("InitProducerIdRequest", "KeepPreparedTxn", v, "holds a non-default value, which cannot be sent");
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
