// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ShareUpdateKey.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ShareUpdateKey: coordinator-key, api key 1. */
export const SHARE_UPDATE_KEY_SCHEMA = {
  name: "ShareUpdateKey",
  type: "coordinator-key",
  apiKey: 1,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: -1,
} as const;

export interface ShareUpdateKey {
  /** The group id. (versions 0) */
  groupId: string;
  /** The topic id. (versions 0) */
  topicId: string;
  /** The partition index. (versions 0) */
  partition: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newShareUpdateKey(): ShareUpdateKey {
  return {
    groupId: "",
    topicId: ZERO_UUID,
    partition: 0,
  };
}

export function readShareUpdateKey(r: Reader, v: number): ShareUpdateKey {
  const m = newShareUpdateKey();
  m.groupId = r.string();
  m.topicId = r.uuid();
  m.partition = r.int32();
  return m;
}

export function writeShareUpdateKey(s: Sink, m: ShareUpdateKey, v: number): void {
  s.string(m.groupId, false);
  s.uuid(m.topicId);
  s.int32(m.partition);
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
