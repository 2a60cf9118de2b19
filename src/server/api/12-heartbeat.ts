// Heartbeat (key 12), versions 0-4 served.
//
// Keeps a classic member's session alive. REBALANCE_IN_PROGRESS tells it to rejoin, ILLEGAL_GENERATION
// that its generation is gone, UNKNOWN_MEMBER_ID that it was removed, FENCED_INSTANCE_ID (v3+) that
// another process took its group.instance.id.
//
// With an authorizer, READ on the group (else GROUP_AUTHORIZATION_FAILED).

import type { HeartbeatRequest } from "../../protocol/generated/messages/heartbeat-request.ts";
import { newHeartbeatResponse, type HeartbeatResponse } from "../../protocol/generated/messages/heartbeat-response.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { coordinatorErrorCode } from "../../coordinator/group/errors.ts";
import { defineHandler } from "../handler.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize } from "../auth-helper.ts";

export const heartbeatHandler = defineHandler<HeartbeatRequest, HeartbeatResponse>({
  key: 12,
  minVersion: 0,
  maxVersion: 4,
  handle(ctx, req) {
    const res = newHeartbeatResponse();
    // KafkaApis.handleHeartbeatRequest: READ on the group.
    if (!authorize(ctx, AclOperation.READ, ResourceType.GROUP, req.groupId)) {
      res.errorCode = ErrorCode.GROUP_AUTHORIZATION_FAILED;
      return res;
    }
    const instanceId = ctx.apiVersion >= 3 ? req.groupInstanceId : null;
    // A heartbeat changes no records but re-arms timers of the shard: a write operation, as in Kafka.
    return groupServiceOf(ctx.services)
      .write("heartbeat", req.groupId, (s) => s.classic.heartbeat(req.groupId, req.memberId, instanceId, req.generationId))
      .then(
        (code) => ((res.errorCode = code), res),
        (e: unknown) => ((res.errorCode = coordinatorErrorCode(e)), res),
      );
  },
});
