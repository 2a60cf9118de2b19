// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// EndTxnRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** EndTxnRequest: request, api key 26. */
export const END_TXN_REQUEST_SCHEMA = {
  name: "EndTxnRequest",
  type: "request",
  apiKey: 26,
  minVersion: 0,
  maxVersion: 5,
  flexibleMinVersion: 3,
} as const;

export interface EndTxnRequest {
  /** The ID of the transaction to end. (versions 0+) */
  transactionalId: string;
  /** The producer ID. (versions 0+) */
  producerId: bigint;
  /** The current epoch associated with the producer. (versions 0+) */
  producerEpoch: number;
  /** True if the transaction was committed, false if it was aborted. (versions 0+) */
  committed: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newEndTxnRequest(): EndTxnRequest {
  return {
    transactionalId: "",
    producerId: 0n,
    producerEpoch: 0,
    committed: false,
  };
}

export function readEndTxnRequest(r: Reader, v: number): EndTxnRequest {
  const flex = v >= 3;
  const m = newEndTxnRequest();
  m.transactionalId = (flex ? r.compactString() : r.string());
  m.producerId = r.int64();
  m.producerEpoch = r.int16();
  m.committed = r.bool();
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeEndTxnRequest(s: Sink, m: EndTxnRequest, v: number): void {
  const flex = v >= 3;
  s.string(m.transactionalId, flex);
  s.int64(m.producerId);
  s.int16(m.producerEpoch);
  s.bool(m.committed);
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
