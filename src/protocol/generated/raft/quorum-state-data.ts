// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// QuorumStateData.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** QuorumStateData: data. */
export const QUORUM_STATE_DATA_SCHEMA = {
  name: "QuorumStateData",
  type: "data",
  apiKey: -1,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 0,
} as const;

export interface QuorumStateData {
  /** The cluster id. (versions 0) */
  clusterId: string;
  /** The leader id. (versions 0+) */
  leaderId: number;
  /** The leader epoch. (versions 0+) */
  leaderEpoch: number;
  /** The voted id. (versions 0+) */
  votedId: number;
  /** The voted directory id. (versions 1+) */
  votedDirectoryId: string;
  /** The applied offset. (versions 0) */
  appliedOffset: bigint;
  /** The current voters. (versions 0; nullable 0) */
  currentVoters: Voter[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newQuorumStateData(): QuorumStateData {
  return {
    clusterId: "",
    leaderId: -1,
    leaderEpoch: -1,
    votedId: -1,
    votedDirectoryId: ZERO_UUID,
    appliedOffset: 0n,
    currentVoters: [],
  };
}

export function readQuorumStateData(r: Reader, v: number): QuorumStateData {
  const flex = true;
  const m = newQuorumStateData();
  if (v <= 0) m.clusterId = r.compactString();
  m.leaderId = r.int32();
  m.leaderEpoch = r.int32();
  m.votedId = r.int32();
  if (v >= 1) m.votedDirectoryId = r.uuid();
  if (v <= 0) m.appliedOffset = r.int64();
  if (v <= 0) m.currentVoters = readArray(r, true, v <= 0, (r) => readVoter(r, v));
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeQuorumStateData(s: Sink, m: QuorumStateData, v: number): void {
  const flex = true;
  if (v <= 0) s.string(m.clusterId, true);
  if (!(v <= 0) && !(m.clusterId === "")) throw new UnsupportedFieldError("QuorumStateData", "ClusterId", v, "holds a non-default value, which cannot be sent");
  s.int32(m.leaderId);
  s.int32(m.leaderEpoch);
  s.int32(m.votedId);
  if (v >= 1) s.uuid(m.votedDirectoryId);
  if (!(v >= 1) && !(m.votedDirectoryId === ZERO_UUID)) throw new UnsupportedFieldError("QuorumStateData", "VotedDirectoryId", v, "holds a non-default value, which cannot be sent");
  if (v <= 0) s.int64(m.appliedOffset);
  if (!(v <= 0) && !(m.appliedOffset === 0n)) throw new UnsupportedFieldError("QuorumStateData", "AppliedOffset", v, "holds a non-default value, which cannot be sent");
  if (m.currentVoters === null && (v <= 0) && (!(v <= 0))) throw new UnsupportedFieldError("QuorumStateData", "CurrentVoters", v, "is null, which is not allowed");
  if (v <= 0) writeArray(s, m.currentVoters, true, (s, e) => writeVoter(s, e, v));
  if (!(v <= 0) && !((m.currentVoters !== null && m.currentVoters.length === 0))) throw new UnsupportedFieldError("QuorumStateData", "CurrentVoters", v, "holds a non-default value, which cannot be sent");
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Voter {
  /** The voter id. (versions 0) */
  voterId: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newVoter(): Voter {
  return {
    voterId: 0,
  };
}

export function readVoter(r: Reader, v: number): Voter {
  const flex = true;
  const m = newVoter();
  m.voterId = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeVoter(s: Sink, m: Voter, v: number): void {
  const flex = true;
  s.int32(m.voterId);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
