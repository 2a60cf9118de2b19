// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AllocateProducerIdsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AllocateProducerIdsRequest: request, api key 67. */
export const ALLOCATE_PRODUCER_IDS_REQUEST_SCHEMA = {
  name: "AllocateProducerIdsRequest",
  type: "request",
  apiKey: 67,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface AllocateProducerIdsRequest {
  /** The ID of the requesting broker. (versions 0+) */
  brokerId: number;
  /** The epoch of the requesting broker. (versions 0+) */
  brokerEpoch: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAllocateProducerIdsRequest(): AllocateProducerIdsRequest {
  return {
    brokerId: 0,
    brokerEpoch: -1n,
  };
}

export function readAllocateProducerIdsRequest(r: Reader, v: number): AllocateProducerIdsRequest {
  const flex = true;
  const m = newAllocateProducerIdsRequest();
  m.brokerId = r.int32();
  m.brokerEpoch = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAllocateProducerIdsRequest(s: Sink, m: AllocateProducerIdsRequest, v: number): void {
  const flex = true;
  s.int32(m.brokerId);
  s.int64(m.brokerEpoch);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
