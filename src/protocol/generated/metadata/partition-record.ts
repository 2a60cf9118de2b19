// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// PartitionRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** PartitionRecord: metadata, api key 3. */
export const PARTITION_RECORD_SCHEMA = {
  name: "PartitionRecord",
  type: "metadata",
  apiKey: 3,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 0,
} as const;

export interface PartitionRecord {
  /** The partition id. (versions 0+) */
  partitionId: number;
  /** The unique ID of this topic. (versions 0+) */
  topicId: string;
  /** The replicas of this partition, sorted by preferred order. (versions 0+) */
  replicas: number[];
  /** The in-sync replicas of this partition (versions 0+) */
  isr: number[];
  /** The replicas that we are in the process of removing. (versions 0+) */
  removingReplicas: number[];
  /** The replicas that we are in the process of adding. (versions 0+) */
  addingReplicas: number[];
  /** The lead replica, or -1 if there is no leader. (versions 0+) */
  leader: number;
  /** 1 if the partition is recovering from an unclean leader election; 0 otherwise. (versions 0+; tag 0 in 0+) */
  leaderRecoveryState: number;
  /** The epoch of the partition leader. (versions 0+) */
  leaderEpoch: number;
  /** An epoch that gets incremented each time we change anything in the partition. (versions 0+) */
  partitionEpoch: number;
  /** The log directory hosting each replica, sorted in the same exact order as the Replicas field. (versions 1+) */
  directories: string[];
  /** The eligible leader replicas of this partition. (versions 2+; nullable 2+; tag 1 in 2+) */
  eligibleLeaderReplicas: number[] | null;
  /** The last known eligible leader replicas of this partition. (versions 2+; nullable 2+; tag 2 in 2+) */
  lastKnownElr: number[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionRecord(): PartitionRecord {
  return {
    partitionId: -1,
    topicId: ZERO_UUID,
    replicas: [],
    isr: [],
    removingReplicas: [],
    addingReplicas: [],
    leader: -1,
    leaderRecoveryState: 0,
    leaderEpoch: -1,
    partitionEpoch: -1,
    directories: [],
    eligibleLeaderReplicas: null,
    lastKnownElr: null,
  };
}

export function readPartitionRecord(r: Reader, v: number): PartitionRecord {
  const flex = true;
  const m = newPartitionRecord();
  m.partitionId = r.int32();
  m.topicId = r.uuid();
  m.replicas = (readArray(r, true, false, (r) => r.int32()) ?? []);
  m.isr = (readArray(r, true, false, (r) => r.int32()) ?? []);
  m.removingReplicas = (readArray(r, true, false, (r) => r.int32()) ?? []);
  m.addingReplicas = (readArray(r, true, false, (r) => r.int32()) ?? []);
  m.leader = r.int32();
  m.leaderEpoch = r.int32();
  m.partitionEpoch = r.int32();
  if (v >= 1) m.directories = (readArray(r, true, false, (r) => r.uuid()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (true) { m.leaderRecoveryState = r.int8(); return true; } return false;
      case 1: if (v >= 2) { m.eligibleLeaderReplicas = readArray(r, true, v >= 2, (r) => r.int32()); return true; } return false;
      case 2: if (v >= 2) { m.lastKnownElr = readArray(r, true, v >= 2, (r) => r.int32()); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writePartitionRecord(s: Sink, m: PartitionRecord, v: number): void {
  const flex = true;
  s.int32(m.partitionId);
  s.uuid(m.topicId);
  writeArray(s, m.replicas, true, (s, e) => s.int32(e));
  writeArray(s, m.isr, true, (s, e) => s.int32(e));
  writeArray(s, m.removingReplicas, true, (s, e) => s.int32(e));
  writeArray(s, m.addingReplicas, true, (s, e) => s.int32(e));
  s.int32(m.leader);
  s.int32(m.leaderEpoch);
  s.int32(m.partitionEpoch);
  if (v >= 1) writeArray(s, m.directories, true, (s, e) => s.uuid(e));
  if (!(v >= 1) && !((m.directories !== null && m.directories.length === 0))) throw new UnsupportedFieldError("PartitionRecord", "Directories", v, "holds a non-default value, which cannot be sent");
  if (m.eligibleLeaderReplicas === null && (v >= 2) && (!(v >= 2))) throw new UnsupportedFieldError("PartitionRecord", "EligibleLeaderReplicas", v, "is null, which is not allowed");
  if (!(v >= 2) && !(m.eligibleLeaderReplicas === null)) throw new UnsupportedFieldError("PartitionRecord", "EligibleLeaderReplicas", v, "holds a non-default value, which cannot be sent");
  if (m.lastKnownElr === null && (v >= 2) && (!(v >= 2))) throw new UnsupportedFieldError("PartitionRecord", "LastKnownElr", v, "is null, which is not allowed");
  if (!(v >= 2) && !(m.lastKnownElr === null)) throw new UnsupportedFieldError("PartitionRecord", "LastKnownElr", v, "holds a non-default value, which cannot be sent");
  if (true) {
    const tags: TagWriter[] = [];
    if (!(m.leaderRecoveryState === 0)) tags.push([0, (s) => s.int8(m.leaderRecoveryState)]);
    if ((v >= 2) && (!(m.eligibleLeaderReplicas === null))) tags.push([1, (s) => writeArray(s, m.eligibleLeaderReplicas, true, (s, e) => s.int32(e))]);
    if ((v >= 2) && (!(m.lastKnownElr === null))) tags.push([2, (s) => writeArray(s, m.lastKnownElr, true, (s, e) => s.int32(e))]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
