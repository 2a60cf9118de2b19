// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ConsumerGroupRegularExpressionKey.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ConsumerGroupRegularExpressionKey: coordinator-key, api key 16. */
export const CONSUMER_GROUP_REGULAR_EXPRESSION_KEY_SCHEMA = {
  name: "ConsumerGroupRegularExpressionKey",
  type: "coordinator-key",
  apiKey: 16,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: -1,
} as const;

export interface ConsumerGroupRegularExpressionKey {
  /** The group id. (versions 0) */
  groupId: string;
  /** The regular expression. (versions 0) */
  regularExpression: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newConsumerGroupRegularExpressionKey(): ConsumerGroupRegularExpressionKey {
  return {
    groupId: "",
    regularExpression: "",
  };
}

export function readConsumerGroupRegularExpressionKey(r: Reader, v: number): ConsumerGroupRegularExpressionKey {
  const m = newConsumerGroupRegularExpressionKey();
  m.groupId = r.string();
  m.regularExpression = r.string();
  return m;
}

export function writeConsumerGroupRegularExpressionKey(s: Sink, m: ConsumerGroupRegularExpressionKey, v: number): void {
  s.string(m.groupId, false);
  s.string(m.regularExpression, false);
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
