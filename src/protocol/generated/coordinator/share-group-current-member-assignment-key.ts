// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ShareGroupCurrentMemberAssignmentKey.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ShareGroupCurrentMemberAssignmentKey: coordinator-key, api key 14. */
export const SHARE_GROUP_CURRENT_MEMBER_ASSIGNMENT_KEY_SCHEMA = {
  name: "ShareGroupCurrentMemberAssignmentKey",
  type: "coordinator-key",
  apiKey: 14,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: -1,
} as const;

export interface ShareGroupCurrentMemberAssignmentKey {
  /** The group id. (versions 0) */
  groupId: string;
  /** The member id. (versions 0) */
  memberId: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newShareGroupCurrentMemberAssignmentKey(): ShareGroupCurrentMemberAssignmentKey {
  return {
    groupId: "",
    memberId: "",
  };
}

export function readShareGroupCurrentMemberAssignmentKey(r: Reader, v: number): ShareGroupCurrentMemberAssignmentKey {
  const m = newShareGroupCurrentMemberAssignmentKey();
  m.groupId = r.string();
  m.memberId = r.string();
  return m;
}

export function writeShareGroupCurrentMemberAssignmentKey(s: Sink, m: ShareGroupCurrentMemberAssignmentKey, v: number): void {
  s.string(m.groupId, false);
  s.string(m.memberId, false);
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
