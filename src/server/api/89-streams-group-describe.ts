// StreamsGroupDescribe (key 89), versions 0-1 served (KIP-1071).
//
// Each streams group's state ("Empty", "NotReady", "Assigning", "Reconciling", "Stable"), group and
// assignment epochs, its topology (epoch and the configured subtopologies: source and repartition sink
// topics, changelog and repartition source topics with their partition counts), and its members with
// process id, endpoint, client tags, task offsets, current and target assignments. v1 adds the
// assignor name ("sticky") and the topology description status (0, NOT_REQUESTED, or 1, NOT_STORED when
// asked: Strand stores no topology descriptions). An unknown group, or one of another type, answers
// GROUP_ID_NOT_FOUND with Kafka's message; an empty group id INVALID_GROUP_ID.
// Authorized operations when asked (Integer.MIN_VALUE otherwise); with an authorizer a group needs
// DESCRIBE (else GROUP_AUTHORIZATION_FAILED).

import { ErrorCode } from "../../protocol/errors.ts";
import type { StreamsGroupDescribeRequest } from "../../protocol/generated/messages/streams-group-describe-request.ts";
import { newDescribedGroup, newStreamsGroupDescribeResponse, type StreamsGroupDescribeResponse } from "../../protocol/generated/messages/streams-group-describe-response.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { coordinatorErrorCode } from "../../coordinator/group/errors.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize, authorizedOperations } from "../auth-helper.ts";
import { GROUP_ALL_OPERATIONS } from "./15-describe-groups.ts";

export const streamsGroupDescribeHandler = defineHandler<StreamsGroupDescribeRequest, StreamsGroupDescribeResponse>({
  key: 89,
  minVersion: 0,
  maxVersion: 1,
  handle(ctx, req) {
    const res = newStreamsGroupDescribeResponse();
    const svc = groupServiceOf(ctx.services);
    // Kafka answers the invalid (empty) ids first, then the others in request order.
    const ids = [...req.groupIds.filter((id) => id === ""), ...req.groupIds.filter((id) => id !== "")];
    res.groups = ids.map((id) => {
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
      let other: boolean;
      try {
        [d, other] = svc.read(id, (s) => [s.streams.describe(id), s.groups.has(id) || s.consumerGroups.has(id)] as const);
      } catch (e) {
        out.errorCode = coordinatorErrorCode(e);
        return out;
      }
      if (d === null) {
        out.errorCode = ErrorCode.GROUP_ID_NOT_FOUND;
        out.errorMessage = other ? `Group ${id} is not a streams group.` : `Group ${id} not found.`;
        return out;
      }
      if (req.includeAuthorizedOperations) d.authorizedOperations = authorizedOperations(ctx, ResourceType.GROUP, id, GROUP_ALL_OPERATIONS);
      if (ctx.apiVersion >= 1 && req.includeTopologyDescription) d.topologyDescriptionStatus = 1;
      return d;
    });
    return res;
  },
});
