// AlterShareGroupOffsets (key 91), version 0 served (Kafka 4.4.0's range).
//
// Sets the start offset of share partitions (kafka-share-groups.sh --reset-offsets): the share group
// (created if absent, as Kafka) must be empty (else NON_EMPTY_GROUP); each existing partition is
// (re)initialized through Persister.initializeState at the offset given, and recorded as initialized
// in the group's ShareGroupStatePartitionMetadata. An unknown topic or partition answers
// UNKNOWN_TOPIC_OR_PARTITION. With an authorizer: READ on the group (else GROUP_AUTHORIZATION_FAILED)
// and READ on each topic (else TOPIC_AUTHORIZATION_FAILED for its partitions).

import { ErrorCode, errorMessage } from "../../protocol/errors.ts";
import type { AlterShareGroupOffsetsRequest } from "../../protocol/generated/messages/alter-share-group-offsets-request.ts";
import { newAlterShareGroupOffsetsResponse, type AlterShareGroupOffsetsResponse } from "../../protocol/generated/messages/alter-share-group-offsets-response.ts";
import { ZERO_UUID } from "../../protocol/primitives/codec-runtime.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { coordinatorErrorCode } from "../../coordinator/group/errors.ts";
import { defineHandler } from "../handler.ts";
import { shareGroupsEnabled } from "./share-enabled.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize } from "../auth-helper.ts";

export const alterShareGroupOffsetsHandler = defineHandler<AlterShareGroupOffsetsRequest, AlterShareGroupOffsetsResponse>({
  key: 91,
  minVersion: 0,
  maxVersion: 0,
  async handle(ctx, req) {
    const res = newAlterShareGroupOffsetsResponse();
    const fail = (code: number, message: string | null = errorMessage(code)) => {
      res.errorCode = code;
      res.errorMessage = message;
      return res;
    };
    if (!shareGroupsEnabled(ctx)) return fail(ErrorCode.UNSUPPORTED_VERSION);
    if (req.groupId === "") return fail(ErrorCode.INVALID_GROUP_ID);
    if (!authorize(ctx, AclOperation.READ, ResourceType.GROUP, req.groupId)) return fail(ErrorCode.GROUP_AUTHORIZATION_FAILED);
    const refused = req.topics.filter((t) => !authorize(ctx, AclOperation.READ, ResourceType.TOPIC, t.topicName));
    const allowed = req.topics.filter((t) => !refused.includes(t));
    try {
      const r = await groupServiceOf(ctx.services).share.alterOffsets(req.groupId, allowed);
      if (r.errorCode !== ErrorCode.NONE) return fail(r.errorCode, r.errorMessage);
      res.responses = r.results;
    } catch (e) {
      return fail(coordinatorErrorCode(e), e instanceof Error ? e.message : null);
    }
    for (const t of refused) {
      const code = ErrorCode.TOPIC_AUTHORIZATION_FAILED;
      res.responses.push({ topicName: t.topicName, topicId: ZERO_UUID, partitions: t.partitions.map((p) => ({ partitionIndex: p.partitionIndex, errorCode: code, errorMessage: errorMessage(code) })) });
    }
    return res;
  },
});
