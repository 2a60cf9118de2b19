// The share group (KIP-932) records of __consumer_offsets, as Kafka 4.4.0 writes them (record types
// 10 ShareGroupMemberMetadata, 11 ShareGroupMetadata, 12 ShareGroupTargetAssignmentMetadata,
// 13 ShareGroupTargetAssignmentMember, 14 ShareGroupCurrentMemberAssignment, 15
// ShareGroupStatePartitionMetadata; keys and values at version 0, values flexible).

import { Reader } from "../../protocol/primitives/reader.ts";
import * as MMK from "../../protocol/generated/coordinator/share-group-member-metadata-key.ts";
import * as MMV from "../../protocol/generated/coordinator/share-group-member-metadata-value.ts";
import * as MK from "../../protocol/generated/coordinator/share-group-metadata-key.ts";
import * as MV from "../../protocol/generated/coordinator/share-group-metadata-value.ts";
import * as TMK from "../../protocol/generated/coordinator/share-group-target-assignment-metadata-key.ts";
import * as TMV from "../../protocol/generated/coordinator/share-group-target-assignment-metadata-value.ts";
import * as TAK from "../../protocol/generated/coordinator/share-group-target-assignment-member-key.ts";
import * as TAV from "../../protocol/generated/coordinator/share-group-target-assignment-member-value.ts";
import * as CAK from "../../protocol/generated/coordinator/share-group-current-member-assignment-key.ts";
import * as CAV from "../../protocol/generated/coordinator/share-group-current-member-assignment-value.ts";
import * as SPK from "../../protocol/generated/coordinator/share-group-state-partition-metadata-key.ts";
import * as SPV from "../../protocol/generated/coordinator/share-group-state-partition-metadata-value.ts";
import { CoordinatorRecordError, coordinatorRecord } from "./records.ts";

export const RT_SG_MEMBER_METADATA = 10;
export const RT_SG_METADATA = 11;
export const RT_SG_TARGET_METADATA = 12;
export const RT_SG_TARGET_MEMBER = 13;
export const RT_SG_CURRENT_ASSIGNMENT = 14;
export const RT_SG_STATE_PARTITION_METADATA = 15;

export type ShareGroupMemberMetadataValue = MMV.ShareGroupMemberMetadataValue;
export type ShareGroupMetadataValue = MV.ShareGroupMetadataValue;
export type ShareGroupTargetAssignmentMetadataValue = TMV.ShareGroupTargetAssignmentMetadataValue;
export type ShareGroupTargetAssignmentMemberValue = TAV.ShareGroupTargetAssignmentMemberValue;
export type ShareGroupCurrentMemberAssignmentValue = CAV.ShareGroupCurrentMemberAssignmentValue;
export type ShareGroupStatePartitionMetadataValue = SPV.ShareGroupStatePartitionMetadataValue;

const kv = coordinatorRecord;

export const sgRecords = {
  member: (groupId: string, memberId: string, v: ShareGroupMemberMetadataValue | null) =>
    kv(RT_SG_MEMBER_METADATA, (s) => MMK.writeShareGroupMemberMetadataKey(s, { groupId, memberId }, 0), v && ((s) => MMV.writeShareGroupMemberMetadataValue(s, v, 0))),
  metadata: (groupId: string, v: ShareGroupMetadataValue | null) =>
    kv(RT_SG_METADATA, (s) => MK.writeShareGroupMetadataKey(s, { groupId }, 0), v && ((s) => MV.writeShareGroupMetadataValue(s, v, 0))),
  targetMetadata: (groupId: string, v: ShareGroupTargetAssignmentMetadataValue | null) =>
    kv(RT_SG_TARGET_METADATA, (s) => TMK.writeShareGroupTargetAssignmentMetadataKey(s, { groupId }, 0), v && ((s) => TMV.writeShareGroupTargetAssignmentMetadataValue(s, v, 0))),
  targetMember: (groupId: string, memberId: string, v: ShareGroupTargetAssignmentMemberValue | null) =>
    kv(RT_SG_TARGET_MEMBER, (s) => TAK.writeShareGroupTargetAssignmentMemberKey(s, { groupId, memberId }, 0), v && ((s) => TAV.writeShareGroupTargetAssignmentMemberValue(s, v, 0))),
  currentAssignment: (groupId: string, memberId: string, v: ShareGroupCurrentMemberAssignmentValue | null) =>
    kv(RT_SG_CURRENT_ASSIGNMENT, (s) => CAK.writeShareGroupCurrentMemberAssignmentKey(s, { groupId, memberId }, 0), v && ((s) => CAV.writeShareGroupCurrentMemberAssignmentValue(s, v, 0))),
  statePartitionMetadata: (groupId: string, v: ShareGroupStatePartitionMetadataValue | null) =>
    kv(RT_SG_STATE_PARTITION_METADATA, (s) => SPK.writeShareGroupStatePartitionMetadataKey(s, { groupId }, 0), v && ((s) => SPV.writeShareGroupStatePartitionMetadataValue(s, v, 0))),
};

