// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// UnregisterBrokerRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** UnregisterBrokerRecord: metadata, api key 1. */
export const UNREGISTER_BROKER_RECORD_SCHEMA = {
  name: "UnregisterBrokerRecord",
  type: "metadata",
  apiKey: 1,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface UnregisterBrokerRecord {
  /** The broker id. (versions 0+) */
  brokerId: number;
  /** The broker epoch. (versions 0+) */
  brokerEpoch: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newUnregisterBrokerRecord(): UnregisterBrokerRecord {
  return {
    brokerId: 0,
    brokerEpoch: 0n,
  };
}

export function readUnregisterBrokerRecord(r: Reader, v: number): UnregisterBrokerRecord {
  const flex = true;
  const m = newUnregisterBrokerRecord();
  m.brokerId = r.int32();
  m.brokerEpoch = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeUnregisterBrokerRecord(s: Sink, m: UnregisterBrokerRecord, v: number): void {
  const flex = true;
  s.int32(m.brokerId);
  s.int64(m.brokerEpoch);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
