// What CreateAcls (30), DescribeAcls (29) and DeleteAcls (31) share: reading a request's ACL creations
// and filters into the authorizer's types, and Kafka's answer to a request whose fields name no known
// code (its request constructors throw IllegalArgumentException: the request cannot be parsed and the
// connection closes), and DescribeAclsResponse.aclsResources' grouping by resource pattern.

import type { DescribeAclsResource } from "../protocol/generated/messages/describe-acls-response.ts";
import { AclOperation, AclPermissionType, PatternType, ResourceType, type AclBindingFilter, type StandardAcl } from "../metadata/authorizer/acl.ts";
import { errorByCode } from "../protocol/errors.ts";

/** Strand's bound on the ACLs or filters of one request (each becomes a record, or a scan of the ACLs). */
export const MAX_ACLS_PER_REQUEST = 10_000;

/** A code Java's fromCode maps to UNKNOWN (0, or one it does not know). */
export function unknownResourceType(code: number): boolean {
  return !(code >= ResourceType.ANY && code <= ResourceType.USER);
}
export function unknownPatternType(code: number): boolean {
  return !(code >= PatternType.ANY && code <= PatternType.PREFIXED);
}
export function unknownOperation(code: number): boolean {
  return !(code >= AclOperation.ANY && code <= AclOperation.TWO_PHASE_COMMIT);
}
export function unknownPermission(code: number): boolean {
  return !(code >= AclPermissionType.ANY && code <= AclPermissionType.ALLOW);
}

export interface WireFilter {
  resourceTypeFilter: number;
  resourceNameFilter: string | null;
  patternTypeFilter: number;
  principalFilter: string | null;
  hostFilter: string | null;
  operation: number;
  permissionType: number;
}

export function filterOf(f: WireFilter): AclBindingFilter {
  return {
    resourceType: f.resourceTypeFilter,
    resourceName: f.resourceNameFilter,
    patternType: f.patternTypeFilter,
    principal: f.principalFilter,
    host: f.hostFilter,
    operation: f.operation,
    permissionType: f.permissionType,
  };
}

/** Kafka's DescribeAclsRequest / DeleteAclsRequest validate: a filter with an UNKNOWN element is refused. */
export function wireFilterUnknown(f: WireFilter): boolean {
  return unknownResourceType(f.resourceTypeFilter) || unknownPatternType(f.patternTypeFilter) || unknownOperation(f.operation) || unknownPermission(f.permissionType);
}

/** Kafka's DescribeAclsResponse.aclsResources: the ACLs grouped by resource pattern (first-seen order). */
export function aclsResources(acls: Iterable<StandardAcl>): DescribeAclsResource[] {
  const byPattern = new Map<string, DescribeAclsResource>();
  for (const a of acls) {
    const key = `${a.resourceType}\u0000${a.patternType}\u0000${a.resourceName}`;
    let r = byPattern.get(key);
    if (!r) {
      r = { resourceType: a.resourceType, resourceName: a.resourceName, patternType: a.patternType, acls: [] };
      byPattern.set(key, r);
    }
    r.acls.push({ principal: a.principal, host: a.host, operation: a.operation, permissionType: a.permissionType });
  }
  return [...byPattern.values()];
}

/** An ApiError's message as Kafka sets it when none is given: the error's default message. */
export function defaultMessage(code: number): string {
  return errorByCode(code)?.message ?? "";
}