export type ShareGroupRecord =
  | { type: "sg-member"; groupId: string; memberId: string; value: ShareGroupMemberMetadataValue | null }
  | { type: "sg-metadata"; groupId: string; value: ShareGroupMetadataValue | null }
  | { type: "sg-target-metadata"; groupId: string; value: ShareGroupTargetAssignmentMetadataValue | null }
  | { type: "sg-target-member"; groupId: string; memberId: string; value: ShareGroupTargetAssignmentMemberValue | null }
  | { type: "sg-current"; groupId: string; memberId: string; value: ShareGroupCurrentMemberAssignmentValue | null }
  | { type: "sg-state-partitions"; groupId: string; value: ShareGroupStatePartitionMetadataValue | null };

function reader(b: Uint8Array, type: number, part: "key" | "value"): Reader {
  if (b.length < 2) throw new CoordinatorRecordError(type, part, `${b.length} bytes, need at least 2`);
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength).getInt16(0);
  if (part === "value" && v !== 0) throw new CoordinatorRecordError(type, part, `unknown version ${v}`);
  return new Reader(b, 2);
}

function ok<T>(r: Reader, v: T, type: number, part: "key" | "value"): T {
  if (!r.ok) throw new CoordinatorRecordError(type, part, r.error!.message);
  return v;
}

/** Decode a share group record (types 10-15), or null for any other type. */
export function decodeShareGroupRecord(type: number, key: Uint8Array, value: Uint8Array | null): ShareGroupRecord | null {
  if (type < RT_SG_MEMBER_METADATA || type > RT_SG_STATE_PARTITION_METADATA) return null;
  const kr = reader(key, type, "key");
  const val = <T>(read: (r: Reader, v: number) => T): T | null => {
    if (value === null) return null;
    const r = reader(value, type, "value");
    return ok(r, read(r, 0), type, "value");
  };
  switch (type) {
    case RT_SG_MEMBER_METADATA: {
      const k = ok(kr, MMK.readShareGroupMemberMetadataKey(kr, 0), type, "key");
      return { type: "sg-member", groupId: k.groupId, memberId: k.memberId, value: val(MMV.readShareGroupMemberMetadataValue) };
    }
    case RT_SG_METADATA: {
      const k = ok(kr, MK.readShareGroupMetadataKey(kr, 0), type, "key");
      return { type: "sg-metadata", groupId: k.groupId, value: val(MV.readShareGroupMetadataValue) };
    }
    case RT_SG_TARGET_METADATA: {
      const k = ok(kr, TMK.readShareGroupTargetAssignmentMetadataKey(kr, 0), type, "key");
      return { type: "sg-target-metadata", groupId: k.groupId, value: val(TMV.readShareGroupTargetAssignmentMetadataValue) };
    }
    case RT_SG_TARGET_MEMBER: {
      const k = ok(kr, TAK.readShareGroupTargetAssignmentMemberKey(kr, 0), type, "key");
      return { type: "sg-target-member", groupId: k.groupId, memberId: k.memberId, value: val(TAV.readShareGroupTargetAssignmentMemberValue) };
    }
    case RT_SG_CURRENT_ASSIGNMENT: {
      const k = ok(kr, CAK.readShareGroupCurrentMemberAssignmentKey(kr, 0), type, "key");
      return { type: "sg-current", groupId: k.groupId, memberId: k.memberId, value: val(CAV.readShareGroupCurrentMemberAssignmentValue) };
    }
    default: {
      const k = ok(kr, SPK.readShareGroupStatePartitionMetadataKey(kr, 0), type, "key");
      return { type: "sg-state-partitions", groupId: k.groupId, value: val(SPV.readShareGroupStatePartitionMetadataValue) };
    }
  }
}
