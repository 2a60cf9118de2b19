// OffsetDelete (key 47), version 0 served.
//
// Removes committed offsets of a group (tombstones). Unknown group: GROUP_ID_NOT_FOUND. A partition
// of a topic the (non-empty, consumer-protocol) group subscribes to: GROUP_SUBSCRIBED_TO_TOPIC.
// Unknown topics: UNKNOWN_TOPIC_OR_PARTITION.

import { ErrorCode } from "../../protocol/errors.ts";
import type { OffsetDeleteRequest } from "../../protocol/generated/messages/offset-delete-request.ts";
import { newOffsetDeleteResponse, type OffsetDeleteResponse } from "../../protocol/generated/messages/offset-delete-response.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { coordinatorErrorCode } from "../../coordinator/group/errors.ts";
import { resolveTopic } from "../../coordinator/group/topics.ts";
import { defineHandler } from "../handler.ts";

export const offsetDeleteHandler = defineHandler<OffsetDeleteRequest, OffsetDeleteResponse>({
  key: 47,
  minVersion: 0,
  maxVersion: 0,
  async handle(ctx, req) {
    const res = newOffsetDeleteResponse();
    const known = req.topics.filter((t) => resolveTopic(ctx.services.metadata, t.name, "", false).errorCode === ErrorCode.NONE);
    try {
      const asked = known.map((t) => ({ name: t.name, partitions: t.partitions.map((p) => p.partitionIndex) }));
      const { results, written } = await groupServiceOf(ctx.services).write("offset-delete", req.groupId, (s) => s.deleteOffsets(req.groupId, asked));
      await written;
      const byName = new Map(results.map((r) => [r.name, r]));
      res.topics = req.topics.map((t) => {
        const r = byName.get(t.name);
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
