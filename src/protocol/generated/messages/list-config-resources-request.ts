// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ListConfigResourcesRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ListConfigResourcesRequest: request, api key 74. */
export const LIST_CONFIG_RESOURCES_REQUEST_SCHEMA = {
  name: "ListConfigResourcesRequest",
  type: "request",
  apiKey: 74,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 0,
} as const;

export interface ListConfigResourcesRequest {
  /** The list of resource type. If the list is empty, it uses default supported config resource types. (versions 1+) */
  resourceTypes: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newListConfigResourcesRequest(): ListConfigResourcesRequest {
  return {
    resourceTypes: [],
  };
}

export function readListConfigResourcesRequest(r: Reader, v: number): ListConfigResourcesRequest {
  const flex = true;
  const m = newListConfigResourcesRequest();
  if (v >= 1) m.resourceTypes = (readArray(r, true, false, (r) => r.int8()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListConfigResourcesRequest(s: Sink, m: ListConfigResourcesRequest, v: number): void {
  const flex = true;
  if (v >= 1) writeArray(s, m.resourceTypes, true, (s, e) => s.int8(e));
  if (!(v >= 1) && !((m.resourceTypes !== null && m.resourceTypes.length === 0))) throw new UnsupportedFieldError("ListConfigResourcesRequest", "ResourceTypes", v, "holds a non-default value, which cannot be sent");
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
