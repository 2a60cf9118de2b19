// OffsetDelete (key 47), version 0 served.
//
// Removes committed offsets of a group (tombstones). Unknown group: GROUP_ID_NOT_FOUND. A partition
// of a topic the (non-empty, consumer-protocol) group subscribes to: GROUP_SUBSCRIBED_TO_TOPIC.
// Unknown topics: UNKNOWN_TOPIC_OR_PARTITION.

import { ErrorCode } from "../../protocol/errors.ts";
import type { OffsetDeleteRequest } from "../../protocol/generated/messages/offset-delete-request.ts";
import { newOffsetDeleteResponse, type OffsetDeleteResponse } from "../../protocol/generated/messages/offset-delete-response.ts";
import { GroupError } from "../../coordinator/group/errors.ts";
import { resolveTopic } from "../group-topics.ts";
import { defineHandler } from "../handler.ts";

export const offsetDeleteHandler = defineHandler<OffsetDeleteRequest, OffsetDeleteResponse>({
  key: 47,
  minVersion: 0,
  maxVersion: 0,
  async handle(ctx, req) {
    const res = newOffsetDeleteResponse();
    const known = req.topics.filter((t) => resolveTopic(ctx.services.metadata.image, t.name, "", false).errorCode === ErrorCode.NONE);
    try {
      const { results, written } = ctx.services.groupCoordinator.coordinator.deleteOffsets(
        req.groupId,
        known.map((t) => ({ name: t.name, partitions: t.partitions.map((p) => p.partitionIndex) })),
      );
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
      res.errorCode = e instanceof GroupError ? e.code : ErrorCode.COORDINATOR_NOT_AVAILABLE;
    }
    return res;
  },
});
