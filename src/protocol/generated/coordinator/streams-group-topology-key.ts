// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// StreamsGroupTopologyKey.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** StreamsGroupTopologyKey: coordinator-key, api key 23. */
export const STREAMS_GROUP_TOPOLOGY_KEY_SCHEMA = {
  name: "StreamsGroupTopologyKey",
  type: "coordinator-key",
  apiKey: 23,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: -1,
} as const;

export interface StreamsGroupTopologyKey {
  /** The group ID. (versions 0) */
  groupId: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newStreamsGroupTopologyKey(): StreamsGroupTopologyKey {
  return {
    groupId: "",
  };
}

export function readStreamsGroupTopologyKey(r: Reader, v: number): StreamsGroupTopologyKey {
  const m = newStreamsGroupTopologyKey();
  m.groupId = r.string();
  return m;
}

export function writeStreamsGroupTopologyKey(s: Sink, m: StreamsGroupTopologyKey, v: number): void {
  s.string(m.groupId, false);
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
