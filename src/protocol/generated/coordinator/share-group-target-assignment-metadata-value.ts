// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ShareGroupTargetAssignmentMetadataValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ShareGroupTargetAssignmentMetadataValue: coordinator-value, api key 12. */
export const SHARE_GROUP_TARGET_ASSIGNMENT_METADATA_VALUE_SCHEMA = {
  name: "ShareGroupTargetAssignmentMetadataValue",
  type: "coordinator-value",
  apiKey: 12,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ShareGroupTargetAssignmentMetadataValue {
  /** The assignment epoch. (versions 0+) */
  assignmentEpoch: number;
  /** The time at which the assignment calculation finished. (versions 0+; tag 0 in 0+; ignorable) */
  assignmentTimestamp: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newShareGroupTargetAssignmentMetadataValue(): ShareGroupTargetAssignmentMetadataValue {
  return {
    assignmentEpoch: 0,
    assignmentTimestamp: 0n,
  };
}

export function readShareGroupTargetAssignmentMetadataValue(r: Reader, v: number): ShareGroupTargetAssignmentMetadataValue {
  const flex = true;
  const m = newShareGroupTargetAssignmentMetadataValue();
  m.assignmentEpoch = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (true) { m.assignmentTimestamp = r.int64(); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeShareGroupTargetAssignmentMetadataValue(s: Sink, m: ShareGroupTargetAssignmentMetadataValue, v: number): void {
  const flex = true;
  s.int32(m.assignmentEpoch);
  if (true) {
    const tags: TagWriter[] = [];
    if (!(m.assignmentTimestamp === 0n)) tags.push([0, (s) => s.int64(m.assignmentTimestamp)]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
