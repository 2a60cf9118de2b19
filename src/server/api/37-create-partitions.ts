// CreatePartitions (key 37), versions 0-3 served.
//
// Adds partitions to existing topics: a repeated topic is INVALID_REQUEST (answered once), an unknown
// one UNKNOWN_TOPIC_OR_PARTITION, a count that is not an increase INVALID_PARTITIONS ("Topic already has
// N partition(s)." / "... would not be an increase."), manual assignments of the wrong count or with
// unknown brokers INVALID_REPLICA_ASSIGNMENT — Kafka 4.4.0's codes and messages. New partitions get the
// replication factor of partition 0. Committed to the metadata log before the answer; validate_only
// checks without adding.
//
// timeoutMs is not waited on: the change commits at once on a single node.
//
// controller_mutation_rate (v3+ strict: THROTTLING_QUOTA_EXCEEDED for a topic over the quota; older:
// changed, the response throttled): src/server/quota/controller-mutation.ts.
//
// With an authorizer, ALTER on each topic (else TOPIC_AUTHORIZATION_FAILED, unchanged), as ControllerApis.

import { mutationQuotaFor, THROTTLED_MESSAGE } from "../quota/controller-mutation.ts";
import type { CreatePartitionsRequest } from "../../protocol/generated/messages/create-partitions-request.ts";
import { newCreatePartitionsResponse, type CreatePartitionsResponse } from "../../protocol/generated/messages/create-partitions-response.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { filterByAuthorized } from "../auth-helper.ts";
import { ErrorCode } from "../../protocol/errors.ts";

export const createPartitionsHandler = defineHandler<CreatePartitionsRequest, CreatePartitionsResponse>({
  key: 37,
  minVersion: 0,
  maxVersion: 3,
  async handle(ctx, req) {
    // ControllerApis.createPartitions: ALTER on each topic (else TOPIC_AUTHORIZATION_FAILED, unchanged).
    const alterable = filterByAuthorized(ctx, AclOperation.ALTER, ResourceType.TOPIC, req.topics.map((t) => t.name));
    // controller_mutation_rate (quota/controller-mutation.ts): the partitions a topic would gain count;
    // over a strict quota (v3+) it is refused THROTTLING_QUOTA_EXCEEDED and unchanged.
    const quota = mutationQuotaFor(ctx, 3);
    const throttled = new Set<string>();
    if (quota !== null) {
      const image = ctx.services.metadata.image;
      const counted = new Set<string>();
      for (const t of req.topics) {
        const current = image.topicsByName.get(t.name)?.partitions.length;
        if (!alterable.has(t.name) || current === undefined || t.count <= current || counted.has(t.name)) continue;
        counted.add(t.name);
        if (!quota.tryApply(t.count - current)) throttled.add(t.name);
      }
    }
    const ran = await ctx.services.metadata.createPartitions(
      req.topics.filter((t) => alterable.has(t.name) && !throttled.has(t.name)).map((t) => ({ name: t.name, count: t.count, assignments: t.assignments ? t.assignments.map((a) => [...a.brokerIds]) : null })),
      { validateOnly: req.validateOnly },
    );
    let j = 0;
    const results = req.topics.map((t) =>
      !alterable.has(t.name)
        ? { name: t.name, errorCode: ErrorCode.TOPIC_AUTHORIZATION_FAILED, errorMessage: null }
        : throttled.has(t.name)
          ? { name: t.name, errorCode: ErrorCode.THROTTLING_QUOTA_EXCEEDED, errorMessage: THROTTLED_MESSAGE }
          : ran[j++]!,
    );
    const res = newCreatePartitionsResponse();
    res.results = results.map((r) => ({ name: r.name, errorCode: r.errorCode, errorMessage: r.errorMessage }));
    quota?.finish(res);
    return res;
  },
});
