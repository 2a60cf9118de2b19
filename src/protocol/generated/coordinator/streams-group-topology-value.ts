// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// StreamsGroupTopologyValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** StreamsGroupTopologyValue: coordinator-value, api key 23. */
export const STREAMS_GROUP_TOPOLOGY_VALUE_SCHEMA = {
  name: "StreamsGroupTopologyValue",
  type: "coordinator-value",
  apiKey: 23,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface StreamsGroupTopologyValue {
  /** The epoch of the topology. (versions 0+) */
  epoch: number;
  /** The sub-topologies of the streams application. (versions 0+) */
  subtopologies: Subtopology[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newStreamsGroupTopologyValue(): StreamsGroupTopologyValue {
  return {
    epoch: 0,
    subtopologies: [],
  };
}

export function readStreamsGroupTopologyValue(r: Reader, v: number): StreamsGroupTopologyValue {
  const flex = true;
  const m = newStreamsGroupTopologyValue();
  m.epoch = r.int32();
  m.subtopologies = (readArray(r, true, false, (r) => readSubtopology(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeStreamsGroupTopologyValue(s: Sink, m: StreamsGroupTopologyValue, v: number): void {
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
  /** The topics the topology reads from. (versions 0+) */
  sourceTopics: string[];
  /** Regular expressions identifying topics the subtopology reads from. (versions 0+) */
  sourceTopicRegex: string[];
  /** The set of state changelog topics associated with this subtopology. (versions 0+) */
  stateChangelogTopics: TopicInfo[];
  /** The repartition topics the subtopology writes to. (versions 0+) */
  repartitionSinkTopics: string[];
  /** The set of source topics that are internally created repartition topics. (versions 0+) */
  repartitionSourceTopics: TopicInfo[];
  /** A subset of source topics that must be copartitioned. (versions 0+) */
  copartitionGroups: CopartitionGroup[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newSubtopology(): Subtopology {
  return {
    subtopologyId: "",
    sourceTopics: [],
    sourceTopicRegex: [],
    stateChangelogTopics: [],
    repartitionSinkTopics: [],
    repartitionSourceTopics: [],
    copartitionGroups: [],
  };
}

export function readSubtopology(r: Reader, v: number): Subtopology {
  const flex = true;
  const m = newSubtopology();
  m.subtopologyId = r.compactString();
  m.sourceTopics = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  m.sourceTopicRegex = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  m.stateChangelogTopics = (readArray(r, true, false, (r) => readTopicInfo(r, v)) ?? []);
  m.repartitionSinkTopics = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  m.repartitionSourceTopics = (readArray(r, true, false, (r) => readTopicInfo(r, v)) ?? []);
  m.copartitionGroups = (readArray(r, true, false, (r) => readCopartitionGroup(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeSubtopology(s: Sink, m: Subtopology, v: number): void {
  const flex = true;
  s.string(m.subtopologyId, true);
  writeArray(s, m.sourceTopics, true, (s, e) => s.string(e, true));
  writeArray(s, m.sourceTopicRegex, true, (s, e) => s.string(e, true));
  writeArray(s, m.stateChangelogTopics, true, (s, e) => writeTopicInfo(s, e, v));
  writeArray(s, m.repartitionSinkTopics, true, (s, e) => s.string(e, true));
  writeArray(s, m.repartitionSourceTopics, true, (s, e) => writeTopicInfo(s, e, v));
  writeArray(s, m.copartitionGroups, true, (s, e) => writeCopartitionGroup(s, e, v));
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
  topicConfigs: TopicConfig[];
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
  m.topicConfigs = (readArray(r, true, false, (r) => readTopicConfig(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicInfo(s: Sink, m: TopicInfo, v: number): void {
  const flex = true;
  s.string(m.name, true);
  s.int32(m.partitions);
  s.int16(m.replicationFactor);
  writeArray(s, m.topicConfigs, true, (s, e) => writeTopicConfig(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopicConfig {
  /** The key of the topic-level configuration. (versions 0+) */
  key: string;
  /** The value of the topic-level configuration. (versions 0+) */
  value: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newTopicConfig(): TopicConfig {
  return {
    key: "",
    value: "",
  };
}

export function readTopicConfig(r: Reader, v: number): TopicConfig {
  const flex = true;
  const m = newTopicConfig();
  m.key = r.compactString();
  m.value = r.compactString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeTopicConfig(s: Sink, m: TopicConfig, v: number): void {
  const flex = true;
  s.string(m.key, true);
  s.string(m.value, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface CopartitionGroup {
  /** The topics the topology reads from. Index into the array on the subtopology level. (versions 0+) */
  sourceTopics: number[];
  /** Regular expressions identifying topics the subtopology reads from. Index into the array on the subtopology level. (versions 0+) */
  sourceTopicRegex: number[];
  /** The set of source topics that are internally created repartition topics. Index into the array on the subtopology level. (versions 0+) */
  repartitionSourceTopics: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCopartitionGroup(): CopartitionGroup {
  return {
    sourceTopics: [],
    sourceTopicRegex: [],
    repartitionSourceTopics: [],
  };
}

export function readCopartitionGroup(r: Reader, v: number): CopartitionGroup {
  const flex = true;
  const m = newCopartitionGroup();
  m.sourceTopics = (readArray(r, true, false, (r) => r.int16()) ?? []);
  m.sourceTopicRegex = (readArray(r, true, false, (r) => r.int16()) ?? []);
  m.repartitionSourceTopics = (readArray(r, true, false, (r) => r.int16()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCopartitionGroup(s: Sink, m: CopartitionGroup, v: number): void {
  const flex = true;
  writeArray(s, m.sourceTopics, true, (s, e) => s.int16(e));
  writeArray(s, m.sourceTopicRegex, true, (s, e) => s.int16(e));
  writeArray(s, m.repartitionSourceTopics, true, (s, e) => s.int16(e));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
