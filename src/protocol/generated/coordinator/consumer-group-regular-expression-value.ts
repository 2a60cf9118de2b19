// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ConsumerGroupRegularExpressionValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ConsumerGroupRegularExpressionValue: coordinator-value, api key 16. */
export const CONSUMER_GROUP_REGULAR_EXPRESSION_VALUE_SCHEMA = {
  name: "ConsumerGroupRegularExpressionValue",
  type: "coordinator-value",
  apiKey: 16,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ConsumerGroupRegularExpressionValue {
  /** (versions 0+) */
  topics: string[];
  /** (versions 0+) */
  version: bigint;
  /** (versions 0+) */
  timestamp: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newConsumerGroupRegularExpressionValue(): ConsumerGroupRegularExpressionValue {
  return {
    topics: [],
    version: 0n,
    timestamp: 0n,
  };
}

export function readConsumerGroupRegularExpressionValue(r: Reader, v: number): ConsumerGroupRegularExpressionValue {
  const flex = true;
  const m = newConsumerGroupRegularExpressionValue();
  m.topics = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  m.version = r.int64();
  m.timestamp = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeConsumerGroupRegularExpressionValue(s: Sink, m: ConsumerGroupRegularExpressionValue, v: number): void {
  const flex = true;
  writeArray(s, m.topics, true, (s, e) => s.string(e, true));
  s.int64(m.version);
  s.int64(m.timestamp);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
