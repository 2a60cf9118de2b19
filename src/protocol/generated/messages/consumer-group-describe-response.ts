// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ConsumerGroupDescribeResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ConsumerGroupDescribeResponse: response, api key 69. */
export const CONSUMER_GROUP_DESCRIBE_RESPONSE_SCHEMA = {
  name: "ConsumerGroupDescribeResponse",
  type: "response",
  apiKey: 69,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 0,
} as const;

export interface ConsumerGroupDescribeResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** Each described group. (versions 0+) */
  groups: DescribedGroup[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newConsumerGroupDescribeResponse(): ConsumerGroupDescribeResponse {
  return {
    throttleTimeMs: 0,
    groups: [],
  };
}

export function readConsumerGroupDescribeResponse(r: Reader, v: number): ConsumerGroupDescribeResponse {
  const flex = true;
  const m = newConsumerGroupDescribeResponse();
  m.throttleTimeMs = r.int32();
  m.groups = (readArray(r, true, false, (r) => readDescribedGroup(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeConsumerGroupDescribeResponse(s: Sink, m: ConsumerGroupDescribeResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  writeArray(s, m.groups, true, (s, e) => writeDescribedGroup(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribedGroup {
  /** The describe error, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The top-level error message, or null if there was no error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** The group ID string. (versions 0+) */
  groupId: string;
  /** The group state string, or the empty string. (versions 0+) */
  groupState: string;
  /** The group epoch. (versions 0+) */
  groupEpoch: number;
  /** The assignment epoch. (versions 0+) */
  assignmentEpoch: number;
  /** The selected assignor. (versions 0+) */
  assignorName: string;
  /** The members. (versions 0+) */
  members: Member[];
  /** 32-bit bitfield to represent authorized operations for this group. (versions 0+) */
  authorizedOperations: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribedGroup(): DescribedGroup {
  return {
    errorCode: 0,
    errorMessage: null,
    groupId: "",
    groupState: "",
    groupEpoch: 0,
    assignmentEpoch: 0,
    assignorName: "",
    members: [],
    authorizedOperations: -2147483648,
  };
}

export function readDescribedGroup(r: Reader, v: number): DescribedGroup {
  const flex = true;
  const m = newDescribedGroup();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  m.groupId = r.compactString();
  m.groupState = r.compactString();
  m.groupEpoch = r.int32();
  m.assignmentEpoch = r.int32();
  m.assignorName = r.compactString();
  m.members = (readArray(r, true, false, (r) => readMember(r, v)) ?? []);
  m.authorizedOperations = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribedGroup(s: Sink, m: DescribedGroup, v: number): void {
  const flex = true;
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  s.string(m.groupId, true);
  s.string(m.groupState, true);
  s.int32(m.groupEpoch);
  s.int32(m.assignmentEpoch);
  s.string(m.assignorName, true);
  writeArray(s, m.members, true, (s, e) => writeMember(s, e, v));
  s.int32(m.authorizedOperations);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Member {
  /** The member ID. (versions 0+) */
  memberId: string;
  /** The member instance ID. (versions 0+; nullable 0+) */
  instanceId: string | null;
  /** The member rack ID. (versions 0+; nullable 0+) */
  rackId: string | null;
  /** The current member epoch. (versions 0+) */
  memberEpoch: number;
  /** The client ID. (versions 0+) */
  clientId: string;
  /** The client host. (versions 0+) */
  clientHost: string;
  /** The subscribed topic names. (versions 0+) */
  subscribedTopicNames: string[];
  /** the subscribed topic regex otherwise or null of not provided. (versions 0+; nullable 0+) */
  subscribedTopicRegex: string | null;
  /** The current assignment. (versions 0+) */
  assignment: Assignment;
  /** The target assignment. (versions 0+) */
  targetAssignment: Assignment;
  /** -1 for unknown. 0 for classic member. +1 for consumer member. (versions 1+; ignorable) */
  memberType: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newMember(): Member {
  return {
    memberId: "",
    instanceId: null,
    rackId: null,
    memberEpoch: 0,
    clientId: "",
    clientHost: "",
    subscribedTopicNames: [],
    subscribedTopicRegex: null,
    assignment: newAssignment(),
    targetAssignment: newAssignment(),
    memberType: -1,
  };
}

export function readMember(r: Reader, v: number): Member {
  const flex = true;
  const m = newMember();
  m.memberId = r.compactString();
  m.instanceId = r.compactNullableString();
  m.rackId = r.compactNullableString();
  m.memberEpoch = r.int32();
  m.clientId = r.compactString();
  m.clientHost = r.compactString();
  m.subscribedTopicNames = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  m.subscribedTopicRegex = r.compactNullableString();
  m.assignment = readAssignment(r, v);
  m.targetAssignment = readAssignment(r, v);
  if (v >= 1) m.memberType = r.int8();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeMember(s: Sink, m: Member, v: number): void {
  const flex = true;
  s.string(m.memberId, true);
  s.string(m.instanceId, true);
  s.string(m.rackId, true);
  s.int32(m.memberEpoch);
  s.string(m.clientId, true);
  s.string(m.clientHost, true);
  writeArray(s, m.subscribedTopicNames, true, (s, e) => s.string(e, true));
  s.string(m.subscribedTopicRegex, true);
  writeAssignment(s, m.assignment, v);
  writeAssignment(s, m.targetAssignment, v);
  if (v >= 1) s.int8(m.memberType);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Assignment {
  /** The assigned topic-partitions to the member. (versions 0+) */
  topicPartitions: TopicPartitions[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAssignment(): Assignment {
  return {
    topicPartitions: [],
  };
}

export function readAssignment(r: Reader, v: number): Assignment {
  const flex = true;
  const m = newAssignment();
  m.topicPartitions = (readArray(r, true, false, (r) => readTopicPartitions(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAssignment(s: Sink, m: Assignment, v: number): void {
  const flex = true;
  writeArray(s, m.topicPartitions, true, (s, e) => writeTopicPartitions(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicPartitions {
  /** The topic ID. (versions 0+) */
  topicId: string;
  /** The topic name. (versions 0+) */
  topicName: string;
  /** The partitions. (versions 0+) */
  partitions: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicPartitions(): TopicPartitions {
  return {
    topicId: ZERO_UUID,
    topicName: "",
    partitions: [],
  };
}

export function readTopicPartitions(r: Reader, v: number): TopicPartitions {
  const flex = true;
  const m = newTopicPartitions();
  m.topicId = r.uuid();
  m.topicName = r.compactString();
  m.partitions = (readArray(r, true, false, (r) => r.int32()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicPartitions(s: Sink, m: TopicPartitions, v: number): void {
  const flex = true;
  s.uuid(m.topicId);
  s.string(m.topicName, true);
  writeArray(s, m.partitions, true, (s, e) => s.int32(e));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
