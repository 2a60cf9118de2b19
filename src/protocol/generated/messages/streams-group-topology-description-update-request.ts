// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// StreamsGroupTopologyDescriptionUpdateRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** StreamsGroupTopologyDescriptionUpdateRequest: request, api key 93. */
export const STREAMS_GROUP_TOPOLOGY_DESCRIPTION_UPDATE_REQUEST_SCHEMA = {
  name: "StreamsGroupTopologyDescriptionUpdateRequest",
  type: "request",
  apiKey: 93,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface StreamsGroupTopologyDescriptionUpdateRequest {
  /** The streams group identifier. (versions 0+) */
  groupId: string;
  /** The ID of the streams group member sending the push. The broker validates that this member is still in the group; mismatches (including when the group itself has been deleted) are rejected with UNKNOWN_MEMBER_ID so the client treats itself as fenced and rejoins. (versions 0+) */
  memberId: string;
  /** The epoch of the topology being described. (versions 0+) */
  topologyEpoch: number;
  /** The topology description. (versions 0+) */
  topologyDescription: TopologyDescription;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newStreamsGroupTopologyDescriptionUpdateRequest(): StreamsGroupTopologyDescriptionUpdateRequest {
  return {
    groupId: "",
    memberId: "",
    topologyEpoch: 0,
    topologyDescription: newTopologyDescription(),
  };
}

export function readStreamsGroupTopologyDescriptionUpdateRequest(r: Reader, v: number): StreamsGroupTopologyDescriptionUpdateRequest {
  const flex = true;
  const m = newStreamsGroupTopologyDescriptionUpdateRequest();
  m.groupId = r.compactString();
  m.memberId = r.compactString();
  m.topologyEpoch = r.int32();
  m.topologyDescription = readTopologyDescription(r, v);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeStreamsGroupTopologyDescriptionUpdateRequest(s: Sink, m: StreamsGroupTopologyDescriptionUpdateRequest, v: number): void {
  const flex = true;
  s.string(m.groupId, true);
  s.string(m.memberId, true);
  s.int32(m.topologyEpoch);
  writeTopologyDescription(s, m.topologyDescription, v);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface TopologyDescription {
  /** The subtopologies that make up this topology. (versions 0+) */
  subtopologies: TopologyDescriptionSubtopology[];
  /** Global state stores used by this topology. (versions 0+) */
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
  /** The subtopology identifier, unique within the topology. (versions 0+) */
  subtopologyId: string;
  /** The processing nodes in this subtopology. (versions 0+) */
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
  /** The name of this node (e.g., KSTREAM-SOURCE-0000000000). (versions 0+) */
  name: string;
  /** The type of this node: 1=SOURCE, 2=PROCESSOR, 3=SINK. (versions 0+) */
  nodeType: number;
  /** The source topics this node reads from. Defined only for source nodes, may be empty if source topics are dynamically determined. (versions 0+) */
  sourceTopics: string[];
  /** The topic this node writes to. Defined only for sink nodes, may be null if sink topic is dynamically determined. (versions 0+; nullable 0+) */
  sinkTopic: string | null;
  /** The state store names accessed by this node. Defined only for processor nodes. (versions 0+) */
  stores: string[];
  /** The names of successor nodes in the processing graph. Predecessor relationships are reconstructed from this field. (versions 0+) */
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
  /** The source node providing data to the global store. (versions 0+) */
  source: TopologyDescriptionNode;
  /** The processor node that populates the global store. (versions 0+) */
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
