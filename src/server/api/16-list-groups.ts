// ListGroups (key 16), versions 0-5 served.
//
// Every live group. v4+: states filter (case-insensitive, KIP-518) and group state in the answer;
// v5+: types filter ("classic", "consumer", "share") and group type (KIP-848, KIP-932). With an authorizer, a principal
// without DESCRIBE on the cluster sees only the groups it may DESCRIBE (KafkaApis.handleListGroupsRequest).

import type { ListGroupsRequest } from "../../protocol/generated/messages/list-groups-request.ts";
import { newListGroupsResponse, type ListGroupsResponse } from "../../protocol/generated/messages/list-groups-response.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize, authorizeCluster } from "../auth-helper.ts";

export const listGroupsHandler = defineHandler<ListGroupsRequest, ListGroupsResponse>({
  key: 16,
  minVersion: 0,
  maxVersion: 5,
  handle(ctx, req) {
    const res = newListGroupsResponse();
    const v = ctx.apiVersion;
    const all = authorizeCluster(ctx, AclOperation.DESCRIBE, false);
    res.groups = groupServiceOf(ctx.services)
      .listGroups(v >= 4 ? req.statesFilter : [], v >= 5 ? req.typesFilter : [])
      .filter((g) => all || authorize(ctx, AclOperation.DESCRIBE, ResourceType.GROUP, g.groupId, false))
      .map((g) => ({ groupId: g.groupId, protocolType: g.protocolType, groupState: g.state, groupType: g.type }));
    return res;
  },
});
