// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// InitProducerIdResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** InitProducerIdResponse: response, api key 22. */
export const INIT_PRODUCER_ID_RESPONSE_SCHEMA = {
  name: "InitProducerIdResponse",
  type: "response",
  apiKey: 22,
  minVersion: 0,
  maxVersion: 6,
  flexibleMinVersion: 2,
} as const;

export interface InitProducerIdResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+; ignorable) */
  throttleTimeMs: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The current producer id. (versions 0+) */
  producerId: bigint;
  /** The current epoch associated with the producer id. (versions 0+) */
  producerEpoch: number;
  /** The producer id for ongoing transaction when KeepPreparedTxn is used, -1 if there is no transaction ongoing. (versions 6+) */
  ongoingTxnProducerId: bigint;
  /** The epoch associated with the producer id for ongoing transaction when KeepPreparedTxn is used, -1 if there is no transaction ongoing. (versions 6+) */
  ongoingTxnProducerEpoch: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newInitProducerIdResponse(): InitProducerIdResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    producerId: -1n,
    producerEpoch: 0,
    ongoingTxnProducerId: -1n,
    ongoingTxnProducerEpoch: -1,
  };
}

export function readInitProducerIdResponse(r: Reader, v: number): InitProducerIdResponse {
  const flex = v >= 2;
  const m = newInitProducerIdResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.producerId = r.int64();
  m.producerEpoch = r.int16();
  if (v >= 6) m.ongoingTxnProducerId = r.int64();
  if (v >= 6) m.ongoingTxnProducerEpoch = r.int16();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeInitProducerIdResponse(s: Sink, m: InitProducerIdResponse, v: number): void {
  const flex = v >= 2;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  s.int64(m.producerId);
  s.int16(m.producerEpoch);
  if (v >= 6) s.int64(m.ongoingTxnProducerId);
  if (!(v >= 6) && !(m.ongoingTxnProducerId === -1n)) throw new UnsupportedFieldError("InitProducerIdResponse", "OngoingTxnProducerId", v, "holds a non-default value, which cannot be sent");
  if (v >= 6) s.int16(m.ongoingTxnProducerEpoch);
  if (!(v >= 6) && !(m.ongoingTxnProducerEpoch === -1)) throw new UnsupportedFieldError("InitProducerIdResponse", "OngoingTxnProducerEpoch", v, "holds a non-default value, which cannot be sent");
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
