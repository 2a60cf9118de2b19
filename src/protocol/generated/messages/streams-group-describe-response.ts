// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// StreamsGroupDescribeResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** StreamsGroupDescribeResponse: response, api key 89. */
export const STREAMS_GROUP_DESCRIBE_RESPONSE_SCHEMA = {
  name: "StreamsGroupDescribeResponse",
  type: "response",
  apiKey: 89,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 0,
} as const;

export interface StreamsGroupDescribeResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** Each described group. (versions 0+) */
  groups: DescribedGroup[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newStreamsGroupDescribeResponse(): StreamsGroupDescribeResponse {
  return {
    throttleTimeMs: 0,
    groups: [],
  };
}

export function readStreamsGroupDescribeResponse(r: Reader, v: number): StreamsGroupDescribeResponse {
  const flex = true;
  const m = newStreamsGroupDescribeResponse();
  m.throttleTimeMs = r.int32();
  m.groups = (readArray(r, true, false, (r) => readDescribedGroup(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeStreamsGroupDescribeResponse(s: Sink, m: StreamsGroupDescribeResponse, v: number): void {
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
  /** The topology metadata currently initialized for the streams application. Can be null in case of a describe error. (versions 0+; nullable 0+) */
  topology: Topology | null;
  /** The members. (versions 0+) */
  members: Member[];
  /** 32-bit bitfield to represent authorized operations for this group. (versions 0+) */
  authorizedOperations: number;
  /** The full topology description for this group. Non-null if and only if TopologyDescriptionStatus is AVAILABLE (3); null otherwise. (versions 1+; nullable 1+) */
  topologyDescription: TopologyDescription | null;
  /** The status of the topology description for this group, paired with TopologyDescription: 0=NOT_REQUESTED (client did not set IncludeTopologyDescription; TopologyDescription is null); 1=NOT_STORED (no description recorded for this group; TopologyDescription is null); 2=ERROR (broker failed to fetch the description, see broker logs; TopologyDescription is null); 3=AVAILABLE (TopologyDescription is non-null and carries the description). (versions 1+) */
  topologyDescriptionStatus: number;
  /** The task assignor that the group coordinator will use for the next assignment computation. This may differ from the assignor that computed the current assignment, because changing the assignor configuration does not trigger a rebalance. Null in case of a describe error. (versions 1+; nullable 1+; ignorable) */
  assignorName: string | null;
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
    topology: null,
    members: [],
    authorizedOperations: -2147483648,
    topologyDescription: null,
    topologyDescriptionStatus: 0,
    assignorName: null,
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
  m.topology = (r.int8() < 0 ? null : readTopology(r, v));
  m.members = (readArray(r, true, false, (r) => readMember(r, v)) ?? []);
  m.authorizedOperations = r.int32();
  if (v >= 1) m.topologyDescription = (v >= 1 ? (r.int8() < 0 ? null : readTopologyDescription(r, v)) : readTopologyDescription(r, v));
  if (v >= 1) m.topologyDescriptionStatus = r.int8();
  if (v >= 1) m.assignorName = (v >= 1 ? r.compactNullableString() : r.compactString());
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
  { if (m.topology === null) s.int8(-1); else { s.int8(1); writeTopology(s, m.topology, v); } };
  writeArray(s, m.members, true, (s, e) => writeMember(s, e, v));
  s.int32(m.authorizedOperations);
  if (m.topologyDescription === null && (v >= 1) && (!(v >= 1))) throw new UnsupportedFieldError("StreamsGroupDescribeResponse", "TopologyDescription", v, "is null, which is not allowed");
  if (v >= 1) { if (m.topologyDescription === null) s.int8(-1); else { s.int8(1); writeTopologyDescription(s, m.topologyDescription, v); } };
  if (!(v >= 1) && !(m.topologyDescription === null)) throw new UnsupportedFieldError("StreamsGroupDescribeResponse", "TopologyDescription", v, "holds a non-default value, which cannot be sent");
  if (v >= 1) s.int8(m.topologyDescriptionStatus);
  if (!(v >= 1) && !(m.topologyDescriptionStatus === 0)) throw new UnsupportedFieldError("StreamsGroupDescribeResponse", "TopologyDescriptionStatus", v, "holds a non-default value, which cannot be sent");
  if (m.assignorName === null && (v >= 1) && (!(v >= 1))) throw new UnsupportedFieldError("StreamsGroupDescribeResponse", "AssignorName", v, "is null, which is not allowed");
  if (v >= 1) s.string(m.assignorName, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Topology {
  /** The epoch of the currently initialized topology for this group. (versions 0+) */
  epoch: number;
  /** The subtopologies of the streams application. This contains the configured subtopologies, where the number of partitions are set and any regular expressions are resolved to actual topics. Null if the group is uninitialized, source topics are missing or incorrectly partitioned. (versions 0+; nullable 0+) */
  subtopologies: Subtopology[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopology(): Topology {
  return {
    epoch: 0,
    subtopologies: null,
  };
}

export function readTopology(r: Reader, v: number): Topology {
  const flex = true;
  const m = newTopology();
  m.epoch = r.int32();
  m.subtopologies = readArray(r, true, true, (r) => readSubtopology(r, v));
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopology(s: Sink, m: Topology, v: number): void {
  const flex = true;
  s.int32(m.epoch);
  writeArray(s, m.subtopologies, true, (s, e) => writeSubtopology(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Subtopology {
  /** String to uniquely identify the subtopology. (versions 0+) */
  subtopologyId: string;
  /** The topics the subtopology reads from. (versions 0+) */
  sourceTopics: string[];
  /** The repartition topics the subtopology writes to. (versions 0+) */
  repartitionSinkTopics: string[];
  /** The set of state changelog topics associated with this subtopology. Created automatically. (versions 0+) */
  stateChangelogTopics: TopicInfo[];
  /** The set of source topics that are internally created repartition topics. Created automatically. (versions 0+) */
  repartitionSourceTopics: TopicInfo[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newSubtopology(): Subtopology {
  return {
    subtopologyId: "",
    sourceTopics: [],
    repartitionSinkTopics: [],
    stateChangelogTopics: [],
    repartitionSourceTopics: [],
  };
}

export function readSubtopology(r: Reader, v: number): Subtopology {
  const flex = true;
  const m = newSubtopology();
  m.subtopologyId = r.compactString();
  m.sourceTopics = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  m.repartitionSinkTopics = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  m.stateChangelogTopics = (readArray(r, true, false, (r) => readTopicInfo(r, v)) ?? []);
  m.repartitionSourceTopics = (readArray(r, true, false, (r) => readTopicInfo(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeSubtopology(s: Sink, m: Subtopology, v: number): void {
  const flex = true;
  s.string(m.subtopologyId, true);
  writeArray(s, m.sourceTopics, true, (s, e) => s.string(e, true));
  writeArray(s, m.repartitionSinkTopics, true, (s, e) => s.string(e, true));
  writeArray(s, m.stateChangelogTopics, true, (s, e) => writeTopicInfo(s, e, v));
  writeArray(s, m.repartitionSourceTopics, true, (s, e) => writeTopicInfo(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicInfo {
  /** The name of the topic. (versions 0+) */
  name: string;
  /** The number of partitions in the topic. Can be 0 if no specific number of partitions is enforced. Always 0 for changelog topics. (versions 0+) */
  partitions: number;
  /** The replication factor of the topic. Can be 0 if the default replication factor should be used. (versions 0+) */
  replicationFactor: number;
  /** Topic-level configurations as key-value pairs. (versions 0+) */
  topicConfigs: KeyValue[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicInfo(): TopicInfo {
  return {
    name: "",
    partitions: 0,
    replicationFactor: 0,
    topicConfigs: [],
  };
}

export function readTopicInfo(r: Reader, v: number): TopicInfo {
  const flex = true;
  const m = newTopicInfo();
  m.name = r.compactString();
  m.partitions = r.int32();
  m.replicationFactor = r.int16();
  m.topicConfigs = (readArray(r, true, false, (r) => readKeyValue(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicInfo(s: Sink, m: TopicInfo, v: number): void {
  const flex = true;
  s.string(m.name, true);
  s.int32(m.partitions);
  s.int16(m.replicationFactor);
  writeArray(s, m.topicConfigs, true, (s, e) => writeKeyValue(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface KeyValue {
  /** key of the config (versions 0+) */
  key: string;
  /** value of the config (versions 0+) */
  value: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newKeyValue(): KeyValue {
  return {
    key: "",
    value: "",
  };
}

export function readKeyValue(r: Reader, v: number): KeyValue {
  const flex = true;
  const m = newKeyValue();
  m.key = r.compactString();
  m.value = r.compactString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeKeyValue(s: Sink, m: KeyValue, v: number): void {
  const flex = true;
  s.string(m.key, true);
  s.string(m.value, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Member {
  /** The member ID. (versions 0+) */
  memberId: string;
  /** The member epoch. (versions 0+) */
  memberEpoch: number;
  /** The member instance ID for static membership. (versions 0+; nullable 0+) */
  instanceId: string | null;
  /** The rack ID. (versions 0+; nullable 0+) */
  rackId: string | null;
  /** The client ID. (versions 0+) */
  clientId: string;
  /** The client host. (versions 0+) */
  clientHost: string;
  /** The epoch of the topology on the client. (versions 0+) */
  topologyEpoch: number;
  /** Identity of the streams instance that may have multiple clients. (versions 0+) */
  processId: string;
  /** User-defined endpoint for Interactive Queries. Null if not defined for this client. (versions 0+; nullable 0+) */
  userEndpoint: Endpoint | null;
  /** Used for rack-aware assignment algorithm. (versions 0+) */
  clientTags: KeyValue[];
  /** Cumulative changelog offsets for tasks. (versions 0+) */
  taskOffsets: TaskOffset[];
  /** Cumulative changelog end offsets for tasks. (versions 0+) */
  taskEndOffsets: TaskOffset[];
  /** The current assignment. (versions 0+) */
  assignment: Assignment;
  /** The target assignment. (versions 0+) */
  targetAssignment: Assignment;
  /** True for classic members that have not been upgraded yet. (versions 0+) */
  isClassic: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newMember(): Member {
  return {
    memberId: "",
    memberEpoch: 0,
    instanceId: null,
    rackId: null,
    clientId: "",
    clientHost: "",
    topologyEpoch: 0,
    processId: "",
    userEndpoint: null,
    clientTags: [],
    taskOffsets: [],
    taskEndOffsets: [],
    assignment: newAssignment(),
    targetAssignment: newAssignment(),
    isClassic: false,
  };
}

export function readMember(r: Reader, v: number): Member {
  const flex = true;
  const m = newMember();
  m.memberId = r.compactString();
  m.memberEpoch = r.int32();
  m.instanceId = r.compactNullableString();
  m.rackId = r.compactNullableString();
  m.clientId = r.compactString();
  m.clientHost = r.compactString();
  m.topologyEpoch = r.int32();
  m.processId = r.compactString();
  m.userEndpoint = (r.int8() < 0 ? null : readEndpoint(r, v));
  m.clientTags = (readArray(r, true, false, (r) => readKeyValue(r, v)) ?? []);
  m.taskOffsets = (readArray(r, true, false, (r) => readTaskOffset(r, v)) ?? []);
  m.taskEndOffsets = (readArray(r, true, false, (r) => readTaskOffset(r, v)) ?? []);
  m.assignment = readAssignment(r, v);
  m.targetAssignment = readAssignment(r, v);
  m.isClassic = r.bool();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeMember(s: Sink, m: Member, v: number): void {
  const flex = true;
  s.string(m.memberId, true);
  s.int32(m.memberEpoch);
  s.string(m.instanceId, true);
  s.string(m.rackId, true);
  s.string(m.clientId, true);
  s.string(m.clientHost, true);
  s.int32(m.topologyEpoch);
  s.string(m.processId, true);
  { if (m.userEndpoint === null) s.int8(-1); else { s.int8(1); writeEndpoint(s, m.userEndpoint, v); } };
  writeArray(s, m.clientTags, true, (s, e) => writeKeyValue(s, e, v));
  writeArray(s, m.taskOffsets, true, (s, e) => writeTaskOffset(s, e, v));
  writeArray(s, m.taskEndOffsets, true, (s, e) => writeTaskOffset(s, e, v));
  writeAssignment(s, m.assignment, v);
  writeAssignment(s, m.targetAssignment, v);
  s.bool(m.isClassic);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Endpoint {
  /** host of the endpoint (versions 0+) */
  host: string;
  /** port of the endpoint (versions 0+) */
  port: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newEndpoint(): Endpoint {
  return {
    host: "",
    port: 0,
  };
}

export function readEndpoint(r: Reader, v: number): Endpoint {
  const flex = true;
  const m = newEndpoint();
  m.host = r.compactString();
  m.port = r.uint16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeEndpoint(s: Sink, m: Endpoint, v: number): void {
  const flex = true;
  s.string(m.host, true);
  s.uint16(m.port);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TaskOffset {
  /** The subtopology identifier. (versions 0+) */
  subtopologyId: string;
  /** The partition. (versions 0+) */
  partition: number;
  /** The offset. (versions 0+) */
  offset: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTaskOffset(): TaskOffset {
  return {
    subtopologyId: "",
    partition: 0,
    offset: 0n,
  };
}

export function readTaskOffset(r: Reader, v: number): TaskOffset {
  const flex = true;
  const m = newTaskOffset();
  m.subtopologyId = r.compactString();
  m.partition = r.int32();
  m.offset = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTaskOffset(s: Sink, m: TaskOffset, v: number): void {
  const flex = true;
  s.string(m.subtopologyId, true);
  s.int32(m.partition);
  s.int64(m.offset);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Assignment {
  /** Active tasks for this client. (versions 0+) */
  activeTasks: TaskIds[];
  /** Standby tasks for this client. (versions 0+) */
  standbyTasks: TaskIds[];
  /** Warm-up tasks for this client. (versions 0+) */
  warmupTasks: TaskIds[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAssignment(): Assignment {
  return {
    activeTasks: [],
    standbyTasks: [],
    warmupTasks: [],
  };
}

export function readAssignment(r: Reader, v: number): Assignment {
  const flex = true;
  const m = newAssignment();
  m.activeTasks = (readArray(r, true, false, (r) => readTaskIds(r, v)) ?? []);
  m.standbyTasks = (readArray(r, true, false, (r) => readTaskIds(r, v)) ?? []);
  m.warmupTasks = (readArray(r, true, false, (r) => readTaskIds(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAssignment(s: Sink, m: Assignment, v: number): void {
  const flex = true;
  writeArray(s, m.activeTasks, true, (s, e) => writeTaskIds(s, e, v));
  writeArray(s, m.standbyTasks, true, (s, e) => writeTaskIds(s, e, v));
  writeArray(s, m.warmupTasks, true, (s, e) => writeTaskIds(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TaskIds {
  /** The subtopology identifier. (versions 0+) */
  subtopologyId: string;
  /** The partitions of the input topics processed by this member. (versions 0+) */
  partitions: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTaskIds(): TaskIds {
  return {
    subtopologyId: "",
    partitions: [],
  };
}

export function readTaskIds(r: Reader, v: number): TaskIds {
  const flex = true;
  const m = newTaskIds();
  m.subtopologyId = r.compactString();
  m.partitions = (readArray(r, true, false, (r) => r.int32()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTaskIds(s: Sink, m: TaskIds, v: number): void {
  const flex = true;
  s.string(m.subtopologyId, true);
  writeArray(s, m.partitions, true, (s, e) => s.int32(e));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopologyDescription {
  /** The subtopologies that make up this topology. (versions 1+) */
  subtopologies: TopologyDescriptionSubtopology[];
  /** Global state stores used by this topology. (versions 1+) */
  globalStores: TopologyDescriptionGlobalStore[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopologyDescription(): TopologyDescription {
  return {
    subtopologies: [],
    globalStores: [],
  };
}

export function readTopologyDescription(r: Reader, v: number): TopologyDescription {
  const flex = true;
  const m = newTopologyDescription();
  m.subtopologies = (readArray(r, true, false, (r) => readTopologyDescriptionSubtopology(r, v)) ?? []);
  m.globalStores = (readArray(r, true, false, (r) => readTopologyDescriptionGlobalStore(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopologyDescription(s: Sink, m: TopologyDescription, v: number): void {
  const flex = true;
  writeArray(s, m.subtopologies, true, (s, e) => writeTopologyDescriptionSubtopology(s, e, v));
  writeArray(s, m.globalStores, true, (s, e) => writeTopologyDescriptionGlobalStore(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopologyDescriptionSubtopology {
  /** The subtopology identifier, unique within the topology. (versions 1+) */
  subtopologyId: string;
  /** The processing nodes in this subtopology. (versions 1+) */
  nodes: TopologyDescriptionNode[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopologyDescriptionSubtopology(): TopologyDescriptionSubtopology {
  return {
    subtopologyId: "",
    nodes: [],
  };
}

export function readTopologyDescriptionSubtopology(r: Reader, v: number): TopologyDescriptionSubtopology {
  const flex = true;
  const m = newTopologyDescriptionSubtopology();
  m.subtopologyId = r.compactString();
  m.nodes = (readArray(r, true, false, (r) => readTopologyDescriptionNode(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopologyDescriptionSubtopology(s: Sink, m: TopologyDescriptionSubtopology, v: number): void {
  const flex = true;
  s.string(m.subtopologyId, true);
  writeArray(s, m.nodes, true, (s, e) => writeTopologyDescriptionNode(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopologyDescriptionNode {
  /** The name of this node (e.g., KSTREAM-SOURCE-0000000000). (versions 1+) */
  name: string;
  /** The type of this node: 1=SOURCE, 2=PROCESSOR, 3=SINK. (versions 1+) */
  nodeType: number;
  /** The source topics this node reads from. Defined only for source nodes, may be empty if source topics are dynamically determined. (versions 1+) */
  sourceTopics: string[];
  /** The topic this node writes to. Defined only for sink nodes, may be null if sink topic is dynamically determined. (versions 1+; nullable 1+) */
  sinkTopic: string | null;
  /** The state store names accessed by this node. Defined only for processor nodes. (versions 1+) */
  stores: string[];
  /** The names of successor nodes in the processing graph. Predecessor relationships are reconstructed from this field. (versions 1+) */
  successors: string[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopologyDescriptionNode(): TopologyDescriptionNode {
  return {
    name: "",
    nodeType: 0,
    sourceTopics: [],
    sinkTopic: null,
    stores: [],
    successors: [],
  };
}

export function readTopologyDescriptionNode(r: Reader, v: number): TopologyDescriptionNode {
  const flex = true;
  const m = newTopologyDescriptionNode();
  m.name = r.compactString();
  m.nodeType = r.int8();
  m.sourceTopics = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  m.sinkTopic = r.compactNullableString();
  m.stores = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  m.successors = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopologyDescriptionNode(s: Sink, m: TopologyDescriptionNode, v: number): void {
  const flex = true;
  s.string(m.name, true);
  s.int8(m.nodeType);
  writeArray(s, m.sourceTopics, true, (s, e) => s.string(e, true));
  s.string(m.sinkTopic, true);
  writeArray(s, m.stores, true, (s, e) => s.string(e, true));
  writeArray(s, m.successors, true, (s, e) => s.string(e, true));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopologyDescriptionGlobalStore {
  /** The source node providing data to the global store. (versions 1+) */
  source: TopologyDescriptionNode;
  /** The processor node that populates the global store. (versions 1+) */
  processor: TopologyDescriptionNode;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopologyDescriptionGlobalStore(): TopologyDescriptionGlobalStore {
  return {
    source: newTopologyDescriptionNode(),
    processor: newTopologyDescriptionNode(),
  };
}

export function readTopologyDescriptionGlobalStore(r: Reader, v: number): TopologyDescriptionGlobalStore {
  const flex = true;
  const m = newTopologyDescriptionGlobalStore();
  m.source = readTopologyDescriptionNode(r, v);
  m.processor = readTopologyDescriptionNode(r, v);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopologyDescriptionGlobalStore(s: Sink, m: TopologyDescriptionGlobalStore, v: number): void {
  const flex = true;
  writeTopologyDescriptionNode(s, m.source, v);
  writeTopologyDescriptionNode(s, m.processor, v);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
