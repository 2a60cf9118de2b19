// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ProducerIdsRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ProducerIdsRecord: metadata, api key 15. */
export const PRODUCER_IDS_RECORD_SCHEMA = {
  name: "ProducerIdsRecord",
  type: "metadata",
  apiKey: 15,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ProducerIdsRecord {
  /** The ID of the requesting broker (versions 0+) */
  brokerId: number;
  /** The epoch of the requesting broker (versions 0+) */
  brokerEpoch: bigint;
  /** The next producerId that will be assigned (i.e. the first producerId in the next assigned block) (versions 0+) */
  nextProducerId: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newProducerIdsRecord(): ProducerIdsRecord {
  return {
    brokerId: 0,
    brokerEpoch: -1n,
    nextProducerId: 0n,
  };
}

export function readProducerIdsRecord(r: Reader, v: number): ProducerIdsRecord {
  const flex = true;
  const m = newProducerIdsRecord();
  m.brokerId = r.int32();
  m.brokerEpoch = r.int64();
  m.nextProducerId = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeProducerIdsRecord(s: Sink, m: ProducerIdsRecord, v: number): void {
  const flex = true;
  s.int32(m.brokerId);
  s.int64(m.brokerEpoch);
  s.int64(m.nextProducerId);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
