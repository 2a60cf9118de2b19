// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// OffsetFetchRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** OffsetFetchRequest: request, api key 9. */
export const OFFSET_FETCH_REQUEST_SCHEMA = {
  name: "OffsetFetchRequest",
  type: "request",
  apiKey: 9,
  minVersion: 1,
  maxVersion: 10,
  flexibleMinVersion: 6,
} as const;

export interface OffsetFetchRequest {
  /** The group to fetch offsets for. (versions 0-7) */
  groupId: string;
  /** Each topic we would like to fetch offsets for, or null to fetch offsets for all topics. (versions 0-7; nullable 2-7) */
  topics: OffsetFetchRequestTopic[] | null;
  /** Each group we would like to fetch offsets for. (versions 8+) */
  groups: OffsetFetchRequestGroup[];
  /** Whether broker should hold on returning unstable offsets but set a retriable error code for the partitions. (versions 7+) */
  requireStable: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetFetchRequest(): OffsetFetchRequest {
  return {
    groupId: "",
    topics: [],
    groups: [],
    requireStable: false,
  };
}

export function readOffsetFetchRequest(r: Reader, v: number): OffsetFetchRequest {
  const flex = v >= 6;
  const m = newOffsetFetchRequest();
  if (v <= 7) m.groupId = (flex ? r.compactString() : r.string());
  if (v <= 7) m.topics = readArray(r, flex, v >= 2 && v <= 7, (r) => readOffsetFetchRequestTopic(r, v));
  if (v >= 8) m.groups = (readArray(r, flex, false, (r) => readOffsetFetchRequestGroup(r, v)) ?? []);
  if (v >= 7) m.requireStable = r.bool();
  if (v >= 6) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetFetchRequest(s: Sink, m: OffsetFetchRequest, v: number): void {
  const flex = v >= 6;
  if (v <= 7) s.string(m.groupId, flex);
  if (!(v <= 7) && !(m.groupId === "")) throw new UnsupportedFieldError("OffsetFetchRequest", "GroupId", v, "holds a non-default value, which cannot be sent");
  if (m.topics === null && (v <= 7) && (!(v >= 2 && v <= 7))) throw new UnsupportedFieldError("OffsetFetchRequest", "Topics", v, "is null, which is not allowed");
  if (v <= 7) writeArray(s, m.topics, flex, (s, e) => writeOffsetFetchRequestTopic(s, e, v));
  if (!(v <= 7) && !((m.topics !== null && m.topics.length === 0))) throw new UnsupportedFieldError("OffsetFetchRequest", "Topics", v, "holds a non-default value, which cannot be sent");
  if (v >= 8) writeArray(s, m.groups, flex, (s, e) => writeOffsetFetchRequestGroup(s, e, v));
  if (!(v >= 8) && !((m.groups !== null && m.groups.length === 0))) throw new UnsupportedFieldError("OffsetFetchRequest", "Groups", v, "holds a non-default value, which cannot be sent");
  if (v >= 7) s.bool(m.requireStable);
  if (!(v >= 7) && !(m.requireStable === false)) throw new UnsupportedFieldError("OffsetFetchRequest", "RequireStable", v, "holds a non-default value, which cannot be sent");
  if (v >= 6) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface OffsetFetchRequestTopic {
  /** The topic name. (versions 0-7) */
  name: string;
  /** The partition indexes we would like to fetch offsets for. (versions 0-7) */
  partitionIndexes: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetFetchRequestTopic(): OffsetFetchRequestTopic {
  return {
    name: "",
    partitionIndexes: [],
  };
}

export function readOffsetFetchRequestTopic(r: Reader, v: number): OffsetFetchRequestTopic {
  const flex = v >= 6;
  const m = newOffsetFetchRequestTopic();
  m.name = (flex ? r.compactString() : r.string());
  m.partitionIndexes = (readArray(r, flex, false, (r) => r.int32()) ?? []);
  if (v >= 6) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetFetchRequestTopic(s: Sink, m: OffsetFetchRequestTopic, v: number): void {
  const flex = v >= 6;
  s.string(m.name, flex);
  writeArray(s, m.partitionIndexes, flex, (s, e) => s.int32(e));
  if (v >= 6) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface OffsetFetchRequestGroup {
  /** The group ID. (versions 8+) */
  groupId: string;
  /** The member id. (versions 9+; nullable 9+; ignorable) */
  memberId: string | null;
  /** The member epoch if using the new consumer protocol (KIP-848). (versions 9+; ignorable) */
  memberEpoch: number;
  /** Each topic we would like to fetch offsets for, or null to fetch offsets for all topics. (versions 8+; nullable 8+) */
  topics: OffsetFetchRequestTopics[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetFetchRequestGroup(): OffsetFetchRequestGroup {
  return {
    groupId: "",
    memberId: null,
    memberEpoch: -1,
    topics: [],
  };
}

export function readOffsetFetchRequestGroup(r: Reader, v: number): OffsetFetchRequestGroup {
  const flex = true;
  const m = newOffsetFetchRequestGroup();
  m.groupId = r.compactString();
  if (v >= 9) m.memberId = (v >= 9 ? r.compactNullableString() : r.compactString());
  if (v >= 9) m.memberEpoch = r.int32();
  m.topics = readArray(r, true, true, (r) => readOffsetFetchRequestTopics(r, v));
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetFetchRequestGroup(s: Sink, m: OffsetFetchRequestGroup, v: number): void {
  const flex = true;
  s.string(m.groupId, true);
  if (m.memberId === null && (v >= 9) && (!(v >= 9))) throw new UnsupportedFieldError("OffsetFetchRequest", "MemberId", v, "is null, which is not allowed");
  if (v >= 9) s.string(m.memberId, true);
  if (v >= 9) s.int32(m.memberEpoch);
  writeArray(s, m.topics, true, (s, e) => writeOffsetFetchRequestTopics(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface OffsetFetchRequestTopics {
  /** The topic name. (versions 8-9; ignorable) */
  name: string;
  /** The topic ID. (versions 10+; ignorable) */
  topicId: string;
  /** The partition indexes we would like to fetch offsets for. (versions 8+) */
  partitionIndexes: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newOffsetFetchRequestTopics(): OffsetFetchRequestTopics {
  return {
    name: "",
    topicId: ZERO_UUID,
    partitionIndexes: [],
  };
}

export function readOffsetFetchRequestTopics(r: Reader, v: number): OffsetFetchRequestTopics {
  const flex = true;
  const m = newOffsetFetchRequestTopics();
  if (v <= 9) m.name = r.compactString();
  if (v >= 10) m.topicId = r.uuid();
  m.partitionIndexes = (readArray(r, true, false, (r) => r.int32()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeOffsetFetchRequestTopics(s: Sink, m: OffsetFetchRequestTopics, v: number): void {
  const flex = true;
  if (v <= 9) s.string(m.name, true);
  if (v >= 10) s.uuid(m.topicId);
  writeArray(s, m.partitionIndexes, true, (s, e) => s.int32(e));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
