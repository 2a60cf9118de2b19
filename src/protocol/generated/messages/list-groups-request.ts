// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ListGroupsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ListGroupsRequest: request, api key 16. */
export const LIST_GROUPS_REQUEST_SCHEMA = {
  name: "ListGroupsRequest",
  type: "request",
  apiKey: 16,
  minVersion: 0,
  maxVersion: 5,
  flexibleMinVersion: 3,
} as const;

export interface ListGroupsRequest {
  /** The states of the groups we want to list. If empty, all groups are returned with their state. (versions 4+) */
  statesFilter: string[];
  /** The types of the groups we want to list. If empty, all groups are returned with their type. (versions 5+) */
  typesFilter: string[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newListGroupsRequest(): ListGroupsRequest {
  return {
    statesFilter: [],
    typesFilter: [],
  };
}

export function readListGroupsRequest(r: Reader, v: number): ListGroupsRequest {
  const flex = v >= 3;
  const m = newListGroupsRequest();
  if (v >= 4) m.statesFilter = (readArray(r, flex, false, (r) => (flex ? r.compactString() : r.string())) ?? []);
  if (v >= 5) m.typesFilter = (readArray(r, flex, false, (r) => (flex ? r.compactString() : r.string())) ?? []);
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListGroupsRequest(s: Sink, m: ListGroupsRequest, v: number): void {
  const flex = v >= 3;
  if (v >= 4) writeArray(s, m.statesFilter, flex, (s, e) => s.string(e, flex));
  if (!(v >= 4) && !((m.statesFilter !== null && m.statesFilter.length === 0))) throw new UnsupportedFieldError("ListGroupsRequest", "StatesFilter", v, "holds a non-default value, which cannot be sent");
  if (v >= 5) writeArray(s, m.typesFilter, flex, (s, e) => s.string(e, flex));
  if (!(v >= 5) && !((m.typesFilter !== null && m.typesFilter.length === 0))) throw new UnsupportedFieldError("ListGroupsRequest", "TypesFilter", v, "holds a non-default value, which cannot be sent");
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
