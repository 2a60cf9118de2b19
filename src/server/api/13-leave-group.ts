// LeaveGroup (key 13), versions 0-5 served.
//
// v0-2: one member (memberId), the error at the top level. v3+: a batch of members by member id
// and/or group.instance.id (KIP-345), an error per member and NONE at the top unless the group
// itself fails. v5 reasons are accepted and not recorded.
//
// With an authorizer, READ on the group (else GROUP_AUTHORIZATION_FAILED for the request).

import type { LeaveGroupRequest } from "../../protocol/generated/messages/leave-group-request.ts";
import { newLeaveGroupResponse, type LeaveGroupResponse } from "../../protocol/generated/messages/leave-group-response.ts";
import { GroupError } from "../../coordinator/group/errors.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { CoordinatorError } from "../../coordinator/runtime/errors.ts";
import { defineHandler } from "../handler.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize } from "../auth-helper.ts";

export const leaveGroupHandler = defineHandler<LeaveGroupRequest, LeaveGroupResponse>({
  key: 13,
  minVersion: 0,
  maxVersion: 5,
  async handle(ctx, req) {
    const res = newLeaveGroupResponse();
    // KafkaApis.handleLeaveGroupRequest: READ on the group (the whole request fails).
    if (!authorize(ctx, AclOperation.READ, ResourceType.GROUP, req.groupId)) {
      res.errorCode = ErrorCode.GROUP_AUTHORIZATION_FAILED;
      return res;
    }
    const batch = ctx.apiVersion >= 3;
    const members = batch ? req.members.map((m) => ({ memberId: m.memberId, groupInstanceId: m.groupInstanceId })) : [{ memberId: req.memberId, groupInstanceId: null }];
    try {
      const codes = await groupServiceOf(ctx.services).write("leave-group", req.groupId, (s) => s.classic.leave(req.groupId, members));
      if (batch) res.members = members.map((m, i) => ({ memberId: m.memberId, groupInstanceId: m.groupInstanceId, errorCode: codes[i]! }));
      else res.errorCode = codes[0]!;
    } catch (e) {
      if (!(e instanceof GroupError || e instanceof CoordinatorError)) throw e;
      res.errorCode = e.code;
    }
    return res;
  },
});
