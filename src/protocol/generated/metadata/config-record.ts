// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ConfigRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ConfigRecord: metadata, api key 4. */
export const CONFIG_RECORD_SCHEMA = {
  name: "ConfigRecord",
  type: "metadata",
  apiKey: 4,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ConfigRecord {
  /** The type of resource this configuration applies to. (versions 0+) */
  resourceType: number;
  /** The name of the resource this configuration applies to. (versions 0+) */
  resourceName: string;
  /** The name of the configuration key. (versions 0+) */
  name: string;
  /** The value of the configuration, or null if the it should be deleted. (versions 0+; nullable 0+) */
  value: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newConfigRecord(): ConfigRecord {
  return {
    resourceType: 0,
    resourceName: "",
    name: "",
    value: "",
  };
}

export function readConfigRecord(r: Reader, v: number): ConfigRecord {
  const flex = true;
  const m = newConfigRecord();
  m.resourceType = r.int8();
  m.resourceName = r.compactString();
  m.name = r.compactString();
  m.value = r.compactNullableString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeConfigRecord(s: Sink, m: ConfigRecord, v: number): void {
  const flex = true;
  s.int8(m.resourceType);
  s.string(m.resourceName, true);
  s.string(m.name, true);
  s.string(m.value, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
