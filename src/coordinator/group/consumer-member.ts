// A member of a KIP-848 consumer group (Kafka's ConsumerGroupMember): its subscription, its member
// epoch, its reconciliation state (Kafka's MemberState) and the partitions it owns. Each owned
// partition carries the epoch at which it was assigned (Kafka 4.4's assignment epochs), which
// OffsetCommit uses to accept a commit sent with an older member epoch for a partition still owned.
//
// Assignments are Map<topicId, Map<partition, assignmentEpoch>>; a target assignment (what the
// assignor wants) has no epochs: Map<topicId, Set<partition>>.

/** Kafka's MemberState with its record byte values. */
export const MemberState = {
  STABLE: 0,
  UNREVOKED_PARTITIONS: 1,
  UNRELEASED_PARTITIONS: 2,
  UNKNOWN: 127,
} as const;
export type MemberStateValue = (typeof MemberState)[keyof typeof MemberState];

export function memberStateName(v: number): string {
  for (const [k, x] of Object.entries(MemberState)) if (x === v) return k;
  return "UNKNOWN";
}

/** The epoch a member leaves with (dynamic) and a static member's temporary leave (KIP-848). */
export const LEAVE_GROUP_MEMBER_EPOCH = -1;
export const LEAVE_GROUP_STATIC_MEMBER_EPOCH = -2;

export type TargetAssignment = Map<string, Set<number>>;
export type EpochAssignment = Map<string, Map<number, number>>;

export interface ConsumerMemberFields {
  memberId: string;
  instanceId: string | null;
  rackId: string | null;
  clientId: string;
  clientHost: string;
  subscribedTopicNames: string[];
  subscribedTopicRegex: string | null;
  serverAssignorName: string | null;
  rebalanceTimeoutMs: number;
}

export class ConsumerGroupMember implements ConsumerMemberFields {
  memberId: string;
  instanceId: string | null;
  rackId: string | null;
  clientId: string;
  clientHost: string;
  subscribedTopicNames: string[];
  subscribedTopicRegex: string | null;
  serverAssignorName: string | null;
  rebalanceTimeoutMs: number;
  memberEpoch = 0;
  previousMemberEpoch = 0;
  state: MemberStateValue = MemberState.STABLE;
  assignedPartitions: EpochAssignment = new Map();
  partitionsPendingRevocation: EpochAssignment = new Map();

  constructor(f: ConsumerMemberFields) {
    this.memberId = f.memberId;
    this.instanceId = f.instanceId;
    this.rackId = f.rackId;
    this.clientId = f.clientId;
    this.clientHost = f.clientHost;
    this.subscribedTopicNames = f.subscribedTopicNames;
    this.subscribedTopicRegex = f.subscribedTopicRegex;
    this.serverAssignorName = f.serverAssignorName;
    this.rebalanceTimeoutMs = f.rebalanceTimeoutMs;
  }

  clone(): ConsumerGroupMember {
    const m = new ConsumerGroupMember(this);
    m.subscribedTopicNames = [...this.subscribedTopicNames];
    m.memberEpoch = this.memberEpoch;
    m.previousMemberEpoch = this.previousMemberEpoch;
    m.state = this.state;
    m.assignedPartitions = cloneEpochs(this.assignedPartitions);
    m.partitionsPendingRevocation = cloneEpochs(this.partitionsPendingRevocation);
    return m;
  }

  /** The epoch at which a partition was assigned (owned or pending revocation), or undefined. */
  assignmentEpochOf(topicId: string, partition: number): number | undefined {
    return this.assignedPartitions.get(topicId)?.get(partition) ?? this.partitionsPendingRevocation.get(topicId)?.get(partition);
  }

  sameAssignmentAs(o: ConsumerGroupMember): boolean {
    return (
      this.memberEpoch === o.memberEpoch &&
      this.previousMemberEpoch === o.previousMemberEpoch &&
      this.state === o.state &&
      sameEpochs(this.assignedPartitions, o.assignedPartitions) &&
      sameEpochs(this.partitionsPendingRevocation, o.partitionsPendingRevocation)
    );
  }
}

export function cloneEpochs(a: EpochAssignment): EpochAssignment {
  return new Map([...a].map(([t, ps]) => [t, new Map(ps)]));
}

export function sameEpochs(a: EpochAssignment, b: EpochAssignment): boolean {
  if (a.size !== b.size) return false;
  for (const [t, ps] of a) {
    const q = b.get(t);
    if (!q || q.size !== ps.size) return false;
    for (const [p, e] of ps) if (q.get(p) !== e) return false;
  }
  return true;
}

/** Same set of partitions, ignoring epochs. */
export function samePartitions(a: EpochAssignment | TargetAssignment, b: EpochAssignment | TargetAssignment): boolean {
  const n = (x: EpochAssignment | TargetAssignment) => [...x.values()].reduce((s, ps) => s + ps.size, 0);
  if (n(a) !== n(b)) return false;
  for (const [t, ps] of a) {
    const q = b.get(t);
    for (const p of ps.keys()) if (!q?.has(p)) return false;
  }
  return true;
}

export function sameTarget(a: TargetAssignment | undefined, b: TargetAssignment | undefined): boolean {
  return samePartitions(a ?? new Map(), b ?? new Map());
}

/** As a list of {topicId, partitions} sorted by partition. */
export function toTopicPartitions(a: EpochAssignment | TargetAssignment): Array<{ topicId: string; partitions: number[] }> {
  const out: Array<{ topicId: string; partitions: number[] }> = [];
  for (const [topicId, ps] of a) {
    if (ps.size === 0) continue;
    out.push({ topicId, partitions: [...ps.keys()].sort((x, y) => x - y) });
  }
  return out;
}

export function fromTopicPartitions(l: ReadonlyArray<{ topicId: string; partitions: number[] }>): TargetAssignment {
  const m: TargetAssignment = new Map();
  for (const t of l) {
    let s = m.get(t.topicId);
    if (!s) m.set(t.topicId, (s = new Set()));
    for (const p of t.partitions) s.add(p);
  }
  return m;
}
