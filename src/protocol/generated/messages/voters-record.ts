// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// VotersRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** VotersRecord: data. */
export const VOTERS_RECORD_SCHEMA = {
  name: "VotersRecord",
  type: "data",
  apiKey: -1,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface VotersRecord {
  /** The version of the voters record. (versions 0+) */
  version: number;
  /** The set of voters in the quorum for this epoch. (versions 0+) */
  voters: Voter[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newVotersRecord(): VotersRecord {
  return {
    version: 0,
    voters: [],
  };
}

export function readVotersRecord(r: Reader, v: number): VotersRecord {
  const flex = true;
  const m = newVotersRecord();
  m.version = r.int16();
  m.voters = (readArray(r, true, false, (r) => readVoter(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeVotersRecord(s: Sink, m: VotersRecord, v: number): void {
  const flex = true;
  s.int16(m.version);
  writeArray(s, m.voters, true, (s, e) => writeVoter(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Voter {
  /** The replica id of the voter in the topic partition. (versions 0+) */
  voterId: number;
  /** The directory id of the voter in the topic partition. (versions 0+) */
  voterDirectoryId: string;
  /** The endpoint that can be used to communicate with the voter. (versions 0+) */
  endpoints: Endpoint[];
  /** The range of versions of the protocol that the replica supports. (versions 0+) */
  kRaftVersionFeature: KRaftVersionFeature;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newVoter(): Voter {
  return {
    voterId: 0,
    voterDirectoryId: ZERO_UUID,
    endpoints: [],
    kRaftVersionFeature: newKRaftVersionFeature(),
  };
}

export function readVoter(r: Reader, v: number): Voter {
  const flex = true;
  const m = newVoter();
  m.voterId = r.int32();
  m.voterDirectoryId = r.uuid();
  m.endpoints = (readArray(r, true, false, (r) => readEndpoint(r, v)) ?? []);
  m.kRaftVersionFeature = readKRaftVersionFeature(r, v);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeVoter(s: Sink, m: Voter, v: number): void {
  const flex = true;
  s.int32(m.voterId);
  s.uuid(m.voterDirectoryId);
  writeArray(s, m.endpoints, true, (s, e) => writeEndpoint(s, e, v));
  writeKRaftVersionFeature(s, m.kRaftVersionFeature, v);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Endpoint {
  /** The name of the endpoint. (versions 0+) */
  name: string;
  /** The hostname. (versions 0+) */
  host: string;
  /** The port. (versions 0+) */
  port: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newEndpoint(): Endpoint {
  return {
    name: "",
    host: "",
    port: 0,
  };
}

export function readEndpoint(r: Reader, v: number): Endpoint {
  const flex = true;
  const m = newEndpoint();
  m.name = r.compactString();
  m.host = r.compactString();
  m.port = r.uint16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeEndpoint(s: Sink, m: Endpoint, v: number): void {
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
