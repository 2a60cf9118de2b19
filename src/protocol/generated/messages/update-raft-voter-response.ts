// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// UpdateRaftVoterResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** UpdateRaftVoterResponse: response, api key 82. */
export const UPDATE_RAFT_VOTER_RESPONSE_SCHEMA = {
  name: "UpdateRaftVoterResponse",
  type: "response",
  apiKey: 82,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface UpdateRaftVoterResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** Details of the current Raft cluster leader. (versions 0+; tag 0 in 0+) */
  currentLeader: CurrentLeader;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newUpdateRaftVoterResponse(): UpdateRaftVoterResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    currentLeader: newCurrentLeader(),
  };
}

export function readUpdateRaftVoterResponse(r: Reader, v: number): UpdateRaftVoterResponse {
  const flex = true;
  const m = newUpdateRaftVoterResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (true) { m.currentLeader = readCurrentLeader(r, v); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeUpdateRaftVoterResponse(s: Sink, m: UpdateRaftVoterResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  if (true) {
    const tags: TagWriter[] = [];
    if (!(deepEqual(m.currentLeader, newCurrentLeader()))) tags.push([0, (s) => writeCurrentLeader(s, m.currentLeader, v)]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface CurrentLeader {
  /** The replica id of the current leader or -1 if the leader is unknown. (versions 0+) */
  leaderId: number;
  /** The latest known leader epoch. (versions 0+) */
  leaderEpoch: number;
  /** The node's hostname. (versions 0+) */
  host: string;
  /** The node's port. (versions 0+) */
  port: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCurrentLeader(): CurrentLeader {
  return {
    leaderId: -1,
    leaderEpoch: -1,
    host: "",
    port: 0,
  };
}

export function readCurrentLeader(r: Reader, v: number): CurrentLeader {
  const flex = true;
  const m = newCurrentLeader();
  m.leaderId = r.int32();
  m.leaderEpoch = r.int32();
  m.host = r.compactString();
  m.port = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCurrentLeader(s: Sink, m: CurrentLeader, v: number): void {
  const flex = true;
  s.int32(m.leaderId);
  s.int32(m.leaderEpoch);
  s.string(m.host, true);
  s.int32(m.port);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
