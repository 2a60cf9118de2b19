// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ConsumerGroupMetadataValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ConsumerGroupMetadataValue: coordinator-value, api key 3. */
export const CONSUMER_GROUP_METADATA_VALUE_SCHEMA = {
  name: "ConsumerGroupMetadataValue",
  type: "coordinator-value",
  apiKey: 3,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ConsumerGroupMetadataValue {
  /** The group epoch. (versions 0+) */
  epoch: number;
  /** The hash of all topics in the group. (versions 0+; tag 0 in 0+) */
  metadataHash: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newConsumerGroupMetadataValue(): ConsumerGroupMetadataValue {
  return {
    epoch: 0,
    metadataHash: 0n,
  };
}

export function readConsumerGroupMetadataValue(r: Reader, v: number): ConsumerGroupMetadataValue {
  const flex = true;
  const m = newConsumerGroupMetadataValue();
  m.epoch = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (true) { m.metadataHash = r.int64(); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeConsumerGroupMetadataValue(s: Sink, m: ConsumerGroupMetadataValue, v: number): void {
  const flex = true;
  s.int32(m.epoch);
  if (true) {
    const tags: TagWriter[] = [];
    if (!(m.metadataHash === 0n)) tags.push([0, (s) => s.int64(m.metadataHash)]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
