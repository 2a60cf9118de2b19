// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// StreamsGroupMemberMetadataValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** StreamsGroupMemberMetadataValue: coordinator-value, api key 19. */
export const STREAMS_GROUP_MEMBER_METADATA_VALUE_SCHEMA = {
  name: "StreamsGroupMemberMetadataValue",
  type: "coordinator-value",
  apiKey: 19,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface StreamsGroupMemberMetadataValue {
  /** The (optional) instance ID for static membership. (versions 0+; nullable 0+) */
  instanceId: string | null;
  /** The (optional) rack ID. (versions 0+; nullable 0+) */
  rackId: string | null;
  /** The client ID. (versions 0+) */
  clientId: string;
  /** The client host. (versions 0+) */
  clientHost: string;
  /** The rebalance timeout. (versions 0+) */
  rebalanceTimeoutMs: number;
  /** The epoch of the topology. (versions 0+) */
  topologyEpoch: number;
  /** Identity of the streams instance that may have multiple consumers. (versions 0+) */
  processId: string;
  /** User-defined endpoint for running interactive queries on this instance. (versions 0+; nullable 0+) */
  userEndpoint: Endpoint | null;
  /** Used for rack-aware assignment algorithm. (versions 0+) */
  clientTags: KeyValue[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newStreamsGroupMemberMetadataValue(): StreamsGroupMemberMetadataValue {
  return {
    instanceId: "",
    rackId: "",
    clientId: "",
    clientHost: "",
    rebalanceTimeoutMs: -1,
    topologyEpoch: 0,
    processId: "",
    userEndpoint: null,
    clientTags: [],
  };
}

export function readStreamsGroupMemberMetadataValue(r: Reader, v: number): StreamsGroupMemberMetadataValue {
  const flex = true;
  const m = newStreamsGroupMemberMetadataValue();
  m.instanceId = r.compactNullableString();
  m.rackId = r.compactNullableString();
  m.clientId = r.compactString();
  m.clientHost = r.compactString();
  m.rebalanceTimeoutMs = r.int32();
  m.topologyEpoch = r.int32();
  m.processId = r.compactString();
  m.userEndpoint = (r.int8() < 0 ? null : readEndpoint(r, v));
  m.clientTags = (readArray(r, true, false, (r) => readKeyValue(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeStreamsGroupMemberMetadataValue(s: Sink, m: StreamsGroupMemberMetadataValue, v: number): void {
  const flex = true;
  s.string(m.instanceId, true);
  s.string(m.rackId, true);
  s.string(m.clientId, true);
  s.string(m.clientHost, true);
  s.int32(m.rebalanceTimeoutMs);
  s.int32(m.topologyEpoch);
  s.string(m.processId, true);
  { if (m.userEndpoint === null) s.int8(-1); else { s.int8(1); writeEndpoint(s, m.userEndpoint, v); } };
  writeArray(s, m.clientTags, true, (s, e) => writeKeyValue(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Endpoint {
  /** The host of the endpoint. (versions 0+) */
  host: string;
  /** The port of the endpoint. (versions 0+) */
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

export interface KeyValue {
  /** The key of the config. (versions 0+) */
  key: string;
  /** the value of the config. (versions 0+) */
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

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
