// DescribeAcls (key 29), versions 1-3 served (Kafka 4 serves 1+).
//
// Answered from this broker's image (the ACLs the metadata log holds), as Kafka's AclApis does from
// its StandardAuthorizer: DESCRIBE on the cluster is needed (else CLUSTER_AUTHORIZATION_FAILED); with
// no authorizer configured the answer is SECURITY_DISABLED ("No Authorizer is configured on the
// broker"). The ACLs the filter matches are grouped by resource pattern. A filter naming an unknown
// code (0, or one Kafka does not have) is refused as Kafka's DescribeAclsRequest refuses it: the
// request cannot be read and the connection closes.
//
// Left out: nothing of Kafka's behaviour.

import { filterMatches, AclOperation } from "../../metadata/authorizer/acl.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import type { DescribeAclsRequest } from "../../protocol/generated/messages/describe-acls-request.ts";
import type { DescribeAclsResponse } from "../../protocol/generated/messages/describe-acls-response.ts";
import { authorizeCluster } from "../auth-helper.ts";
import { CLOSE_CONNECTION, defineHandler } from "../handler.ts";
import { aclsResources, defaultMessage, filterOf, wireFilterUnknown } from "../acl-requests.ts";

export const describeAclsHandler = defineHandler<DescribeAclsRequest, DescribeAclsResponse>({
  key: 29,
  minVersion: 1,
  maxVersion: 3,
  handle(ctx, req) {
    if (wireFilterUnknown(req)) return CLOSE_CONNECTION;
    const res: DescribeAclsResponse = { throttleTimeMs: 0, errorCode: ErrorCode.NONE, errorMessage: null, resources: [] };
    if (!authorizeCluster(ctx, AclOperation.DESCRIBE)) {
      res.errorCode = ErrorCode.CLUSTER_AUTHORIZATION_FAILED;
      res.errorMessage = defaultMessage(ErrorCode.CLUSTER_AUTHORIZATION_FAILED);
      return res;
    }
    if (ctx.services.authorizer === null) {
      res.errorCode = ErrorCode.SECURITY_DISABLED;
      res.errorMessage = "No Authorizer is configured on the broker";
      return res;
    }
    const filter = filterOf(req);
    const matched = [];
    // Bounded by the image's ACLs.
    for (const a of ctx.services.metadata.image.acls?.values() ?? []) if (filterMatches(filter, a)) matched.push(a);
    res.resources = aclsResources(matched);
    return res;
  },
});
