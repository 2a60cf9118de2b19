// DeleteShareGroupOffsets (key 92), version 0 served (Kafka 4.4.0's range).
//
// Deletes the share state of whole topics for a share group (kafka-share-groups.sh --delete-offsets):
// the group must exist (GROUP_ID_NOT_FOUND) and be empty (NON_EMPTY_GROUP); each topic with share
// state moves to "deleting" in ShareGroupStatePartitionMetadata, its state is deleted through
// Persister.deleteState, and it leaves the group's metadata. A topic without share state in the group
// answers UNKNOWN_TOPIC_OR_PARTITION. With an authorizer: DELETE on the group (else
// GROUP_AUTHORIZATION_FAILED) and READ on each topic (else TOPIC_AUTHORIZATION_FAILED).

import { ErrorCode, errorMessage } from "../../protocol/errors.ts";
import type { DeleteShareGroupOffsetsRequest } from "../../protocol/generated/messages/delete-share-group-offsets-request.ts";
import { newDeleteShareGroupOffsetsResponse, type DeleteShareGroupOffsetsResponse } from "../../protocol/generated/messages/delete-share-group-offsets-response.ts";
import { ZERO_UUID } from "../../protocol/primitives/codec-runtime.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { coordinatorErrorCode } from "../../coordinator/group/errors.ts";
import { defineHandler } from "../handler.ts";
import { shareGroupsEnabled } from "./share-enabled.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize } from "../auth-helper.ts";

export const deleteShareGroupOffsetsHandler = defineHandler<DeleteShareGroupOffsetsRequest, DeleteShareGroupOffsetsResponse>({
  key: 92,
  minVersion: 0,
  maxVersion: 0,
  async handle(ctx, req) {
    const res = newDeleteShareGroupOffsetsResponse();
    const fail = (code: number, message: string | null = errorMessage(code)) => {
      res.errorCode = code;
      res.errorMessage = message;
      return res;
    };
    if (!shareGroupsEnabled(ctx)) return fail(ErrorCode.UNSUPPORTED_VERSION);
    if (req.groupId === "") return fail(ErrorCode.INVALID_GROUP_ID);
    if (!authorize(ctx, AclOperation.DELETE, ResourceType.GROUP, req.groupId)) return fail(ErrorCode.GROUP_AUTHORIZATION_FAILED);
    const names = req.topics.map((t) => t.topicName);
    const refused = names.filter((n) => !authorize(ctx, AclOperation.READ, ResourceType.TOPIC, n));
    try {
      const r = await groupServiceOf(ctx.services).share.deleteOffsets(req.groupId, names.filter((n) => !refused.includes(n)));
      if (r.errorCode !== ErrorCode.NONE) return fail(r.errorCode, r.errorMessage);
      res.responses = r.results;
    } catch (e) {
      return fail(coordinatorErrorCode(e), e instanceof Error ? e.message : null);
    }
    for (const n of refused) res.responses.push({ topicName: n, topicId: ZERO_UUID, errorCode: ErrorCode.TOPIC_AUTHORIZATION_FAILED, errorMessage: errorMessage(ErrorCode.TOPIC_AUTHORIZATION_FAILED) });
    return res;
  },
});
