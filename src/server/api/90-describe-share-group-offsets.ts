// DescribeShareGroupOffsets (key 90), versions 0-1 served (Kafka 4.4.0's range).
//
// Each group's share-partition start offsets (and leader epochs) from the share coordinator's state
// (Persister.readSummary): for the topics asked for, or (topics null) every partition of the group
// whose share state is initialized (GROUP_ID_NOT_FOUND for a group that does not exist). v1 adds the
// lag: high watermark - start offset - records already delivered-complete above it, -1 when unknown.
// A topic that does not exist answers its partitions UNKNOWN_TOPIC_OR_PARTITION.
//
// share.version below 1: every group UNSUPPORTED_VERSION, as Kafka. With an authorizer: DESCRIBE on the group (else GROUP_AUTHORIZATION_FAILED) and DESCRIBE on each
// topic (else its partitions TOPIC_AUTHORIZATION_FAILED), as KafkaApis.

import { ErrorCode, errorMessage } from "../../protocol/errors.ts";
import type { DescribeShareGroupOffsetsRequest } from "../../protocol/generated/messages/describe-share-group-offsets-request.ts";
import { newDescribeShareGroupOffsetsResponse, type DescribeShareGroupOffsetsResponse, type DescribeShareGroupOffsetsResponseGroup } from "../../protocol/generated/messages/describe-share-group-offsets-response.ts";
import { ZERO_UUID } from "../../protocol/primitives/codec-runtime.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { coordinatorErrorCode } from "../../coordinator/group/errors.ts";
import { defineHandler } from "../handler.ts";
import { shareGroupsEnabled } from "./share-enabled.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize } from "../auth-helper.ts";

export const describeShareGroupOffsetsHandler = defineHandler<DescribeShareGroupOffsetsRequest, DescribeShareGroupOffsetsResponse>({
  key: 90,
  minVersion: 0,
  maxVersion: 1,
  async handle(ctx, req) {
    const res = newDescribeShareGroupOffsetsResponse();
    const svc = groupServiceOf(ctx.services);
    const endOffset = (topic: string, partition: number): number | null => ctx.services.replicaManager.partition(topic, partition)?.highWatermark ?? null;
    for (const g of req.groups) {
      const out: DescribeShareGroupOffsetsResponseGroup = { groupId: g.groupId, topics: [], errorCode: ErrorCode.NONE, errorMessage: null };
      res.groups.push(out);
      const fail = (code: number, message: string | null = errorMessage(code)) => {
        out.errorCode = code;
        out.errorMessage = message;
      };
      if (!shareGroupsEnabled(ctx)) {
        fail(ErrorCode.UNSUPPORTED_VERSION);
        continue;
      }
      if (g.groupId === "") {
        fail(ErrorCode.INVALID_GROUP_ID);
        continue;
      }
      if (!authorize(ctx, AclOperation.DESCRIBE, ResourceType.GROUP, g.groupId)) {
        fail(ErrorCode.GROUP_AUTHORIZATION_FAILED);
        continue;
      }
      const refused = (g.topics ?? []).filter((t) => !authorize(ctx, AclOperation.DESCRIBE, ResourceType.TOPIC, t.topicName));
      const allowed = g.topics === null ? null : g.topics.filter((t) => !refused.includes(t));
      try {
        const d = await svc.share.describeOffsets(g.groupId, allowed, endOffset);
        if (d.errorCode !== ErrorCode.NONE) {
          fail(d.errorCode, d.errorMessage);
          continue;
        }
        out.topics = d.topics.map((t) => ({ ...t, partitions: t.partitions.map((p) => ({ ...p, lag: ctx.apiVersion >= 1 ? p.lag : -1n })) }));
      } catch (e) {
        fail(coordinatorErrorCode(e), e instanceof Error ? e.message : null);
        continue;
      }
      for (const t of refused) {
        const code = ErrorCode.TOPIC_AUTHORIZATION_FAILED;
        out.topics.push({ topicName: t.topicName, topicId: ZERO_UUID, partitions: t.partitions.map((p) => ({ partitionIndex: p, startOffset: -1n, leaderEpoch: -1, lag: -1n, errorCode: code, errorMessage: errorMessage(code) })) });
      }
    }
    return res;
  },
});
