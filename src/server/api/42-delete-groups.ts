// DeleteGroups (key 42), versions 0-3 served.
//
// Deletes Empty groups with their offsets (tombstones in __consumer_offsets). A group with members:
// NON_EMPTY_GROUP; unknown: GROUP_ID_NOT_FOUND; "" : INVALID_GROUP_ID.

import { ErrorCode } from "../../protocol/errors.ts";
import type { DeleteGroupsRequest } from "../../protocol/generated/messages/delete-groups-request.ts";
import { newDeleteGroupsResponse, type DeleteGroupsResponse } from "../../protocol/generated/messages/delete-groups-response.ts";
import { defineHandler } from "../handler.ts";

export const deleteGroupsHandler = defineHandler<DeleteGroupsRequest, DeleteGroupsResponse>({
  key: 42,
  minVersion: 0,
  maxVersion: 3,
  async handle(ctx, req) {
    const coord = ctx.services.groupCoordinator.coordinator;
    const pending = req.groupsNames.map((id) => {
      if (id === "") return { groupId: id, errorCode: ErrorCode.INVALID_GROUP_ID as number, written: Promise.resolve() };
      return { groupId: id, ...coord.deleteGroup(id) };
    });
    const res = newDeleteGroupsResponse();
    for (const p of pending) {
      let code = p.errorCode;
      try {
        await p.written;
      } catch {
        code = ErrorCode.COORDINATOR_NOT_AVAILABLE;
      }
      res.results.push({ groupId: p.groupId, errorCode: code, errorMessage: null });
    }
    return res;
  },
});
