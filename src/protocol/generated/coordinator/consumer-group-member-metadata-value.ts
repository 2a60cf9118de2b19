// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ConsumerGroupMemberMetadataValue.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ConsumerGroupMemberMetadataValue: coordinator-value, api key 5. */
export const CONSUMER_GROUP_MEMBER_METADATA_VALUE_SCHEMA = {
  name: "ConsumerGroupMemberMetadataValue",
  type: "coordinator-value",
  apiKey: 5,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ConsumerGroupMemberMetadataValue {
  /** The (optional) instance id. (versions 0+; nullable 0+) */
  instanceId: string | null;
  /** The (optional) rack id. (versions 0+; nullable 0+) */
  rackId: string | null;
  /** The client id. (versions 0+) */
  clientId: string;
  /** The client host. (versions 0+) */
  clientHost: string;
  /** The list of subscribed topic names. (versions 0+) */
  subscribedTopicNames: string[];
  /** The subscribed topic regular expression. (versions 0+; nullable 0+) */
  subscribedTopicRegex: string | null;
  /** The rebalance timeout. (versions 0+) */
  rebalanceTimeoutMs: number;
  /** The server assignor to use; or null if not used. (versions 0+; nullable 0+) */
  serverAssignor: string | null;
  /** The classic member metadata which includes the supported protocols of the consumer if it uses the classic protocol. The metadata is null if the consumer uses the consumer protocol. (versions 0+; nullable 0+; tag 0 in 0+) */
  classicMemberMetadata: ClassicMemberMetadata | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newConsumerGroupMemberMetadataValue(): ConsumerGroupMemberMetadataValue {
  return {
    instanceId: "",
    rackId: "",
    clientId: "",
    clientHost: "",
    subscribedTopicNames: [],
    subscribedTopicRegex: "",
    rebalanceTimeoutMs: -1,
    serverAssignor: "",
    classicMemberMetadata: null,
  };
}

export function readConsumerGroupMemberMetadataValue(r: Reader, v: number): ConsumerGroupMemberMetadataValue {
  const flex = true;
  const m = newConsumerGroupMemberMetadataValue();
  m.instanceId = r.compactNullableString();
  m.rackId = r.compactNullableString();
  m.clientId = r.compactString();
  m.clientHost = r.compactString();
  m.subscribedTopicNames = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  m.subscribedTopicRegex = r.compactNullableString();
  m.rebalanceTimeoutMs = r.int32();
  m.serverAssignor = r.compactNullableString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (true) { m.classicMemberMetadata = (r.int8() < 0 ? null : readClassicMemberMetadata(r, v)); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeConsumerGroupMemberMetadataValue(s: Sink, m: ConsumerGroupMemberMetadataValue, v: number): void {
  const flex = true;
  s.string(m.instanceId, true);
  s.string(m.rackId, true);
  s.string(m.clientId, true);
  s.string(m.clientHost, true);
  writeArray(s, m.subscribedTopicNames, true, (s, e) => s.string(e, true));
  s.string(m.subscribedTopicRegex, true);
  s.int32(m.rebalanceTimeoutMs);
  s.string(m.serverAssignor, true);
  if (true) {
    const tags: TagWriter[] = [];
    if (!(m.classicMemberMetadata === null)) tags.push([0, (s) => { if (m.classicMemberMetadata === null) s.int8(-1); else { s.int8(1); writeClassicMemberMetadata(s, m.classicMemberMetadata, v); } }]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ClassicMemberMetadata {
  /** The session timeout if the consumer uses the classic protocol. (versions 0+) */
  sessionTimeoutMs: number;
  /** The list of protocols that the member supports if the consumer uses the classic protocol. (versions 0+) */
  supportedProtocols: ClassicProtocol[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newClassicMemberMetadata(): ClassicMemberMetadata {
  return {
    sessionTimeoutMs: 0,
    supportedProtocols: [],
  };
}

export function readClassicMemberMetadata(r: Reader, v: number): ClassicMemberMetadata {
  const flex = true;
  const m = newClassicMemberMetadata();
  m.sessionTimeoutMs = r.int32();
  m.supportedProtocols = (readArray(r, true, false, (r) => readClassicProtocol(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeClassicMemberMetadata(s: Sink, m: ClassicMemberMetadata, v: number): void {
  const flex = true;
  s.int32(m.sessionTimeoutMs);
  writeArray(s, m.supportedProtocols, true, (s, e) => writeClassicProtocol(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ClassicProtocol {
  /** The protocol name. (versions 0+) */
  name: string;
  /** The protocol metadata. (versions 0+) */
  metadata: Uint8Array;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newClassicProtocol(): ClassicProtocol {
  return {
    name: "",
    metadata: new Uint8Array(0),
  };
}

export function readClassicProtocol(r: Reader, v: number): ClassicProtocol {
  const flex = true;
  const m = newClassicProtocol();
  m.name = r.compactString();
  m.metadata = r.compactBytes();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeClassicProtocol(s: Sink, m: ClassicProtocol, v: number): void {
  const flex = true;
  s.string(m.name, true);
  s.bytes(m.metadata, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
