// ConsumerGroupDescribe (key 69), versions 0-1 served (KIP-848).
//
// Each group's state ("Empty", "Assigning", "Reconciling", "Stable"), group and assignment epochs, the
// assignor in use, and its members with current and target assignments (topic ids and names). v1
// adds the member type (1: consumer protocol). An unknown group, or a classic one, answers
// GROUP_ID_NOT_FOUND with Kafka's message; an empty group id INVALID_GROUP_ID.
//
// Left out: authorized operations (no authorizer yet: the field keeps its "not requested" default).

import { ErrorCode } from "../../protocol/errors.ts";
import type { ConsumerGroupDescribeRequest } from "../../protocol/generated/messages/consumer-group-describe-request.ts";
import {
  newConsumerGroupDescribeResponse,
  newDescribedGroup,
  type ConsumerGroupDescribeResponse,
} from "../../protocol/generated/messages/consumer-group-describe-response.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { coordinatorErrorCode } from "../../coordinator/group/errors.ts";
import { topicNameOf } from "../../coordinator/group/topics.ts";
import { defineHandler } from "../handler.ts";

export const consumerGroupDescribeHandler = defineHandler<ConsumerGroupDescribeRequest, ConsumerGroupDescribeResponse>({
  key: 69,
  minVersion: 0,
  maxVersion: 1,
  handle(ctx, req) {
    const res = newConsumerGroupDescribeResponse();
    const svc = groupServiceOf(ctx.services);
    res.groups = req.groupIds.map((id) => {
      const out = newDescribedGroup();
      out.groupId = id;
      if (id === "") {
        out.errorCode = ErrorCode.INVALID_GROUP_ID;
        return out;
      }
      let d;
      let classic: boolean;
      try {
        [d, classic] = svc.read(id, (s) => [s.describeConsumerGroup(id, (topicId) => topicNameOf(ctx.services.metadata, topicId)), s.groups.has(id)] as const);
      } catch (e) {
        out.errorCode = coordinatorErrorCode(e);
        return out;
      }
      if (d === null) {
        out.errorCode = ErrorCode.GROUP_ID_NOT_FOUND;
        out.errorMessage = classic ? `Group ${id} is not a consumer group.` : `Group ${id} not found.`;
        return out;
      }
      out.groupState = d.groupState;
      out.groupEpoch = d.groupEpoch;
      out.assignmentEpoch = d.assignmentEpoch;
      out.assignorName = d.assignorName;
      out.members = d.members.map((m) => ({
        memberId: m.memberId,
        instanceId: m.instanceId,
        rackId: m.rackId,
        memberEpoch: m.memberEpoch,
        clientId: m.clientId,
        clientHost: m.clientHost,
        subscribedTopicNames: m.subscribedTopicNames,
        subscribedTopicRegex: m.subscribedTopicRegex,
        assignment: { topicPartitions: m.assignment },
        targetAssignment: { topicPartitions: m.targetAssignment },
        memberType: m.memberType,
      }));
      return out;
    });
    return res;
  },
});
