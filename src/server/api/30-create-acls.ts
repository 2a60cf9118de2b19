// CreateAcls (key 30), versions 1-3 served (Kafka 4 serves 1+).
//
// Run by the active controller (forwarded in an Envelope from a broker that is not it, as Kafka's
// KafkaApis forwards it; src/server/forwarding.ts), as Kafka's ControllerApis.handleCreateAcls: ALTER
// on the cluster is needed (else every creation answers CLUSTER_AUTHORIZATION_FAILED); with no
// authorizer configured every creation answers SECURITY_DISABLED ("No Authorizer is configured.").
// A creation with ANY (resource type, pattern type, operation, permission) or MATCH fails the whole
// request with UNKNOWN_SERVER_ERROR and no message, as Kafka's (its ResourcePattern and
// AccessControlEntry constructors throw). A CLUSTER ACL must name kafka-cluster and every ACL a resource ("Invalid empty resource name"),
// else INVALID_REQUEST for that creation; the rest go to the controller's AclControlManager
// (src/metadata/acl-control.ts), which validates them again, gives each an id and commits them as
// AccessControlEntryRecords before the answer. A creation naming an unknown code is refused as Kafka's
// CreateAclsRequest refuses it: the request cannot be read and the connection closes.
//
// Left out: nothing of Kafka's behaviour (Kafka's alterAclsPurgatory wait is the commit wait here).

import { AclOperation, AclPermissionType, CLUSTER_NAME, PatternType, ResourceType, type StandardAcl } from "../../metadata/authorizer/acl.ts";
import type { AclResult } from "../../metadata/acl-control.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import type { CreateAclsRequest } from "../../protocol/generated/messages/create-acls-request.ts";
import type { CreateAclsResponse } from "../../protocol/generated/messages/create-acls-response.ts";
import { authorizeCluster } from "../auth-helper.ts";
import { CLOSE_CONNECTION, defineHandler } from "../handler.ts";
import { defaultMessage, MAX_ACLS_PER_REQUEST, unknownOperation, unknownPatternType, unknownPermission, unknownResourceType } from "../acl-requests.ts";

export const createAclsHandler = defineHandler<CreateAclsRequest, CreateAclsResponse>({
  key: 30,
  minVersion: 1,
  maxVersion: 3,
  async handle(ctx, req) {
    for (const c of req.creations) {
      if (unknownResourceType(c.resourceType) || unknownPatternType(c.resourcePatternType) || unknownOperation(c.operation) || unknownPermission(c.permissionType)) return CLOSE_CONNECTION;
    }
    const all = (code: number, message: string): CreateAclsResponse => ({ throttleTimeMs: 0, results: req.creations.map(() => ({ errorCode: code, errorMessage: message })) });
    if (!authorizeCluster(ctx, AclOperation.ALTER)) return all(ErrorCode.CLUSTER_AUTHORIZATION_FAILED, defaultMessage(ErrorCode.CLUSTER_AUTHORIZATION_FAILED));
    if (ctx.services.authorizer === null) return all(ErrorCode.SECURITY_DISABLED, "No Authorizer is configured.");
    // Kafka's ResourcePattern and AccessControlEntry refuse ANY (and MATCH) when the handler builds its
    // bindings: the whole request fails with UNKNOWN_SERVER_ERROR and no message (ApiError hides it).
    if (req.creations.some((c) => c.resourceType === ResourceType.ANY || c.resourcePatternType === PatternType.ANY || c.resourcePatternType === PatternType.MATCH || c.operation === AclOperation.ANY || c.permissionType === AclPermissionType.ANY)) {
      return { throttleTimeMs: 0, results: req.creations.map(() => ({ errorCode: ErrorCode.UNKNOWN_SERVER_ERROR, errorMessage: null })) };
    }
    if (req.creations.length > MAX_ACLS_PER_REQUEST) return all(ErrorCode.POLICY_VIOLATION, "Unable to perform excessively large batch operation.");
    const createAcls = ctx.services.metadata.createAcls?.bind(ctx.services.metadata);
    if (!createAcls) return all(ErrorCode.UNKNOWN_SERVER_ERROR, "this metadata layer cannot create ACLs");
    const results: Array<AclResult | null> = [];
    const valid: StandardAcl[] = [];
    for (const c of req.creations) {
      if (c.resourceType === ResourceType.CLUSTER && c.resourceName !== CLUSTER_NAME) {
        results.push({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: `The only valid name for the CLUSTER resource is ${CLUSTER_NAME}` });
      } else if (c.resourceName === "") {
        results.push({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "Invalid empty resource name" });
      } else {
        results.push(null);
        valid.push({ resourceType: c.resourceType, resourceName: c.resourceName, patternType: c.resourcePatternType, principal: c.principal, host: c.host, operation: c.operation, permissionType: c.permissionType });
      }
    }
    let created: AclResult[];
    try {
      created = valid.length > 0 ? await createAcls(valid) : [];
    } catch (e) {
      const code = (e as { errorCode?: number }).errorCode ?? ErrorCode.UNKNOWN_SERVER_ERROR;
      return all(code, e instanceof Error ? e.message : String(e));
    }
    let i = 0;
    return { throttleTimeMs: 0, results: results.map((r) => r ?? created[i++]!) };
  },
});
