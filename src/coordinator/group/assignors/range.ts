// The `range` server assignor: for each topic, its subscribed members (ordered by instance id when
// static, else member id) each get one contiguous range of partitions, the first `n % members` one
// partition more, so members subscribed to co-partitioned topics get the same partition numbers of
// each (Kafka's RangeAssignor, without its rack awareness).

import { addPartition, type ServerAssignor } from "./assignor.ts";
import type { TargetAssignment } from "../consumer-member.ts";

export const rangeAssignor: ServerAssignor = {
  name: "range",
  assign(members, topics) {
    const out = new Map<string, TargetAssignment>();
    for (const m of members) out.set(m.memberId, new Map());
    const sortKey = (m: { memberId: string; instanceId: string | null }) => m.instanceId ?? m.memberId;
    const sorted = [...members].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
    for (const t of topics.values()) {
      const el = sorted.filter((m) => m.topics.has(t.topicId));
      if (el.length === 0) continue;
      const per = Math.floor(t.numPartitions / el.length);
      const extra = t.numPartitions % el.length;
      let next = 0;
      el.forEach((m, i) => {
        const n = per + (i < extra ? 1 : 0);
        for (let k = 0; k < n; k++) addPartition(out.get(m.memberId)!, t.topicId, next++);
      });
    }
    return out;
  },
};
