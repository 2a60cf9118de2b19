// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// UnregisterBrokerRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** UnregisterBrokerRequest: request, api key 64. */
export const UNREGISTER_BROKER_REQUEST_SCHEMA = {
  name: "UnregisterBrokerRequest",
  type: "request",
  apiKey: 64,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface UnregisterBrokerRequest {
  /** The broker ID to unregister. (versions 0+) */
  brokerId: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newUnregisterBrokerRequest(): UnregisterBrokerRequest {
  return {
    brokerId: 0,
  };
}

export function readUnregisterBrokerRequest(r: Reader, v: number): UnregisterBrokerRequest {
  const flex = true;
  const m = newUnregisterBrokerRequest();
  m.brokerId = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeUnregisterBrokerRequest(s: Sink, m: UnregisterBrokerRequest, v: number): void {
  const flex = true;
  s.int32(m.brokerId);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
