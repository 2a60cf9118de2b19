// StreamsGroupHeartbeat (key 88), versions 0-1 served (KIP-1071).
//
// The streams group protocol (src/coordinator/group/streams-manager.ts): join with member epoch 0 and
// the topology (the first member initialises the group's), heartbeat with the current epoch and the
// tasks owned, leave with -1. The response carries the member epoch, the heartbeat and task-offset
// intervals, the acceptable recovery lag (v1; v0's legacy int32 field is 0 as Kafka's), the tasks
// (active / standby / warm-up) when they changed or on a join, the status list (STALE_TOPOLOGY,
// MISSING_SOURCE_TOPICS, INCORRECTLY_PARTITIONED_TOPICS, MISSING_INTERNAL_TOPICS,
// SHUTDOWN_APPLICATION, ASSIGNMENT_DELAYED) and, for a member with an endpoint whose endpoint epoch
// is behind, the partitions by user endpoint. Answered once the group's records are written.
// Missing internal topics (repartition and changelog topics) are created by the broker as Kafka's
// KafkaApis does (AutoTopicCreationManager.createStreamsInternalTopics): asynchronously, with the
// partition counts, replication factor and configs the topology asks for; the answer already says
// MISSING_INTERNAL_TOPICS and a later heartbeat sees them.
//
// With an authorizer: READ on the group (else GROUP_AUTHORIZATION_FAILED); DESCRIBE on every topic
// of the topology (else TOPIC_AUTHORIZATION_FAILED); internal topics are created only with CREATE on
// the cluster or the topic (else the status detail says so).
// Left out: TopologyDescriptionRequired (KIP-1331) is always false; MISSING_CLIENT_TAGS is never
// sent (rack-aware standby placement is not done); static membership.

import { ErrorCode } from "../../protocol/errors.ts";
import type { StreamsGroupHeartbeatRequest, TaskIds } from "../../protocol/generated/messages/streams-group-heartbeat-request.ts";
import { newStreamsGroupHeartbeatResponse, type StreamsGroupHeartbeatResponse } from "../../protocol/generated/messages/streams-group-heartbeat-response.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { coordinatorErrorCode } from "../../coordinator/group/errors.ts";
import { fromTaskIds } from "../../coordinator/group/streams-group-member.ts";
import type { StreamsHeartbeatRequest } from "../../coordinator/group/streams-heartbeat.ts";
import type { StreamsTopology, InternalTopicToCreate } from "../../coordinator/group/streams-topology.ts";
import { StreamsStatus } from "../../coordinator/group/streams-topology.ts";
import { defineHandler, type RequestContext } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize, authorizeCluster, filterByAuthorized } from "../auth-helper.ts";

function toTopology(t: NonNullable<StreamsGroupHeartbeatRequest["topology"]>): StreamsTopology {
  const info = (i: { name: string; partitions: number; replicationFactor: number; topicConfigs: Array<{ key: string; value: string }> }) => ({
    name: i.name,
    partitions: i.partitions,
    replicationFactor: i.replicationFactor,
    topicConfigs: i.topicConfigs.map((c) => ({ key: c.key, value: c.value })),
  });
  return {
    epoch: t.epoch,
    subtopologies: t.subtopologies.map((s) => ({
      subtopologyId: s.subtopologyId,
      sourceTopics: [...s.sourceTopics],
      sourceTopicRegex: [...s.sourceTopicRegex],
      stateChangelogTopics: s.stateChangelogTopics.map(info),
      repartitionSinkTopics: [...s.repartitionSinkTopics],
      repartitionSourceTopics: s.repartitionSourceTopics.map(info),
      copartitionGroups: s.copartitionGroups.map((g) => ({ sourceTopics: [...g.sourceTopics], sourceTopicRegex: [...g.sourceTopicRegex], repartitionSourceTopics: [...g.repartitionSourceTopics] })),
    })),
  };
}

const tasks = (l: TaskIds[] | null) => (l === null ? null : fromTaskIds(l));

/** Create the internal topics the coordinator found missing; returns a status detail for refused ones. */
function createInternalTopics(ctx: RequestContext, topics: InternalTopicToCreate[]): string | null {
  let allowed = topics;
  if (ctx.services.authorizer !== null && !authorizeCluster(ctx, AclOperation.CREATE, false)) {
    allowed = topics.filter((t) => authorize(ctx, AclOperation.CREATE, ResourceType.TOPIC, t.name));
  }
  if (allowed.length > 0) {
    ctx.services.metadata
      .createTopics(
        allowed.map((t) => ({ name: t.name, numPartitions: t.numPartitions, replicationFactor: t.replicationFactor, assignments: [], configs: t.configs.map((c) => ({ name: c.key, value: c.value })) })),
        { validateOnly: false },
      )
      .then((rs) => {
        for (const r of rs) if (r.errorCode !== ErrorCode.NONE && r.errorCode !== ErrorCode.TOPIC_ALREADY_EXISTS) ctx.services.logger.warn("streams internal topic not created", { topic: r.name, errorCode: r.errorCode, error: r.errorMessage });
      })
      .catch((e: unknown) => ctx.services.logger.warn("streams internal topics not created", { error: e instanceof Error ? e.message : String(e) }));
  }
  const refused = topics.filter((t) => !allowed.includes(t)).map((t) => t.name);
  return refused.length > 0 ? `Unauthorized to CREATE on topics ${refused.sort().join(", ")}.` : null;
}

