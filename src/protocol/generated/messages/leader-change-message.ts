// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// LeaderChangeMessage.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** LeaderChangeMessage: data. */
export const LEADER_CHANGE_MESSAGE_SCHEMA = {
  name: "LeaderChangeMessage",
  type: "data",
  apiKey: -1,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 0,
} as const;

export interface LeaderChangeMessage {
  /** The version of the leader change message. (versions 0+) */
  version: number;
  /** The ID of the newly elected leader. (versions 0+) */
  leaderId: number;
  /** The set of voters in the quorum for this epoch. (versions 0+) */
  voters: Voter[];
  /** The voters who voted for the leader at the time of election. (versions 0+) */
  grantingVoters: Voter[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newLeaderChangeMessage(): LeaderChangeMessage {
  return {
    version: 0,
    leaderId: 0,
    voters: [],
    grantingVoters: [],
  };
}

export function readLeaderChangeMessage(r: Reader, v: number): LeaderChangeMessage {
  const flex = true;
  const m = newLeaderChangeMessage();
  m.version = r.int16();
  m.leaderId = r.int32();
  m.voters = (readArray(r, true, false, (r) => readVoter(r, v)) ?? []);
  m.grantingVoters = (readArray(r, true, false, (r) => readVoter(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeLeaderChangeMessage(s: Sink, m: LeaderChangeMessage, v: number): void {
  const flex = true;
  s.int16(m.version);
  s.int32(m.leaderId);
  writeArray(s, m.voters, true, (s, e) => writeVoter(s, e, v));
  writeArray(s, m.grantingVoters, true, (s, e) => writeVoter(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Voter {
  /** The ID of the voter. (versions 0+) */
  voterId: number;
  /** The directory id of the voter. (versions 1+) */
  voterDirectoryId: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newVoter(): Voter {
  return {
    voterId: 0,
    voterDirectoryId: ZERO_UUID,
  };
}

export function readVoter(r: Reader, v: number): Voter {
  const flex = true;
  const m = newVoter();
  m.voterId = r.int32();
  if (v >= 1) m.voterDirectoryId = r.uuid();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeVoter(s: Sink, m: Voter, v: number): void {
  const flex = true;
  s.int32(m.voterId);
  if (v >= 1) s.uuid(m.voterDirectoryId);
  if (!(v >= 1) && !(m.voterDirectoryId === ZERO_UUID)) throw new UnsupportedFieldError("LeaderChangeMessage", "VoterDirectoryId", v, "holds a non-default value, which cannot be sent");
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
