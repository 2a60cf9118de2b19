// ConsumerGroupDescribe (key 69), versions 0-1 served (KIP-848).
//
// Each group's state ("Empty", "Assigning", "Reconciling", "Stable"), group and assignment epochs, the
// assignor in use, and its members with current and target assignments (topic ids and names). v1
// adds the member type (1: consumer protocol). An unknown group, or a classic one, answers
// GROUP_ID_NOT_FOUND with Kafka's message; an empty group id INVALID_GROUP_ID.
//
// Authorized operations when asked: the group's operations the principal may do (3400, every one, with
// no authorizer); else Integer.MIN_VALUE. With an authorizer a group needs DESCRIBE (else
// GROUP_AUTHORIZATION_FAILED) and every topic its members are assigned or subscribed to DESCRIBE (else
// TOPIC_AUTHORIZATION_FAILED, nothing of the group disclosed), as KafkaApis.handleConsumerGroupDescribe.

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
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize, authorizedOperations, filterByAuthorized } from "../auth-helper.ts";
import { GROUP_ALL_OPERATIONS } from "./15-describe-groups.ts";

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
      if (!authorize(ctx, AclOperation.DESCRIBE, ResourceType.GROUP, id)) {
        out.errorCode = ErrorCode.GROUP_AUTHORIZATION_FAILED;
        return out;
      }
      let d;
      let classic: boolean;
      try {
        [d, classic] = svc.read(id, (s) => [s.describeConsumerGroup(id, (topicId) => topicNameOf(ctx.services.metadata, topicId)), s.groups.has(id) || s.shareGroups.has(id)] as const);
      } catch (e) {
        out.errorCode = coordinatorErrorCode(e);
        return out;
      }
      if (d === null) {
        out.errorCode = ErrorCode.GROUP_ID_NOT_FOUND;
        out.errorMessage = classic ? `Group ${id} is not a consumer group.` : `Group ${id} not found.`;
        return out;
      }
      if (ctx.services.authorizer !== null) {
        const topics = new Set<string>();
        for (const m of d.members) {
          for (const n of m.subscribedTopicNames) topics.add(n);
          for (const tp of [...m.assignment, ...m.targetAssignment]) topics.add(tp.topicName);
        }
        if (filterByAuthorized(ctx, AclOperation.DESCRIBE, ResourceType.TOPIC, topics).size < topics.size) {
          out.errorCode = ErrorCode.TOPIC_AUTHORIZATION_FAILED;
          out.errorMessage = "The described group uses topics that the client is not authorized to describe.";
          return out;
        }
      }
      if (req.includeAuthorizedOperations) out.authorizedOperations = authorizedOperations(ctx, ResourceType.GROUP, id, GROUP_ALL_OPERATIONS);
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
