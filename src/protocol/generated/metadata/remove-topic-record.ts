// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// RemoveTopicRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** RemoveTopicRecord: metadata, api key 9. */
export const REMOVE_TOPIC_RECORD_SCHEMA = {
  name: "RemoveTopicRecord",
  type: "metadata",
  apiKey: 9,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface RemoveTopicRecord {
  /** The topic to remove. All associated partitions will be removed as well. (versions 0+) */
  topicId: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newRemoveTopicRecord(): RemoveTopicRecord {
  return {
    topicId: ZERO_UUID,
  };
}

export function readRemoveTopicRecord(r: Reader, v: number): RemoveTopicRecord {
  const flex = true;
  const m = newRemoveTopicRecord();
  m.topicId = r.uuid();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeRemoveTopicRecord(s: Sink, m: RemoveTopicRecord, v: number): void {
  const flex = true;
  s.uuid(m.topicId);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
