// Kafka 4.4.0's SimpleAssignor (group.share.assignors "simple"), the server-side assignor of share
// groups. A share partition can be consumed by several members at once, so the assignor spreads the
// members over the partitions as well as the partitions over the members:
//   desiredSharing   = ceil(members / partitions)       members per partition
//   preferred        = desiredSharing * partitions / members
//   desired[i]       = ceil(preferred * (i+1)) - ceil(preferred * i)   partitions of member i
// It is sticky: each member keeps the partitions of its current target that are still assignable
// (subscribed, existing, share state initialized), up to desired[i] and while a partition is not
// shared by more than desiredSharing members; the partitions still short of desiredSharing members
// then go round-robin to the members short of desired[i] (SimpleHomogeneousAssignmentBuilder).
// Members with different subscriptions (Kafka's SimpleHeterogeneousAssignmentBuilder) are assigned
// topic by topic among the members subscribed to each topic, with the same rule.
// Differences from Kafka: members are taken in member id order and partitions in topic-then-partition
// order, where Kafka iterates hash maps; the shares are the same, which member gets which may differ.

import type { TargetAssignment } from "./consumer-member.ts";

export const SIMPLE_ASSIGNOR_NAME = "simple";

export interface ShareAssignorMember {
  memberId: string;
  /** Topic ids the member subscribes to (existing topics). */
  topics: ReadonlySet<string>;
  /** Its current target (stickiness). */
  current: TargetAssignment;
}

export interface ShareAssignorTopic {
  topicId: string;
  numPartitions: number;
}

export type PartitionAssignable = (topicId: string, partition: number) => boolean;

interface Tp {
  topicId: string;
  partition: number;
  key: string;
}

export class SimpleAssignor {
  readonly name = SIMPLE_ASSIGNOR_NAME;

  assign(members: readonly ShareAssignorMember[], topics: ReadonlyMap<string, ShareAssignorTopic>, assignable: PartitionAssignable): Map<string, TargetAssignment> {
    const out = new Map<string, TargetAssignment>();
    if (members.length === 0) return out;
    const sorted = [...members].sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0));
    for (const m of sorted) out.set(m.memberId, new Map());
    const first = sorted[0]!.topics;
    const homogeneous = sorted.every((m) => m.topics.size === first.size && [...m.topics].every((t) => first.has(t)));
    const groups: Array<{ topicIds: string[]; members: ShareAssignorMember[] }> = [];
    if (homogeneous) {
      groups.push({ topicIds: [...first].sort(), members: sorted });
    } else {
      const all = new Set<string>();
      for (const m of sorted) for (const t of m.topics) all.add(t);
      for (const t of [...all].sort()) groups.push({ topicIds: [t], members: sorted.filter((m) => m.topics.has(t)) });
    }
    for (const g of groups) {
      const partitions: Tp[] = [];
      for (const t of g.topicIds) {
        const n = topics.get(t)?.numPartitions ?? 0;
        for (let p = 0; p < n; p++) if (assignable(t, p)) partitions.push({ topicId: t, partition: p, key: `${t}:${p}` });
      }
      const assigned = assignShares(g.members, partitions);
      for (const [i, tps] of assigned.entries()) {
        const a = out.get(g.members[i]!.memberId)!;
        for (const tp of tps) {
          let s = a.get(tp.topicId);
          if (!s) a.set(tp.topicId, (s = new Set()));
          s.add(tp.partition);
        }
      }
    }
    return out;
  }
}

/** One homogeneous assignment: `partitions` among `members`; returns each member's partitions by index. */
export function assignShares(members: readonly ShareAssignorMember[], partitions: readonly Tp[]): Tp[][] {
  const n = members.length;
  const result: Tp[][] = members.map(() => []);
  if (n === 0 || partitions.length === 0) return result;
  const desiredSharing = Math.floor((n + partitions.length - 1) / partitions.length);
  const preferred = (desiredSharing * partitions.length) / n;
  const desired = members.map((_, i) => Math.ceil(preferred * (i + 1)) - Math.ceil(preferred * i));
  const byKey = new Map(partitions.map((tp) => [tp.key, tp]));
  const sharing = new Map<string, number[]>(partitions.map((tp) => [tp.key, []]));
  // Keep what is still assignable, within the member's share and the partition's sharing.
  members.forEach((m, i) => {
    for (const [t, ps] of m.current) {
      if (!m.topics.has(t)) continue;
      for (const p of [...ps].sort((a, b) => a - b)) {
        const key = `${t}:${p}`;
        const owners = sharing.get(key);
        if (!owners || !byKey.has(key)) continue;
        if (result[i]!.length >= desired[i]! || owners.length >= desiredSharing) continue;
        owners.push(i);
        result[i]!.push(byKey.get(key)!);
      }
    }
  });
  // Round-robin the partitions still short of members over the members short of partitions.
  const unfilled: number[] = [];
  for (let i = 0; i < n; i++) if (result[i]!.length < desired[i]!) unfilled.push(i);
  let cursor = 0;
  for (const tp of partitions) {
    if (unfilled.length === 0) break;
    const owners = sharing.get(tp.key)!;
    // Each pass over the unfilled members either assigns or proves nobody can take the partition.
    let misses = 0;
    while (owners.length < desiredSharing && unfilled.length > 0 && misses < unfilled.length) {
      if (cursor >= unfilled.length) cursor = 0;
      const i = unfilled[cursor]!;
      if (owners.includes(i)) {
        cursor++;
        misses++;
        continue;
      }
      misses = 0;
      owners.push(i);
      result[i]!.push(tp);
      if (result[i]!.length >= desired[i]!) unfilled.splice(cursor, 1);
      else cursor++;
    }
  }
  return result;
}
