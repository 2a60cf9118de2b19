// DescribeGroups (key 15), versions 0-6 served.
//
// State, protocol type, selected protocol and members of classic groups; member metadata and
// assignments only while the group is Stable, as Kafka does. An unknown group is "Dead" with no
// members; v6+ (KIP-1043) answers it with GROUP_ID_NOT_FOUND and a message. v3+ authorized
// operations when asked: the group's operations the principal may do (every one, 3400, with no
// authorizer), else -2147483648. With an authorizer a group needs DESCRIBE (else
// GROUP_AUTHORIZATION_FAILED, nothing of it disclosed). A share group is answered as Kafka 4.4.0 does:
// Dead, no members, v6+ GROUP_ID_NOT_FOUND "Group X is not a classic group.".

import { ErrorCode } from "../../protocol/errors.ts";
import type { DescribeGroupsRequest } from "../../protocol/generated/messages/describe-groups-request.ts";
import { newDescribeGroupsResponse, type DescribeGroupsResponse } from "../../protocol/generated/messages/describe-groups-response.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { coordinatorErrorCode } from "../../coordinator/group/errors.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize, authorizedOperations } from "../auth-helper.ts";

const AUTHORIZED_OPERATIONS_OMITTED = -2147483648;
/** Every GROUP operation (READ, DELETE, DESCRIBE, DESCRIBE_CONFIGS, ALTER_CONFIGS): Kafka's answer with no authorizer. */
export const GROUP_ALL_OPERATIONS = 3400;

export const describeGroupsHandler = defineHandler<DescribeGroupsRequest, DescribeGroupsResponse>({
  key: 15,
  minVersion: 0,
  maxVersion: 6,
  handle(ctx, req) {
    const res = newDescribeGroupsResponse();
    const svc = groupServiceOf(ctx.services);
    const wantOps = ctx.apiVersion >= 3 && req.includeAuthorizedOperations;
    res.groups = req.groups.map((id) => {
      if (!authorize(ctx, AclOperation.DESCRIBE, ResourceType.GROUP, id)) {
        return { errorCode: ErrorCode.GROUP_AUTHORIZATION_FAILED, errorMessage: null, groupId: id, groupState: "", protocolType: "", protocolData: "", members: [], authorizedOperations: AUTHORIZED_OPERATIONS_OMITTED };
      }
      let d;
      let missing: boolean;
      let streams: boolean;
      let share: boolean;
      try {
        [d, missing, streams, share] = svc.read(id, (s) => [s.describeGroup(id), !s.groups.has(id), s.streams.has(id), s.shareGroups.has(id)] as const);
      } catch (e) {
        const errorCode = coordinatorErrorCode(e);
        return { errorCode, errorMessage: null, groupId: id, groupState: "", protocolType: "", protocolData: "", members: [], authorizedOperations: AUTHORIZED_OPERATIONS_OMITTED };
      }
      return {
        errorCode: missing && ctx.apiVersion >= 6 ? ErrorCode.GROUP_ID_NOT_FOUND : d.errorCode,
        // A streams or share group is not a classic group: Dead, and Kafka's message at v6+.
        errorMessage: missing && ctx.apiVersion >= 6 ? (streams || share ? `Group ${id} is not a classic group.` : `Group ${id} not found.`) : null,
        groupId: id,
        groupState: d.state,
        protocolType: d.protocolType,
        protocolData: d.protocolData,
        members: d.members.map((m) => ({
          memberId: m.memberId,
          groupInstanceId: m.groupInstanceId,
          clientId: m.clientId,
          clientHost: m.clientHost,
          memberMetadata: m.metadata,
          memberAssignment: m.assignment,
        })),
        authorizedOperations: wantOps ? authorizedOperations(ctx, ResourceType.GROUP, id, GROUP_ALL_OPERATIONS) : AUTHORIZED_OPERATIONS_OMITTED,
      };
    });
    return res;
  },
});
