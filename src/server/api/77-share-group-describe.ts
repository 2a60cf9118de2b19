// ShareGroupDescribe (key 77), version 1 served (Kafka 4.4.0's range).
//
// Each share group's state ("Empty", "Stable"), group and assignment epochs, the assignor ("simple"),
// and its members with their assignments (topic ids and names). An unknown group answers
// GROUP_ID_NOT_FOUND "Group X not found.", a group of another type "Group X is not a share group.";
// an empty group id INVALID_GROUP_ID.
//
// share.version below 1: every group UNSUPPORTED_VERSION, as Kafka.
// Authorized operations when asked: the group's operations the principal may do (3400, every one, with
// no authorizer); else Integer.MIN_VALUE. With an authorizer a group needs DESCRIBE (else
// GROUP_AUTHORIZATION_FAILED) and every topic its members are assigned or subscribed to DESCRIBE (else
// TOPIC_AUTHORIZATION_FAILED), as KafkaApis.handleShareGroupDescribe.

import { ErrorCode } from "../../protocol/errors.ts";
import type { ShareGroupDescribeRequest } from "../../protocol/generated/messages/share-group-describe-request.ts";
import { newShareGroupDescribeResponse, newDescribedGroup, type ShareGroupDescribeResponse } from "../../protocol/generated/messages/share-group-describe-response.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { coordinatorErrorCode } from "../../coordinator/group/errors.ts";
import { topicNameOf } from "../../coordinator/group/topics.ts";
import { defineHandler } from "../handler.ts";
import { shareGroupsEnabled } from "./share-enabled.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize, authorizedOperations, filterByAuthorized } from "../auth-helper.ts";
import { GROUP_ALL_OPERATIONS } from "./15-describe-groups.ts";

export const shareGroupDescribeHandler = defineHandler<ShareGroupDescribeRequest, ShareGroupDescribeResponse>({
  key: 77,
  minVersion: 1,
  maxVersion: 1,
  handle(ctx, req) {
    const res = newShareGroupDescribeResponse();
    const svc = groupServiceOf(ctx.services);
    res.groups = req.groupIds.map((id) => {
      const out = newDescribedGroup();
      out.groupId = id;
      if (!shareGroupsEnabled(ctx)) {
        out.errorCode = ErrorCode.UNSUPPORTED_VERSION;
        return out;
      }
      if (id === "") {
        out.errorCode = ErrorCode.INVALID_GROUP_ID;
        return out;
      }
      if (!authorize(ctx, AclOperation.DESCRIBE, ResourceType.GROUP, id)) {
        out.errorCode = ErrorCode.GROUP_AUTHORIZATION_FAILED;
        return out;
      }
      let d;
      let other: boolean;
      try {
        [d, other] = svc.read(id, (s) => [s.describeShareGroup(id, (topicId) => topicNameOf(ctx.services.metadata, topicId)), s.groups.has(id) || s.consumerGroups.has(id)] as const);
      } catch (e) {
        out.errorCode = coordinatorErrorCode(e);
        return out;
      }
      if (d === null) {
        out.errorCode = ErrorCode.GROUP_ID_NOT_FOUND;
        out.errorMessage = other ? `Group ${id} is not a share group.` : `Group ${id} not found.`;
        return out;
      }
      if (ctx.services.authorizer !== null) {
        const topics = new Set<string>();
        for (const m of d.members) {
          for (const n of m.subscribedTopicNames) topics.add(n);
          for (const tp of m.assignment) topics.add(tp.topicName);
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
        rackId: m.rackId,
        memberEpoch: m.memberEpoch,
        clientId: m.clientId,
        clientHost: m.clientHost,
        subscribedTopicNames: m.subscribedTopicNames,
        assignment: { topicPartitions: m.assignment },
      }));
      return out;
    });
    // Kafka's order: refused groups first, then invalid ids, then the coordinator's answers.
    const rank = (code: number) => (code === ErrorCode.GROUP_AUTHORIZATION_FAILED ? 0 : code === ErrorCode.INVALID_GROUP_ID ? 1 : 2);
    res.groups = res.groups.map((g, i) => ({ g, i })).sort((a, b) => rank(a.g.errorCode) - rank(b.g.errorCode) || a.i - b.i).map((x) => x.g);
    return res;
  },
});
