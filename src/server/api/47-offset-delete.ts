// OffsetDelete (key 47), version 0 served.
//
// Removes committed offsets of a group (tombstones). Unknown group: GROUP_ID_NOT_FOUND. A partition
// of a topic the (non-empty, consumer-protocol) group subscribes to: GROUP_SUBSCRIBED_TO_TOPIC.
// Unknown topics: UNKNOWN_TOPIC_OR_PARTITION. With an authorizer (KafkaApis.handleDeleteOffsetsRequest):
// DELETE on the group (else a top-level GROUP_AUTHORIZATION_FAILED) and READ on each topic (else
// TOPIC_AUTHORIZATION_FAILED for its partitions, which are not touched).

import { ErrorCode } from "../../protocol/errors.ts";
import type { OffsetDeleteRequest } from "../../protocol/generated/messages/offset-delete-request.ts";
import { newOffsetDeleteResponse, type OffsetDeleteResponse } from "../../protocol/generated/messages/offset-delete-response.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { coordinatorErrorCode } from "../../coordinator/group/errors.ts";
import { resolveTopic } from "../../coordinator/group/topics.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize, filterByAuthorized } from "../auth-helper.ts";

export const offsetDeleteHandler = defineHandler<OffsetDeleteRequest, OffsetDeleteResponse>({
  key: 47,
  minVersion: 0,
  maxVersion: 0,
  async handle(ctx, req) {
    const res = newOffsetDeleteResponse();
    if (!authorize(ctx, AclOperation.DELETE, ResourceType.GROUP, req.groupId)) {
      res.errorCode = ErrorCode.GROUP_AUTHORIZATION_FAILED;
      return res;
    }
    const readable = filterByAuthorized(ctx, AclOperation.READ, ResourceType.TOPIC, req.topics.map((t) => t.name));
    const known = req.topics.filter((t) => readable.has(t.name) && resolveTopic(ctx.services.metadata, t.name, "", false).errorCode === ErrorCode.NONE);
    try {
      const asked = known.map((t) => ({ name: t.name, partitions: t.partitions.map((p) => p.partitionIndex) }));
      const { results, written } = await groupServiceOf(ctx.services).write("offset-delete", req.groupId, (s) => s.deleteOffsets(req.groupId, asked));
      await written;
      const byName = new Map(results.map((r) => [r.name, r]));
      res.topics = req.topics.map((t) => {
        const r = byName.get(t.name);
        if (!readable.has(t.name)) return { name: t.name, partitions: t.partitions.map((p) => ({ partitionIndex: p.partitionIndex, errorCode: ErrorCode.TOPIC_AUTHORIZATION_FAILED })) };
        return {
          name: t.name,
          partitions: r
            ? r.partitions.map((p) => ({ partitionIndex: p.partition, errorCode: p.errorCode }))
            : t.partitions.map((p) => ({ partitionIndex: p.partitionIndex, errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION })),
        };
      });
    } catch (e) {
      res.errorCode = coordinatorErrorCode(e);
    }
    return res;
  },
});
