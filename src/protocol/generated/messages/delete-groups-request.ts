// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DeleteGroupsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DeleteGroupsRequest: request, api key 42. */
export const DELETE_GROUPS_REQUEST_SCHEMA = {
  name: "DeleteGroupsRequest",
  type: "request",
  apiKey: 42,
  minVersion: 0,
  maxVersion: 3,
  flexibleMinVersion: 2,
} as const;

export interface DeleteGroupsRequest {
  /** The group names to delete. (versions 0+) */
  groupsNames: string[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDeleteGroupsRequest(): DeleteGroupsRequest {
  return {
    groupsNames: [],
  };
}

export function readDeleteGroupsRequest(r: Reader, v: number): DeleteGroupsRequest {
  const flex = v >= 2;
  const m = newDeleteGroupsRequest();
  m.groupsNames = (readArray(r, flex, false, (r) => (flex ? r.compactString() : r.string())) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDeleteGroupsRequest(s: Sink, m: DeleteGroupsRequest, v: number): void {
  const flex = v >= 2;
  writeArray(s, m.groupsNames, flex, (s, e) => s.string(e, flex));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
