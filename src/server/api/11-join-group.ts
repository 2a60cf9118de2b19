// JoinGroup (key 11), versions 0-9 served.
//
// The classic rebalance protocol (src/coordinator/group/classic-manager.ts): v4+ new members get
// MEMBER_ID_REQUIRED with their id first (KIP-394); v5+ group.instance.id static members (KIP-345);
// v8+ reason (logged only); v9 skipAssignment for a rejoining static leader. v0 has no rebalance
// timeout: the session timeout is used, as Kafka does. The response waits for the rebalance.
//
// Left out: classic members joining a KIP-848 consumer group (Kafka's online upgrade path) get
// INCONSISTENT_GROUP_PROTOCOL.
//
// With an authorizer, READ on the group (else GROUP_AUTHORIZATION_FAILED, nothing joined).

import { ErrorCode } from "../../protocol/errors.ts";
import type { JoinGroupRequest } from "../../protocol/generated/messages/join-group-request.ts";
import { newJoinGroupResponse, type JoinGroupResponse } from "../../protocol/generated/messages/join-group-response.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { coordinatorErrorCode } from "../../coordinator/group/errors.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize } from "../auth-helper.ts";

export const joinGroupHandler = defineHandler<JoinGroupRequest, JoinGroupResponse>({
  key: 11,
  minVersion: 0,
  maxVersion: 9,
  async handle(ctx, req) {
    const v = ctx.apiVersion;
    const res = newJoinGroupResponse();
    if (v < 5 && req.groupInstanceId !== null) {
      res.errorCode = ErrorCode.UNSUPPORTED_VERSION;
      return res;
    }
    // KafkaApis.handleJoinGroupRequest: READ on the group.
    if (!authorize(ctx, AclOperation.READ, ResourceType.GROUP, req.groupId)) {
      res.errorCode = ErrorCode.GROUP_AUTHORIZATION_FAILED;
      if (v < 7) res.protocolName = "";
      return res;
    }
    const join = {
      groupId: req.groupId,
      memberId: req.memberId,
      groupInstanceId: v >= 5 ? req.groupInstanceId : null,
      clientId: ctx.header.clientId ?? "",
      clientHost: `/${ctx.conn.remoteAddress}`,
      sessionTimeoutMs: req.sessionTimeoutMs,
      rebalanceTimeoutMs: v >= 1 ? req.rebalanceTimeoutMs : req.sessionTimeoutMs,
      protocolType: req.protocolType,
      protocols: req.protocols.map((p) => ({ name: p.name, metadata: p.metadata })),
      requireKnownMemberId: v >= 4,
      supportsSkipAssignment: v >= 9,
      reason: v >= 8 ? req.reason : null,
    };
    let r;
    try {
      r = await groupServiceOf(ctx.services).write("join-group", req.groupId, (s) => s.classic.join(join));
    } catch (e) {
      res.errorCode = coordinatorErrorCode(e);
      res.memberId = req.memberId;
      if (v < 7) res.protocolName = "";
      return res;
    }
    res.errorCode = r.errorCode;
    res.generationId = r.generationId;
    res.protocolType = r.protocolType;
    res.protocolName = r.protocolName;
    // Before v7 the protocol name is not nullable: Kafka sends "" when none.
    if (v < 7 && res.protocolName === null) res.protocolName = "";
    res.leader = r.leader;
    res.skipAssignment = r.skipAssignment;
    res.memberId = r.memberId;
    res.members = r.members.map((m) => ({ memberId: m.memberId, groupInstanceId: m.groupInstanceId, metadata: m.metadata }));
    return res;
  },
});
