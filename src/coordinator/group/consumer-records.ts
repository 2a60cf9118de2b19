// The KIP-848 consumer group records of __consumer_offsets, as Kafka 4.4.0 writes them (record types
// 3 ConsumerGroupMetadata, 5 MemberMetadata, 6 TargetAssignmentMetadata, 7 TargetAssignmentMember,
// 8 CurrentMemberAssignment, 16 RegularExpression; all keys and values at version 0, values
// flexible). Type 4 (PartitionMetadata) is no longer written by 4.4 (the group's metadata hash in
// ConsumerGroupMetadata replaced it); it is read and ignored, and deleting a group tombstones it.

import { Reader } from "../../protocol/primitives/reader.ts";
import * as MK from "../../protocol/generated/coordinator/consumer-group-metadata-key.ts";
import * as MV from "../../protocol/generated/coordinator/consumer-group-metadata-value.ts";
import * as PK from "../../protocol/generated/coordinator/consumer-group-partition-metadata-key.ts";
import * as MMK from "../../protocol/generated/coordinator/consumer-group-member-metadata-key.ts";
import * as MMV from "../../protocol/generated/coordinator/consumer-group-member-metadata-value.ts";
import * as TMK from "../../protocol/generated/coordinator/consumer-group-target-assignment-metadata-key.ts";
import * as TMV from "../../protocol/generated/coordinator/consumer-group-target-assignment-metadata-value.ts";
import * as TAK from "../../protocol/generated/coordinator/consumer-group-target-assignment-member-key.ts";
import * as TAV from "../../protocol/generated/coordinator/consumer-group-target-assignment-member-value.ts";
import * as CAK from "../../protocol/generated/coordinator/consumer-group-current-member-assignment-key.ts";
import * as CAV from "../../protocol/generated/coordinator/consumer-group-current-member-assignment-value.ts";
import * as RK from "../../protocol/generated/coordinator/consumer-group-regular-expression-key.ts";
import * as RV from "../../protocol/generated/coordinator/consumer-group-regular-expression-value.ts";
import { CoordinatorRecordError, coordinatorRecord } from "./records.ts";

export const RT_CG_METADATA = 3;
export const RT_CG_PARTITION_METADATA = 4;
export const RT_CG_MEMBER_METADATA = 5;
export const RT_CG_TARGET_METADATA = 6;
export const RT_CG_TARGET_MEMBER = 7;
export const RT_CG_CURRENT_ASSIGNMENT = 8;
export const RT_CG_REGEX = 16;

export type ConsumerGroupMetadataValue = MV.ConsumerGroupMetadataValue;
export type ConsumerGroupMemberMetadataValue = MMV.ConsumerGroupMemberMetadataValue;
export type ConsumerGroupTargetAssignmentMemberValue = TAV.ConsumerGroupTargetAssignmentMemberValue;
export type ConsumerGroupTargetAssignmentMetadataValue = TMV.ConsumerGroupTargetAssignmentMetadataValue;
export type ConsumerGroupCurrentMemberAssignmentValue = CAV.ConsumerGroupCurrentMemberAssignmentValue;
export type ConsumerGroupRegularExpressionValue = RV.ConsumerGroupRegularExpressionValue;

const kv = coordinatorRecord;

export const cgRecords = {
  metadata: (groupId: string, v: ConsumerGroupMetadataValue | null) =>
    kv(RT_CG_METADATA, (s) => MK.writeConsumerGroupMetadataKey(s, { groupId }, 0), v && ((s) => MV.writeConsumerGroupMetadataValue(s, v, 0))),
  partitionMetadataTombstone: (groupId: string) => kv(RT_CG_PARTITION_METADATA, (s) => PK.writeConsumerGroupPartitionMetadataKey(s, { groupId }, 0), null),
  member: (groupId: string, memberId: string, v: ConsumerGroupMemberMetadataValue | null) =>
    kv(RT_CG_MEMBER_METADATA, (s) => MMK.writeConsumerGroupMemberMetadataKey(s, { groupId, memberId }, 0), v && ((s) => MMV.writeConsumerGroupMemberMetadataValue(s, v, 0))),
  targetMetadata: (groupId: string, v: ConsumerGroupTargetAssignmentMetadataValue | null) =>
    kv(RT_CG_TARGET_METADATA, (s) => TMK.writeConsumerGroupTargetAssignmentMetadataKey(s, { groupId }, 0), v && ((s) => TMV.writeConsumerGroupTargetAssignmentMetadataValue(s, v, 0))),
  targetMember: (groupId: string, memberId: string, v: ConsumerGroupTargetAssignmentMemberValue | null) =>
    kv(RT_CG_TARGET_MEMBER, (s) => TAK.writeConsumerGroupTargetAssignmentMemberKey(s, { groupId, memberId }, 0), v && ((s) => TAV.writeConsumerGroupTargetAssignmentMemberValue(s, v, 0))),
  currentAssignment: (groupId: string, memberId: string, v: ConsumerGroupCurrentMemberAssignmentValue | null) =>
    kv(RT_CG_CURRENT_ASSIGNMENT, (s) => CAK.writeConsumerGroupCurrentMemberAssignmentKey(s, { groupId, memberId }, 0), v && ((s) => CAV.writeConsumerGroupCurrentMemberAssignmentValue(s, v, 0))),
  regex: (groupId: string, regularExpression: string, v: ConsumerGroupRegularExpressionValue | null) =>
    kv(RT_CG_REGEX, (s) => RK.writeConsumerGroupRegularExpressionKey(s, { groupId, regularExpression }, 0), v && ((s) => RV.writeConsumerGroupRegularExpressionValue(s, v, 0))),
};

