// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ShareGroupMetadataValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ShareGroupMetadataValue: coordinator-value, api key 11. */
export const SHARE_GROUP_METADATA_VALUE_SCHEMA = {
  name: "ShareGroupMetadataValue",
  type: "coordinator-value",
  apiKey: 11,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ShareGroupMetadataValue {
  /** The group epoch. (versions 0+) */
  epoch: number;
  /** The hash of all topics in the group. (versions 0+) */
  metadataHash: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newShareGroupMetadataValue(): ShareGroupMetadataValue {
  return {
    epoch: 0,
    metadataHash: 0n,
  };
}

export function readShareGroupMetadataValue(r: Reader, v: number): ShareGroupMetadataValue {
  const flex = true;
  const m = newShareGroupMetadataValue();
  m.epoch = r.int32();
  m.metadataHash = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeShareGroupMetadataValue(s: Sink, m: ShareGroupMetadataValue, v: number): void {
  const flex = true;
  s.int32(m.epoch);
  s.int64(m.metadataHash);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
