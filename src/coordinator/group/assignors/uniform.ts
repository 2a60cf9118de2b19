// The `uniform` server assignor (Kafka's default): every partition of a subscribed topic goes to one
// subscribed member, the counts are as even as the subscriptions allow, and partitions stay where they
// were whenever that keeps the balance (sticky). Works for identical and differing subscriptions.
//
// Kafka splits this into homogeneous and heterogeneous builders with quotas; here one pass keeps what
// is still valid (up to the balanced quota when all members share one subscription), hands out free
// partitions to the least-loaded eligible member, then moves partitions from the most- to the
// least-loaded eligible member until no move improves the balance.

import { addPartition, countOf, type AssignorMember, type AssignorTopic, type ServerAssignor } from "./assignor.ts";
import type { TargetAssignment } from "../consumer-member.ts";

export const uniformAssignor: ServerAssignor = {
  name: "uniform",
  assign(members, topics) {
    const out = new Map<string, TargetAssignment>();
    for (const m of members) out.set(m.memberId, new Map());
    if (members.length === 0) return out;
    const sorted = [...members].sort((a, b) => cmp(a.memberId, b.memberId));
    const eligible = new Map<string, AssignorMember[]>();
    for (const t of topics.values()) eligible.set(t.topicId, sorted.filter((m) => m.topics.has(t.topicId)));
    const homogeneous = sorted.every((m) => sameSet(m.topics, sorted[0]!.topics));
    let total = 0;
    for (const t of topics.values()) if ((eligible.get(t.topicId) ?? []).length > 0) total += t.numPartitions;
    // With one shared subscription each member gets floor or ceil of total/N: keep at most ceil.
    const ceilQuota = homogeneous ? Math.ceil(total / sorted.length) : Infinity;
    const owner = new Map<string, string>(); // "topicId:p" -> memberId
    // 1. Sticky: keep each still-valid partition of the current target.
    for (const m of sorted) {
      const mine = out.get(m.memberId)!;
      for (const [topicId, ps] of m.current) {
        const t = topics.get(topicId);
        if (!t || !m.topics.has(topicId)) continue;
        for (const p of [...ps].sort((a, b) => a - b)) {
          if (p >= t.numPartitions || owner.has(key(topicId, p)) || countOf(mine) >= ceilQuota) continue;
          addPartition(mine, topicId, p);
          owner.set(key(topicId, p), m.memberId);
        }
      }
    }
    const count = new Map(sorted.map((m) => [m.memberId, countOf(out.get(m.memberId)!)]));
    // 2. Free partitions to the least-loaded eligible member (ties: member id order).
    const ordered = [...topics.values()].sort((a, b) => cmp(a.name, b.name));
    for (const t of ordered) {
      const el = eligible.get(t.topicId) ?? [];
      if (el.length === 0) continue;
      for (let p = 0; p < t.numPartitions; p++) {
        if (owner.has(key(t.topicId, p))) continue;
        const m = leastLoaded(el, count);
        addPartition(out.get(m.memberId)!, t.topicId, p);
        owner.set(key(t.topicId, p), m.memberId);
        count.set(m.memberId, count.get(m.memberId)! + 1);
      }
    }
    // 3. Balance: move a partition from an over-loaded member to an eligible member with at least two
    // fewer. Each move lowers the sum of squared counts, so the loop ends; bounded by total moves.
    const maxMoves = total * sorted.length + 1;
    for (let moves = 0; moves < maxMoves; moves++) {
      if (!moveOne(sorted, ordered, eligible, out, count, owner)) break;
    }
    return out;
  },
};

function moveOne(
  sorted: AssignorMember[],
  ordered: AssignorTopic[],
  eligible: Map<string, AssignorMember[]>,
  out: Map<string, TargetAssignment>,
  count: Map<string, number>,
  owner: Map<string, string>,
): boolean {
  const byLoad = [...sorted].sort((a, b) => count.get(b.memberId)! - count.get(a.memberId)! || cmp(a.memberId, b.memberId));
  for (const from of byLoad) {
    const mine = out.get(from.memberId)!;
    for (const t of ordered) {
      const ps = mine.get(t.topicId);
      if (!ps || ps.size === 0) continue;
      const to = leastLoaded(eligible.get(t.topicId) ?? [], count);
      if (count.get(to.memberId)! + 1 >= count.get(from.memberId)!) continue;
      const p = Math.max(...ps);
      ps.delete(p);
      addPartition(out.get(to.memberId)!, t.topicId, p);
      owner.set(key(t.topicId, p), to.memberId);
      count.set(from.memberId, count.get(from.memberId)! - 1);
      count.set(to.memberId, count.get(to.memberId)! + 1);
      return true;
    }
  }
  return false;
}

function leastLoaded(el: AssignorMember[], count: Map<string, number>): AssignorMember {
  let best = el[0]!;
  for (const m of el) if (count.get(m.memberId)! < count.get(best.memberId)!) best = m;
  return best;
}

function key(topicId: string, p: number): string {
  return `${topicId}:${p}`;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
