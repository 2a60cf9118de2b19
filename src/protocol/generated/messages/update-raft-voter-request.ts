// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// UpdateRaftVoterRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** UpdateRaftVoterRequest: request, api key 82. */
export const UPDATE_RAFT_VOTER_REQUEST_SCHEMA = {
  name: "UpdateRaftVoterRequest",
  type: "request",
  apiKey: 82,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface UpdateRaftVoterRequest {
  /** The cluster id. (versions 0+; nullable 0+) */
  clusterId: string | null;
  /** The current leader epoch of the partition, -1 for unknown leader epoch. (versions 0+) */
  currentLeaderEpoch: number;
  /** The replica id of the voter getting updated in the topic partition. (versions 0+) */
  voterId: number;
  /** The directory id of the voter getting updated in the topic partition. (versions 0+) */
  voterDirectoryId: string;
  /** The endpoint that can be used to communicate with the leader. (versions 0+) */
  listeners: Listener[];
  /** The range of versions of the protocol that the replica supports. (versions 0+) */
  kRaftVersionFeature: KRaftVersionFeature;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newUpdateRaftVoterRequest(): UpdateRaftVoterRequest {
  return {
    clusterId: "",
    currentLeaderEpoch: 0,
    voterId: 0,
    voterDirectoryId: ZERO_UUID,
    listeners: [],
    kRaftVersionFeature: newKRaftVersionFeature(),
  };
}

export function readUpdateRaftVoterRequest(r: Reader, v: number): UpdateRaftVoterRequest {
  const flex = true;
  const m = newUpdateRaftVoterRequest();
  m.clusterId = r.compactNullableString();
  m.currentLeaderEpoch = r.int32();
  m.voterId = r.int32();
  m.voterDirectoryId = r.uuid();
  m.listeners = (readArray(r, true, false, (r) => readListener(r, v)) ?? []);
  m.kRaftVersionFeature = readKRaftVersionFeature(r, v);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeUpdateRaftVoterRequest(s: Sink, m: UpdateRaftVoterRequest, v: number): void {
  const flex = true;
  s.string(m.clusterId, true);
  s.int32(m.currentLeaderEpoch);
  s.int32(m.voterId);
  s.uuid(m.voterDirectoryId);
  writeArray(s, m.listeners, true, (s, e) => writeListener(s, e, v));
  writeKRaftVersionFeature(s, m.kRaftVersionFeature, v);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Listener {
  /** The name of the endpoint. (versions 0+) */
  name: string;
  /** The hostname. (versions 0+) */
  host: string;
  /** The port. (versions 0+) */
  port: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newListener(): Listener {
  return {
    name: "",
    host: "",
    port: 0,
  };
}

export function readListener(r: Reader, v: number): Listener {
  const flex = true;
  const m = newListener();
  m.name = r.compactString();
  m.host = r.compactString();
  m.port = r.uint16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListener(s: Sink, m: Listener, v: number): void {
  const flex = true;
  s.string(m.name, true);
  s.string(m.host, true);
  s.uint16(m.port);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface KRaftVersionFeature {
  /** The minimum supported KRaft protocol version. (versions 0+) */
  minSupportedVersion: number;
  /** The maximum supported KRaft protocol version. (versions 0+) */
  maxSupportedVersion: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newKRaftVersionFeature(): KRaftVersionFeature {
  return {
    minSupportedVersion: 0,
    maxSupportedVersion: 0,
  };
}

export function readKRaftVersionFeature(r: Reader, v: number): KRaftVersionFeature {
  const flex = true;
  const m = newKRaftVersionFeature();
  m.minSupportedVersion = r.int16();
  m.maxSupportedVersion = r.int16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeKRaftVersionFeature(s: Sink, m: KRaftVersionFeature, v: number): void {
  const flex = true;
  s.int16(m.minSupportedVersion);
  s.int16(m.maxSupportedVersion);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
