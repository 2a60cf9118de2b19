// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// FindCoordinatorRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** FindCoordinatorRequest: request, api key 10. */
export const FIND_COORDINATOR_REQUEST_SCHEMA = {
  name: "FindCoordinatorRequest",
  type: "request",
  apiKey: 10,
  minVersion: 0,
  maxVersion: 6,
  flexibleMinVersion: 3,
} as const;

export interface FindCoordinatorRequest {
  /** The coordinator key. (versions 0-3) */
  key: string;
  /** The coordinator key type. (group, transaction, share). (versions 1+) */
  keyType: number;
  /** The coordinator keys. (versions 4+) */
  coordinatorKeys: string[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newFindCoordinatorRequest(): FindCoordinatorRequest {
  return {
    key: "",
    keyType: 0,
    coordinatorKeys: [],
  };
}

export function readFindCoordinatorRequest(r: Reader, v: number): FindCoordinatorRequest {
  const flex = v >= 3;
  const m = newFindCoordinatorRequest();
  if (v <= 3) m.key = (flex ? r.compactString() : r.string());
  if (v >= 1) m.keyType = r.int8();
  if (v >= 4) m.coordinatorKeys = (readArray(r, flex, false, (r) => (flex ? r.compactString() : r.string())) ?? []);
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeFindCoordinatorRequest(s: Sink, m: FindCoordinatorRequest, v: number): void {
  const flex = v >= 3;
  if (v <= 3) s.string(m.key, flex);
  if (!(v <= 3) && !(m.key === "")) throw new UnsupportedFieldError("FindCoordinatorRequest", "Key", v, "holds a non-default value, which cannot be sent");
  if (v >= 1) s.int8(m.keyType);
  if (!(v >= 1) && !(m.keyType === 0)) throw new UnsupportedFieldError("FindCoordinatorRequest", "KeyType", v, "holds a non-default value, which cannot be sent");
  if (v >= 4) writeArray(s, m.coordinatorKeys, flex, (s, e) => s.string(e, flex));
  if (!(v >= 4) && !((m.coordinatorKeys !== null && m.coordinatorKeys.length === 0))) throw new UnsupportedFieldError("FindCoordinatorRequest", "CoordinatorKeys", v, "holds a non-default value, which cannot be sent");
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
