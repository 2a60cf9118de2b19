// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// PartitionChangeRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** PartitionChangeRecord: metadata, api key 5. */
export const PARTITION_CHANGE_RECORD_SCHEMA = {
  name: "PartitionChangeRecord",
  type: "metadata",
  apiKey: 5,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 0,
} as const;

export interface PartitionChangeRecord {
  /** The partition id. (versions 0+) */
  partitionId: number;
  /** The unique ID of this topic. (versions 0+) */
  topicId: string;
  /** null if the ISR didn't change; the new in-sync replicas otherwise. (versions 0+; nullable 0+; tag 0 in 0+) */
  isr: number[] | null;
  /** -1 if there is now no leader; -2 if the leader didn't change; the new leader otherwise. (versions 0+; tag 1 in 0+) */
  leader: number;
  /** null if the replicas didn't change; the new replicas otherwise. (versions 0+; nullable 0+; tag 2 in 0+) */
  replicas: number[] | null;
  /** null if the removing replicas didn't change; the new removing replicas otherwise. (versions 0+; nullable 0+; tag 3 in 0+) */
  removingReplicas: number[] | null;
  /** null if the adding replicas didn't change; the new adding replicas otherwise. (versions 0+; nullable 0+; tag 4 in 0+) */
  addingReplicas: number[] | null;
  /** -1 if it didn't change; 0 if the leader was elected from the ISR or recovered from an unclean election; 1 if the leader that was elected using unclean leader election and it is still recovering. (versions 0+; tag 5 in 0+) */
  leaderRecoveryState: number;
  /** null if the log dirs didn't change; the new log directory for each replica otherwise. (versions 1+; nullable 1+; tag 8 in 1+) */
  directories: string[] | null;
  /** null if the ELR didn't change; the new eligible leader replicas otherwise. (versions 2+; nullable 2+; tag 6 in 2+) */
  eligibleLeaderReplicas: number[] | null;
  /** null if the LastKnownElr didn't change; the last known eligible leader replicas otherwise. (versions 2+; nullable 2+; tag 7 in 2+) */
  lastKnownElr: number[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPartitionChangeRecord(): PartitionChangeRecord {
  return {
    partitionId: -1,
    topicId: ZERO_UUID,
    isr: null,
    leader: -2,
    replicas: null,
    removingReplicas: null,
    addingReplicas: null,
    leaderRecoveryState: -1,
    directories: null,
    eligibleLeaderReplicas: null,
    lastKnownElr: null,
  };
}

export function readPartitionChangeRecord(r: Reader, v: number): PartitionChangeRecord {
  const flex = true;
  const m = newPartitionChangeRecord();
  m.partitionId = r.int32();
  m.topicId = r.uuid();
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (true) { m.isr = readArray(r, true, true, (r) => r.int32()); return true; } return false;
      case 1: if (true) { m.leader = r.int32(); return true; } return false;
      case 2: if (true) { m.replicas = readArray(r, true, true, (r) => r.int32()); return true; } return false;
      case 3: if (true) { m.removingReplicas = readArray(r, true, true, (r) => r.int32()); return true; } return false;
      case 4: if (true) { m.addingReplicas = readArray(r, true, true, (r) => r.int32()); return true; } return false;
      case 5: if (true) { m.leaderRecoveryState = r.int8(); return true; } return false;
      case 8: if (v >= 1) { m.directories = readArray(r, true, v >= 1, (r) => r.uuid()); return true; } return false;
      case 6: if (v >= 2) { m.eligibleLeaderReplicas = readArray(r, true, v >= 2, (r) => r.int32()); return true; } return false;
      case 7: if (v >= 2) { m.lastKnownElr = readArray(r, true, v >= 2, (r) => r.int32()); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writePartitionChangeRecord(s: Sink, m: PartitionChangeRecord, v: number): void {
  const flex = true;
  s.int32(m.partitionId);
  s.uuid(m.topicId);
  if (m.directories === null && (v >= 1) && (!(v >= 1))) throw new UnsupportedFieldError("PartitionChangeRecord", "Directories", v, "is null, which is not allowed");
  if (!(v >= 1) && !(m.directories === null)) throw new UnsupportedFieldError("PartitionChangeRecord", "Directories", v, "holds a non-default value, which cannot be sent");
  if (m.eligibleLeaderReplicas === null && (v >= 2) && (!(v >= 2))) throw new UnsupportedFieldError("PartitionChangeRecord", "EligibleLeaderReplicas", v, "is null, which is not allowed");
  if (!(v >= 2) && !(m.eligibleLeaderReplicas === null)) throw new UnsupportedFieldError("PartitionChangeRecord", "EligibleLeaderReplicas", v, "holds a non-default value, which cannot be sent");
  if (m.lastKnownElr === null && (v >= 2) && (!(v >= 2))) throw new UnsupportedFieldError("PartitionChangeRecord", "LastKnownElr", v, "is null, which is not allowed");
  if (!(v >= 2) && !(m.lastKnownElr === null)) throw new UnsupportedFieldError("PartitionChangeRecord", "LastKnownElr", v, "holds a non-default value, which cannot be sent");
  if (true) {
    const tags: TagWriter[] = [];
    if (!(m.isr === null)) tags.push([0, (s) => writeArray(s, m.isr, true, (s, e) => s.int32(e))]);
    if (!(m.leader === -2)) tags.push([1, (s) => s.int32(m.leader)]);
    if (!(m.replicas === null)) tags.push([2, (s) => writeArray(s, m.replicas, true, (s, e) => s.int32(e))]);
    if (!(m.removingReplicas === null)) tags.push([3, (s) => writeArray(s, m.removingReplicas, true, (s, e) => s.int32(e))]);
    if (!(m.addingReplicas === null)) tags.push([4, (s) => writeArray(s, m.addingReplicas, true, (s, e) => s.int32(e))]);
    if (!(m.leaderRecoveryState === -1)) tags.push([5, (s) => s.int8(m.leaderRecoveryState)]);
    if ((v >= 1) && (!(m.directories === null))) tags.push([8, (s) => writeArray(s, m.directories, true, (s, e) => s.uuid(e))]);
    if ((v >= 2) && (!(m.eligibleLeaderReplicas === null))) tags.push([6, (s) => writeArray(s, m.eligibleLeaderReplicas, true, (s, e) => s.int32(e))]);
    if ((v >= 2) && (!(m.lastKnownElr === null))) tags.push([7, (s) => writeArray(s, m.lastKnownElr, true, (s, e) => s.int32(e))]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
