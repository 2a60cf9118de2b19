// Kafka's AuthHelper: the checks handlers make against the configured authorizer. With no authorizer
// (services.authorizer null, the default) every check is one null test and allows, so PLAINTEXT
// produce and fetch cost nothing more than before. The principal is the request's (on the controller,
// the one an Envelope carried) and the host is the client's address as Java prints it (for a forwarded
// request, the address the Envelope carried).

import { CLUSTER_NAME, ResourceType } from "../metadata/authorizer/acl.ts";
import { javaHostAddress, javaHostAddressOfBytes } from "../metadata/authorizer/standard-authorizer.ts";
import type { RequestContext } from "./handler.ts";
import { principalString } from "./principal.ts";
import { ErrorCode } from "../protocol/errors.ts";

export function hasAuthorizer(ctx: RequestContext): boolean {
  return ctx.services.authorizer !== null;
}

/** The client's address as the authorizer compares it with ACL hosts. */
export function clientHost(ctx: RequestContext): string {
  return ctx.forwarded ? javaHostAddressOfBytes(ctx.forwarded.clientAddress) : javaHostAddress(ctx.conn.remoteAddress);
}

/**
 * Kafka's AuthHelper.authorize: true when allowed (always, with no authorizer). `logIfDenied` false
 * where Kafka passes it so (a refusal the client did not ask about: not an INFO audit line).
 */
export function authorize(ctx: RequestContext, operation: number, resourceType: number, resourceName: string, logIfDenied = true): boolean {
  const az = ctx.services.authorizer;
  if (az === null) return true;
  return az.authorize(principalString(ctx.principal), clientHost(ctx), operation, resourceType, resourceName, { apiKey: ctx.apiKey, logIfDenied });
}

/** Kafka's AuthHelper.authorizeClusterOperation's test (the resource is kafka-cluster). */
export function authorizeCluster(ctx: RequestContext, operation: number, logIfDenied = true): boolean {
  return authorize(ctx, operation, ResourceType.CLUSTER, CLUSTER_NAME, logIfDenied);
}

/** Kafka's Authorizer.authorizeByResourceType (true with no authorizer). */
export function authorizeByResourceType(ctx: RequestContext, operation: number, resourceType: number): boolean {
  const az = ctx.services.authorizer;
  if (az === null) return true;
  return az.authorizeByResourceType(principalString(ctx.principal), clientHost(ctx), operation, resourceType, ctx.apiKey);
}

/**
 * Kafka's AuthHelper.filterByAuthorized: the names allowed, checked once each (a name repeated in the
 * request is checked once).
 */
export function filterByAuthorized(ctx: RequestContext, operation: number, resourceType: number, names: Iterable<string>, logIfDenied = true): Set<string> {
  const out = new Set<string>();
  const az = ctx.services.authorizer;
  if (az === null) {
    for (const n of names) out.add(n);
    return out;
  }
  const principal = principalString(ctx.principal);
  const host = clientHost(ctx);
  // Each name once, with how often the request names it (the audit line's resourceRefCount).
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  for (const [n, resourceRefCount] of counts) {
    if (az.authorize(principal, host, operation, resourceType, n, { apiKey: ctx.apiKey, resourceRefCount, logIfDenied })) out.add(n);
  }
  return out;
}

/**
 * Kafka's AuthHelper.authorizedOperations: the bit set of the resource's operations allowed; with no
 * authorizer, `allOperations` (every supported operation, the value Kafka answers then).
 */
export function authorizedOperations(ctx: RequestContext, resourceType: number, resourceName: string, allOperations: number): number {
  const az = ctx.services.authorizer;
  if (az === null) return allOperations;
  return az.authorizedOperations(principalString(ctx.principal), clientHost(ctx), resourceType, resourceName);
}

/**
 * Kafka's config-resource check (KafkaApis / ConfigHelper): BROKER, BROKER_LOGGER and CLIENT_METRICS
 * resources need `operation` (DESCRIBE_CONFIGS or ALTER_CONFIGS) on the cluster, a TOPIC or GROUP on
 * itself. NONE when allowed, else the error code to answer (the resource is not touched). Unknown
 * resource types are left to the handler (INVALID_REQUEST).
 */
export function configResourceRefusal(ctx: RequestContext, operation: number, configResourceType: number, resourceName: string): number {
  if (ctx.services.authorizer === null) return ErrorCode.NONE;
  switch (configResourceType) {
    case 2:
      return authorize(ctx, operation, ResourceType.TOPIC, resourceName) ? ErrorCode.NONE : ErrorCode.TOPIC_AUTHORIZATION_FAILED;
    case 32:
      return authorize(ctx, operation, ResourceType.GROUP, resourceName) ? ErrorCode.NONE : ErrorCode.GROUP_AUTHORIZATION_FAILED;
    case 4:
    case 8:
    case 16:
      return authorizeCluster(ctx, operation) ? ErrorCode.NONE : ErrorCode.CLUSTER_AUTHORIZATION_FAILED;
    default:
      return ErrorCode.NONE;
  }
}
