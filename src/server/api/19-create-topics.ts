// CreateTopics (key 19), versions 2-7 served (Kafka 4.x serves 2-7: 0 and 1 were removed by KIP-896).
//
// Each topic is checked as Kafka's controller checks it (src/metadata/controller.ts): duplicate names in
// the request (INVALID_REQUEST, answered once), name rules and '.'/'_' collisions
// (INVALID_TOPIC_EXCEPTION), TOPIC_ALREADY_EXISTS, INVALID_CONFIG through the topic config definitions,
// manual assignments (INVALID_REQUEST / INVALID_REPLICA_ASSIGNMENT), INVALID_PARTITIONS and
// INVALID_REPLICATION_FACTOR (more than the registered brokers); messages as Kafka 4.4.0 words them.
// The created topics are committed to the metadata log before the answer. validate_only checks
// without creating and still answers with the partition count, replication factor and configs.
// v5+: numPartitions, replicationFactor and the topic's effective configs (sources: 1 for the topic's
// own overrides, 4/5 for static broker values and defaults); v7+: the topic id.
//
// timeoutMs is not waited on: creation commits at once on a single node; in a cluster it is passed on
// with the request forwarded to the active controller.
//
// controller_mutation_rate (v6+ strict: THROTTLING_QUOTA_EXCEEDED for a topic over the quota; older:
// created, the response throttled): src/server/quota/controller-mutation.ts.
//
// With an authorizer, CREATE on the cluster or the topic (else TOPIC_AUTHORIZATION_FAILED, not created)
// and DESCRIBE_CONFIGS on it for its configs (else topicConfigErrorCode TOPIC_AUTHORIZATION_FAILED), as ControllerApis.

import { CONFIG_SOURCE_ID, effectiveTopicConfig } from "../../config/topic-config.ts";
import type { CreateTopicsRequest } from "../../protocol/generated/messages/create-topics-request.ts";
import { newCreateTopicsResponse, type CreatableTopicConfigs, type CreateTopicsResponse } from "../../protocol/generated/messages/create-topics-response.ts";
import { brokerLayers } from "../../metadata/describe.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorizeCluster, filterByAuthorized } from "../auth-helper.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import { ZERO_UUID } from "../../protocol/primitives/codec-runtime.ts";
import type { CreatedTopic } from "../../metadata/layer.ts";
import { mutationQuotaFor, THROTTLED_MESSAGE } from "../quota/controller-mutation.ts";

export const createTopicsHandler = defineHandler<CreateTopicsRequest, CreateTopicsResponse>({
  key: 19,
  minVersion: 2,
  maxVersion: 7,
  async handle(ctx, req) {
    const md = ctx.services.metadata;
    // ControllerApis.createTopics: CREATE on the cluster, or on each topic (else TOPIC_AUTHORIZATION_FAILED,
    // "Authorization failed.", not created); a created topic's configs only with DESCRIBE_CONFIGS on it.
    const withAuthorizer = ctx.services.authorizer !== null;
    const creatable = withAuthorizer && !authorizeCluster(ctx, AclOperation.CREATE, false) ? filterByAuthorized(ctx, AclOperation.CREATE, ResourceType.TOPIC, req.topics.map((t) => t.name)) : null;
    const configsVisible = withAuthorizer ? filterByAuthorized(ctx, AclOperation.DESCRIBE_CONFIGS, ResourceType.TOPIC, req.topics.map((t) => t.name), false) : null;
    // controller_mutation_rate (quota/controller-mutation.ts): each topic that would be created counts its
    // partitions; over a strict quota it is refused THROTTLING_QUOTA_EXCEEDED and not created.
    const quota = mutationQuotaFor(ctx, 6);
    const refused = new Map<number, CreatedTopic>();
    const seen = new Set<string>();
    req.topics.forEach((t, i) => {
      if (creatable !== null && !creatable.has(t.name)) {
        refused.set(i, { name: t.name, topicId: ZERO_UUID, errorCode: ErrorCode.TOPIC_AUTHORIZATION_FAILED, errorMessage: "Authorization failed.", numPartitions: -1, replicationFactor: -1 });
        return;
      }
      // Only a topic the controller would create counts (Kafka checks the quota just before creating).
      if (quota === null || seen.has(t.name) || md.image.topicsByName.has(t.name)) return;
      seen.add(t.name);
      const partitions = t.assignments.length > 0 ? t.assignments.length : t.numPartitions === -1 ? ctx.services.config.int("num.partitions") : t.numPartitions;
      if (partitions > 0 && !quota.tryApply(partitions)) {
        refused.set(i, { name: t.name, topicId: ZERO_UUID, errorCode: ErrorCode.THROTTLING_QUOTA_EXCEEDED, errorMessage: THROTTLED_MESSAGE, numPartitions: -1, replicationFactor: -1 });
      }
    });
    const allowed = refused.size === 0 ? req.topics : req.topics.filter((_, i) => !refused.has(i));
    const created = await md.createTopics(
      allowed.map((t) => ({
        name: t.name,
        numPartitions: t.numPartitions,
        replicationFactor: t.replicationFactor,
        assignments: t.assignments.map((a) => ({ partitionIndex: a.partitionIndex, brokerIds: [...a.brokerIds] })),
        configs: t.configs.map((c) => ({ name: c.name, value: c.value })),
      })),
      { validateOnly: req.validateOnly, timeoutMs: req.timeoutMs },
    );
    let i = 0;
    const results = refused.size === 0 ? created : req.topics.map((_, k) => refused.get(k) ?? created[i++]!);
    const res = newCreateTopicsResponse();
    const layers = brokerLayers(md.image, ctx.services.config, ctx.services.nodeId);
    const requested = new Map(req.topics.map((t) => [t.name, t]));
    res.topics = results.map((r) => {
      let configs: CreatableTopicConfigs[] = [];
      const hidden = configsVisible !== null && !configsVisible.has(r.name);
      if (r.errorCode === 0 && ctx.apiVersion >= 5 && !hidden) {
        const overrides = new Map<string, string>();
        for (const c of requested.get(r.name)?.configs ?? []) if (c.value !== null) overrides.set(c.name, c.value);
        configs = [...effectiveTopicConfig(layers, overrides).values()]
          .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
          .map((c) => ({ name: c.name, value: c.value, readOnly: false, configSource: CONFIG_SOURCE_ID[c.source], isSensitive: false }));
      }
      return {
        name: r.name,
        topicId: r.topicId,
        errorCode: r.errorCode,
        errorMessage: r.errorMessage,
        topicConfigErrorCode: r.errorCode === 0 && hidden ? ErrorCode.TOPIC_AUTHORIZATION_FAILED : 0,
        numPartitions: r.numPartitions,
        replicationFactor: r.replicationFactor,
        configs,
      };
    });
    quota?.finish(res);
    return res;
  },
});
