// ConsumerGroupHeartbeat (key 68), versions 0-1 served (KIP-848).
//
// The consumer group protocol (src/coordinator/group/consumer-manager.ts): join with member epoch 0,
// heartbeat with the current epoch, leave with -1 (a static member pauses with -2). v0: the broker
// generates the member id on join; v1 (KIP-1082): the client always sends its own id. The response
// carries the member epoch, the heartbeat interval (group.consumer.heartbeat.interval.ms) and, when it
// changed or the request was a full one, the assignment. Answered once the group's records are
// written to __consumer_offsets (COORDINATOR_NOT_AVAILABLE if the write fails, so clients retry).
//
// With an authorizer (KafkaApis.handleConsumerGroupHeartbeat): READ on the group (else
// GROUP_AUTHORIZATION_FAILED) and DESCRIBE on every subscribed topic name (else
// TOPIC_AUTHORIZATION_FAILED); nothing is written for a refused heartbeat.
//
// Left out: the authorization of topics a regex subscription resolves to; classic members inside consumer groups and online upgrade of a non-empty classic group
// (GROUP_ID_NOT_FOUND, as Kafka with the migration disabled); the assignment interval batching
// (group.consumer.assignment.interval.ms): targets are computed in the heartbeat that needs them.

import { ErrorCode } from "../../protocol/errors.ts";
import type { ConsumerGroupHeartbeatRequest } from "../../protocol/generated/messages/consumer-group-heartbeat-request.ts";
import { newConsumerGroupHeartbeatResponse, type ConsumerGroupHeartbeatResponse } from "../../protocol/generated/messages/consumer-group-heartbeat-response.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { coordinatorErrorCode } from "../../coordinator/group/errors.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize, filterByAuthorized } from "../auth-helper.ts";

export const consumerGroupHeartbeatHandler = defineHandler<ConsumerGroupHeartbeatRequest, ConsumerGroupHeartbeatResponse>({
  key: 68,
  minVersion: 0,
  maxVersion: 1,
  async handle(ctx, req) {
    const res = newConsumerGroupHeartbeatResponse();
    if (!authorize(ctx, AclOperation.READ, ResourceType.GROUP, req.groupId)) {
      res.errorCode = ErrorCode.GROUP_AUTHORIZATION_FAILED;
      return res;
    }
    if (ctx.services.authorizer !== null && req.subscribedTopicNames !== null && req.subscribedTopicNames.length > 0) {
      const names = new Set(req.subscribedTopicNames);
      if (filterByAuthorized(ctx, AclOperation.DESCRIBE, ResourceType.TOPIC, names).size < names.size) {
        res.errorCode = ErrorCode.TOPIC_AUTHORIZATION_FAILED;
        return res;
      }
    }
    const hb = {
      apiVersion: ctx.apiVersion,
      groupId: req.groupId,
      memberId: req.memberId,
      memberEpoch: req.memberEpoch,
      instanceId: req.instanceId,
      rackId: req.rackId,
      rebalanceTimeoutMs: req.rebalanceTimeoutMs,
      subscribedTopicNames: req.subscribedTopicNames,
      subscribedTopicRegex: req.subscribedTopicRegex,
      serverAssignor: req.serverAssignor,
      topicPartitions: req.topicPartitions,
      clientId: ctx.header.clientId ?? "",
      clientHost: `/${ctx.conn.remoteAddress}`,
    };
    let result;
    try {
      const r = await groupServiceOf(ctx.services).write("consumer-group-heartbeat", req.groupId, (s) => s.consumer.heartbeat(hb));
      await r.written;
      result = r.result;
    } catch (e) {
      // A failed append answers as Kafka maps it (NOT_COORDINATOR, COORDINATOR_NOT_AVAILABLE, ...).
      res.errorCode = coordinatorErrorCode(e);
      res.errorMessage = e instanceof Error ? e.message : null;
      return res;
    }
    res.errorCode = result.errorCode;
    res.errorMessage = result.errorMessage;
    res.memberId = result.memberId;
    res.memberEpoch = result.memberEpoch;
    res.heartbeatIntervalMs = result.heartbeatIntervalMs;
    res.assignment = result.assignment === null ? null : { topicPartitions: result.assignment };
    return res;
  },
});
