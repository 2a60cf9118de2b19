// The server-side assignor contract (Kafka's ConsumerGroupPartitionAssignor): from the members'
// subscriptions (topic ids) and their current target, compute each member's new target. Assignors
// are pure functions of their input, so the coordinator can recompute and compare.

import type { TargetAssignment } from "../consumer-member.ts";

export interface AssignorMember {
  memberId: string;
  instanceId: string | null;
  rackId: string | null;
  /** Topic ids the member subscribes to (resolved names and regexes, existing topics only). */
  topics: ReadonlySet<string>;
  /** The member's current target (stickiness). */
  current: TargetAssignment;
}

export interface AssignorTopic {
  topicId: string;
  name: string;
  numPartitions: number;
}

export interface ServerAssignor {
  readonly name: string;
  assign(members: readonly AssignorMember[], topics: ReadonlyMap<string, AssignorTopic>): Map<string, TargetAssignment>;
}

export class AssignorError extends Error {
  constructor(
    readonly assignor: string,
    detail: string,
  ) {
    super(`assignor ${assignor}: ${detail}`);
    this.name = "AssignorError";
  }
}

export function addPartition(a: TargetAssignment, topicId: string, p: number): void {
  let s = a.get(topicId);
  if (!s) a.set(topicId, (s = new Set()));
  s.add(p);
}

export function countOf(a: TargetAssignment): number {
  let n = 0;
  for (const s of a.values()) n += s.size;
  return n;
}
