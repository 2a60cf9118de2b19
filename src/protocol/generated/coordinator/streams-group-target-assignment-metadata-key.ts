// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// StreamsGroupTargetAssignmentMetadataKey.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** StreamsGroupTargetAssignmentMetadataKey: coordinator-key, api key 20. */
export const STREAMS_GROUP_TARGET_ASSIGNMENT_METADATA_KEY_SCHEMA = {
  name: "StreamsGroupTargetAssignmentMetadataKey",
  type: "coordinator-key",
  apiKey: 20,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: -1,
} as const;

export interface StreamsGroupTargetAssignmentMetadataKey {
  /** The group ID. (versions 0) */
  groupId: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newStreamsGroupTargetAssignmentMetadataKey(): StreamsGroupTargetAssignmentMetadataKey {
  return {
    groupId: "",
  };
}

export function readStreamsGroupTargetAssignmentMetadataKey(r: Reader, v: number): StreamsGroupTargetAssignmentMetadataKey {
  const m = newStreamsGroupTargetAssignmentMetadataKey();
  m.groupId = r.string();
  return m;
}

export function writeStreamsGroupTargetAssignmentMetadataKey(s: Sink, m: StreamsGroupTargetAssignmentMetadataKey, v: number): void {
  s.string(m.groupId, false);
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
