// A member of a share group (Kafka's ShareGroupMember): its subscription (topic names only: share
// groups have no regexes, instance ids or client-side assignors), its member epoch and the partitions
// it is assigned. Share members never revoke: a partition may be shared by several members, so a new
// target is taken at once (Kafka's ShareGroupAssignmentBuilder) and the member is always STABLE.

import { MemberState, type MemberStateValue, type TargetAssignment } from "./consumer-member.ts";

export { LEAVE_GROUP_MEMBER_EPOCH } from "./consumer-member.ts";

export interface ShareMemberFields {
  memberId: string;
  rackId: string | null;
  clientId: string;
  clientHost: string;
  subscribedTopicNames: string[];
}

export class ShareGroupMember implements ShareMemberFields {
  memberId: string;
  rackId: string | null;
  clientId: string;
  clientHost: string;
  subscribedTopicNames: string[];
  memberEpoch = 0;
  previousMemberEpoch = 0;
  state: MemberStateValue = MemberState.STABLE;
  assignedPartitions: TargetAssignment = new Map();

  constructor(f: ShareMemberFields) {
    this.memberId = f.memberId;
    this.rackId = f.rackId;
    this.clientId = f.clientId;
    this.clientHost = f.clientHost;
    this.subscribedTopicNames = f.subscribedTopicNames;
  }

  clone(): ShareGroupMember {
    const m = new ShareGroupMember({ ...this, subscribedTopicNames: [...this.subscribedTopicNames] });
    m.memberEpoch = this.memberEpoch;
    m.previousMemberEpoch = this.previousMemberEpoch;
    m.state = this.state;
    m.assignedPartitions = new Map([...this.assignedPartitions].map(([t, ps]) => [t, new Set(ps)]));
    return m;
  }

  /**
   * Kafka's ShareGroupAssignmentBuilder: a member behind the target assignment epoch takes the target
   * at once (previous epoch kept for the fencing check). Returns this member when already there.
   */
  reconcile(targetAssignmentEpoch: number, target: TargetAssignment | undefined): ShareGroupMember {
    if (this.memberEpoch === targetAssignmentEpoch && this.state === MemberState.STABLE) return this;
    const next = this.clone();
    next.previousMemberEpoch = this.memberEpoch;
    next.memberEpoch = targetAssignmentEpoch;
    next.state = MemberState.STABLE;
    next.assignedPartitions = new Map([...(target ?? new Map<string, Set<number>>())].map(([t, ps]) => [t, new Set(ps)]));
    return next;
  }
}
