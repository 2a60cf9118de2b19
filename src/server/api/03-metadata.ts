// Metadata (key 3), versions 0-13 served.
//
// Brokers: the registered, unfenced brokers with an endpoint on the listener the request came in on.
// Topics: v0 asks for every topic with an empty list; v1+ asks for every topic with null and for none
// with an empty list. v10+ may name a topic by id (UNKNOWN_TOPIC_ID when unknown, name null). Duplicate
// names are answered once. Partitions carry leader epochs (v7+) and offline replicas (v5+); a leader
// that is not alive on this listener gives leader -1 with LEADER_NOT_AVAILABLE (LISTENER_NOT_FOUND when
// the broker has no such listener), as Kafka's KRaftMetadataCache does.
//
// Auto-creation: a missing topic is created when auto.create.topics.enable is true and the request
// allows it (always before v4), with num.partitions and default.replication.factor. Kafka 4.4.0 answers
// such a topic with UNKNOWN_TOPIC_OR_PARTITION and no partitions in that response (checked against a
// real broker, every version), and so does Strand; the topic exists by the client's retry. An invalid
// name gets INVALID_TOPIC_EXCEPTION. Internal topics (__consumer_offsets, __transaction_state) are not
// auto-created here: their coordinators create them (ensureInternalTopic); until then they are
// UNKNOWN_TOPIC_OR_PARTITION with isInternal true.
//
// Authorized operations (v8+): Integer.MIN_VALUE unless asked for; when asked, with no authorizer every
// operation (3576 for topics, 8096 for the cluster, v8-10), else the bit set the authorizer allows.
//
// With an authorizer (KafkaApis.handleTopicMetadataRequest): topics the principal may not DESCRIBE are
// left out of an all-topics answer and answered TOPIC_AUTHORIZATION_FAILED when named (no id, not
// internal: their existence is not disclosed; a topic asked for by id keeps its id); a missing topic is
// auto-created only with CREATE on the cluster or on it, else TOPIC_AUTHORIZATION_FAILED.

import { ErrorCode } from "../../protocol/errors.ts";
import { ZERO_UUID } from "../../protocol/primitives/codec-runtime.ts";
import type { MetadataRequest } from "../../protocol/generated/messages/metadata-request.ts";
import { newMetadataResponse, type MetadataResponse, type MetadataResponseTopic } from "../../protocol/generated/messages/metadata-response.ts";
import type { MetadataImage, TopicImage } from "../../metadata/image.ts";
import {
  brokersOnListener,
  CLUSTER_ALL_OPERATIONS,
  isInternalTopic,
  OPERATIONS_NOT_REQUESTED,
  partitionView,
  TOPIC_ALL_OPERATIONS,
} from "../../metadata/describe.ts";
import { topicNameError } from "../../metadata/topic-names.ts";
import { defineHandler, type RequestContext } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize, authorizeCluster, authorizedOperations } from "../auth-helper.ts";

/** The topic's entry from this broker's cache (src/server/metadata-entry-cache.ts), built when missing. */
function topicEntry(ctx: RequestContext, image: MetadataImage, t: TopicImage, ops: number): MetadataResponseTopic {
  const byTopic = ctx.services.metadataEntries.entriesFor(image, ctx.services.logManager.offlineChanges, ctx.listenerName, ops);
  let e = byTopic.get(t);
  if (!e) byTopic.set(t, (e = buildTopicEntry(ctx, image, t, ops)));
  return e;
}

function buildTopicEntry(ctx: RequestContext, image: MetadataImage, t: TopicImage, ops: number): MetadataResponseTopic {
  const listener = ctx.listenerName;
  return {
    errorCode: 0,
    name: t.name,
    topicId: t.topicId,
    isInternal: isInternalTopic(t.name),
    partitions: t.partitions.map((p) => {
      const v = partitionView(image, p, listener, ctx.services.nodeId, ctx.services.logManager);
      return {
        errorCode: v.errorCode,
        partitionIndex: p.partition,
        leaderId: v.leaderId,
        leaderEpoch: p.leaderEpoch,
        replicaNodes: [...p.replicas],
        isrNodes: [...p.isr],
        offlineReplicas: v.offlineReplicas,
      };
    }),
    topicAuthorizedOperations: ops,
  };
}

function errorEntry(name: string | null, topicId: string, errorCode: number, ops: number): MetadataResponseTopic {
  return { errorCode, name, topicId, isInternal: name !== null && isInternalTopic(name), partitions: [], topicAuthorizedOperations: ops };
}

