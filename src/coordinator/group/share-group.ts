// A share group (KIP-932, Kafka's ShareGroup): many consumers reading the same partitions, records
// handed out one by one by the partition leaders (SharePartition). The group coordinator keeps the
// membership, a group epoch (bumped by membership, subscription and subscribed-topic metadata
// changes, and when newly initialized share partitions wait to be assigned), the target assignment
// computed by the SimpleAssignor for an epoch, and which topic-partitions have their share state
// initialized in the share coordinator (Kafka keeps this beside the group, in
// ShareGroupStatePartitionMetadata). States as Kafka names them: Empty (no members) and Stable.

import type { TargetAssignment } from "./consumer-member.ts";
import type { ShareGroupMember } from "./share-group-member.ts";

export type ShareGroupState = "Empty" | "Stable" | "Dead";

/** A topic's partitions in ShareGroupStatePartitionMetadata (Kafka's InitMapValue). */
export interface InitTopic {
  name: string;
  partitions: Set<number>;
  /** When they were last sent to the Persister (in memory only: a retry is due after the retry interval). */
  timestampMs: number;
}

export class ShareGroup {
  readonly type = "share" as const;
  readonly protocolType = "share";
  /** Kafka's ModernGroup starts at 1, so the first member's join writes epoch 2. */
  groupEpoch = 1;
  metadataHash = 0n;
  targetAssignmentEpoch = 0;
  assignmentTimestampMs = 0;
  dead = false;
  readonly members = new Map<string, ShareGroupMember>();
  readonly targetAssignment = new Map<string, TargetAssignment>();
  /** topicId -> partitions being initialized in the share coordinator. */
  readonly initializing = new Map<string, InitTopic>();
  /** topicId -> partitions whose share state is initialized (only these are assigned). */
  readonly initialized = new Map<string, InitTopic>();
  /** topicId -> name of topics whose share state is being deleted. */
  readonly deleting = new Map<string, string>();
  /** Whether a ShareGroupStatePartitionMetadata record exists (so deletion tombstones it). */
  hasStatePartitionMetadata = false;
  currentStateTimestampMs: number;

  constructor(
    readonly groupId: string,
    nowMs: number,
  ) {
    this.currentStateTimestampMs = nowMs;
  }

  get state(): ShareGroupState {
    if (this.dead) return "Dead";
    return this.members.size === 0 ? "Empty" : "Stable";
  }

  isEmpty(): boolean {
    return this.members.size === 0;
  }

  updateMember(m: ShareGroupMember): void {
    this.members.set(m.memberId, m);
  }

  removeMember(memberId: string, nowMs: number): ShareGroupMember | undefined {
    const old = this.members.get(memberId);
    if (!old) return undefined;
    this.members.delete(memberId);
    if (this.members.size === 0) this.currentStateTimestampMs = nowMs;
    return old;
  }

  /** Every topic name some member subscribes to. */
  subscribedTopicNames(): Set<string> {
    const out = new Set<string>();
    for (const m of this.members.values()) for (const n of m.subscribedTopicNames) out.add(n);
    return out;
  }

  isSubscribedToTopic(name: string): boolean {
    for (const m of this.members.values()) if (m.subscribedTopicNames.includes(name)) return true;
    return false;
  }

  isInitialized(topicId: string, partition: number): boolean {
    return this.initialized.get(topicId)?.partitions.has(partition) ?? false;
  }

  /** Kafka's initializedAssignmentPending: an initialized partition of a subscribed topic no member's target holds. */
  initializedAssignmentPending(subscribedTopicIds: ReadonlySet<string>): boolean {
    if (this.members.size === 0 || this.initialized.size === 0) return false;
    const assigned = new Map<string, Set<number>>();
    for (const a of this.targetAssignment.values()) {
      for (const [t, ps] of a) {
        let s = assigned.get(t);
        if (!s) assigned.set(t, (s = new Set()));
        for (const p of ps) s.add(p);
      }
    }
    for (const [t, init] of this.initialized) {
      if (!subscribedTopicIds.has(t)) continue;
      const a = assigned.get(t);
      for (const p of init.partitions) if (!a?.has(p)) return true;
    }
    return false;
  }
}
