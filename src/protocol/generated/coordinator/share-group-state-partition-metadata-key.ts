// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ShareGroupStatePartitionMetadataKey.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ShareGroupStatePartitionMetadataKey: coordinator-key, api key 15. */
export const SHARE_GROUP_STATE_PARTITION_METADATA_KEY_SCHEMA = {
  name: "ShareGroupStatePartitionMetadataKey",
  type: "coordinator-key",
  apiKey: 15,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: -1,
} as const;

export interface ShareGroupStatePartitionMetadataKey {
  /** The group id. (versions 0) */
  groupId: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newShareGroupStatePartitionMetadataKey(): ShareGroupStatePartitionMetadataKey {
  return {
    groupId: "",
  };
}

export function readShareGroupStatePartitionMetadataKey(r: Reader, v: number): ShareGroupStatePartitionMetadataKey {
  const m = newShareGroupStatePartitionMetadataKey();
  m.groupId = r.string();
  return m;
}

export function writeShareGroupStatePartitionMetadataKey(s: Sink, m: ShareGroupStatePartitionMetadataKey, v: number): void {
  s.string(m.groupId, false);
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
