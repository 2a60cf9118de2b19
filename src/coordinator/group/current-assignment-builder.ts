// Kafka's CurrentAssignmentBuilder: moves one member from its current assignment towards its target,
// revoking before assigning. A member must first give up (acknowledge, by omitting them from its
// owned partitions) the partitions the target takes away (UNREVOKED_PARTITIONS, epoch unchanged);
// then it moves to the target epoch and receives the target's partitions that no other member still
// owns; partitions another member has not released yet keep it in UNRELEASED_PARTITIONS until they
// are free. A partition is therefore never owned by two members at once.

import {
  ConsumerGroupMember,
  MemberState,
  type EpochAssignment,
  type TargetAssignment,
} from "./consumer-member.ts";

export interface AssignmentInputs {
  targetAssignmentEpoch: number;
  /** The member's target (absent: empty). */
  target: TargetAssignment | undefined;
  /** The epoch of the member owning a partition, or -1 when no member owns it. */
  currentPartitionEpoch(topicId: string, partition: number): number;
  /** The partitions the member reported owning in this heartbeat (null: not reported). */
  ownedTopicPartitions: ReadonlyArray<{ topicId: string; partitions: number[] }> | null;
}

export function buildCurrentAssignment(member: ConsumerGroupMember, inp: AssignmentInputs): ConsumerGroupMember {
  switch (member.state) {
    case MemberState.STABLE:
      // A member at the target epoch has nothing to do; otherwise move it towards the new target.
      if (member.memberEpoch === inp.targetAssignmentEpoch) return member;
      return computeNext(member, member.memberEpoch, member.assignedPartitions, inp);
    case MemberState.UNREVOKED_PARTITIONS:
      // Wait until the member confirms it no longer owns the revoked partitions.
      if (ownsRevokedPartitions(member.partitionsPendingRevocation, inp.ownedTopicPartitions)) return member;
      return computeNext(member, member.memberEpoch, member.assignedPartitions, inp);
    case MemberState.UNRELEASED_PARTITIONS:
      // Pick up partitions released since, or move towards a newer target.
      return computeNext(member, member.memberEpoch, member.assignedPartitions, inp);
    default:
      throw new Error(`member ${member.memberId} is in the UNKNOWN state`);
  }
}

function ownsRevokedPartitions(pending: EpochAssignment, owned: AssignmentInputs["ownedTopicPartitions"]): boolean {
  if (owned === null) return true; // not reported: assume it still owns them
  for (const t of owned) {
    const p = pending.get(t.topicId);
    if (p && t.partitions.some((x) => p.has(x))) return true;
  }
  return false;
}

function computeNext(member: ConsumerGroupMember, memberEpoch: number, current: EpochAssignment, inp: AssignmentInputs): ConsumerGroupMember {
  const target = inp.target ?? new Map<string, Set<number>>();
  const kept: EpochAssignment = new Map();
  const revoke: EpochAssignment = new Map();
  const gained: EpochAssignment = new Map();
  let hasUnreleased = false;
  const topics = new Set([...target.keys(), ...current.keys()]);
  for (const topicId of topics) {
    const want = target.get(topicId) ?? new Set<number>();
    const have = current.get(topicId) ?? new Map<number, number>();
    for (const [p, e] of have) {
      if (want.has(p)) put(kept, topicId, p, e);
      else put(revoke, topicId, p, e);
    }
    for (const p of want) {
      if (have.has(p)) continue;
      if (inp.currentPartitionEpoch(topicId, p) === -1) put(gained, topicId, p, inp.targetAssignmentEpoch);
      else hasUnreleased = true;
    }
  }
  const next = member.clone();
  if (revoke.size > 0) {
    // Revocation first: keep only what stays, at the current epoch, and nothing new yet.
    next.state = MemberState.UNREVOKED_PARTITIONS;
    next.memberEpoch = memberEpoch;
    next.previousMemberEpoch = member.previousMemberEpoch;
    next.assignedPartitions = kept;
    next.partitionsPendingRevocation = revoke;
    return next;
  }
  for (const [t, ps] of gained) for (const [p, e] of ps) put(kept, t, p, e);
  next.state = hasUnreleased ? MemberState.UNRELEASED_PARTITIONS : MemberState.STABLE;
  next.previousMemberEpoch = memberEpoch === inp.targetAssignmentEpoch ? member.previousMemberEpoch : memberEpoch;
  next.memberEpoch = inp.targetAssignmentEpoch;
  next.assignedPartitions = kept;
  next.partitionsPendingRevocation = new Map();
  return next;
}

function put(a: EpochAssignment, topicId: string, p: number, epoch: number): void {
  let m = a.get(topicId);
  if (!m) a.set(topicId, (m = new Map()));
  m.set(p, epoch);
}
