// DeleteAcls (key 31), versions 1-3 served (Kafka 4 serves 1+).
//
// Run by the active controller (forwarded in an Envelope from a broker that is not it; see
// src/server/forwarding.ts), as Kafka's ControllerApis.handleDeleteAcls: ALTER on the cluster is needed
// (else every filter answers CLUSTER_AUTHORIZATION_FAILED); with no authorizer configured every filter
// answers SECURITY_DISABLED ("No Authorizer is configured."). The controller's AclControlManager
// (src/metadata/acl-control.ts) removes each ACL the filters match with a
// RemoveAccessControlEntryRecord, committed before the answer, which lists per filter the ACLs it
// matched. A filter naming an unknown code is refused as Kafka's DeleteAclsRequest refuses it: the
// request cannot be read and the connection closes.
//
// Left out: nothing of Kafka's behaviour.

import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import type { DeleteAclsRequest } from "../../protocol/generated/messages/delete-acls-request.ts";
import type { DeleteAclsResponse } from "../../protocol/generated/messages/delete-acls-response.ts";
import { authorizeCluster } from "../auth-helper.ts";
import { CLOSE_CONNECTION, defineHandler } from "../handler.ts";
import { defaultMessage, filterOf, MAX_ACLS_PER_REQUEST, wireFilterUnknown } from "../acl-requests.ts";

export const deleteAclsHandler = defineHandler<DeleteAclsRequest, DeleteAclsResponse>({
  key: 31,
  minVersion: 1,
  maxVersion: 3,
  async handle(ctx, req) {
    if (req.filters.some(wireFilterUnknown)) return CLOSE_CONNECTION;
    const all = (code: number, message: string): DeleteAclsResponse => ({ throttleTimeMs: 0, filterResults: req.filters.map(() => ({ errorCode: code, errorMessage: message, matchingAcls: [] })) });
    if (!authorizeCluster(ctx, AclOperation.ALTER)) return all(ErrorCode.CLUSTER_AUTHORIZATION_FAILED, defaultMessage(ErrorCode.CLUSTER_AUTHORIZATION_FAILED));
    if (ctx.services.authorizer === null) return all(ErrorCode.SECURITY_DISABLED, "No Authorizer is configured.");
    if (req.filters.length > MAX_ACLS_PER_REQUEST) return all(ErrorCode.POLICY_VIOLATION, "Unable to perform excessively large batch operation.");
    const deleteAcls = ctx.services.metadata.deleteAcls?.bind(ctx.services.metadata);
    if (!deleteAcls) return all(ErrorCode.UNKNOWN_SERVER_ERROR, "this metadata layer cannot delete ACLs");
    let results;
    try {
      results = await deleteAcls(req.filters.map(filterOf));
    } catch (e) {
      const code = (e as { errorCode?: number }).errorCode ?? ErrorCode.UNKNOWN_SERVER_ERROR;
      return all(code, e instanceof Error ? e.message : String(e));
    }
    return {
      throttleTimeMs: 0,
      filterResults: results.map((r) => ({
        errorCode: r.errorCode,
        errorMessage: r.errorMessage,
        matchingAcls: r.deleted.map((a) => ({
          errorCode: ErrorCode.NONE,
          errorMessage: null,
          resourceType: a.resourceType,
          resourceName: a.resourceName,
          patternType: a.patternType,
          principal: a.principal,
          host: a.host,
          operation: a.operation,
          permissionType: a.permissionType,
        })),
      })),
    };
  },
});