export type ConsumerGroupRecord =
  | { type: "cg-metadata"; groupId: string; value: ConsumerGroupMetadataValue | null }
  | { type: "cg-partition-metadata"; groupId: string }
  | { type: "cg-member"; groupId: string; memberId: string; value: ConsumerGroupMemberMetadataValue | null }
  | { type: "cg-target-metadata"; groupId: string; value: ConsumerGroupTargetAssignmentMetadataValue | null }
  | { type: "cg-target-member"; groupId: string; memberId: string; value: ConsumerGroupTargetAssignmentMemberValue | null }
  | { type: "cg-current"; groupId: string; memberId: string; value: ConsumerGroupCurrentMemberAssignmentValue | null }
  | { type: "cg-regex"; groupId: string; regex: string; value: ConsumerGroupRegularExpressionValue | null };

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

/** Decode a consumer group record (types 3-8, 16), or null for any other type. */
export function decodeConsumerGroupRecord(type: number, key: Uint8Array, value: Uint8Array | null): ConsumerGroupRecord | null {
  const kr = reader(key, type, "key");
  const val = <T>(read: (r: Reader, v: number) => T): T | null => {
    if (value === null) return null;
    const r = reader(value, type, "value");
    return ok(r, read(r, 0), type, "value");
  };
  switch (type) {
    case RT_CG_METADATA: {
      const k = ok(kr, MK.readConsumerGroupMetadataKey(kr, 0), type, "key");
      return { type: "cg-metadata", groupId: k.groupId, value: val(MV.readConsumerGroupMetadataValue) };
    }
    case RT_CG_PARTITION_METADATA: {
      const k = ok(kr, PK.readConsumerGroupPartitionMetadataKey(kr, 0), type, "key");
      return { type: "cg-partition-metadata", groupId: k.groupId };
    }
    case RT_CG_MEMBER_METADATA: {
      const k = ok(kr, MMK.readConsumerGroupMemberMetadataKey(kr, 0), type, "key");
      return { type: "cg-member", groupId: k.groupId, memberId: k.memberId, value: val(MMV.readConsumerGroupMemberMetadataValue) };
    }
    case RT_CG_TARGET_METADATA: {
      const k = ok(kr, TMK.readConsumerGroupTargetAssignmentMetadataKey(kr, 0), type, "key");
      return { type: "cg-target-metadata", groupId: k.groupId, value: val(TMV.readConsumerGroupTargetAssignmentMetadataValue) };
    }
    case RT_CG_TARGET_MEMBER: {
      const k = ok(kr, TAK.readConsumerGroupTargetAssignmentMemberKey(kr, 0), type, "key");
      return { type: "cg-target-member", groupId: k.groupId, memberId: k.memberId, value: val(TAV.readConsumerGroupTargetAssignmentMemberValue) };
    }
    case RT_CG_CURRENT_ASSIGNMENT: {
      const k = ok(kr, CAK.readConsumerGroupCurrentMemberAssignmentKey(kr, 0), type, "key");
      return { type: "cg-current", groupId: k.groupId, memberId: k.memberId, value: val(CAV.readConsumerGroupCurrentMemberAssignmentValue) };
    }
    case RT_CG_REGEX: {
      const k = ok(kr, RK.readConsumerGroupRegularExpressionKey(kr, 0), type, "key");
      return { type: "cg-regex", groupId: k.groupId, regex: k.regularExpression, value: val(RV.readConsumerGroupRegularExpressionValue) };
    }
    default:
      return null;
  }
}
