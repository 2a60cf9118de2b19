// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ShareGroupMemberMetadataValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ShareGroupMemberMetadataValue: coordinator-value, api key 10. */
export const SHARE_GROUP_MEMBER_METADATA_VALUE_SCHEMA = {
  name: "ShareGroupMemberMetadataValue",
  type: "coordinator-value",
  apiKey: 10,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ShareGroupMemberMetadataValue {
  /** The (optional) rack id. (versions 0+; nullable 0+) */
  rackId: string | null;
  /** The client id. (versions 0+) */
  clientId: string;
  /** The client host. (versions 0+) */
  clientHost: string;
  /** The list of subscribed topic names. (versions 0+) */
  subscribedTopicNames: string[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newShareGroupMemberMetadataValue(): ShareGroupMemberMetadataValue {
  return {
    rackId: "",
    clientId: "",
    clientHost: "",
    subscribedTopicNames: [],
  };
}

export function readShareGroupMemberMetadataValue(r: Reader, v: number): ShareGroupMemberMetadataValue {
  const flex = true;
  const m = newShareGroupMemberMetadataValue();
  m.rackId = r.compactNullableString();
  m.clientId = r.compactString();
  m.clientHost = r.compactString();
  m.subscribedTopicNames = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeShareGroupMemberMetadataValue(s: Sink, m: ShareGroupMemberMetadataValue, v: number): void {
  const flex = true;
  s.string(m.rackId, true);
  s.string(m.clientId, true);
  s.string(m.clientHost, true);
  writeArray(s, m.subscribedTopicNames, true, (s, e) => s.string(e, true));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
