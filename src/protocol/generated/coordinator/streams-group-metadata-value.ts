// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// StreamsGroupMetadataValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** StreamsGroupMetadataValue: coordinator-value, api key 17. */
export const STREAMS_GROUP_METADATA_VALUE_SCHEMA = {
  name: "StreamsGroupMetadataValue",
  type: "coordinator-value",
  apiKey: 17,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface StreamsGroupMetadataValue {
  /** The group epoch. (versions 0+) */
  epoch: number;
  /** The hash of all topics in the group. (versions 0+) */
  metadataHash: bigint;
  /** The topology epoch whose topics are validated to be present in a valid configuration in the metadata. (versions 0+; tag 0 in 0+) */
  validatedTopologyEpoch: number;
  /** The last used configuration parameters as key-value pairs. (versions 0+; nullable 0+; tag 1 in 0+) */
  lastAssignmentConfigs: LastAssignmentConfig[] | null;
  /** The topology epoch the plugin holds, or -1 if none. -2 (uncertain) marks an interrupted plugin operation: it solicits a push like -1 and is delete-eligible like a stored epoch. (versions 0+; tag 2 in 0+) */
  storedDescriptionTopologyEpoch: number;
  /** The topology epoch whose description push the plugin permanently rejected (signalled by StreamsTopologyDescriptionPermanentFailureException), or -1 if none. Heartbeat-path solicitation is suppressed while this equals the current topology epoch, to avoid hot-looping. (versions 0+; tag 3 in 0+) */
  failedDescriptionTopologyEpoch: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newStreamsGroupMetadataValue(): StreamsGroupMetadataValue {
  return {
    epoch: 0,
    metadataHash: 0n,
    validatedTopologyEpoch: -1,
    lastAssignmentConfigs: null,
    storedDescriptionTopologyEpoch: -1,
    failedDescriptionTopologyEpoch: -1,
  };
}

export function readStreamsGroupMetadataValue(r: Reader, v: number): StreamsGroupMetadataValue {
  const flex = true;
  const m = newStreamsGroupMetadataValue();
  m.epoch = r.int32();
  m.metadataHash = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (true) { m.validatedTopologyEpoch = r.int32(); return true; } return false;
      case 1: if (true) { m.lastAssignmentConfigs = readArray(r, true, true, (r) => readLastAssignmentConfig(r, v)); return true; } return false;
      case 2: if (true) { m.storedDescriptionTopologyEpoch = r.int32(); return true; } return false;
      case 3: if (true) { m.failedDescriptionTopologyEpoch = r.int32(); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeStreamsGroupMetadataValue(s: Sink, m: StreamsGroupMetadataValue, v: number): void {
  const flex = true;
  s.int32(m.epoch);
  s.int64(m.metadataHash);
  if (true) {
    const tags: TagWriter[] = [];
    if (!(m.validatedTopologyEpoch === -1)) tags.push([0, (s) => s.int32(m.validatedTopologyEpoch)]);
    if (!(m.lastAssignmentConfigs === null)) tags.push([1, (s) => writeArray(s, m.lastAssignmentConfigs, true, (s, e) => writeLastAssignmentConfig(s, e, v))]);
    if (!(m.storedDescriptionTopologyEpoch === -1)) tags.push([2, (s) => s.int32(m.storedDescriptionTopologyEpoch)]);
    if (!(m.failedDescriptionTopologyEpoch === -1)) tags.push([3, (s) => s.int32(m.failedDescriptionTopologyEpoch)]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface LastAssignmentConfig {
  /** Key of the config. (versions 0+) */
  key: string;
  /** Value of the config. (versions 0+) */
  value: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newLastAssignmentConfig(): LastAssignmentConfig {
  return {
    key: "",
    value: "",
  };
}

export function readLastAssignmentConfig(r: Reader, v: number): LastAssignmentConfig {
  const flex = true;
  const m = newLastAssignmentConfig();
  m.key = r.compactString();
  m.value = r.compactString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeLastAssignmentConfig(s: Sink, m: LastAssignmentConfig, v: number): void {
  const flex = true;
  s.string(m.key, true);
  s.string(m.value, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
