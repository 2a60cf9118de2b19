// DescribeTopicPartitions (key 75), version 0 served.
//
// The topics asked for (every topic when the list is empty), in name order, with their partitions,
// paginated as Kafka 4.4.0 does: at most min(ResponsePartitionLimit, max.request.partition.size.limit)
// partitions per answer (at least one), counted across topics; NextCursor names the topic and partition
// to continue from (null when everything was returned). A cursor naming a topic outside the requested
// list makes every requested topic INVALID_REQUEST. Unknown topics are UNKNOWN_TOPIC_OR_PARTITION,
// invalid names INVALID_TOPIC_EXCEPTION. ELR fields are empty (no eligible leader replicas on one
// node); authorized operations are 3576 (every operation: no authorizer yet), as Kafka without one.
//
// With an authorizer: topics the principal may not DESCRIBE are left out of an all-topics answer and
// answered TOPIC_AUTHORIZATION_FAILED (no id) when named; each topic's authorized operations are the
// authorizer's bit set (3576, every one, without an authorizer).

import { ErrorCode } from "../../protocol/errors.ts";
import { ZERO_UUID } from "../../protocol/primitives/codec-runtime.ts";
import type { DescribeTopicPartitionsRequest } from "../../protocol/generated/messages/describe-topic-partitions-request.ts";
import {
  newDescribeTopicPartitionsResponse,
  type DescribeTopicPartitionsResponse,
  type DescribeTopicPartitionsResponseTopic,
} from "../../protocol/generated/messages/describe-topic-partitions-response.ts";
import { isInternalTopic, OPERATIONS_NOT_REQUESTED, partitionView, TOPIC_ALL_OPERATIONS } from "../../metadata/describe.ts";
import { topicNameError } from "../../metadata/topic-names.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize, authorizedOperations } from "../auth-helper.ts";

/** Kafka's max.request.partition.size.limit default. */
const DEFAULT_PARTITION_LIMIT = 2000;

function brokerLimit(get: () => number): number {
  try {
    return get();
  } catch {
    return DEFAULT_PARTITION_LIMIT;
  }
}

const errorTopic = (name: string, errorCode: number, ops: number): DescribeTopicPartitionsResponseTopic => ({
  errorCode,
  name,
  topicId: ZERO_UUID,
  isInternal: false,
  partitions: [],
  topicAuthorizedOperations: ops,
});

export const describeTopicPartitionsHandler = defineHandler<DescribeTopicPartitionsRequest, DescribeTopicPartitionsResponse>({
  key: 75,
  minVersion: 0,
  maxVersion: 0,
  handle(ctx, req) {
    const image = ctx.services.metadata.image;
    const res = newDescribeTopicPartitionsResponse();
    const fetchAll = req.topics.length === 0;
    const names = fetchAll ? [...image.topicsByName.keys()] : [...new Set(req.topics.map((t) => t.name))];
    names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const cursor = req.cursor;
    if (cursor && !fetchAll && !names.includes(cursor.topicName)) {
      res.topics = names.map((n) => errorTopic(n, ErrorCode.INVALID_REQUEST, OPERATIONS_NOT_REQUESTED));
      return res;
    }
    const limit = Math.max(1, Math.min(req.responsePartitionLimit, brokerLimit(() => ctx.services.config.int("max.request.partition.size.limit"))));
    let remaining = limit;
    // Named topics the principal may not DESCRIBE, answered after the others (as Kafka's handler adds them).
    const refused: DescribeTopicPartitionsResponseTopic[] = [];
    const from = cursor ? names.findIndex((n) => n >= cursor.topicName) : 0;
    // Bounded by the number of names; each topic adds at most `remaining` partitions.
    for (let i = from < 0 ? names.length : from; i < names.length; i++) {
      const name = names[i]!;
      if (remaining === 0) {
        res.nextCursor = { topicName: name, partitionIndex: 0 };
        break;
      }
      if (!authorize(ctx, AclOperation.DESCRIBE, ResourceType.TOPIC, name)) {
        // Not disclosed: left out of an all-topics answer, TOPIC_AUTHORIZATION_FAILED (no id) when named.
        if (!fetchAll) refused.push(errorTopic(name, ErrorCode.TOPIC_AUTHORIZATION_FAILED, authorizedOperations(ctx, ResourceType.TOPIC, name, TOPIC_ALL_OPERATIONS)));
        continue;
      }
      const t = image.topicsByName.get(name);
      if (!t) {
        res.topics.push(errorTopic(name, topicNameError(name) ? ErrorCode.INVALID_TOPIC_EXCEPTION : ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, authorizedOperations(ctx, ResourceType.TOPIC, name, TOPIC_ALL_OPERATIONS)));
        continue;
      }
      const start = cursor && name === cursor.topicName ? Math.max(0, cursor.partitionIndex) : 0;
      const parts = t.partitions.slice(start, start + remaining);
      remaining -= parts.length;
      res.topics.push({
        errorCode: 0,
        name: t.name,
        topicId: t.topicId,
        isInternal: isInternalTopic(t.name),
        partitions: parts.map((p) => {
          const v = partitionView(image, p, ctx.listenerName, ctx.services.nodeId, ctx.services.logManager);
          return {
            // Kafka 4.4 leaves the partition error at 0 here, even with no leader (leader -1 and
            // offline_replicas say it); only Metadata answers LEADER_NOT_AVAILABLE.
            errorCode: 0,
            partitionIndex: p.partition,
            leaderId: v.leaderId,
            leaderEpoch: p.leaderEpoch,
            replicaNodes: [...p.replicas],
            isrNodes: [...p.isr],
            eligibleLeaderReplicas: [...(p.elr ?? [])],
            lastKnownElr: [...(p.lastKnownElr ?? [])],
            offlineReplicas: v.offlineReplicas,
          };
        }),
        topicAuthorizedOperations: authorizedOperations(ctx, ResourceType.TOPIC, t.name, TOPIC_ALL_OPERATIONS),
      });
      if (start + parts.length < t.partitions.length) {
        res.nextCursor = { topicName: t.name, partitionIndex: start + parts.length };
        break;
      }
    }
    res.topics.push(...refused);
    return res;
  },
});
