// DeleteGroups (key 42), versions 0-3 served.
//
// Deletes Empty groups with their offsets (tombstones in __consumer_offsets). A group with members:
// NON_EMPTY_GROUP; unknown: GROUP_ID_NOT_FOUND; "" : INVALID_GROUP_ID. With an authorizer a group needs
// DELETE (else GROUP_AUTHORIZATION_FAILED, and it is not touched). An empty share group's share state
// is deleted through the Persister (Persister.deleteState) before its records are tombstoned.

import { ErrorCode } from "../../protocol/errors.ts";
import type { DeleteGroupsRequest } from "../../protocol/generated/messages/delete-groups-request.ts";
import { newDeleteGroupsResponse, type DeleteGroupsResponse } from "../../protocol/generated/messages/delete-groups-response.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { coordinatorErrorCode } from "../../coordinator/group/errors.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize } from "../auth-helper.ts";

export const deleteGroupsHandler = defineHandler<DeleteGroupsRequest, DeleteGroupsResponse>({
  key: 42,
  minVersion: 0,
  maxVersion: 3,
  async handle(ctx, req) {
    const svc = groupServiceOf(ctx.services);
    // Every deletion is applied before the first await (request order); then each waits for its commit.
    const pending = req.groupsNames.map((id) => {
      if (!authorize(ctx, AclOperation.DELETE, ResourceType.GROUP, id)) return { groupId: id, result: Promise.resolve({ errorCode: ErrorCode.GROUP_AUTHORIZATION_FAILED as number, written: Promise.resolve() }) };
      if (id === "") return { groupId: id, result: Promise.resolve({ errorCode: ErrorCode.INVALID_GROUP_ID as number, written: Promise.resolve() }) };
      // A share group's state is deleted through the Persister first (Kafka's deleteShareGroups).
      let share = false;
      try {
        share = svc.read(id, (s) => s.shareGroups.has(id));
      } catch {
        // Not the coordinator (or loading): the write below answers with the error.
      }
      if (share) return { groupId: id, result: svc.share.deleteGroup(id).then((errorCode) => ({ errorCode, written: Promise.resolve() })) };
      return { groupId: id, result: svc.write("delete-groups", id, (s) => s.deleteGroup(id)) };
    });
    const res = newDeleteGroupsResponse();
    for (const p of pending) {
      let code: number;
      try {
        const r = await p.result;
        code = r.errorCode;
        await r.written;
      } catch (e) {
        code = coordinatorErrorCode(e);
      }
      res.results.push({ groupId: p.groupId, errorCode: code, errorMessage: null });
    }
    return res;
  },
});
