// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// StreamsGroupCurrentMemberAssignmentKey.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** StreamsGroupCurrentMemberAssignmentKey: coordinator-key, api key 22. */
export const STREAMS_GROUP_CURRENT_MEMBER_ASSIGNMENT_KEY_SCHEMA = {
  name: "StreamsGroupCurrentMemberAssignmentKey",
  type: "coordinator-key",
  apiKey: 22,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: -1,
} as const;

export interface StreamsGroupCurrentMemberAssignmentKey {
  /** The group ID. (versions 0) */
  groupId: string;
  /** The member ID. (versions 0) */
  memberId: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newStreamsGroupCurrentMemberAssignmentKey(): StreamsGroupCurrentMemberAssignmentKey {
  return {
    groupId: "",
    memberId: "",
  };
}

export function readStreamsGroupCurrentMemberAssignmentKey(r: Reader, v: number): StreamsGroupCurrentMemberAssignmentKey {
  const m = newStreamsGroupCurrentMemberAssignmentKey();
  m.groupId = r.string();
  m.memberId = r.string();
  return m;
}

export function writeStreamsGroupCurrentMemberAssignmentKey(s: Sink, m: StreamsGroupCurrentMemberAssignmentKey, v: number): void {
  s.string(m.groupId, false);
  s.string(m.memberId, false);
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
