// DeleteTopics (key 20), versions 1-6 served (Kafka 4.x serves 1-6).
//
// v1-5 name topics in TopicNames; v6 in Topics, each by name or by id: both given is INVALID_REQUEST
// ("You may not specify both topic name and topic id."), an unknown name UNKNOWN_TOPIC_OR_PARTITION, an
// unknown id UNKNOWN_TOPIC_ID, a repeated one INVALID_REQUEST — Kafka 4.4.0's codes and messages. The
// RemoveTopicRecords are committed to the metadata log before the answer; the topics' logs are deleted
// as the image drops them (LogManager.deleteLog). Refused topics come first in the answer, then the
// deleted ones, as Kafka orders them. Internal topics may be deleted, as in Kafka 4.4.0.
//
// timeoutMs is not waited on: deletion commits at once on a single node.
//
// controller_mutation_rate (v5+ strict: THROTTLING_QUOTA_EXCEEDED for a topic over the quota; older:
// deleted, the response throttled): src/server/quota/controller-mutation.ts.
//
// With an authorizer, DELETE on the cluster, or DESCRIBE and DELETE on each topic (else
// TOPIC_AUTHORIZATION_FAILED, not deleted), as ControllerApis.

import { mutationQuotaFor, THROTTLED_MESSAGE } from "../quota/controller-mutation.ts";
import { ZERO_UUID } from "../../protocol/primitives/codec-runtime.ts";
import type { DeleteTopicsRequest } from "../../protocol/generated/messages/delete-topics-request.ts";
import { newDeleteTopicsResponse, type DeleteTopicsResponse } from "../../protocol/generated/messages/delete-topics-response.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorizeCluster, filterByAuthorized } from "../auth-helper.ts";
import { ErrorCode } from "../../protocol/errors.ts";

export const deleteTopicsHandler = defineHandler<DeleteTopicsRequest, DeleteTopicsResponse>({
  key: 20,
  minVersion: 1,
  maxVersion: 6,
  async handle(ctx, req) {
    const refs =
      ctx.apiVersion >= 6
        ? req.topics.map((t) => ({ name: t.name, topicId: t.topicId === ZERO_UUID ? null : t.topicId }))
        : req.topicNames.map((name) => ({ name, topicId: null }));
    // ControllerApis.deleteTopics: DESCRIBE on a topic named (else TOPIC_AUTHORIZATION_FAILED whether or
    // not it exists), then DELETE on an existing one (else TOPIC_AUTHORIZATION_FAILED); not deleted.
    const refused = new Map<number, { name: string | null; topicId: string | null; errorCode: number; errorMessage: string | null }>();
    if (ctx.services.authorizer !== null) {
      const image = ctx.services.metadata.image;
      const names = refs.map((r) => r.name ?? (r.topicId !== null ? (image.topicsById.get(r.topicId)?.name ?? null) : null));
      // DELETE on the cluster covers every topic; else both checks for every name, as Kafka makes them
      // up front (each is an audit line).
      const all = authorizeCluster(ctx, AclOperation.DELETE, false);
      const known = names.filter((n): n is string => n !== null);
      const describable = all ? null : filterByAuthorized(ctx, AclOperation.DESCRIBE, ResourceType.TOPIC, known);
      const deletable = all ? null : filterByAuthorized(ctx, AclOperation.DELETE, ResourceType.TOPIC, known);
      names.forEach((name, i) => {
        if (name === null || all) return;
        const exists = image.topicsByName.has(name);
        if (!describable!.has(name) || (exists && !deletable!.has(name))) {
          refused.set(i, { name: refs[i]!.name, topicId: refs[i]!.topicId, errorCode: ErrorCode.TOPIC_AUTHORIZATION_FAILED, errorMessage: null });
        }
      });
    }
    // controller_mutation_rate (quota/controller-mutation.ts): an existing topic counts its partitions;
    // over a strict quota (v5+) it is refused THROTTLING_QUOTA_EXCEEDED and not deleted.
    const quota = mutationQuotaFor(ctx, 5);
    if (quota !== null) {
      const image = ctx.services.metadata.image;
      const counted = new Set<string>();
      refs.forEach((r, i) => {
        if (refused.has(i)) return;
        const topic = r.topicId !== null ? image.topicsById.get(r.topicId) : r.name !== null ? image.topicsByName.get(r.name) : undefined;
        if (topic === undefined || counted.has(topic.name)) return;
        counted.add(topic.name);
        if (!quota.tryApply(topic.partitions.length)) refused.set(i, { name: r.name, topicId: r.topicId, errorCode: ErrorCode.THROTTLING_QUOTA_EXCEEDED, errorMessage: THROTTLED_MESSAGE });
      });
    }
    const deleted = await ctx.services.metadata.deleteTopics(refused.size === 0 ? refs : refs.filter((_, i) => !refused.has(i)));
    let j = 0;
    const results = refused.size === 0 ? deleted : refs.map((_, i) => refused.get(i) ?? deleted[j++]!);
    const res = newDeleteTopicsResponse();
    res.responses = results.map((r) => ({ name: r.name, topicId: r.topicId ?? ZERO_UUID, errorCode: r.errorCode, errorMessage: r.errorMessage }));
    quota?.finish(res);
    return res;
  },
});
