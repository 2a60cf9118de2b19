// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// FeatureLevelRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** FeatureLevelRecord: metadata, api key 12. */
export const FEATURE_LEVEL_RECORD_SCHEMA = {
  name: "FeatureLevelRecord",
  type: "metadata",
  apiKey: 12,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface FeatureLevelRecord {
  /** The feature name. (versions 0+) */
  name: string;
  /** The current finalized feature level of this feature for the cluster, a value of 0 means feature not supported. (versions 0+) */
  featureLevel: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newFeatureLevelRecord(): FeatureLevelRecord {
  return {
    name: "",
    featureLevel: 0,
  };
}

export function readFeatureLevelRecord(r: Reader, v: number): FeatureLevelRecord {
  const flex = true;
  const m = newFeatureLevelRecord();
  m.name = r.compactString();
  m.featureLevel = r.int16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeFeatureLevelRecord(s: Sink, m: FeatureLevelRecord, v: number): void {
  const flex = true;
  s.string(m.name, true);
  s.int16(m.featureLevel);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