export const metadataHandler = defineHandler<MetadataRequest, MetadataResponse>({
  key: 3,
  minVersion: 0,
  maxVersion: 13,
  async handle(ctx, req) {
    const md = ctx.services.metadata;
    const v = ctx.apiVersion;
    const wantOps = v >= 8 && req.includeTopicAuthorizedOperations;
    const withAuthorizer = ctx.services.authorizer !== null;
    // With no authorizer every topic's bit set is the same; with one, each topic's is its own.
    const ops = wantOps ? TOPIC_ALL_OPERATIONS : OPERATIONS_NOT_REQUESTED;
    const opsOf = (name: string): number => (wantOps && withAuthorizer ? authorizedOperations(ctx, ResourceType.TOPIC, name, TOPIC_ALL_OPERATIONS) : ops);
    const allTopics = req.topics === null || (v === 0 && req.topics.length === 0);
    // A topic hidden from an all-topics listing is not an audited refusal (Kafka's logIfDenied).
    const describable = (name: string): boolean => !withAuthorizer || authorize(ctx, AclOperation.DESCRIBE, ResourceType.TOPIC, name, !allTopics);
    const refused = (name: string | null, topicId: string): MetadataResponseTopic => ({
      errorCode: ErrorCode.TOPIC_AUTHORIZATION_FAILED,
      name,
      topicId,
      isInternal: false,
      partitions: [],
      topicAuthorizedOperations: name === null ? ops : opsOf(name),
    });

    // Which names are wanted, in request order, once each; ids are resolved against the image.
    const wanted: Array<{ name: string | null; topicId: string }> = [];
    if (!allTopics) {
      const seen = new Set<string>();
      for (const t of req.topics!) {
        const key = t.name !== null ? `n:${t.name}` : `i:${t.topicId}`;
        if (seen.has(key)) continue;
        seen.add(key);
        wanted.push({ name: t.name, topicId: t.topicId });
      }
    }

    let autoErrors = new Map<string, number>();
    const autoCreate = (v < 4 || req.allowAutoTopicCreation) && ctx.services.config.bool("auto.create.topics.enable");
    // Topics the principal may describe but not create (auto-creation needs CREATE on the cluster or the topic).
    const notCreatable = new Set<string>();
    if (autoCreate && md.autoCreateTopics) {
      let missing = wanted
        .map((w) => w.name)
        .filter((n): n is string => n !== null && !md.image.topicsByName.has(n) && describable(n) && !isInternalTopic(n) && topicNameError(n) === null);
      if (missing.length > 0 && withAuthorizer && !authorizeCluster(ctx, AclOperation.CREATE, false)) {
        for (const n of missing) if (!authorize(ctx, AclOperation.CREATE, ResourceType.TOPIC, n)) notCreatable.add(n);
        missing = missing.filter((n) => !notCreatable.has(n));
      }
      if (missing.length > 0) autoErrors = await md.autoCreateTopics(missing);
    }

    const image = md.image;
    const res = newMetadataResponse();
    res.brokers = brokersOnListener(image, ctx.listenerName).map((e) => ({ nodeId: e.b.nodeId, host: e.host, port: e.port, rack: e.b.rack }));
    res.clusterId = ctx.services.clusterId;
    res.controllerId = image.controllerId;
    res.clusterAuthorizedOperations =
      v >= 8 && v <= 10 && req.includeClusterAuthorizedOperations ? authorizedOperations(ctx, ResourceType.CLUSTER, "kafka-cluster", CLUSTER_ALL_OPERATIONS) : OPERATIONS_NOT_REQUESTED;
    if (allTopics) {
      const out: MetadataResponseTopic[] = [];
      // Bounded by the image's topics; undescribable ones are not disclosed.
      for (const t of image.topicsByName.values()) if (describable(t.name)) out.push(topicEntry(ctx, image, t, opsOf(t.name)));
      res.topics = out;
      return res;
    }
    res.topics = wanted.map((w) => {
      if (w.name === null) {
        const t = w.topicId !== ZERO_UUID ? image.topicsById.get(w.topicId) : undefined;
        if (!t) return errorEntry(null, w.topicId, ErrorCode.UNKNOWN_TOPIC_ID, ops);
        return describable(t.name) ? topicEntry(ctx, image, t, opsOf(t.name)) : refused(null, t.topicId);
      }
      if (!describable(w.name) || notCreatable.has(w.name)) return notCreatable.has(w.name) ? { ...refused(w.name, ZERO_UUID), isInternal: isInternalTopic(w.name) } : refused(w.name, ZERO_UUID);
      const auto = autoErrors.get(w.name);
      if (auto !== undefined) return errorEntry(w.name, ZERO_UUID, auto, opsOf(w.name));
      const t = image.topicsByName.get(w.name);
      if (t) return topicEntry(ctx, image, t, opsOf(w.name));
      const invalid = autoCreate && topicNameError(w.name) !== null;
      return errorEntry(w.name, ZERO_UUID, invalid ? ErrorCode.INVALID_TOPIC_EXCEPTION : ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, opsOf(w.name));
    });
    return res;
  },
});
