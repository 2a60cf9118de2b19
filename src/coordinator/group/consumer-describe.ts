// ConsumerGroupDescribe for one group (Kafka's ConsumerGroup.asDescribedGroup): group and assignment
// epochs, the preferred assignor, and each member with its current and target assignments by topic
// id and name.

import { ErrorCode } from "../../protocol/errors.ts";
import type { ConsumerGroup } from "./consumer-group.ts";
import type { EpochAssignment, TargetAssignment } from "./consumer-member.ts";

export interface DescribedTopicPartitions {
  topicId: string;
  topicName: string;
  partitions: number[];
}

export interface DescribedConsumerMember {
  memberId: string;
  instanceId: string | null;
  rackId: string | null;
  memberEpoch: number;
  clientId: string;
  clientHost: string;
  subscribedTopicNames: string[];
  subscribedTopicRegex: string | null;
  assignment: DescribedTopicPartitions[];
  targetAssignment: DescribedTopicPartitions[];
  /** 1: a consumer-protocol member (0 would be a classic member, -1 unknown). */
  memberType: number;
}

export interface DescribedConsumerGroup {
  errorCode: number;
  errorMessage: string | null;
  groupId: string;
  groupState: string;
  groupEpoch: number;
  assignmentEpoch: number;
  assignorName: string;
  members: DescribedConsumerMember[];
}

export function describeConsumerGroup(g: ConsumerGroup, assignors: readonly string[], topicName: (topicId: string) => string | undefined): DescribedConsumerGroup {
  const list = (a: EpochAssignment | TargetAssignment | undefined): DescribedTopicPartitions[] => {
    const out: DescribedTopicPartitions[] = [];
    for (const [topicId, ps] of a ?? new Map()) {
      const name = topicName(topicId);
      if (name === undefined || ps.size === 0) continue; // deleted topics are left out, as Kafka does
      out.push({ topicId, topicName: name, partitions: [...ps.keys()].sort((x: number, y: number) => x - y) });
    }
    return out;
  };
  return {
    errorCode: ErrorCode.NONE,
    errorMessage: null,
    groupId: g.groupId,
    groupState: g.state,
    groupEpoch: g.groupEpoch,
    assignmentEpoch: g.targetAssignmentEpoch,
    assignorName: g.preferredAssignor(assignors),
    members: [...g.members.values()].map((m) => ({
      memberId: m.memberId,
      instanceId: m.instanceId,
      rackId: m.rackId,
      memberEpoch: m.memberEpoch,
      clientId: m.clientId,
      clientHost: m.clientHost,
      subscribedTopicNames: [...m.subscribedTopicNames],
      // Kafka's ConsumerGroupMember defaults its regex to "" and describes it so: "" for no regex, not null.
      subscribedTopicRegex: m.subscribedTopicRegex ?? "",
      assignment: list(m.assignedPartitions),
      targetAssignment: list(g.targetAssignment.get(m.memberId)),
      memberType: 1,
    })),
  };
}