export const streamsGroupHeartbeatHandler = defineHandler<StreamsGroupHeartbeatRequest, StreamsGroupHeartbeatResponse>({
  key: 88,
  minVersion: 0,
  maxVersion: 1,
  async handle(ctx, req) {
    const res = newStreamsGroupHeartbeatResponse();
    if (!authorize(ctx, AclOperation.READ, ResourceType.GROUP, req.groupId)) {
      res.errorCode = ErrorCode.GROUP_AUTHORIZATION_FAILED;
      return res;
    }
    if (ctx.services.authorizer !== null && req.topology !== null) {
      const names = new Set(req.topology.subtopologies.flatMap((s) => [...s.sourceTopics, ...s.repartitionSinkTopics, ...s.repartitionSourceTopics.map((r) => r.name), ...s.stateChangelogTopics.map((c) => c.name)]));
      if (filterByAuthorized(ctx, AclOperation.DESCRIBE, ResourceType.TOPIC, names).size < names.size) {
        res.errorCode = ErrorCode.TOPIC_AUTHORIZATION_FAILED;
        return res;
      }
    }
    const hb: StreamsHeartbeatRequest = {
      apiVersion: ctx.apiVersion,
      groupId: req.groupId,
      memberId: req.memberId,
      memberEpoch: req.memberEpoch,
      endpointInformationEpoch: req.endpointInformationEpoch,
      instanceId: req.instanceId,
      rackId: req.rackId,
      rebalanceTimeoutMs: req.rebalanceTimeoutMs,
      topology: req.topology === null ? null : toTopology(req.topology),
      activeTasks: tasks(req.activeTasks),
      standbyTasks: tasks(req.standbyTasks),
      warmupTasks: tasks(req.warmupTasks),
      processId: req.processId,
      userEndpoint: req.userEndpoint && { host: req.userEndpoint.host, port: req.userEndpoint.port },
      clientTags: req.clientTags === null ? null : new Map(req.clientTags.map((kv) => [kv.key, kv.value])),
      taskOffsets: req.taskOffsets && req.taskOffsets.map((o) => ({ subtopologyId: o.subtopologyId, partition: o.partition, offset: o.offset })),
      taskEndOffsets: req.taskEndOffsets && req.taskEndOffsets.map((o) => ({ subtopologyId: o.subtopologyId, partition: o.partition, offset: o.offset })),
      shutdownApplication: req.shutdownApplication,
      clientId: ctx.header.clientId ?? "",
      clientHost: `/${ctx.conn.remoteAddress}`,
    };
    let result;
    try {
      const r = await groupServiceOf(ctx.services).write("streams-group-heartbeat", req.groupId, (s) => s.streams.manager.heartbeat(hb));
      await r.written;
      result = r.result;
    } catch (e) {
      res.errorCode = coordinatorErrorCode(e);
      res.errorMessage = e instanceof Error ? e.message : null;
      return res;
    }
    res.errorCode = result.errorCode;
    res.errorMessage = result.errorMessage;
    res.memberId = result.memberId;
    if (result.errorCode !== ErrorCode.NONE) return res;
    res.memberEpoch = result.memberEpoch;
    res.heartbeatIntervalMs = result.heartbeatIntervalMs;
    res.taskOffsetIntervalMs = result.taskOffsetIntervalMs;
    res.acceptableRecoveryLag = result.acceptableRecoveryLag;
    // v0's AcceptableRecoveryLagLegacy stays 0, as Kafka 4.4.0 answers it.
    res.status = result.status.map((s) => ({ statusCode: s.statusCode, statusDetail: s.statusDetail }));
    if (result.internalTopicsToCreate.length > 0) {
      const refused = createInternalTopics(ctx, result.internalTopicsToCreate);
      const missing = res.status.find((s) => s.statusCode === StreamsStatus.MISSING_INTERNAL_TOPICS);
      if (refused !== null && missing) missing.statusDetail += ` ${refused}`;
    }
    res.activeTasks = result.activeTasks;
    res.standbyTasks = result.standbyTasks;
    res.warmupTasks = result.warmupTasks;
    res.endpointInformationEpoch = result.endpointInformationEpoch;
    res.partitionsByUserEndpoint =
      result.partitionsByUserEndpoint &&
      result.partitionsByUserEndpoint.map((e) => ({
        userEndpoint: { host: e.userEndpoint.host, port: e.userEndpoint.port },
        activePartitions: e.activePartitions.map((p) => ({ topic: p.topic, partitions: p.partitions })),
        standbyPartitions: e.standbyPartitions.map((p) => ({ topic: p.topic, partitions: p.partitions })),
      }));
    return res;
  },
});
