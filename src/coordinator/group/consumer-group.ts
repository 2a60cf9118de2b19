// A KIP-848 consumer group (Kafka's ConsumerGroup): the group epoch (bumped by every change of
// membership, subscriptions or subscribed topic metadata), the target assignment computed for an
// epoch, the members with their current assignments, and which member owns each partition at which
// epoch (so a partition is handed to a new owner only once released). States, as Kafka names them:
//   EMPTY        no members
//   ASSIGNING    group epoch > target assignment epoch (a new target is due)
//   RECONCILING  some member is not yet at the target epoch or not STABLE
//   STABLE       every member is at the target epoch and STABLE

import { ConsumerGroupMember, MemberState, type TargetAssignment } from "./consumer-member.ts";

export type ConsumerGroupState = "Empty" | "Assigning" | "Reconciling" | "Stable" | "Dead";

export interface ResolvedRegex {
  topics: string[];
  /** Kafka records the metadata image version the regex was resolved against. */
  version: bigint;
  timestampMs: number;
}

export class PartitionOwnershipError extends Error {
  constructor(
    readonly groupId: string,
    readonly topicId: string,
    readonly partition: number,
    readonly ownerEpoch: number,
  ) {
    super(`group ${groupId}: partition ${topicId}-${partition} is still owned at epoch ${ownerEpoch}`);
    this.name = "PartitionOwnershipError";
  }
}

export class ConsumerGroup {
  readonly type = "consumer" as const;
  readonly protocolType = "consumer";
  /** Kafka's ModernGroup starts at 1, so the first member's join writes epoch 2. */
  groupEpoch = 1;
  /** Hash of the subscribed topics' metadata the target was last computed against. */
  metadataHash = 0n;
  targetAssignmentEpoch = 0;
  assignmentTimestampMs = 0;
  dead = false;
  readonly members = new Map<string, ConsumerGroupMember>();
  /** instance id -> member id. */
  readonly staticMembers = new Map<string, string>();
  readonly targetAssignment = new Map<string, TargetAssignment>();
  /** "topicId:partition" -> member epoch of its owner (assigned or pending revocation). */
  private readonly partitionEpochs = new Map<string, number>();
  readonly resolvedRegexes = new Map<string, ResolvedRegex>();
  /** When the group last changed state to Empty or was created (offset expiry of an empty group). */
  currentStateTimestampMs: number;

  constructor(
    readonly groupId: string,
    nowMs: number,
  ) {
    this.currentStateTimestampMs = nowMs;
  }

  get state(): ConsumerGroupState {
    if (this.dead) return "Dead";
    if (this.members.size === 0) return "Empty";
    if (this.groupEpoch > this.targetAssignmentEpoch) return "Assigning";
    for (const m of this.members.values()) {
      if (m.state !== MemberState.STABLE || m.memberEpoch !== this.targetAssignmentEpoch) return "Reconciling";
    }
    return "Stable";
  }

  isEmpty(): boolean {
    return this.members.size === 0;
  }

  currentPartitionEpoch(topicId: string, partition: number): number {
    return this.partitionEpochs.get(`${topicId}:${partition}`) ?? -1;
  }

  /** Put (or replace) a member, keeping partition owners and the instance-id index in step. */
  updateMember(m: ConsumerGroupMember): void {
    const old = this.members.get(m.memberId);
    if (old) this.releasePartitions(old);
    this.claimPartitions(m);
    this.members.set(m.memberId, m);
    if (m.instanceId !== null) this.staticMembers.set(m.instanceId, m.memberId);
  }

  removeMember(memberId: string, nowMs: number): ConsumerGroupMember | undefined {
    const old = this.members.get(memberId);
    if (!old) return undefined;
    this.releasePartitions(old);
    this.members.delete(memberId);
    if (old.instanceId !== null && this.staticMembers.get(old.instanceId) === memberId) this.staticMembers.delete(old.instanceId);
    if (this.members.size === 0) this.currentStateTimestampMs = nowMs;
    return old;
  }

  staticMember(instanceId: string): ConsumerGroupMember | undefined {
    const id = this.staticMembers.get(instanceId);
    return id === undefined ? undefined : this.members.get(id);
  }

  /** After loading from the log: rebuild partition owners from the members (later members win). */
  rebuildOwnership(): void {
    this.partitionEpochs.clear();
    this.staticMembers.clear();
    for (const m of this.members.values()) {
      for (const a of [m.assignedPartitions, m.partitionsPendingRevocation]) {
        for (const [t, ps] of a) for (const p of ps.keys()) this.partitionEpochs.set(`${t}:${p}`, m.memberEpoch);
      }
      if (m.instanceId !== null) this.staticMembers.set(m.instanceId, m.memberId);
    }
  }

  private claimPartitions(m: ConsumerGroupMember): void {
    for (const a of [m.assignedPartitions, m.partitionsPendingRevocation]) {
      for (const [t, ps] of a) {
        for (const p of ps.keys()) {
          const k = `${t}:${p}`;
          const owner = this.partitionEpochs.get(k);
          if (owner !== undefined) throw new PartitionOwnershipError(this.groupId, t, p, owner);
          this.partitionEpochs.set(k, m.memberEpoch);
        }
      }
    }
  }

  private releasePartitions(m: ConsumerGroupMember): void {
    for (const a of [m.assignedPartitions, m.partitionsPendingRevocation]) {
      for (const [t, ps] of a) for (const p of ps.keys()) this.partitionEpochs.delete(`${t}:${p}`);
    }
  }

  /** Every topic name the members subscribe to, by name or through a resolved regex. */
  subscribedTopicNames(): Set<string> {
    const out = new Set<string>();
    for (const m of this.members.values()) {
      for (const n of m.subscribedTopicNames) out.add(n);
      if (m.subscribedTopicRegex !== null) for (const n of this.resolvedRegexes.get(m.subscribedTopicRegex)?.topics ?? []) out.add(n);
    }
    return out;
  }

  /** Topic names one member subscribes to (names plus its regex's resolution). */
  memberTopicNames(m: ConsumerGroupMember): Set<string> {
    const out = new Set(m.subscribedTopicNames);
    if (m.subscribedTopicRegex !== null) for (const n of this.resolvedRegexes.get(m.subscribedTopicRegex)?.topics ?? []) out.add(n);
    return out;
  }

  isSubscribedToTopic(name: string): boolean {
    return this.subscribedTopicNames().has(name);
  }

  /** Regexes some member still uses. */
  regexesInUse(): Set<string> {
    const out = new Set<string>();
    for (const m of this.members.values()) if (m.subscribedTopicRegex !== null) out.add(m.subscribedTopicRegex);
    return out;
  }

  /** Kafka's preferred server assignor: the one most members name, else the default (first configured). */
  preferredAssignor(configured: readonly string[]): string {
    const counts = new Map<string, number>();
    for (const m of this.members.values()) if (m.serverAssignorName !== null) counts.set(m.serverAssignorName, (counts.get(m.serverAssignorName) ?? 0) + 1);
    let best = configured[0]!;
    let bestN = 0;
    for (const name of configured) {
      const n = counts.get(name) ?? 0;
      if (n > bestN) {
        best = name;
        bestN = n;
      }
    }
    return best;
  }
}
