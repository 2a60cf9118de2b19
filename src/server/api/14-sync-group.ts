// SyncGroup (key 14), versions 0-5 served.
//
// The leader sends the assignments; every member (the leader too) gets its own once the group record
// is stored. A member the leader left out gets an empty assignment, never a missing one (franz-go
// breaks on that, compat-notes.md). v5+: protocol type and name are checked against the group's.
//
// With an authorizer, READ on the group (else GROUP_AUTHORIZATION_FAILED).

import type { SyncGroupRequest } from "../../protocol/generated/messages/sync-group-request.ts";
import { newSyncGroupResponse, type SyncGroupResponse } from "../../protocol/generated/messages/sync-group-response.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { coordinatorErrorCode } from "../../coordinator/group/errors.ts";
import { defineHandler } from "../handler.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize } from "../auth-helper.ts";

export const syncGroupHandler = defineHandler<SyncGroupRequest, SyncGroupResponse>({
  key: 14,
  minVersion: 0,
  maxVersion: 5,
  async handle(ctx, req) {
    const v = ctx.apiVersion;
    const sync = {
      groupId: req.groupId,
      memberId: req.memberId,
      groupInstanceId: v >= 3 ? req.groupInstanceId : null,
      generationId: req.generationId,
      protocolType: v >= 5 ? req.protocolType : null,
      protocolName: v >= 5 ? req.protocolName : null,
      assignments: req.assignments.map((a) => ({ memberId: a.memberId, assignment: a.assignment })),
    };
    const res = newSyncGroupResponse();
    // KafkaApis.handleSyncGroupRequest: READ on the group.
    if (!authorize(ctx, AclOperation.READ, ResourceType.GROUP, req.groupId)) {
      res.errorCode = ErrorCode.GROUP_AUTHORIZATION_FAILED;
      return res;
    }
    let r;
    try {
      r = await groupServiceOf(ctx.services).write("sync-group", req.groupId, (s) => s.classic.sync(sync));
    } catch (e) {
      res.errorCode = coordinatorErrorCode(e);
      return res;
    }
    res.errorCode = r.errorCode;
    res.protocolType = r.protocolType;
    res.protocolName = r.protocolName;
    res.assignment = r.assignment;
    return res;
  },
});
