// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AddOffsetsToTxnRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AddOffsetsToTxnRequest: request, api key 25. */
export const ADD_OFFSETS_TO_TXN_REQUEST_SCHEMA = {
  name: "AddOffsetsToTxnRequest",
  type: "request",
  apiKey: 25,
  minVersion: 0,
  maxVersion: 4,
  flexibleMinVersion: 3,
} as const;

export interface AddOffsetsToTxnRequest {
  /** The transactional id corresponding to the transaction. (versions 0+) */
  transactionalId: string;
  /** Current producer id in use by the transactional id. (versions 0+) */
  producerId: bigint;
  /** Current epoch associated with the producer id. (versions 0+) */
  producerEpoch: number;
  /** The unique group identifier. (versions 0+) */
  groupId: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAddOffsetsToTxnRequest(): AddOffsetsToTxnRequest {
  return {
    transactionalId: "",
    producerId: 0n,
    producerEpoch: 0,
    groupId: "",
  };
}

export function readAddOffsetsToTxnRequest(r: Reader, v: number): AddOffsetsToTxnRequest {
  const flex = v >= 3;
  const m = newAddOffsetsToTxnRequest();
  m.transactionalId = (flex ? r.compactString() : r.string());
  m.producerId = r.int64();
  m.producerEpoch = r.int16();
  m.groupId = (flex ? r.compactString() : r.string());
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAddOffsetsToTxnRequest(s: Sink, m: AddOffsetsToTxnRequest, v: number): void {
  const flex = v >= 3;
  s.string(m.transactionalId, flex);
  s.int64(m.producerId);
  s.int16(m.producerEpoch);
  s.string(m.groupId, flex);
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
