// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// UnregisterControllerRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** UnregisterControllerRequest: request, api key 94. */
export const UNREGISTER_CONTROLLER_REQUEST_SCHEMA = {
  name: "UnregisterControllerRequest",
  type: "request",
  apiKey: 94,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface UnregisterControllerRequest {
  /** The controller ID to unregister. (versions 0+) */
  controllerId: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newUnregisterControllerRequest(): UnregisterControllerRequest {
  return {
    controllerId: 0,
  };
}

export function readUnregisterControllerRequest(r: Reader, v: number): UnregisterControllerRequest {
  const flex = true;
  const m = newUnregisterControllerRequest();
  m.controllerId = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeUnregisterControllerRequest(s: Sink, m: UnregisterControllerRequest, v: number): void {
  const flex = true;
  s.int32(m.controllerId);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
