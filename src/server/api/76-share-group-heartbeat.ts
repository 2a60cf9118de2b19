// ShareGroupHeartbeat (key 76), version 1 served (Kafka 4.4.0's range; v0 was KIP-932's early access).
//
// The share group protocol (src/coordinator/group/share-manager.ts): join with member epoch 0 and the
// client's own member id, heartbeat with the current epoch, leave with -1. The response carries the
// member epoch, the heartbeat interval (group.share.heartbeat.interval.ms, or the group's
// share.heartbeat.interval.ms) and, on a join or when it changed, the assignment. Answered once the
// group's records are written to __consumer_offsets (COORDINATOR_NOT_AVAILABLE etc. if the write fails,
// so clients retry). Share partitions first subscribed are then initialized through the Persister.
//
// share.version below 1 (disabled with kafka-features.sh): UNSUPPORTED_VERSION, as Kafka.
// With an authorizer (KafkaApis.handleShareGroupHeartbeat): READ on the group (else
// GROUP_AUTHORIZATION_FAILED) and DESCRIBE on every subscribed topic (else TOPIC_AUTHORIZATION_FAILED).
//
// Left out: group.share.assignment.interval.ms batching (a target is computed in the heartbeat that
// needs it).

import { ErrorCode } from "../../protocol/errors.ts";
import type { ShareGroupHeartbeatRequest } from "../../protocol/generated/messages/share-group-heartbeat-request.ts";
import { newShareGroupHeartbeatResponse, type ShareGroupHeartbeatResponse } from "../../protocol/generated/messages/share-group-heartbeat-response.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { coordinatorErrorCode } from "../../coordinator/group/errors.ts";
import { defineHandler } from "../handler.ts";
import { shareGroupsEnabled } from "./share-enabled.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize, filterByAuthorized } from "../auth-helper.ts";

export const shareGroupHeartbeatHandler = defineHandler<ShareGroupHeartbeatRequest, ShareGroupHeartbeatResponse>({
  key: 76,
  minVersion: 1,
  maxVersion: 1,
  async handle(ctx, req) {
    const res = newShareGroupHeartbeatResponse();
    if (!shareGroupsEnabled(ctx)) {
      res.errorCode = ErrorCode.UNSUPPORTED_VERSION;
      return res;
    }
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
    let result;
    try {
      result = await groupServiceOf(ctx.services).share.heartbeat({
        groupId: req.groupId,
        memberId: req.memberId,
        memberEpoch: req.memberEpoch,
        rackId: req.rackId,
        subscribedTopicNames: req.subscribedTopicNames,
        clientId: ctx.header.clientId ?? "",
        clientHost: `/${ctx.conn.remoteAddress}`,
      });
    } catch (e) {
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
