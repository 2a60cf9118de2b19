// ShareGroupDescribe for one group (Kafka's ShareGroup.asDescribedGroup): group and assignment
// epochs, the assignor ("simple"), and each member with its assignment by topic id and name.

import { ErrorCode } from "../../protocol/errors.ts";
import type { TargetAssignment } from "./consumer-member.ts";
import type { DescribedTopicPartitions } from "./consumer-describe.ts";
import type { ShareGroup } from "./share-group.ts";
import { SIMPLE_ASSIGNOR_NAME } from "./simple-assignor.ts";

export interface DescribedShareMember {
  memberId: string;
  rackId: string | null;
  memberEpoch: number;
  clientId: string;
  clientHost: string;
  subscribedTopicNames: string[];
  assignment: DescribedTopicPartitions[];
}

export interface DescribedShareGroup {
  errorCode: number;
  groupId: string;
  groupState: string;
  groupEpoch: number;
  assignmentEpoch: number;
  assignorName: string;
  members: DescribedShareMember[];
}

export function describeShareGroup(g: ShareGroup, topicName: (topicId: string) => string | undefined): DescribedShareGroup {
  const list = (a: TargetAssignment): DescribedTopicPartitions[] => {
    const out: DescribedTopicPartitions[] = [];
    for (const [topicId, ps] of a) {
      const name = topicName(topicId);
      if (name === undefined || ps.size === 0) continue; // deleted topics are left out, as Kafka does
      out.push({ topicId, topicName: name, partitions: [...ps].sort((x, y) => x - y) });
    }
    return out;
  };
  return {
    errorCode: ErrorCode.NONE,
    groupId: g.groupId,
    groupState: g.state,
    groupEpoch: g.groupEpoch,
    assignmentEpoch: g.targetAssignmentEpoch,
    assignorName: SIMPLE_ASSIGNOR_NAME,
    members: [...g.members.values()].map((m) => ({
      memberId: m.memberId,
      rackId: m.rackId,
      memberEpoch: m.memberEpoch,
      clientId: m.clientId,
      clientHost: m.clientHost,
      subscribedTopicNames: [...m.subscribedTopicNames],
      assignment: list(m.assignedPartitions),
    })),
  };
}
